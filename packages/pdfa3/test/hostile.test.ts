/**
 * Hostile PDFs (issue 11 item 8), each built here by a small generator: the check stays bounded and
 * never passes such a file silently; a string that merely mentions /Encrypt is not encryption.
 */
import { constants as zc, deflateRawSync, deflateSync, inflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFRawStream, type PDFDict, type PDFRef } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkPdfA3, readPdfInfo } from '../src/index';
import { buildSample } from './fixtures';

let base: Uint8Array;

beforeAll(async () => {
  base = await buildSample();
});

const errors = (r: { findings: { code: string; severity: string }[] }) => r.findings.filter((f) => f.severity === 'error').map((f) => f.code);

/** The sample with extra content drawn on page 1 (`draw` registers objects and returns the operators). */
async function withContent(draw: (doc: PDFDocument) => string | null): Promise<Uint8Array> {
  const doc = await PDFDocument.load(base, { updateMetadata: false });
  const page = doc.getPage(0);
  const ops = draw(doc);
  if (ops === null) return doc.save({ useObjectStreams: false, updateFieldAppearances: false });
  const content = doc.context.register(doc.context.flateStream(ops));
  const existing = page.node.get(PDFName.of('Contents'));
  page.node.set(PDFName.of('Contents'), doc.context.obj([...(existing ? [existing] : []), content]));
  return doc.save({ useObjectStreams: false, updateFieldAppearances: false });
}

function formXObject(doc: PDFDocument, ops: string, resources?: Record<string, PDFRef>): PDFRef {
  const dict: Record<string, unknown> = { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 100, 100] };
  if (resources) dict.Resources = { XObject: resources };
  return doc.context.register(doc.context.flateStream(ops, dict as never));
}

describe('hostile PDFs', () => {
  it('the untouched sample passes (so each finding below comes from the attack)', async () => {
    const r = await checkPdfA3(base);
    expect(errors(r)).toEqual([]);
  });

  it('a string literal mentioning /Encrypt 5 0 R is not encryption (trailer, body, and an unparseable file)', async () => {
    const text = Buffer.from(base).toString('latin1');
    // an extra trailer key whose value is a string mentioning /Encrypt
    const inTrailer = Buffer.from(
      text.replace(/trailer\s*<</, (m) => `${m} /Note (see /Encrypt 5 0 R here)`),
      'latin1',
    );
    const r1 = await checkPdfA3(new Uint8Array(inTrailer));
    expect(r1.findings.map((f) => f.rule)).not.toContain('6.1.3-2');
    expect((await readPdfInfo(new Uint8Array(inTrailer))).encrypted).toBe(false);
    const broken = new TextEncoder().encode('%PDF-1.7\n1 0 obj\n(/Encrypt 5 0 R)\nendobj\ntrailer\n<< /Size 2 /Comment (x /Encrypt 5 0 R) >>\n%%EOF\n');
    const r2 = await checkPdfA3(broken);
    expect(r2.passed).toBe(false);
    expect(r2.findings.map((f) => f.code)).not.toContain('6.1.3');
    // a real /Encrypt key still counts
    const real = new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<< >>\nendobj\ntrailer\n<< /Size 2 /Encrypt 1 0 R >>\n%%EOF\n');
    expect((await checkPdfA3(real)).findings.map((f) => f.rule)).toContain('6.1.3-2');
  });

  it('2,000,000 nested q operators: 6.1.13-8 (depth > 28), bounded memory', async () => {
    const pdf = await withContent(() => 'q\n'.repeat(2_000_000));
    const r = await checkPdfA3(pdf);
    expect(r.passed).toBe(false);
    expect(r.findings.map((f) => f.rule)).toContain('6.1.13-8');
  }, 60_000);

  it('a self-recursive form XObject: PDF_RECURSIVE_XOBJECT, no endless descent', async () => {
    const pdf = await withContent((doc) => {
      const ref = doc.context.nextRef();
      const form = doc.context.flateStream('/Me Do', { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 10, 10], Resources: { XObject: { Me: ref } } } as never);
      doc.context.assign(ref, form);
      const page = doc.getPage(0);
      const res = page.node.Resources()!;
      res.set(PDFName.of('XObject'), doc.context.obj({ Me: ref }));
      return 'q /Me Do Q';
    });
    const r = await checkPdfA3(pdf);
    expect(r.passed).toBe(false);
    expect(errors(r)).toContain('PDF_RECURSIVE_XOBJECT');
  });

  it('a Type 3 glyph that shows itself: PDF_RECURSIVE_XOBJECT', async () => {
    const pdf = await withContent((doc) => {
      const fontRef = doc.context.nextRef();
      const proc = doc.context.register(doc.context.flateStream('1000 0 d0 BT /T3 1 Tf (a) Tj ET'));
      const font = doc.context.obj({
        Type: 'Font',
        Subtype: 'Type3',
        FontBBox: [0, 0, 1000, 1000],
        FontMatrix: [0.001, 0, 0, 0.001, 0, 0],
        FirstChar: 97,
        LastChar: 97,
        Widths: [1000],
        Encoding: { Type: 'Encoding', Differences: [97, 'a'] },
        CharProcs: { a: proc },
        Resources: { Font: { T3: fontRef } },
      } as never);
      doc.context.assign(fontRef, font);
      doc
        .getPage(0)
        .node.Resources()!
        .set(PDFName.of('Font'), doc.context.obj({ T3: fontRef }));
      return 'BT /T3 12 Tf 10 10 Td (a) Tj ET';
    });
    expect(errors(await checkPdfA3(pdf))).toContain('PDF_RECURSIVE_XOBJECT');
  });

  it('forms nested 30 deep (not recursive): PDF_NESTING_TOO_DEEP', async () => {
    const pdf = await withContent((doc) => {
      let inner = formXObject(doc, '0 0 m 1 1 l S');
      for (let i = 0; i < 30; i++) inner = formXObject(doc, '/F Do', { F: inner });
      doc
        .getPage(0)
        .node.Resources()!
        .set(PDFName.of('XObject'), doc.context.obj({ Outer: inner }));
      return '/Outer Do';
    });
    const r = await checkPdfA3(pdf);
    expect(errors(r)).toContain('PDF_NESTING_TOO_DEEP');
  });

  it('a content stream inflating to 1 GB of NULs: PDF_STREAM_TOO_LARGE, decoding stops at the cap', async () => {
    const bomb = deflateZeros(1024 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    // the generator is right: a small one inflates to exactly its zeros
    const small = inflateSync(deflateZeros(8 * 1024 * 1024));
    expect(small.length).toBe(8 * 1024 * 1024);
    expect(small.every((x) => x === 0)).toBe(true);
    const pdf = await withContent((doc) => {
      const s = PDFRawStream.of(doc.context.obj({ Filter: 'FlateDecode' }), bomb);
      const page = doc.getPage(0);
      const ref = doc.context.register(s);
      page.node.set(PDFName.of('Contents'), doc.context.obj([ref]));
      return null;
    });
    const r = await checkPdfA3(pdf);
    expect(r.passed).toBe(false);
    expect(errors(r)).toContain('PDF_STREAM_TOO_LARGE');
  }, 60_000);

  it('filter chains are bounded at every stage (ASCIIHex + Flate + PNG predictor, RunLength)', async () => {
    const zeros = deflateSync(new Uint8Array(4 * 1024 * 1024));
    const hex = new TextEncoder().encode(`${Buffer.from(zeros).toString('hex')}>`);
    const rl = new Uint8Array(2 * 4000).map((_, i) => (i % 2 === 0 ? 129 : 0)); // 4000 runs of 128 NULs
    for (const [filter, data, parms] of [
      [['ASCIIHexDecode', 'FlateDecode'], hex, [null, { Predictor: 12, Columns: 100 }]],
      ['RunLengthDecode', rl, undefined],
    ] as const) {
      const pdf = await withContent((doc) => {
        const dict: Record<string, unknown> = { Filter: filter };
        if (parms) dict.DecodeParms = parms;
        const ref = doc.context.register(PDFRawStream.of(doc.context.obj(dict as never) as unknown as PDFDict, data));
        doc.getPage(0).node.set(PDFName.of('Contents'), doc.context.obj([ref]));
        return null;
      });
      const r = await checkPdfA3(pdf, { maxStreamBytes: 256 * 1024 });
      expect(errors(r), String(filter)).toContain('PDF_STREAM_TOO_LARGE');
    }
  });

  it('operator, page and object limits: PDF_TOO_MANY_OPERATORS, PDF_TOO_MANY_PAGES, PDF_TOO_MANY_OBJECTS', async () => {
    const many = await withContent(() => '0 0 m\n'.repeat(5000));
    expect(errors(await checkPdfA3(many, { maxOperators: 1000 }))).toContain('PDF_TOO_MANY_OPERATORS');
    expect(errors(await checkPdfA3(many))).toEqual([]);

    const doc = await PDFDocument.load(base, { updateMetadata: false });
    for (let i = 0; i < 30; i++) doc.addPage([595, 842]);
    const pages = await doc.save({ useObjectStreams: false, updateFieldAppearances: false });
    expect(errors(await checkPdfA3(pages, { maxPages: 10 }))).toEqual(['PDF_TOO_MANY_PAGES']);
    expect(errors(await checkPdfA3(pages, { maxObjects: 20 }))).toEqual(['PDF_TOO_MANY_OBJECTS']);
  });

  it('550,000 objects in 150,000 pages (within the upload size) are refused before parsing', async () => {
    const r = await checkPdfA3(manyPages(150_000, 400_000));
    expect(r.findings.map((f) => f.code)).toEqual(['PDF_TOO_MANY_PAGES']);
    expect(r.passed).toBe(false);
    const objects = await checkPdfA3(manyPages(10, 550_000));
    expect(objects.findings.map((f) => f.code)).toEqual(['PDF_TOO_MANY_OBJECTS']);
    // the readers share the loader's object limit
    await expect(readPdfInfo(manyPages(10, 550_000))).rejects.toMatchObject({ code: 'PDF_UNREADABLE' });
  }, 30_000);
});

/**
 * A zlib stream of `n` zero bytes (n a multiple of 1 MiB) without deflating them all: one MiB of zeros
 * deflated with a full flush is a self-contained run of blocks, repeated n / 1 MiB times, then an empty
 * final block and the Adler-32 of n zeros (A = 1, B = n mod 65521).
 */
function deflateZeros(n: number): Uint8Array {
  const mib = 1024 * 1024;
  const run = deflateRawSync(Buffer.alloc(mib), { level: 9, finishFlush: zc.Z_FULL_FLUSH });
  const end = deflateRawSync(Buffer.alloc(0));
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((n % 65521) << 16) | 1) >>> 0);
  return new Uint8Array(Buffer.concat([Buffer.from([0x78, 0xda]), ...Array.from({ length: n / mib }, () => run), end, adler]));
}

/** A raw PDF with `pages` pages and `extra` empty objects (no xref table; parsers read it sequentially). */
function manyPages(pages: number, extra: number): Uint8Array {
  const parts: string[] = ['%PDF-1.7\n', '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n'];
  const kids: string[] = [];
  for (let i = 0; i < pages; i++) kids.push(`${3 + i} 0 R`);
  parts.push(`2 0 obj\n<< /Type /Pages /Count ${pages} /Kids [${kids.join(' ')}] >>\nendobj\n`);
  for (let i = 0; i < pages; i++) parts.push(`${3 + i} 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>\nendobj\n`);
  for (let i = 0; i < extra; i++) parts.push(`${3 + pages + i} 0 obj\nnull\nendobj\n`);
  parts.push(`trailer\n<< /Size ${3 + pages + extra} /Root 1 0 R >>\n%%EOF\n`);
  return new TextEncoder().encode(parts.join(''));
}
