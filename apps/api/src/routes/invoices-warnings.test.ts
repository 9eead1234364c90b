/**
 * POST /invoices warnings (spec §4.6 "a warning is reported"): the JSON forms carry warnings[] {code, message, path}
 * in the request language, every 200 answer carries X-Invoice-Warnings and X-Invoice-Warning-Codes; warnings never
 * block and never change the billing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, testClock, type TestApp } from '../../test/helpers';

const clock = testClock('2026-06-15T10:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await makeTestApp({ clock, env: { KONTOR_RATE_LIMITS: 'off' } });
});
afterAll(async () => {
  await t.dispose();
});

interface Warning {
  code: string;
  message: string;
  path?: string;
}

function post(key: string, body: unknown, opts: { query?: string; accept?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (opts.accept) headers.accept = opts.accept;
  return t.request(`/api/v1/invoices${opts.query ?? ''}`, { method: 'POST', key, headers, body: JSON.stringify(body) });
}

/** A GmbH without legal details, Skonto period after the due date and no delivery date. */
function gmbhWithSkontoAfterDue(): Record<string, unknown> {
  return {
    invoiceNumber: 'W-1',
    issueDate: '2026-06-01',
    dueDate: '2026-06-08',
    seller: { name: 'Muster Maschinen GmbH', vatId: 'DE811907980', address: { line1: 'Hauptstraße 1', city: 'Köln', postalCode: '50667' } },
    buyer: { name: 'Kunde KG', address: { city: 'Bonn', postalCode: '53111' } },
    lines: [{ name: 'Fräse', quantity: 1, unitPriceNet: 1000, vatRatePercent: 19, lineNetAmount: 1000 }],
    vatBreakdown: [{ categoryCode: 'S', ratePercent: 19, basisAmount: 1000, taxAmount: 190 }],
    totalNet: 1000,
    totalVat: 190,
    totalGross: 1190,
    payment: { iban: 'DE02120300000000202051', discountPercent: 2, discountDays: 14 },
  };
}

function cleanInvoice(): Record<string, unknown> {
  return {
    ...gmbhWithSkontoAfterDue(),
    deliveryDate: '2026-06-01',
    seller: {
      name: 'Muster Maschinen GmbH',
      vatId: 'DE811907980',
      registrationId: 'HRB 4711',
      legalInfo: 'Sitz Köln, Amtsgericht Köln HRB 4711, Geschäftsführerin: Erika Muster',
      address: { line1: 'Hauptstraße 1', city: 'Köln', postalCode: '50667' },
    },
    dueDate: '2026-07-01',
  };
}

function reverseChargeWithoutNote(): Record<string, unknown> {
  return {
    invoiceNumber: 'RC-1',
    issueDate: '2026-06-01',
    dueDate: '2026-07-01',
    deliveryDate: '2026-05-29',
    seller: { name: 'Beratung Weber', vatId: 'DE811907980' },
    buyer: { name: 'Fjord ApS', vatId: 'DK13585628', address: { countryCode: 'DK' } },
    lines: [{ name: 'Beratung', quantity: 10, unitPriceNet: 100, vatRatePercent: 0, lineNetAmount: 1000 }],
    vatBreakdown: [{ categoryCode: 'AE', ratePercent: 0, basisAmount: 1000, taxAmount: 0 }],
    totalNet: 1000,
    totalVat: 0,
    totalGross: 1000,
  };
}

const codesOf = (ws: Warning[]) => ws.map((w) => w.code);

describe('POST /invoices warnings', () => {
  it('format=xml JSON: warnings[] with specific codes and German messages naming their legal source; headers agree', async () => {
    const { key } = await t.account({ plan: 'converter' });
    const r = await post(key, { invoice: gmbhWithSkontoAfterDue() }, { query: '?format=xml', accept: 'application/json' });
    expect(r.status).toBe(200);
    const body = (await r.json()) as { xml: string; warnings: Warning[] };
    const codes = codesOf(body.warnings);
    expect(codes).toEqual(
      expect.arrayContaining(['SKONTO_AFTER_DUE_DATE', 'DE-UStG-14-4-6', 'DE-GmbHG-35a-REGISTER-NUMBER', 'DE-GmbHG-35a-REGISTER-COURT', 'DE-GmbHG-35a-SEAT', 'DE-GmbHG-35a-MANAGING-DIRECTORS']),
    );
    const skonto = body.warnings.find((w) => w.code === 'SKONTO_AFTER_DUE_DATE')!;
    expect(skonto.message).toBe('Die Skontofrist (14 Tage ab 01.06.2026) endet nach dem Fälligkeitsdatum 08.06.2026');
    expect(skonto.path).toBe('payment.discountDays');
    expect(body.warnings.find((w) => w.code === 'DE-UStG-14-4-6')!.message).toContain('§ 14 Abs. 4 Satz 1 Nr. 6 UStG');
    expect(body.warnings.find((w) => w.code === 'DE-GmbHG-35a-MANAGING-DIRECTORS')!.message).toContain('§ 35a GmbHG');
    expect(r.headers.get('x-invoice-warnings')).toBe(String(body.warnings.length));
    expect(r.headers.get('x-invoice-warning-codes')!.split(',').sort()).toEqual([...new Set(codes)].sort());
    // the warnings do not touch the XML: no legal text invented
    expect(body.xml).not.toMatch(/<ram:SellerTradeParty>((?!<\/ram:SellerTradeParty>)[\s\S])*<ram:Description>/);
  });

  it('lang=en gives English messages', async () => {
    const { key } = await t.account({ plan: 'converter' });
    const r = await post(key, { invoice: gmbhWithSkontoAfterDue(), lang: 'en' }, { query: '?format=xml', accept: 'application/json' });
    const body = (await r.json()) as { warnings: Warning[] };
    expect(body.warnings.find((w) => w.code === 'SKONTO_AFTER_DUE_DATE')!.message).toBe('The discount period (14 days from 2026-06-01) ends after the due date 2026-06-08');
    expect(body.warnings.find((w) => w.code === 'DE-GmbHG-35a-SEAT')!.message).toContain('registered seat');
  });

  it('binary XML: the headers carry count and codes; a clean invoice says 0 and has BT-33 in the XML', async () => {
    const { key } = await t.account({ plan: 'converter' });
    const r = await post(key, { invoice: gmbhWithSkontoAfterDue() }, { query: '?format=xml' });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(Number(r.headers.get('x-invoice-warnings'))).toBeGreaterThanOrEqual(6);
    expect(r.headers.get('x-invoice-warning-codes')).toContain('SKONTO_AFTER_DUE_DATE');

    const ok = await post(key, { invoice: cleanInvoice() }, { query: '?format=xml' });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-invoice-warnings')).toBe('0');
    expect(ok.headers.get('x-invoice-warning-codes')).toBeNull();
    expect(await ok.text()).toContain('<ram:Description>Sitz Köln, Amtsgericht Köln HRB 4711, Geschäftsführerin: Erika Muster</ram:Description>');
  });

  it('OpenAPI documents warnings[] and both headers on the 200 answer', async () => {
    const doc = (await (await t.request('/api/v1/openapi.json')).json()) as Record<string, any>;
    const ok = doc.paths['/invoices'].post.responses['200'];
    expect(Object.keys(ok.headers)).toEqual(expect.arrayContaining(['X-Invoice-Warnings', 'X-Invoice-Warning-Codes']));
    const w = ok.content['application/json'].schema.properties.warnings;
    expect(w.type).toBe('array');
    expect(w.items.required).toEqual(['code', 'message']);
    expect(w.description).toContain('DE-UStG');
  });

  it('format=pdf: reverse charge without the § 14a note is generated with a warning, in JSON and headers', async () => {
    const { key, id } = await t.account({ plan: 'converter' });
    const before = (await t.services.accounts.byId(id))!.credits;
    const j = await post(key, { invoice: reverseChargeWithoutNote() }, { accept: 'application/json' });
    expect(j.status).toBe(200);
    const body = (await j.json()) as { pdf_base64: string; warnings: Warning[] };
    expect(body.pdf_base64.length).toBeGreaterThan(1000);
    const rc = body.warnings.find((w) => w.code === 'DE-UStG-14a-5')!;
    expect(rc.message).toContain('Steuerschuldnerschaft des Leistungsempfängers');
    expect(rc.message).toContain('§ 14a Abs. 5 UStG');
    expect(rc.path).toBe('vatBreakdown.0.exemptionReason');
    expect(j.headers.get('x-invoice-warning-codes')).toBe('DE-UStG-14a-5');

    const b = await post(key, { invoice: reverseChargeWithoutNote() });
    expect(b.headers.get('content-type')).toBe('application/pdf');
    expect(b.headers.get('x-invoice-warnings')).toBe('1');
    // subscription plan: warnings change nothing about billing
    expect((await t.services.accounts.byId(id))!.credits).toBe(before);
  });
});
