import { describe, expect, it } from 'vitest';
import { catalogueProblems } from '@kontor/xml';
import { messages } from './messages';
import { convertInvoice, readUbl } from './index';

describe('the @kontor/ubl message catalogue (reader and converter)', () => {
  it('has a German and an English text with the same placeholders for every key', () => {
    expect(catalogueProblems(messages)).toEqual([]);
  });

  it('the same non-UBL input gives the same codes in de and en, each in its language', () => {
    const cii = '<x:CrossIndustryInvoice xmlns:x="urn:example"/>';
    const en = readUbl(cii).findings;
    const de = readUbl(cii, { lang: 'de' }).findings;
    expect(de.map((f) => [f.code, f.line])).toEqual(en.map((f) => [f.code, f.line]));
    expect(en[0]!.message).toBe('The document is <x:CrossIndustryInvoice> in urn:example, not a UBL 2.1 Invoice or CreditNote');
    expect(de[0]!.message).toMatch(/^Das Dokument ist <x:CrossIndustryInvoice> im Namensraum urn:example/);
    expect(convertInvoice('<a/>', { to: 'ubl', lang: 'de' }).findings[0]).toMatchObject({ code: 'UNKNOWN_SYNTAX', message: expect.stringMatching(/^Das Dokument ist weder/) });
    expect(convertInvoice('<a/>', { to: 'ubl' }).findings[0]).toMatchObject({ code: 'UNKNOWN_SYNTAX', message: expect.stringMatching(/^The document is neither/) });
  });
});
