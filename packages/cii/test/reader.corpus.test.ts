/** The reader over the whole e-invoice corpus: never throws, reads every CII instance, reports what it cannot hold. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateCii, readCii, type ReadCiiResult } from '../src/index';
import { canonical, corpusOrSkip, EINVOICE_DIR } from './helpers';

interface Golden {
  wellFormed?: boolean;
  xsdValid?: boolean;
  kosit?: { scenario?: string | null };
}

function instanceFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const f of readdirSync(d).sort()) {
      const p = path.join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (f.endsWith('.xml')) out.push(p);
    }
  };
  walk(dir);
  return out;
}

describe('readCii over the corpus', () => {
  it('reads every instance without throwing; every XSD-valid CII becomes an invoice', (ctx) => {
    const corpus = corpusOrSkip();
    if (!corpus) return ctx.skip();
    const golden = (JSON.parse(readFileSync(path.join(corpus, 'golden.json'), 'utf8')) as { instances: Record<string, Golden> }).instances;
    const files = instanceFiles(path.join(corpus, 'instances'));
    expect(files.length).toBeGreaterThan(600);
    const results = new Map<string, ReadCiiResult>();
    for (const f of files) {
      let r: ReadCiiResult | undefined;
      expect(() => (r = readCii(readFileSync(f)))).not.toThrow();
      results.set(path.relative(corpus, f), r!);
    }
    for (const [key, r] of results) {
      expect(
        r.findings.filter((x) => x.code === 'READ_FAILED'),
        key,
      ).toEqual([]);
      const g = golden[key];
      if (g?.xsdValid) {
        expect(r.invoice, key).not.toBeNull();
        expect(r.guideline, key).not.toBeNull();
        if (g.kosit?.scenario?.startsWith('xrechnung')) expect(r.profile, key).toBe('xrechnung');
      } else if (!g) {
        // The unit-test set wrappers are not CII documents.
        expect(r.invoice, key).toBeNull();
        expect(
          r.findings.map((x) => x.code),
          key,
        ).toContain('NOT_CII');
      }
    }
    // Most instances map completely into the model; the rest list their gaps.
    const clean = [...results.entries()].filter(([, r]) => r.invoice && r.issues.length === 0);
    expect(clean.length).toBeGreaterThan(550);
    // Whatever our rules accept is written and read back to the same model: read(write(read(x))) = read(x).
    let regenerated = 0;
    for (const [key, r] of clean) {
      const w = generateCii(r.invoice);
      if (!w.ok) continue;
      regenerated++;
      expect(canonical(readCii(w.xml!).invoice), key).toEqual(canonical(r.invoice));
    }
    expect(regenerated).toBeGreaterThan(300);
  });

  it('maps a ZUGFeRD EN 16931 sample field by field', (ctx) => {
    if (!corpusOrSkip()) return ctx.skip();
    const r = readCii(readFileSync(path.join(EINVOICE_DIR, 'instances/zugferd-corpus/EN16931_Einfach.cii.xml')));
    expect(r.profileName).toBe('EN 16931');
    expect(r.issues).toEqual([]);
    const inv = r.invoice!;
    expect(inv).toMatchObject({
      invoiceNumber: '471102',
      documentTypeCode: '380',
      currency: 'EUR',
      totalNet: 473,
      totalVat: 56.87,
      totalGross: 529.87,
      paidAmount: 0,
      seller: { name: 'Lieferant GmbH', customerAssignedId: '549910', gln: '4000001123452', vatId: 'DE123456789', taxNumber: '201/113/40209' },
      buyer: { name: 'Kunden AG Mitte' },
    });
    expect(inv.lines).toHaveLength(2);
    // The buyer's own identifier (BT-46) has no place in the model and is listed.
    expect(r.unsupported.map((u) => u.path)).toContain('/rsm:CrossIndustryInvoice[1]/rsm:SupplyChainTradeTransaction[1]/ram:ApplicableHeaderTradeAgreement[1]/ram:BuyerTradeParty[1]/ram:ID[1]');
  });

  it('names the Factur-X profiles and reports what EXTENDED adds', (ctx) => {
    if (!corpusOrSkip()) return ctx.skip();
    const names: Record<string, string> = {};
    for (const p of ['minimum', 'basicwl', 'basic', 'en16931', 'extended']) {
      const r = readCii(readFileSync(path.join(EINVOICE_DIR, `instances/facturx/factur-x-${p}.xml`)));
      names[p] = r.profileName;
      if (p === 'minimum') expect(r.findings.map((f) => f.code)).toContain('NO_LINES');
      if (p === 'extended') expect(r.unsupported.length).toBeGreaterThan(0);
    }
    expect(names).toEqual({ minimum: 'MINIMUM', basicwl: 'BASIC WL', basic: 'BASIC', en16931: 'EN 16931', extended: 'EXTENDED' });
  });
});

describe('readCii on bad input', () => {
  it('answers findings, never throws', () => {
    expect(readCii('').findings[0]!.code).toBe('XML_EMPTY');
    expect(readCii('<a>').findings[0]!.code).toBe('XML_MALFORMED');
    expect(readCii('<!DOCTYPE x [<!ENTITY e "x">]><x>&e;</x>').findings[0]!.code).toBe('XML_DOCTYPE_FORBIDDEN');
    expect(readCii('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>').findings[0]).toMatchObject({ code: 'NOT_CII' });
    const r = readCii('<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>');
    expect(r.invoice).not.toBeNull();
    expect(r.findings.map((f) => f.code)).toEqual(expect.arrayContaining(['GUIDELINE_MISSING', 'NO_LINES']));
    expect(r.issues.map((i) => i.code)).toEqual(expect.arrayContaining(['BR-02', 'BR-03']));
  });

  it('reports unreadable numbers and dates with their location', () => {
    const xml = `<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
<rsm:ExchangedDocument><ram:ID>1</ram:ID><ram:IssueDateTime><udt:DateTimeString format="610">202501</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
<rsm:SupplyChainTradeTransaction><ram:ApplicableHeaderTradeSettlement><ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:GrandTotalAmount>12,50</ram:GrandTotalAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation></ram:ApplicableHeaderTradeSettlement></rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`;
    const r = readCii(xml);
    expect(r.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'UNSUPPORTED_DATE', line: 2, column: expect.any(Number) }),
        expect.objectContaining({ code: 'INVALID_NUMBER', line: 3, column: expect.any(Number) }),
      ]),
    );
  });
});
