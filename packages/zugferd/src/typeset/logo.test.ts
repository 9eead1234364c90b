import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { ZugferdError } from '../errors';
import { checkSvgLogo, detectLogoMime, embedLogo, renderSvgLogo } from './logo';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../test/fixtures/${name}`, import.meta.url)));
const svg = (body: string, attrs = '') => new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="40"${attrs}>${body}</svg>`);

function unsafeCode(bytes: Uint8Array): string | undefined {
  try {
    checkSvgLogo(bytes);
    return undefined;
  } catch (e) {
    expect(e).toBeInstanceOf(ZugferdError);
    return (e as ZugferdError).code;
  }
}

describe('detectLogoMime', () => {
  it('detects PNG, JPEG and SVG from the content, nothing else', () => {
    const png = renderSvgLogo(new TextDecoder().decode(svg('<rect width="100" height="40" fill="red"/>')), { width: 50, height: 20 });
    expect(detectLogoMime(png)).toBe('image/png');
    expect(detectLogoMime(fixture('logo-rgb.jpg'))).toBe('image/jpeg');
    expect(detectLogoMime(fixture('logo.svg'))).toBe('image/svg+xml');
    expect(
      detectLogoMime(new TextEncoder().encode('\uFEFF<?xml version="1.0"?>\n<!-- logo -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd">\n<svg xmlns="http://www.w3.org/2000/svg"/>')),
    ).toBe('image/svg+xml');
    expect(detectLogoMime(new TextEncoder().encode('<html><svg/></html>'))).toBeUndefined();
    expect(detectLogoMime(new TextEncoder().encode('GIF89a'))).toBeUndefined();
  });
});

describe('checkSvgLogo', () => {
  it('accepts a plain logo with internal references and embedded raster data', () => {
    expect(unsafeCode(fixture('logo.svg'))).toBeUndefined();
    expect(
      unsafeCode(svg('<defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs><rect fill="url(#g)" width="10" height="10"/><use xlink:href="#g"/>')),
    ).toBeUndefined();
    expect(unsafeCode(svg('<image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>'))).toBeUndefined();
  });

  it('refuses scripts, event handlers, external references and DTD entities', () => {
    expect(unsafeCode(svg('<script>alert(1)</script>'))).toBe('LOGO_UNSAFE');
    expect(unsafeCode(svg('<rect width="1" height="1"/>', ' onload="alert(1)"'))).toBe('LOGO_UNSAFE');
    expect(unsafeCode(svg('<image href="https://example.com/x.png" width="1" height="1"/>'))).toBe('LOGO_UNSAFE');
    expect(unsafeCode(svg('<image xlink:href="/etc/passwd" width="1" height="1"/>'))).toBe('LOGO_UNSAFE');
    expect(unsafeCode(svg('<use href="other.svg#a"/>'))).toBe('LOGO_UNSAFE');
    expect(unsafeCode(svg('<a href="javascript:alert(1)"><rect width="1" height="1"/></a>'))).toBe('LOGO_UNSAFE');
    expect(unsafeCode(svg('<rect style="fill: url(http://evil/x)" width="1" height="1"/>'))).toBe('LOGO_UNSAFE');
    expect(unsafeCode(svg('<style>@import url(x.css);</style>'))).toBe('LOGO_UNSAFE');
    expect(unsafeCode(svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>'))).toBe('LOGO_UNSAFE');
    expect(unsafeCode(svg('<image href="data:image/svg+xml;base64,PHN2Zy8+" width="1" height="1"/>'))).toBe('LOGO_UNSAFE');
    expect(unsafeCode(new TextEncoder().encode('<?xml-stylesheet href="x.css"?><svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('LOGO_UNSAFE');
    expect(unsafeCode(new TextEncoder().encode('<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>'))).toBe('LOGO_UNSAFE');
  });

  it('refuses what is not an SVG', () => {
    expect(unsafeCode(new TextEncoder().encode('<svg'))).toBe('LOGO_INVALID');
    expect(unsafeCode(new TextEncoder().encode('<html xmlns="http://www.w3.org/1999/xhtml"/>'))).toBe('LOGO_INVALID');
  });
});

describe('embedLogo', () => {
  const box = { width: 200, height: 70 };
  it('embeds PNG, RGB and gray JPEG, and SVG (rendered to fit the box at 300 dpi)', async () => {
    const doc = await PDFDocument.create();
    const fromSvg = await embedLogo(doc, fixture('logo.svg'), undefined, box);
    expect(fromSvg.width).toBe(Math.round((200 / 72) * 300)); // wide logo: fitted to the width
    expect(fromSvg.height).toBeCloseTo((fromSvg.width * 80) / 240, -1);
    const png = renderSvgLogo(new TextDecoder().decode(fixture('logo.svg')), { width: 120, height: 40 });
    expect((await embedLogo(doc, png, 'image/png', box)).width).toBe(120);
    expect((await embedLogo(doc, fixture('logo-rgb.jpg'), 'image/jpeg', box)).width).toBeGreaterThan(0);
    expect((await embedLogo(doc, fixture('logo-gray.jpg'), undefined, box)).width).toBeGreaterThan(0);
  });

  it('refuses a mismatching declared type, CMYK JPEGs, oversized and empty logos', async () => {
    const doc = await PDFDocument.create();
    const code = async (p: Promise<unknown>) =>
      p.then(
        () => undefined,
        (e: ZugferdError) => e.code,
      );
    expect(await code(embedLogo(doc, fixture('logo-rgb.jpg'), 'image/png', box))).toBe('LOGO_INVALID');
    // a JPEG whose frame header announces 4 components (CMYK)
    const cmyk = Uint8Array.from([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x14, 0x08, 0x00, 0x10, 0x00, 0x10, 0x04, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0, 4, 0x11, 0, 0xff, 0xd9]);
    expect(await code(embedLogo(doc, cmyk, undefined, box))).toBe('LOGO_INVALID');
    expect(await code(embedLogo(doc, new Uint8Array(0), undefined, box))).toBe('LOGO_INVALID');
    expect(await code(embedLogo(doc, fixture('logo.svg'), undefined, box, 100))).toBe('LOGO_INVALID');
    // a PNG header announcing 100000 x 100000 pixels is refused before decoding
    const huge = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 1, 0x86, 0xa0, 0, 1, 0x86, 0xa0, 8, 6, 0, 0, 0]);
    expect(await code(embedLogo(doc, huge, undefined, box))).toBe('LOGO_INVALID');
    expect(await code(embedLogo(doc, svg('<script/>'), undefined, box))).toBe('LOGO_UNSAFE');
  });
});
