/**
 * verifyInvoicePdf over every PDF of ../shared/corpus/pdf/zugferd: the structure facts must equal what the corpus
 * read out with qpdf/poppler (zugferd-expected.json), the profile must follow the guideline id, the known negative
 * cases must be invalid for the documented reason, and official samples must not be called invalid.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SchemaStore } from '@kontor/xml';
import { verifyInvoicePdf, type VerificationReport } from '../src/index';
import { corpusAvailable, corpusDir } from './helpers';

const has = corpusAvailable();
const pdfDir = path.join(corpusDir, 'pdf');

interface Expected {
  upstream_expectation?: string;
  embedded_files?: string[];
  embedded_filespecs?: { UF?: string; F?: string; name_tree_key?: string; AFRelationship?: string | null; in_catalog_AF?: boolean; xml_root?: string }[];
  xmp?: { pdfaid_part?: string | null; pdfaid_conformance?: string | null; xmp_parse_error?: string };
  profile_from_guideline?: string[];
  guideline_ids?: string[];
  pdfinfo_ok?: boolean;
  qpdf_json_ok?: boolean;
}

function walk(d: string): string[] {
  return readdirSync(d).flatMap((f) => {
    const p = path.join(d, f);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith('.pdf') ? [p] : [];
  });
}

describe.skipIf(!has)('verifyInvoicePdf over the ZUGFeRD corpus', () => {
  let store: SchemaStore;
  let dir: string;
  const reports = new Map<string, VerificationReport>();
  let expected: Record<string, Expected>;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-verify-schemas-'));
    store = new SchemaStore({ dir });
    await store.installFrom(path.join(corpusDir, 'einvoice/schema'));
    expected = JSON.parse(readFileSync(path.join(pdfDir, 'zugferd-expected.json'), 'utf8')) as Record<string, Expected>;
    for (const f of walk(path.join(pdfDir, 'zugferd')).sort()) {
      reports.set(path.relative(pdfDir, f).split(path.sep).join('/'), await verifyInvoicePdf(new Uint8Array(readFileSync(f)), { schemaStore: store }));
    }
  }, 600_000);

  afterAll(() => {
    store?.dispose();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('reads every file without throwing and reports the 101 files', () => {
    expect(reports.size).toBe(101);
    for (const [, r] of reports) {
      expect(r.result.structure.file.isPdf || r.result.structure.file.bytes < 100).toBe(true);
      expect(['valid', 'valid_with_warnings', 'invalid']).toContain(r.result.authoritative.verdict);
      expect(r.result.authoritative.errorCount).toBe(r.result.authoritative.findings.filter((f) => f.severity === 'error').length);
    }
  });

  it('agrees with the corpus facts: embedded files, pdfaid, /AF binding of the invoice XML', () => {
    const disagreements: string[] = [];
    let compared = 0;
    for (const [rel, r] of reports) {
      const e = expected[rel];
      // files qpdf/poppler cannot parse have no facts to compare (our tolerant reader may still recover them)
      if (!e || e.pdfinfo_ok === false || e.qpdf_json_ok === false) continue;
      // a damaged xref: poppler and qpdf see no name tree, our tolerant reader recovers both files (the verdict is still invalid)
      if (rel === 'zugferd/mustang/corruptedV2PDF.pdf') {
        expect(r.result.authoritative.verdict).toBe('invalid');
        continue;
      }
      compared++;
      const z = r.result.structure.zugferd;
      const note = (what: string, got: unknown, want: unknown) => disagreements.push(`${rel}: ${what} ${JSON.stringify(got)} vs corpus ${JSON.stringify(want)}`);
      if (z.embeddedFiles !== (e.embedded_files ?? []).length > 0) note('embeddedFiles', z.embeddedFiles, e.embedded_files);
      if (!e.xmp?.xmp_parse_error) {
        if (z.pdfAPart !== (e.xmp?.pdfaid_part ?? null)) note('pdfAPart', z.pdfAPart, e.xmp?.pdfaid_part);
        if (z.pdfAConformance !== (e.xmp?.pdfaid_conformance ?? null)) note('pdfAConformance', z.pdfAConformance, e.xmp?.pdfaid_conformance);
      }
      // by name: we also list file specifications only the /AF array references, which pdfdetach does not see
      const names = [...new Set((r.result.pdfa3?.files ?? []).map((f) => f.filename))].sort();
      const want = [...new Set((e.embedded_filespecs ?? []).map((s) => s.UF ?? s.F ?? s.name_tree_key ?? ''))].sort();
      if (JSON.stringify(names) !== JSON.stringify(want)) note('embedded file names', names, want);
      for (const s of e.embedded_filespecs ?? []) {
        const f = r.result.pdfa3?.files.find((x) => x.filename === (s.UF ?? s.F ?? s.name_tree_key));
        if (!f) continue;
        if (f.associated !== !!s.in_catalog_AF) note(`${f.filename} associated`, f.associated, s.in_catalog_AF);
        if (f.afRelationship !== (s.AFRelationship ?? null)) note(`${f.filename} AFRelationship`, f.afRelationship, s.AFRelationship);
      }
    }
    expect(compared).toBeGreaterThan(95);
    expect(disagreements).toEqual([]);
  });

  it('detects the profile of every embedded invoice from its guideline id', () => {
    const map: Record<string, string[]> = {
      MINIMUM: ['MINIMUM'],
      'BASIC WL': ['BASIC WL'],
      BASIC: ['BASIC', 'ZUGFERD 1.0 BASIC'],
      EN16931: ['EN 16931'],
      COMFORT: ['EN 16931', 'ZUGFERD 1.0 COMFORT'],
      EXTENDED: ['EXTENDED', 'ZUGFERD 1.0 EXTENDED'],
      XRECHNUNG: ['XRECHNUNG'],
    };
    const wrong: string[] = [];
    for (const [rel, r] of reports) {
      const words = expected[rel]?.profile_from_guideline ?? [];
      const p = r.result.authoritative.profile;
      // "other": the corpus' word list has no entry for e.g. the German spelling "komfort"
      if (!words.length || p === null || words.includes('other')) continue;
      // files with two invoices (ZUGFeRD 1 + Factur-X): the Factur-X one is verified
      if (!words.some((w) => (map[w] ?? []).includes(p))) wrong.push(`${rel}: ${p} vs ${words.join('/')}`);
    }
    expect(wrong).toEqual([]);
    expect(reports.get('zugferd/ferd-1.0/ZUGFeRD_1p0_COMFORT_Einfach.pdf')!.result.authoritative.profile).toBe('ZUGFERD 1.0 COMFORT');
    expect(reports.get('zugferd/ferd-2.4/BASIC-WL_Einfach_fx.pdf')!.result.en16931).toMatchObject({ checked: false, profile: 'BASIC WL' });
    expect(reports.get('zugferd/ferd-2.4/EN16931_Einfach_fx.pdf')!.result.en16931).toMatchObject({ checked: true, profile: 'EN 16931' });
  });

  it('says clearly when a rule set does not apply (ZUGFeRD 1.0, MINIMUM, BASIC WL)', () => {
    const z1 = reports.get('zugferd/ferd-1.0/ZUGFeRD_1p0_BASIC_Einfach.pdf')!.result;
    expect(z1.en16931).toMatchObject({ checked: false, profile: 'ZUGFERD 1.0 BASIC' });
    expect(z1.authoritative.available).toBe(false);
    expect(z1.authoritative.note).toMatch(/ZUGFeRD 1\.0 uses its own XML namespace/);
    const min = reports.get('zugferd/ferd-2.4/MINIMUM_Rechnung_fx.pdf')!.result.authoritative;
    expect(min.note).toMatch(/MINIMUM is not an EN 16931 invoice/);
    expect(min.engines).toContain('XSD facturx:minimum (libxml2)');
    expect(min.findings.some((f) => f.ruleset.startsWith('CEN EN 16931'))).toBe(false);
  });

  it('rejects the negative cases for the documented reason', () => {
    const codes = (rel: string) => {
      const a = reports.get(rel)!.result.authoritative;
      expect(a.verdict, rel).toBe('invalid');
      return a.findings.filter((f) => f.severity === 'error').map((f) => f.code);
    };
    expect(codes('zugferd/derived/no-catalog-AF.pdf')).toContain('FACTURX_NOT_ASSOCIATED');
    expect(codes('zugferd/derived/no-xmp-metadata.pdf')).toEqual(expect.arrayContaining(['FACTURX_XMP_MISSING', 'PDFA_NOT_DECLARED']));
    expect(codes('zugferd/derived/renamed-attachment-invoice-xml.pdf')).toContain('FACTURX_FILENAME');
    expect(codes('zugferd/derived/truncated-first-50000-bytes.pdf')).toContain('PDF_UNREADABLE');
    expect(codes('zugferd/derived/xml-attached-to-plain-pdf14.pdf')).toEqual(expect.arrayContaining(['FACTURX_NOT_ASSOCIATED', 'FACTURX_XMP_MISSING']));
    expect(codes('zugferd/mustang/invalidXMP.pdf')).toContain('FACTURX_CONFORMANCE_LEVEL_MISMATCH');
    expect(codes('zugferd/mustang/invalidXMP-ParseError.pdf')).toContain('FACTURX_XMP_UNREADABLE');
    expect(codes('zugferd/mustang/corrupt-factur-x-waytoosmall.pdf')).toEqual(expect.arrayContaining([expect.stringMatching(/PDF_UNREADABLE|NOT_A_PDF/)]));
    expect(codes('zugferd/mustang/invalidPDF.pdf').some((c) => /^6\./.test(c))).toBe(true);
    expect(codes('zugferd/horstoeko/pdf_invalid.pdf')).toContain('NO_EMBEDDED_FILES');
    expect(codes('zugferd/corpus-fail/factur-x-invalid-xml-encoding-attribute.pdf')).toContain('XML_NOT_WELL_FORMED');
    expect(codes('zugferd/order-x/ORDER-X_EX01_ORDER_FULL_DATA-BASIC.pdf')).toContain('INVOICE_XML_MISSING');
    expect(codes('zugferd/mustang/EXTENDED_Fremdwaehrung_wdis_fx-pdfa4.pdf')).toContain('PDFA_PART');
    // XRechnung 1.2 without seller contact: the German core rule BR-DE-2 applies; its valid twin passes
    expect(codes('zugferd/mustang/invalidXRechnung.pdf')).toEqual(['BR-DE-2']);
    expect(reports.get('zugferd/mustang/validXRechnung.pdf')!.result.authoritative.verdict).not.toBe('invalid');
  });

  it('does not call official samples invalid (except the pre-1.09 MINIMUM samples the current XSD rejects)', () => {
    const official = [...reports].filter(([rel]) => expected[rel]?.upstream_expectation === 'official sample');
    expect(official.length).toBeGreaterThan(30);
    const invalid = official
      .filter(([, r]) => r.result.authoritative.verdict === 'invalid')
      .map(
        ([rel, r]) =>
          `${rel}: ${r.result.authoritative.findings
            .filter((f) => f.severity === 'error')
            .map((f) => f.code)
            .join(',')}`,
      );
    // ZUGFeRD 2.1.1 MINIMUM has PostcodeCode in the buyer address, which the Factur-X 1.09 MINIMUM XSD no longer allows
    expect(invalid).toEqual(['zugferd/ferd-2.1.1/zugferd_2p1_MINIMUM_Rechnung.pdf: XSD_INVALID,XSD_INVALID']);
  });

  it('never throws on the plain, encrypted and damaged PDFs of pdf/plain and calls none of them a valid e-invoice', async () => {
    const plain = walk(path.join(pdfDir, 'plain')).sort();
    expect(plain.length).toBeGreaterThan(30);
    const codes = new Map<string, number>();
    for (const f of plain) {
      const r = await verifyInvoicePdf(new Uint8Array(readFileSync(f)), { schemaStore: store });
      const a = r.result.authoritative;
      const rel = path.relative(pdfDir, f);
      // a few plain PDFs carry a non-invoice attachment; none carries an invoice XML
      expect(a.verdict, rel).toBe('invalid');
      expect(r.result.structure.zugferd.xmlEmbedded, rel).toBe(false);
      const first = a.findings.find((x) => x.severity === 'error' && x.source === 'structure')?.code ?? a.findings.find((x) => x.severity === 'error')!.code;
      codes.set(first, (codes.get(first) ?? 0) + 1);
    }
    console.log('pdf/plain first structure errors: ' + JSON.stringify(Object.fromEntries(codes)));
    expect([...codes.keys()].every((c) => /^(NO_EMBEDDED_FILES|INVOICE_XML_MISSING|PDF_ENCRYPTED|PDF_UNREADABLE|PDFA_NOT_DECLARED|PDFA_PART|NOT_A_PDF)$/.test(c))).toBe(true);
  }, 300_000);

  it('prints how the verdicts compare with the upstream expectations', () => {
    const rows = new Map<string, { valid: number; warnings: number; invalid: number }>();
    for (const [rel, r] of reports) {
      const up = (expected[rel]?.upstream_expectation ?? 'none').toLowerCase();
      const key = up.startsWith('fail')
        ? 'upstream: fail'
        : up.startsWith('correct') || up === 'official sample'
          ? 'upstream: correct / official'
          : up.includes('negative case')
            ? 'derived negative case'
            : 'other';
      const row = rows.get(key) ?? { valid: 0, warnings: 0, invalid: 0 };
      const v = r.result.authoritative.verdict;
      row[v === 'valid' ? 'valid' : v === 'valid_with_warnings' ? 'warnings' : 'invalid']++;
      rows.set(key, row);
    }
    console.log('verify over pdf/zugferd (101 files):\n' + [...rows].map(([k, v]) => `  ${k.padEnd(30)} valid ${v.valid}  with warnings ${v.warnings}  invalid ${v.invalid}`).join('\n'));
    expect(rows.get('derived negative case')).toEqual({ valid: 0, warnings: 0, invalid: 5 });
  });
});
