/**
 * readEmbeddedFiles / readPdfInfo / checkPdfA3 on the e-invoice and plain PDFs, compared with the facts
 * qpdf and poppler read out of them (zugferd-expected.json, plain-expected.json).
 */
import { describe, expect, it } from 'vitest';
import { checkPdfA3, Pdfa3Error, readEmbeddedFiles, readPdfInfo } from '../src/index';
import { corpusAvailable, readCorpus, readExpected } from './corpus';

interface Spec {
  name_tree_key: string;
  F?: string;
  UF?: string;
  AFRelationship?: string | null;
  mime_subtype?: string | null;
  in_catalog_AF: boolean;
}
interface Rec {
  encrypted: boolean;
  requires_password?: boolean;
  pages?: number | null;
  qpdf_json_ok: boolean;
  pdfinfo_ok?: boolean;
  embedded_filespecs?: Spec[];
  xmp?: { pdfaid_part?: string | null; pdfaid_conformance?: string | null };
  catalog_AF_present?: boolean;
}

const hasCorpus = corpusAvailable();

describe.skipIf(!hasCorpus)('e-invoice and plain corpus', () => {
  const all = hasCorpus ? { ...readExpected<Rec>('zugferd-expected.json'), ...readExpected<Rec>('plain-expected.json') } : {};

  it('readEmbeddedFiles agrees with qpdf on names, relationship, MIME type and /AF membership', async () => {
    let files = 0;
    let compared = 0;
    for (const [path, rec] of Object.entries(all)) {
      if (!rec.qpdf_json_ok || rec.encrypted || !rec.embedded_filespecs) continue;
      files++;
      const ours = await readEmbeddedFiles(readCorpus(path));
      const theirs = rec.embedded_filespecs.map((s) => ({
        key: s.name_tree_key,
        relationship: s.AFRelationship ?? undefined,
        mimeType: s.mime_subtype ?? undefined,
        associated: s.in_catalog_AF,
      }));
      const mine = ours.filter((f) => f.key !== undefined).map((f) => ({ key: f.key, relationship: f.relationship, mimeType: f.mimeType, associated: f.associated }));
      expect(mine, path).toEqual(theirs);
      for (const f of ours) expect(f.data.length, `${path} ${f.name}`).toBeGreaterThan(0);
      compared += theirs.length;
    }
    console.log(`embedded files compared with qpdf: ${compared} in ${files} PDFs`);
    expect(compared).toBeGreaterThan(100);
  }, 60_000);

  it('readPdfInfo agrees on encryption, page count and pdfaid', async () => {
    let n = 0;
    const unfollowable: string[] = [];
    for (const [path, rec] of Object.entries(all)) {
      let info;
      try {
        info = await readPdfInfo(readCorpus(path));
      } catch (e) {
        expect(e, path).toBeInstanceOf(Pdfa3Error);
        expect(['PDF_UNREADABLE', 'PDF_ENCRYPTED'], path).toContain((e as Pdfa3Error).code);
        if ((e as Pdfa3Error).code === 'PDF_ENCRYPTED') expect(rec.encrypted, path).toBe(true);
        continue;
      }
      n++;
      expect(info.encrypted, path).toBe(rec.encrypted);
      // pdf-lib cannot follow two damaged page trees that poppler repairs; those are reported as null
      if (rec.pages && info.pageCount !== null) expect(info.pageCount, path).toBe(rec.pages);
      if (info.pageCount === null) unfollowable.push(path);
      if (!rec.encrypted && rec.xmp) {
        const part = rec.xmp.pdfaid_part ?? null;
        expect(info.pdfaPart, path).toBe(part !== null && /^\d+$/.test(part) ? Number(part) : null);
        expect(info.pdfaConformance, path).toBe(rec.xmp.pdfaid_conformance ?? null);
      }
    }
    expect(n).toBeGreaterThan(120);
    console.log(`page tree not followable by pdf-lib: ${unfollowable.join(', ')}`);
    expect(unfollowable.length).toBeLessThanOrEqual(2);
  }, 60_000);

  it('checkPdfA3 never throws, flags encryption, and passes nothing unreadable', async () => {
    for (const [path, rec] of Object.entries(all)) {
      const r = await checkPdfA3(readCorpus(path));
      if (rec.encrypted)
        expect(
          r.findings.map((f) => f.rule),
          path,
        ).toContain('6.1.3-2');
      if (!rec.qpdf_json_ok && !rec.encrypted) expect(r.passed, path).toBe(false);
    }
  }, 60_000);
});
