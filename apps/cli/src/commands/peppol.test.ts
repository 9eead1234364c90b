import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnameHostname, naptrHostname, parseParticipant } from '@kontor/peppol';
import { startDnsStandin, type DnsStandin } from '@kontor/testkit/dns-standin';
import { BILLING_PROCESS, XRECHNUNG_CII, startDirectoryStandin, startSmpStandin, type HttpStandin } from '@kontor/testkit/peppol-standins';
import { runCapture } from '../../test/run';

const ZONE = 'sml.test.invalid';
const LEITWEG = '04011000-1234512345-06';
let dns: DnsStandin;
let smp: HttpStandin & { smpUrl: string };
let directory: HttpStandin;

beforeAll(async () => {
  dns = await startDnsStandin();
  smp = await startSmpStandin({
    [`0204:${LEITWEG}`]: {
      documents: [{ id: XRECHNUNG_CII, processes: [{ id: BILLING_PROCESS, endpoints: [{ transportProfile: 'peppol-transport-as4-v2_0', url: 'https://ap.bund.test/as4' }] }] }],
    },
  });
  directory = await startDirectoryStandin({ [`0204:${LEITWEG}`]: { name: 'Stadt Beispiel', countryCode: 'DE' } }, { maxPerSecond: 100 });
  const participant = parseParticipant(`0204:${LEITWEG}`);
  dns.set(naptrHostname(participant, ZONE), { naptr: [{ order: 1, preference: 1, flags: 'U', services: 'Meta:SMP', regexp: `!^.*$!${smp.smpUrl}!` }] });
  dns.set(cnameHostname(parseParticipant('0088:7300010000001'), ZONE), { behaviour: 'servfail' });
});
afterAll(async () => {
  await Promise.all([dns.close(), smp.close(), directory.close()]);
});

async function run(argv: string[]) {
  const env = { KONTOR_SML_ZONE: ZONE, KONTOR_DNS_RESOLVER: dns.server, KONTOR_PEPPOL_DIRECTORY_URL: directory.baseUrl };
  return runCapture(argv, { cwd: process.cwd(), env });
}

describe('kontor peppol parse', () => {
  it('reads bare forms and refuses others', async () => {
    expect(await run(['peppol', 'parse', LEITWEG])).toMatchObject({ code: 0, out: `iso6523-actorid-upis::0204:${LEITWEG}  (read as leitweg-id)\n` });
    const bad = await run(['peppol', 'parse', '7300010000002', '--json']);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.out)).toMatchObject({ ok: false, reason: 'PARTICIPANT_GLN_CHECKSUM' });
  });
});

describe('kontor peppol check', () => {
  it('shows registration, capabilities and the Directory name', async () => {
    const r = await run(['peppol', 'check', LEITWEG, '--allow-http', '--allow-private', '--timeout-ms', '1000']);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`iso6523-actorid-upis::0204:${LEITWEG}: registered in Peppol (SML ${ZONE}, naptr)`);
    expect(r.out).toContain(`SMP: ${smp.smpUrl}`);
    expect(r.out).toContain('Directory: Stadt Beispiel, DE');
    expect(r.out).toContain('Receives: XRechnung 3.0 CII');
    expect(r.out).toMatch(/peppol-transport-as4-v2_0 → https:\/\/ap\.bund\.test\/as4, certificate (valid|NOT valid) until 2036-11-19/);
  });

  it('JSON output; without --allow-http the http SMP is reported, not queried', async () => {
    const r = await run(['peppol', 'check', `0204:${LEITWEG}`, '--no-directory', '--json']);
    const body = JSON.parse(r.out);
    expect(body).toMatchObject({ registered: true, directory: null, documentTypes: [] });
    expect(body.issues.map((i: { code: string }) => i.code)).toEqual(['SMP_NOT_HTTPS']);
  });

  it('an SMP on a loopback address is refused before connecting unless --allow-private (or KONTOR_SMP_ALLOW_PRIVATE)', async () => {
    const before = smp.requests.length;
    const r = await run(['peppol', 'check', LEITWEG, '--allow-http', '--no-directory', '--json']);
    const body = JSON.parse(r.out);
    expect(body).toMatchObject({ registered: true, documentTypes: [] });
    expect(body.issues).toEqual([expect.objectContaining({ code: 'SMP_UNAVAILABLE', message: expect.stringContaining('is not a public address (loopback)') })]);
    expect(smp.requests.length).toBe(before);
    const env = { KONTOR_SML_ZONE: ZONE, KONTOR_DNS_RESOLVER: dns.server, KONTOR_SMP_ALLOW_PRIVATE: 'true', KONTOR_SMP_ALLOW_HTTP: 'true' };
    const allowed = await runCapture(['peppol', 'check', LEITWEG, '--no-directory', '--json'], { cwd: process.cwd(), env });
    expect(JSON.parse(allowed.out)).toMatchObject({ registered: true, issues: [], documentTypes: [{ name: 'XRechnung 3.0 CII' }] });
    expect(smp.requests.length).toBeGreaterThan(before);
  });

  it('exit 1 for an unregistered participant, error code for a failing SML', async () => {
    expect((await run(['peppol', 'check', '4000001000005', '--no-directory'])).code).toBe(1);
    const down = await run(['peppol', 'check', '7300010000001', '--cname', '--timeout-ms', '200']);
    expect(down.code).toBe(1);
    expect(down.err).toContain('Error [SML_UNAVAILABLE]');
    const bad = await run(['peppol', 'check', 'nonsense']);
    expect(bad.err).toContain('Error [PARTICIPANT_INVALID]');
  });
});
