import { describe, expect, it } from 'vitest';
import { CODELIST_NAMES, codelist, isCodelistName } from './index';
import { DOCUMENT_TYPES } from './document-types';
import { buildFormatsDirectory } from './formats';
import { NOTE_SUBJECTS } from './note-subjects';
import { ALLOWANCE_REASON_CODES, DOCUMENT_TYPE_CODES, NOTE_SUBJECT_CODES, PAYMENT_MEANS_CODES, UNIT_CODES, VATEX_CODES, VAT_CATEGORY_CODES } from './official';
import { PAYMENT_MEANS } from './payment-means';
import { normalizeUnit, UNITS } from './units';
import { VAT_CATEGORIES } from './vat-categories';

describe('curated code lists agree with the official ones', () => {
  it('every curated code is an official code', () => {
    for (const d of DOCUMENT_TYPES) expect(DOCUMENT_TYPE_CODES.has(d.code), d.code).toBe(true);
    for (const n of NOTE_SUBJECTS) expect(NOTE_SUBJECT_CODES.has(n.code), n.code).toBe(true);
    for (const u of UNITS) expect(UNIT_CODES.has(u.code), u.code).toBe(true);
    for (const p of PAYMENT_MEANS) expect(PAYMENT_MEANS_CODES.has(p.code), p.code).toBe(true);
    for (const c of VAT_CATEGORIES) {
      expect(VAT_CATEGORY_CODES.has(c.code), c.code).toBe(true);
      if (c.defaultExemptionReasonCode) expect(VATEX_CODES.has(c.defaultExemptionReasonCode)).toBe(true);
    }
    expect(ALLOWANCE_REASON_CODES.has('95')).toBe(true);
  });

  it('aliases are unique and never shadow an official code differently', () => {
    const seen = new Map<string, string>();
    for (const u of UNITS) {
      for (const a of u.aliases) {
        expect(seen.has(a), `alias ${a} twice`).toBe(false);
        seen.set(a, u.code);
        expect(a).toBe(a.toLowerCase());
      }
    }
  });
});

describe('normalizeUnit', () => {
  it.each([
    ['Stk', 'C62', 'alias'],
    ['Stück', 'C62', 'alias'],
    ['pcs', 'C62', 'alias'],
    ['h', 'HUR', 'alias'],
    ['Std.', 'HUR', 'alias'],
    ['kg', 'KGM', 'alias'],
    ['m²', 'MTK', 'alias'],
    ['pauschal', 'LS', 'alias'],
    ['HUR', 'HUR', 'code'],
    ['XPP', 'XPP', 'code'],
    ['kgm', 'KGM', 'alias'],
    ['Kiste', 'C62', 'fallback'],
    [undefined, 'C62', 'code'],
  ])('%s → %s (%s)', (input, code, via) => {
    expect(normalizeUnit(input)).toEqual({ code, via });
  });
});

describe('served bodies', () => {
  it('has one body per /codelists route', () => {
    expect([...CODELIST_NAMES]).toEqual(['document-types', 'note-subjects', 'units', 'vat-categories', 'payment-means', 'attachment-types']);
    for (const name of CODELIST_NAMES) {
      const body = codelist(name);
      expect(body.name).toBe(name);
      expect(body.entries.length).toBeGreaterThan(0);
      expect(JSON.parse(JSON.stringify(body))).toEqual(body);
    }
    expect(isCodelistName('units')).toBe(true);
    expect(isCodelistName('currencies')).toBe(false);
  });

  it('returns fresh objects (no shared mutable state)', () => {
    const a = codelist('units');
    (a.entries[0] as { code: string }).code = 'XXX';
    expect((codelist('units').entries[0] as { code: string }).code).toBe('C62');
  });

  it('payment means carry the direct-debit obligations', () => {
    const dd = codelist('payment-means').entries.find((e) => (e as { code: string }).code === '59') as { requires: string[]; directDebit: boolean };
    expect(dd.directDebit).toBe(true);
    expect(dd.requires).toEqual(['mandateId', 'creditorId', 'debitedIban']);
  });

  it('attachment types differ per level: XML is PDF/A-3 only', () => {
    const types = codelist('attachment-types').entries as { mimeType: string; xml: boolean; pdf: boolean }[];
    expect(types.filter((t) => t.xml).map((t) => t.mimeType)).toHaveLength(6);
    expect(types.find((t) => t.mimeType === 'application/xml')).toMatchObject({ xml: false, pdf: true });
  });
});

describe('buildFormatsDirectory (spec §2.13)', () => {
  it('lists zugferd-en16931, xrechnung-cii-3.0 and (beyond the spec) xrechnung-ubl-3.0', () => {
    const d = buildFormatsDirectory();
    expect(d.formats.map((f) => f.id)).toEqual(['zugferd-en16931', 'xrechnung-cii-3.0', 'xrechnung-ubl-3.0']);
    const [z, x] = d.formats as [(typeof d.formats)[0], (typeof d.formats)[0]];
    expect(z.operations).toEqual({ create: true, createFromData: true, verify: true, extract: true });
    expect(x.operations.create).toBe(false);
    expect(x.operations.verify).toBe(true);
    expect(x.output).toBeNull();
    expect(x.note).toMatch(/not accepted by \/verify/);
    for (const f of d.formats) {
      expect(f.limits).toEqual({ pdfMaxBytes: 26214400, logoMaxBytes: 512000, invoiceJsonMaxBytes: 1000000, requestsPerMinute: { verify: 30, create: 20 } });
      expect(f.attachments.maxBytesEach).toBe(10485760);
      expect(f.attachments.mimeTypes).toEqual(expect.arrayContaining(['application/pdf', 'image/png', 'image/jpeg', 'text/csv']));
      expect(f.fromData.languages).toEqual(['de', 'en']);
      expect(f.fromData.logo).toEqual({ mimeTypes: ['image/png', 'image/jpeg', 'image/svg+xml'], maxBytes: 512000 });
      expect(f.validation.engines).toHaveLength(3);
      expect(f.documentTypes).toContain('380');
    }
    expect(buildFormatsDirectory({ authoritative: false }).formats[0]!.validation.authoritative).toBe(false);
    expect(d.formats[1]!.operations.extract).toBe(false);
    expect(d.formats[2]!.outputFormats[0]!.description).toContain('syntax=ubl');
  });
});
