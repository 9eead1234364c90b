/** kontor invoice xml / pdf print the generation warnings (code, path, message; de or en) and put them in --json. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCapture } from '../../test/run';

const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-cli-warn-'));

const invoice = {
  invoiceNumber: 'W-7',
  issueDate: '2026-06-01',
  dueDate: '2026-06-08',
  seller: { name: 'Muster Maschinen GmbH', vatId: 'DE811907980' },
  buyer: { name: 'Kunde KG' },
  lines: [{ name: 'Fräse', quantity: 1, unitPriceNet: 1000, vatRatePercent: 19, lineNetAmount: 1000 }],
  vatBreakdown: [{ categoryCode: 'S', ratePercent: 19, basisAmount: 1000, taxAmount: 190 }],
  totalNet: 1000,
  totalVat: 190,
  totalGross: 1190,
  payment: { iban: 'DE02120300000000202051', discountPercent: 2, discountDays: 14 },
};

beforeAll(() => writeFileSync(path.join(dir, 'inv.json'), JSON.stringify(invoice)));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (argv: string[]) => runCapture(argv, { cwd: dir, env: {} });

describe('invoice warnings in the CLI', () => {
  it('invoice xml prints each warning with code and path; --lang de in German; --json lists them', async () => {
    const r = await run(['invoice', 'xml', 'inv.json', '-o', 'out.xml']);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain('warning SKONTO_AFTER_DUE_DATE at payment.discountDays: The discount period (14 days from 2026-06-01) ends after the due date 2026-06-08');
    expect(r.err).toContain('warning DE-GmbHG-35a-MANAGING-DIRECTORS at seller.legalInfo:');
    const de = await run(['invoice', 'xml', 'inv.json', '-o', 'out.xml', '--lang', 'de']);
    expect(de.err).toContain('Die Skontofrist (14 Tage ab 01.06.2026) endet nach dem Fälligkeitsdatum 08.06.2026');
    const j = await run(['invoice', 'xml', 'inv.json', '--json']);
    const body = JSON.parse(j.out) as { ok: boolean; warnings: { code: string; message: string; path?: string }[] };
    expect(body.ok).toBe(true);
    expect(body.warnings.map((w) => w.code)).toEqual(expect.arrayContaining(['SKONTO_AFTER_DUE_DATE', 'DE-UStG-14-4-6', 'DE-GmbHG-35a-SEAT']));
  });

  it('invoice pdf prints the warnings in the document language', async () => {
    const r = await run(['invoice', 'pdf', 'inv.json', '-o', 'out.pdf']);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain('warning SKONTO_AFTER_DUE_DATE at payment.discountDays: Die Skontofrist');
    expect(r.err).toContain('warning DE-UStG-14-4-6 at deliveryDate:');
    const j = await run(['invoice', 'pdf', 'inv.json', '-o', 'out.pdf', '--lang', 'en', '--json']);
    const body = JSON.parse(j.out) as { warnings: { code: string; message: string }[] };
    expect(body.warnings.find((w) => w.code === 'DE-UStG-14-4-6')!.message).toContain('date of supply');
  });
});
