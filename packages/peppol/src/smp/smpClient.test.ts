import { afterEach, describe, expect, it } from 'vitest';
import { BILLING_PROCESS, BIS_INVOICE, startSmpStandin, TEST_AP_CERTIFICATE, XRECHNUNG_CII, type SmpParticipantFixture } from '@kontor/testkit/peppol-standins';
import { parseParticipant } from '../participant/parseParticipant';
import { describeCertificate } from './certificate';
import { documentTypeIdFromHref, fetchServiceGroup, fetchServiceMetadata, serviceGroupUrl } from './smpClient';

const participant = parseParticipant('0088:7300010000001');
const AS4 = 'peppol-transport-as4-v2_0';
const NOW = () => new Date('2027-06-01T00:00:00Z');

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function smp(participants: Record<string, SmpParticipantFixture>, slowMs?: number) {
  const standin = await startSmpStandin(participants, slowMs === undefined ? {} : { slowMs });
  closers.push(standin.close);
  return standin;
}

const receiving: SmpParticipantFixture = {
  documents: [
    { id: BIS_INVOICE, processes: [{ id: BILLING_PROCESS, endpoints: [{ transportProfile: AS4, url: 'https://ap.example.test/as4' }] }] },
    { id: XRECHNUNG_CII, processes: [{ id: BILLING_PROCESS, endpoints: [{ transportProfile: AS4, url: 'https://ap.example.test/as4' }] }] },
  ],
};

describe('SMP URLs', () => {
  it('percent-encodes the whole identifier as one path segment', () => {
    expect(serviceGroupUrl('https://smp.test/base/', participant)).toBe('https://smp.test/base/iso6523-actorid-upis%3A%3A0088%3A7300010000001');
  });
  it('decodes the document type from a reference href', () => {
    expect(documentTypeIdFromHref(`https://smp.test/p/services/${encodeURIComponent(BIS_INVOICE)}`)).toBe(BIS_INVOICE);
    expect(documentTypeIdFromHref('https://smp.test/p/other')).toBeNull();
    expect(documentTypeIdFromHref('https://smp.test/p/services/%E0%A4%A')).toBeNull();
  });
});

describe('fetchServiceGroup', () => {
  it('lists the service metadata references with decoded document type ids', async () => {
    const standin = await smp({ '0088:7300010000001': receiving });
    const group = await fetchServiceGroup(standin.smpUrl, participant, { allowHttp: true, timeoutMs: 1000 });
    expect(group?.participant).toEqual({ scheme: 'iso6523-actorid-upis', value: '0088:7300010000001', id: 'iso6523-actorid-upis::0088:7300010000001' });
    expect(group?.references.map((r) => r.documentTypeId)).toEqual([BIS_INVOICE, XRECHNUNG_CII]);
    expect(standin.requests).toEqual(['/smp/iso6523-actorid-upis::0088:7300010000001']);
  });

  it('returns null for a participant the SMP does not know (404)', async () => {
    const standin = await smp({});
    expect(await fetchServiceGroup(standin.smpUrl, participant, { allowHttp: true, timeoutMs: 1000 })).toBeUndefined();
  });

  it.each([
    ['error500', 'SMP_UNAVAILABLE'],
    ['malformed', 'SMP_INVALID_RESPONSE'],
    ['huge', 'SMP_INVALID_RESPONSE'],
    ['slow', 'SMP_UNAVAILABLE'],
  ] as const)('%s → %s', async (behaviour, code) => {
    const standin = await smp({ '0088:7300010000001': { documents: [], behaviour } }, 1500);
    await expect(fetchServiceGroup(standin.smpUrl, participant, { allowHttp: true, timeoutMs: behaviour === 'slow' ? 200 : 30_000, maxResponseBytes: 100_000 })).rejects.toMatchObject({ code });
  });

  it('an unreachable SMP is SMP_UNAVAILABLE', async () => {
    const standin = await startSmpStandin({});
    await standin.close();
    await expect(fetchServiceGroup(standin.smpUrl, participant, { allowHttp: true, timeoutMs: 500 })).rejects.toMatchObject({ code: 'SMP_UNAVAILABLE' });
  });
});

describe('fetchServiceMetadata', () => {
  it('reads processes, endpoints and the AP certificate', async () => {
    const standin = await smp({ '0088:7300010000001': receiving });
    const group = await fetchServiceGroup(standin.smpUrl, participant, { allowHttp: true });
    const metadata = await fetchServiceMetadata(group!.references[1]!.href, { allowHttp: true, now: NOW });
    expect(metadata.documentType.id).toBe(XRECHNUNG_CII);
    expect(metadata.signed).toBe(true);
    expect(metadata.redirectedFrom).toBeNull();
    expect(metadata.processes).toHaveLength(1);
    expect(metadata.processes[0]!.process.id).toBe(BILLING_PROCESS);
    expect(metadata.processes[0]!.endpoints[0]).toEqual({
      transportProfile: AS4,
      endpointUrl: 'https://ap.example.test/as4',
      requireBusinessLevelSignature: false,
      serviceActivationDate: '2026-01-01T00:00:00Z',
      serviceExpirationDate: null,
      certificate: {
        notBefore: '2026-11-22T02:52:13.000Z',
        notAfter: '2036-11-19T02:52:13.000Z',
        subject: 'C=DE, O=Kontor Test AP, OU=PEPPOL TEST AP, CN=PDE000001',
        issuer: 'C=DE, O=Kontor Test AP, OU=PEPPOL TEST AP, CN=PDE000001',
        serialNumber: expect.stringMatching(/^[0-9A-F]+$/),
        valid: true,
      },
      description: 'Test AP',
      technicalContactUrl: 'mailto:ops@example.test',
      technicalInformationUrl: null,
    });
  });

  it('follows one Redirect, but not a second', async () => {
    const target = await smp({ '0088:7300010000001': receiving });
    const targetHref = `${target.smpUrl}/${encodeURIComponent(participant.identifier)}/services/${encodeURIComponent(BIS_INVOICE)}`;
    const redirecting = await smp({ '0088:7300010000001': { documents: [{ id: BIS_INVOICE, redirectTo: targetHref }] } });
    const href = `${redirecting.smpUrl}/${encodeURIComponent(participant.identifier)}/services/${encodeURIComponent(BIS_INVOICE)}`;
    const metadata = await fetchServiceMetadata(href, { allowHttp: true });
    expect(metadata.redirectedFrom).toBe(href);
    expect(metadata.processes[0]!.endpoints[0]!.endpointUrl).toBe('https://ap.example.test/as4');

    const loop = await smp({ '0088:7300010000001': { documents: [{ id: BIS_INVOICE, redirectTo: href }] } });
    const loopHref = `${loop.smpUrl}/${encodeURIComponent(participant.identifier)}/services/${encodeURIComponent(BIS_INVOICE)}`;
    await expect(fetchServiceMetadata(loopHref, { allowHttp: true })).rejects.toMatchObject({ code: 'SMP_INVALID_RESPONSE' });
  });

  it.each([
    ['error500', 'SMP_UNAVAILABLE'],
    ['malformed', 'SMP_INVALID_RESPONSE'],
    ['doctype', 'SMP_INVALID_RESPONSE'],
    ['wrong-root', 'SMP_INVALID_RESPONSE'],
    ['slow', 'SMP_UNAVAILABLE'],
  ] as const)('%s → %s', async (behaviour, code) => {
    const standin = await smp({ '0088:7300010000001': { documents: [{ id: BIS_INVOICE, behaviour }] } }, 1500);
    const href = `${standin.smpUrl}/${encodeURIComponent(participant.identifier)}/services/${encodeURIComponent(BIS_INVOICE)}`;
    await expect(fetchServiceMetadata(href, { allowHttp: true, timeoutMs: behaviour === 'slow' ? 200 : 30_000 })).rejects.toMatchObject({ code });
  });

  it.each(['file:///etc/passwd', 'ftp://smp.example.test/metadata', 'javascript:alert(1)', 'data:text/xml,<x/>', 'gopher://smp.example.test/'])(
    'refuses the href %s before fetching anything',
    async (href) => {
      const calls: string[] = [];
      const countingFetch: typeof fetch = async (input) => {
        calls.push(String(input));
        return new Response('<x/>');
      };
      const scheme = new URL(href).protocol;
      await expect(fetchServiceMetadata(href, { fetch: countingFetch, allowHttp: true })).rejects.toMatchObject({
        code: 'SMP_INVALID_RESPONSE',
        message: `The service metadata reference is a ${scheme} URL; only https and http URLs are fetched.`,
      });
      expect(calls).toEqual([]);
    },
  );

  it('refuses http hrefs and Redirect targets unless http is allowed', async () => {
    const standin = await smp({ '0088:7300010000001': receiving });
    const href = `${standin.smpUrl}/${encodeURIComponent(participant.identifier)}/services/${encodeURIComponent(BIS_INVOICE)}`;
    await expect(fetchServiceMetadata(href)).rejects.toThrow('The service metadata reference is a http: URL; only https URLs are fetched.');
    const redirecting = await smp({ '0088:7300010000001': { documents: [{ id: BIS_INVOICE, redirectTo: 'file:///etc/passwd' }] } });
    const redirectHref = `${redirecting.smpUrl}/${encodeURIComponent(participant.identifier)}/services/${encodeURIComponent(BIS_INVOICE)}`;
    await expect(fetchServiceMetadata(redirectHref, { allowHttp: true })).rejects.toMatchObject({ code: 'SMP_INVALID_RESPONSE', message: expect.stringContaining('is a file: URL') });
    expect(standin.requests).toEqual([]);
  });

  it('rejects the DOCTYPE before any entity could be resolved', async () => {
    const standin = await smp({ '0088:7300010000001': { documents: [{ id: BIS_INVOICE, behaviour: 'doctype' }] } });
    const href = `${standin.smpUrl}/${encodeURIComponent(participant.identifier)}/services/${encodeURIComponent(BIS_INVOICE)}`;
    await expect(fetchServiceMetadata(href, { allowHttp: true })).rejects.toThrow(/DOCTYPE is not allowed/);
  });

  it('counts certificates it cannot read and detects missing signatures', async () => {
    const standin = await smp({
      '0088:7300010000001': {
        documents: [
          {
            id: BIS_INVOICE,
            unsigned: true,
            processes: [{ id: BILLING_PROCESS, endpoints: [{ transportProfile: AS4, url: 'https://ap.test', certificate: 'bm90IGEgY2VydA==' }] }],
          },
        ],
      },
    });
    const href = `${standin.smpUrl}/${encodeURIComponent(participant.identifier)}/services/${encodeURIComponent(BIS_INVOICE)}`;
    const metadata = await fetchServiceMetadata(href, { allowHttp: true });
    expect(metadata.signed).toBe(false);
    expect(metadata.unreadableCertificates).toBe(1);
    expect(metadata.processes[0]!.endpoints[0]!.certificate).toBeNull();
  });
});

describe('describeCertificate', () => {
  it('judges validity against the given clock and accepts PEM armour', () => {
    expect(describeCertificate(TEST_AP_CERTIFICATE, new Date('2026-11-01T00:00:00Z'))?.valid).toBe(false);
    expect(describeCertificate(TEST_AP_CERTIFICATE, new Date('2030-01-01T00:00:00Z'))?.valid).toBe(true);
    expect(describeCertificate(TEST_AP_CERTIFICATE, new Date('2037-01-01T00:00:00Z'))?.valid).toBe(false);
    const pem = `-----BEGIN CERTIFICATE-----\n${TEST_AP_CERTIFICATE.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----`;
    expect(describeCertificate(pem, NOW())?.subject).toContain('CN=PDE000001');
    expect(describeCertificate('***', NOW())).toBeNull();
    expect(describeCertificate('', NOW())).toBeNull();
  });
});
