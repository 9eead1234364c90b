/** The once-built sRGB stream data: what pdf-lib's flateStream writes, recognised only byte for byte, copies handed out. */
import { deflateSync, inflateSync } from 'node:zlib';
import { PDFContext, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { generateSrgbIccProfile } from '../icc/srgb';
import { makePdfA3 } from '../write/make-pdfa3';
import { decodeStream } from './pdf';
import { srgbDeflated, srgbIfDeflated } from './srgb-stream';

describe('sRGB stream data built once', () => {
  it('equals ctx.flateStream of the generated profile and inflates to it', () => {
    const fresh = PDFContext.create().flateStream(generateSrgbIccProfile(), { N: 3 }).getContents();
    expect(Buffer.from(srgbDeflated()).equals(Buffer.from(fresh))).toBe(true);
    expect(Buffer.from(inflateSync(srgbDeflated())).equals(Buffer.from(generateSrgbIccProfile()))).toBe(true);
  });

  it('recognises only the exact bytes, and hands out copies', () => {
    const data = srgbDeflated();
    const got = srgbIfDeflated(data)!;
    expect(Buffer.from(got).equals(Buffer.from(generateSrgbIccProfile()))).toBe(true);
    got[0] = 0xff; // a caller changing its copy changes nothing for the next one
    data[0] = 0xff;
    expect(srgbIfDeflated(srgbDeflated())![0]).toBe(generateSrgbIccProfile()[0]);
    expect(srgbIfDeflated(data)).toBeUndefined();
    const changed = srgbDeflated();
    changed[changed.length - 5]! ^= 1;
    expect(srgbIfDeflated(changed)).toBeUndefined();
    expect(srgbIfDeflated(srgbDeflated().subarray(1))).toBeUndefined();
  });

  it('makePdfA3 writes that stream; decodeStream gives the profile, and inflates any other data as before', async () => {
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.addPage();
    const now = new Date('2025-01-01T00:00:00Z');
    makePdfA3(doc, { title: 'T', createDate: now, modifyDate: now, conformance: 'B' });
    const bytes = await doc.save({ useObjectStreams: false });
    const again = await PDFDocument.load(bytes, { updateMetadata: false });
    const ctx = again.context;
    const intents = again.catalog.lookup(PDFName.of('OutputIntents')) as unknown as { get(i: number): unknown };
    const oi = ctx.lookup(intents.get(0) as never) as unknown as { get(k: PDFName): unknown };
    const profile = ctx.lookup(oi.get(PDFName.of('DestOutputProfile')) as never) as PDFRawStream;
    expect(profile).toBeInstanceOf(PDFRawStream);
    expect(Buffer.from(profile.contents).equals(Buffer.from(srgbDeflated()))).toBe(true);
    expect(Buffer.from(decodeStream(ctx, profile)).equals(Buffer.from(generateSrgbIccProfile()))).toBe(true);
    // the decoded-size cap applies to the recognised profile as to any stream
    expect(() => decodeStream(ctx, profile, 100)).toThrow(/larger than 100 bytes/);
    // a stream with other data (a re-deflated profile at another level) is inflated, not recognised
    const other = ctx.stream(new Uint8Array(deflateSync(generateSrgbIccProfile(), { level: 1 })), { N: 3, Filter: 'FlateDecode' });
    expect(Buffer.from(other.contents).equals(Buffer.from(srgbDeflated()))).toBe(false);
    expect(Buffer.from(decodeStream(ctx, other)).equals(Buffer.from(generateSrgbIccProfile()))).toBe(true);
  });
});
