import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { embedPdfA3Font, loadLiberationSans, missingGlyphs, subsetTag } from './fonts';

describe('embedPdfA3Font', () => {
  it('names subsets TAG+PostScriptName with six upper-case letters, deterministically', async () => {
    const make = async () => {
      const doc = await PDFDocument.create({ updateMetadata: false });
      const f = await embedPdfA3Font(doc, await loadLiberationSans('regular'));
      const g = await embedPdfA3Font(doc, await loadLiberationSans('bold'));
      doc.addPage().drawText('Grüße', { font: f });
      doc.getPage(0).drawText('fett', { font: g, y: 100 });
      return Buffer.from(await doc.save({ useObjectStreams: false })).toString('latin1');
    };
    const a = await make();
    const names = [...a.matchAll(/\/BaseFont \/([^\s/]+)/g)].map((m) => m[1]);
    expect(names.length).toBeGreaterThanOrEqual(4);
    for (const n of names) expect(n).toMatch(/^[A-Z]{6}\+LiberationSans(-Bold)?$/);
    expect(new Set(names.map((n) => n!.slice(0, 6))).size).toBe(2);
    expect(a).toContain('/ToUnicode');
    expect(a).not.toContain('/CIDSet');
    expect(await make()).toBe(a);
  });

  it('subsetTag gives six letters A-Z', () => {
    expect(subsetTag('x')).toMatch(/^[A-Z]{6}$/);
    expect(subsetTag('x')).not.toBe(subsetTag('y'));
  });

  it('missingGlyphs lists characters the font cannot show', async () => {
    const doc = await PDFDocument.create();
    const f = await embedPdfA3Font(doc, await loadLiberationSans());
    expect(missingGlyphs(f, 'Grüße € 漢字\n')).toEqual(['漢', '字']);
  });

  it('rejects bytes that are not a font', async () => {
    const doc = await PDFDocument.create();
    await expect(embedPdfA3Font(doc, new Uint8Array([1, 2, 3]))).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});
