import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startViesStandin, type ViesStandin } from '@kontor/testkit/vies-standin';
import { runCapture } from '../../test/run';

let vies: ViesStandin;
beforeAll(async () => {
  vies = await startViesStandin({
    fixtures: { DE136695976: { valid: true, name: 'ACME GMBH', address: 'STR. 1\n10115 BERLIN' }, ATU13585627: { error: 'MS_UNAVAILABLE' } },
  });
});
afterAll(() => vies.close());

async function run(argv: string[]) {
  return runCapture(argv, { cwd: process.cwd(), env: { KONTOR_VIES_URL: vies.baseUrl } });
}

describe('kontor vat syntax', () => {
  it('accepts a valid id with separators and prints the canonical form', async () => {
    const r = await run(['vat', 'syntax', 'de', '136.695.976']);
    expect(r).toMatchObject({ code: 0, out: 'DE136695976: format and check digits valid (DE)\n' });
  });

  it('exits 1 with the failure code, also as JSON', async () => {
    const r = await run(['vat', 'syntax', 'DE136695978', '--json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toMatchObject({ valid: false, code: 'VAT_CHECKSUM', countryCode: 'DE' });
    expect((await run(['vat', 'syntax'])).code).toBe(2);
  });
});

describe('kontor vat check', () => {
  it('prints the VIES answer', async () => {
    const r = await run(['vat', 'check', 'DE136695976']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('DE136695976: valid (VIES');
    expect(r.out).toContain('Name:    ACME GMBH');
    expect(r.out).toContain('10115 BERLIN');
  });

  it('exit codes: 1 invalid, 3 unavailable; JSON output', async () => {
    expect((await run(['vat', 'check', 'FR23334175221'])).code).toBe(1);
    const down = await run(['vat', 'check', 'ATU13585627', '--json']);
    expect(down.code).toBe(3);
    expect(JSON.parse(down.out)).toMatchObject({ status: 'unavailable', errorCode: 'MS_UNAVAILABLE' });
  });

  it('refuses malformed ids without asking VIES', async () => {
    const before = vies.requests.length;
    const r = await run(['vat', 'check', 'XX123']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('Error [VAT_SYNTAX]');
    expect(vies.requests.length).toBe(before);
  });

  it('sends the requester and shows the consultation number', async () => {
    const r = await run(['vat', 'check', 'DE136695976', '--requester', 'ATU13585627', '--timeout-ms', '2000']);
    expect(r.out).toMatch(/Consultation number: WAPI\d+/);
    expect((await run(['vat', 'check', 'DE136695976', '--requester', 'AT1'])).code).toBe(2);
  });
});
