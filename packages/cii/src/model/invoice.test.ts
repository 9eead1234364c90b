import { toJsonSchema } from '@valibot/to-json-schema';
import { describe, expect, it } from 'vitest';
import { INVOICE_LIMITS, InvoiceSchema } from './invoice';
import { checkInvoiceJsonSize, parseInvoice } from './parse';

const minimal = () => ({
  invoiceNumber: 'R-1',
  issueDate: '2025-01-01',
  dueDate: '2025-01-31',
  seller: { name: 'S GmbH', vatId: 'DE123456789' },
  buyer: { name: 'B AG' },
  lines: [{ name: 'x', quantity: 1, unitPriceNet: 10, vatRatePercent: 19, lineNetAmount: 10 }],
  vatBreakdown: [{ ratePercent: 19, basisAmount: 10, taxAmount: 1.9 }],
  totalNet: 10,
  totalVat: 1.9,
  totalGross: 11.9,
});

describe('InvoiceSchema', () => {
  it('applies the defaults of spec §2.1', () => {
    const r = parseInvoice(minimal());
    expect(r.ok).toBe(true);
    const inv = r.invoice!;
    expect(inv.profile).toBe('en16931');
    expect(inv.documentTypeCode).toBe('380');
    expect(inv.currency).toBe('EUR');
    expect(inv.seller.address).toEqual({ countryCode: 'DE' });
    expect(inv.buyer.address.countryCode).toBe('DE');
    expect(inv.lines[0]!.unitCode).toBe('C62');
    expect(inv.lines[0]!.globalArticleScheme).toBe('0160');
    expect(inv.vatBreakdown[0]!.categoryCode).toBe('S');
  });

  it('defaults the electronic address scheme to EM', () => {
    const j = minimal() as Record<string, any>;
    j.seller.electronicAddress = { id: 'a@b.de' };
    expect(parseInvoice(j).invoice!.seller.electronicAddress).toEqual({ id: 'a@b.de', scheme: 'EM' });
  });

  it('rejects unknown properties only in the objects marked "no extra properties"', () => {
    const j = minimal() as Record<string, any>;
    j.lines[0].extra = 1;
    j.vatBreakdown[0].extra = 1;
    j.seller.address = { city: 'X', street: 'y' };
    j.invoicingPeriod = { start: '2025-01-01', until: '2025-01-31' };
    j.someTopLevelExtra = true;
    j.seller.nickname = 'n';
    const r = parseInvoice(j);
    const unknown = r.issues
      .filter((i) => i.code === 'UNKNOWN_PROPERTY')
      .map((i) => i.path)
      .sort();
    expect(unknown).toEqual(['invoicingPeriod.until', 'lines.0.extra', 'seller.address.street', 'vatBreakdown.0.extra']);
  });

  it('enforces the limits of §8', () => {
    const j = minimal() as Record<string, any>;
    j.lines = Array.from({ length: INVOICE_LIMITS.lines + 1 }, () => j.lines[0]);
    j.notes = Array.from({ length: 21 }, () => 'n');
    j.vatBreakdown = Array.from({ length: 51 }, () => j.vatBreakdown[0]);
    j.allowanceCharges = Array.from({ length: 51 }, () => ({ charge: true, amount: 1, reason: 'r' }));
    j.lines[0] = { ...j.lines[0], allowanceCharges: Array.from({ length: 11 }, () => ({ charge: true, amount: 1, reason: 'r' })) };
    const paths = parseInvoice(j)
      .issues.filter((i) => i.code === 'LIMIT_EXCEEDED')
      .map((i) => i.path)
      .sort();
    expect(paths).toEqual(['allowanceCharges', 'lines', 'lines.0.allowanceCharges', 'notes', 'vatBreakdown']);
    const ok = minimal() as Record<string, any>;
    ok.lines = Array.from({ length: 500 }, () => ok.lines[0]);
    expect(parseInvoice(ok).issues.filter((i) => i.code === 'LIMIT_EXCEEDED')).toEqual([]);
  });

  it('checks lengths, enums, dates and ranges with dot paths', () => {
    const j = minimal() as Record<string, any>;
    j.invoiceNumber = 'x'.repeat(61);
    j.currency = 'EURO';
    j.profile = 'peppol';
    j.documentTypeCode = '999';
    j.issueDate = '2025-13-01';
    j.paidAmount = -1;
    j.lines[0].globalArticleScheme = '01-60';
    j.notes = ['x'.repeat(1001), { text: 'ok', subjectCode: 'AAI' }, { subjectCode: 'AAI' }];
    j.allowanceCharges = [{ charge: false, percent: 101, reason: 'r' }];
    const byPath = Object.fromEntries(parseInvoice(j).issues.map((i) => [i.path, i.code]));
    expect(byPath).toMatchObject({
      invoiceNumber: 'TOO_LONG',
      currency: 'INVALID_LENGTH',
      profile: 'INVALID_CODE',
      documentTypeCode: 'INVALID_CODE',
      issueDate: 'INVALID_DATE',
      paidAmount: 'OUT_OF_RANGE',
      'lines.0.globalArticleScheme': 'INVALID_FORMAT',
      'notes.0': 'TOO_LONG',
      'notes.2.text': 'FIELD_REQUIRED',
      'allowanceCharges.0.percent': 'OUT_OF_RANGE',
    });
  });

  it('names official rules for missing mandatory data', () => {
    const j = minimal() as Record<string, any>;
    delete j.invoiceNumber;
    delete j.issueDate;
    j.seller = { vatId: 'DE1' };
    j.lines = [];
    j.vatBreakdown = [];
    const codes = Object.fromEntries(parseInvoice(j).issues.map((i) => [i.path, i.code]));
    expect(codes).toMatchObject({ invoiceNumber: 'BR-02', issueDate: 'BR-03', 'seller.name': 'BR-06', lines: 'BR-16', vatBreakdown: 'BR-CO-18' });
  });

  it('converts to JSON Schema for OpenAPI', () => {
    const schema = toJsonSchema(InvoiceSchema) as Record<string, any>;
    expect(schema.type).toBe('object');
    expect(schema.required).toEqual(expect.arrayContaining(['invoiceNumber', 'issueDate', 'seller', 'buyer', 'lines', 'vatBreakdown', 'totalNet', 'totalVat', 'totalGross']));
    expect(schema.properties.lines.maxItems).toBe(500);
    expect(schema.properties.lines.items.additionalProperties).toBe(false);
    expect(schema.properties.currency.default).toBe('EUR');
    expect(schema.properties.issueDate.format).toBe('date');
    expect(schema.properties.profile.enum).toEqual(['en16931', 'xrechnung']);
  });
});

describe('parseInvoice', () => {
  it('accepts JSON text and bytes, rejects bad JSON and non-objects', () => {
    const text = JSON.stringify(minimal());
    expect(parseInvoice(text).ok).toBe(true);
    expect(parseInvoice(new TextEncoder().encode(text)).ok).toBe(true);
    expect(parseInvoice('{"a":').issues[0]!.code).toBe('INVALID_JSON');
    expect(parseInvoice('[1]').issues[0]!.code).toBe('INVALID_TYPE');
    expect(parseInvoice(null).issues[0]!.code).toBe('INVALID_TYPE');
  });

  it('reports placeholders as EXTRACTION_UNCERTAIN instead of schema issues at the same path', () => {
    const j = minimal() as Record<string, any>;
    j.buyer.name = 'KORRIGIEREN';
    j.dueDate = '1900-01-01';
    j.buyer.address = { countryCode: 'KORRIGIEREN' };
    j.totalVat = 0;
    const r = parseInvoice(j);
    expect(r.ok).toBe(false);
    expect(r.invoice).toBeUndefined();
    expect(r.issues.map((i) => `${i.code}@${i.path}`).sort()).toEqual(['EXTRACTION_UNCERTAIN@buyer.address.countryCode', 'EXTRACTION_UNCERTAIN@buyer.name', 'EXTRACTION_UNCERTAIN@dueDate']);
  });

  it('limits the JSON to 1,000,000 bytes', () => {
    const big = { ...minimal(), notes: ['ü'.repeat(20)] };
    expect(checkInvoiceJsonSize(big).ok).toBe(true);
    const text = JSON.stringify({ ...minimal(), pad: 'x'.repeat(1_000_000) });
    expect(checkInvoiceJsonSize(text)).toMatchObject({ ok: false, limit: 1_000_000 });
    expect(parseInvoice(text).issues[0]!.code).toBe('INVOICE_TOO_LARGE');
    // Bytes, not characters: 'ü' is two bytes in UTF-8.
    expect(checkInvoiceJsonSize('ü'.repeat(500_001)).ok).toBe(false);
  });
});
