/**
 * Loopback stand-ins for a Peppol SMP (busdox XML, protocols.md §2.3) and the Peppol Directory
 * search API (§2.4), as Hono apps. Fixtures describe what a participant can receive; knobs make
 * answers slow, failing, malformed or hostile.
 */
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { Hono, type Context } from 'hono';

const SMP_NS = 'http://busdox.org/serviceMetadata/publishing/1.0/';
const ID_NS = 'http://busdox.org/transport/identifiers/1.0/';
const WSA_NS = 'http://www.w3.org/2005/08/addressing';

/** A throwaway self-signed EC certificate made for these tests (valid 2026-11-22 … 2036-11-19). */
export const TEST_AP_CERTIFICATE =
  'MIIB+jCCAaGgAwIBAgIUU8kvuzigqtbOGCvoAtPdst7D4EYwCgYIKoZIzj0EAwIwUzELMAkGA1UEBhMCREUxFzAVBgNVBAoMDktvbnRvciBUZXN0IEFQMRcwFQYDVQQLDA5QRVBQT0wgVEVTVCBBUDESMBAGA1UEAwwJUERFMDAwMDAxMB4XDTI2MTEyMjAyNTIxM1oXDTM2MTExOTAyNTIxM1owUzELMAkGA1UEBhMCREUxFzAVBgNVBAoMDktvbnRvciBUZXN0IEFQMRcwFQYDVQQLDA5QRVBQT0wgVEVTVCBBUDESMBAGA1UEAwwJUERFMDAwMDAxMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEJL/enQcMu+5BpVBnCU/VyIXZ65jgmK7iOGolFSxmUnDFglhdFuQUtd+5v5jtSKkROXi8wxZq/SpiishHAnm2rKNTMFEwHQYDVR0OBBYEFCzSJrgVp3Vu3Gcry1DsTfE5UxSsMB8GA1UdIwQYMBaAFCzSJrgVp3Vu3Gcry1DsTfE5UxSsMA8GA1UdEwEB/wQFMAMBAf8wCgYIKoZIzj0EAwIDRwAwRAIgS7j00xnCpMY2dZMIy7PZNKW1RTlu0Su7Lm/okZODSQ0CIGxPg9a6DnCWsVgZwjBIjqvgReJzjT5tLnuuGfh+/A+E';

export const BIS_INVOICE = 'busdox-docid-qns::urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1';
export const XRECHNUNG_CII =
  'busdox-docid-qns::urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100::CrossIndustryInvoice##urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0::D16B';
export const BILLING_PROCESS = 'cenbii-procid-ubl::urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

export interface SmpEndpointFixture {
  transportProfile: string;
  url: string;
  certificate?: string;
}

export interface SmpDocumentFixture {
  /** `scheme::value`. */
  id: string;
  processes?: Array<{ id: string; endpoints: SmpEndpointFixture[] }>;
  /** Answer with a Redirect to this URL instead. */
  redirectTo?: string;
  /** Publish this href in the ServiceGroup instead of the stand-in's own metadata URL (hostile SMP answers). */
  href?: string;
  behaviour?: 'error500' | 'malformed' | 'doctype' | 'slow' | 'wrong-root';
  /** Leave out the ds:Signature element. */
  unsigned?: boolean;
}

export interface SmpParticipantFixture {
  documents: SmpDocumentFixture[];
  behaviour?: 'error500' | 'malformed' | 'slow' | 'huge';
}

export interface HttpStandin {
  baseUrl: string;
  /** Paths requested, percent-decoded. */
  requests: string[];
  close(): Promise<void>;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function splitId(id: string): [string, string] {
  const at = id.indexOf('::');
  return [id.slice(0, at), id.slice(at + 2)];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function listen(app: Hono): Promise<{ server: ServerType; baseUrl: string }> {
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
  return { server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function closer(server: ServerType): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      if ('closeAllConnections' in server) server.closeAllConnections();
      server.close(() => resolve());
    });
}

const xml = (body: string, status = 200) => new Response(body, { status, headers: { 'content-type': 'text/xml; charset=utf-8' } });

/** SMP stand-in under `/smp`; participants keyed by their `ICD:id` value (any case). */
export async function startSmpStandin(participants: Record<string, SmpParticipantFixture>, options: { slowMs?: number } = {}): Promise<HttpStandin & { smpUrl: string }> {
  const byValue = new Map(Object.entries(participants).map(([value, fixture]) => [value.toLowerCase(), fixture]));
  const requests: string[] = [];
  const app = new Hono();
  let baseUrl = '';

  const lookup = (pid: string) => {
    const [scheme, value] = splitId(pid);
    return scheme.toLowerCase() === 'iso6523-actorid-upis' ? byValue.get(value.toLowerCase()) : undefined;
  };

  // served under /smp (NAPTR URLs may carry a path) and at the root (legacy CNAME SMPs have none)
  const serviceGroup = async (c: Context, prefix: string) => {
    const pid = c.req.param('pid') ?? '';
    requests.push(`${prefix}/${pid}`);
    const fixture = lookup(pid);
    if (!fixture) return c.text('not found', 404);
    if (fixture.behaviour === 'slow') await sleep(options.slowMs ?? 2000);
    if (fixture.behaviour === 'error500') return c.text('internal error', 500);
    if (fixture.behaviour === 'malformed') return xml('<smp:ServiceGroup xmlns:smp="' + SMP_NS + '"><unclosed>');
    if (fixture.behaviour === 'huge') return xml(`<smp:ServiceGroup xmlns:smp="${SMP_NS}"><!--${'x'.repeat(2_000_000)}--></smp:ServiceGroup>`);
    const [scheme, value] = splitId(pid);
    const references = fixture.documents
      .map((doc) => `<smp:ServiceMetadataReference href="${escapeXml(doc.href ?? `${baseUrl}${prefix}/${encodeURIComponent(pid)}/services/${encodeURIComponent(doc.id)}`)}"/>`)
      .join('');
    return xml(
      `<?xml version="1.0" encoding="UTF-8"?><smp:ServiceGroup xmlns:smp="${SMP_NS}" xmlns:id="${ID_NS}">` +
        `<id:ParticipantIdentifier scheme="${escapeXml(scheme)}">${escapeXml(value)}</id:ParticipantIdentifier>` +
        `<smp:ServiceMetadataReferenceCollection>${references}</smp:ServiceMetadataReferenceCollection></smp:ServiceGroup>`,
    );
  };

  const serviceMetadata = async (c: Context, prefix: string) => {
    const pid = c.req.param('pid') ?? '';
    const docId = c.req.param('doc') ?? '';
    requests.push(`${prefix}/${pid}/services/${docId}`);
    const fixture = lookup(pid);
    // document type identifiers match case-sensitively
    const doc = fixture?.documents.find((d) => d.id === docId);
    if (!fixture || !doc) return c.text('not found', 404);
    if (doc.behaviour === 'slow') await sleep(options.slowMs ?? 2000);
    if (doc.behaviour === 'error500') return c.text('internal error', 500);
    if (doc.behaviour === 'malformed') return xml('<<<not xml');
    if (doc.behaviour === 'doctype') {
      return xml(`<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><smp:SignedServiceMetadata xmlns:smp="${SMP_NS}">&e;</smp:SignedServiceMetadata>`);
    }
    if (doc.behaviour === 'wrong-root') return xml('<html><body>maintenance</body></html>');
    const [pidScheme, pidValue] = splitId(pid);
    const [docScheme, docValue] = splitId(doc.id);
    const signature = doc.unsigned ? '' : '<ds:Signature xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:SignedInfo/></ds:Signature>';
    if (doc.redirectTo) {
      return xml(
        `<smp:SignedServiceMetadata xmlns:smp="${SMP_NS}"><smp:ServiceMetadata><smp:Redirect href="${escapeXml(doc.redirectTo)}">` +
          `<smp:CertificateUID>CN=other SMP</smp:CertificateUID></smp:Redirect></smp:ServiceMetadata>${signature}</smp:SignedServiceMetadata>`,
      );
    }
    const processes = (doc.processes ?? [])
      .map((process) => {
        const [processScheme, processValue] = splitId(process.id);
        const endpoints = process.endpoints
          .map(
            (endpoint) =>
              `<smp:Endpoint transportProfile="${escapeXml(endpoint.transportProfile)}">` +
              `<wsa:EndpointReference><wsa:Address>${escapeXml(endpoint.url)}</wsa:Address></wsa:EndpointReference>` +
              '<smp:RequireBusinessLevelSignature>false</smp:RequireBusinessLevelSignature>' +
              '<smp:ServiceActivationDate>2026-01-01T00:00:00Z</smp:ServiceActivationDate>' +
              `<smp:Certificate>${escapeXml(endpoint.certificate ?? TEST_AP_CERTIFICATE)}</smp:Certificate>` +
              '<smp:ServiceDescription>Test AP</smp:ServiceDescription>' +
              '<smp:TechnicalContactUrl>mailto:ops@example.test</smp:TechnicalContactUrl>' +
              '</smp:Endpoint>',
          )
          .join('');
        return `<smp:Process><id:ProcessIdentifier scheme="${escapeXml(processScheme)}">${escapeXml(processValue)}</id:ProcessIdentifier><smp:ServiceEndpointList>${endpoints}</smp:ServiceEndpointList></smp:Process>`;
      })
      .join('');
    return xml(
      `<?xml version="1.0" encoding="UTF-8"?><smp:SignedServiceMetadata xmlns:smp="${SMP_NS}" xmlns:id="${ID_NS}" xmlns:wsa="${WSA_NS}">` +
        '<smp:ServiceMetadata><smp:ServiceInformation>' +
        `<id:ParticipantIdentifier scheme="${escapeXml(pidScheme)}">${escapeXml(pidValue)}</id:ParticipantIdentifier>` +
        `<id:DocumentIdentifier scheme="${escapeXml(docScheme)}">${escapeXml(docValue)}</id:DocumentIdentifier>` +
        `<smp:ProcessList>${processes}</smp:ProcessList>` +
        `</smp:ServiceInformation></smp:ServiceMetadata>${signature}</smp:SignedServiceMetadata>`,
    );
  };

  app.get('/smp/:pid', (c) => serviceGroup(c, '/smp'));
  app.get('/smp/:pid/services/:doc', (c) => serviceMetadata(c, '/smp'));
  app.get('/:pid', (c) => serviceGroup(c, ''));
  app.get('/:pid/services/:doc', (c) => serviceMetadata(c, ''));

  const { server, baseUrl: url } = await listen(app);
  baseUrl = url;
  return { baseUrl, smpUrl: `${baseUrl}/smp`, requests, close: closer(server) };
}

export interface DirectoryFixture {
  name?: string | Array<{ name: string; language?: string }>;
  countryCode?: string;
}

/** Directory stand-in: `GET /search/1.0/json`, with the 2 queries/s limit (429) of the real service. */
export async function startDirectoryStandin(
  entries: Record<string, DirectoryFixture>,
  options: { behaviour?: 'error500' | 'malformed' | 'slow' | 'always429'; maxPerSecond?: number; slowMs?: number } = {},
): Promise<HttpStandin> {
  const byValue = new Map(Object.entries(entries).map(([value, fixture]) => [value.toLowerCase(), fixture]));
  const requests: string[] = [];
  const recent: number[] = [];
  const app = new Hono();
  app.all('/search/1.0/json', async (c) => {
    if (c.req.method !== 'GET') return c.text('method not allowed', 405);
    requests.push(c.req.url.slice(c.req.url.indexOf('/search')));
    const now = Date.now();
    while (recent.length > 0 && recent[0]! <= now - 1000) recent.shift();
    recent.push(now);
    if (options.behaviour === 'always429' || recent.length > (options.maxPerSecond ?? 2)) {
      return c.json({ error: 'rate limited' }, 429, { 'retry-after': '1' });
    }
    if (options.behaviour === 'slow') await sleep(options.slowMs ?? 2000);
    if (options.behaviour === 'error500') return c.text('down', 500);
    if (options.behaviour === 'malformed') return c.text('{"matches": [', 200);
    const participant = c.req.query('participant');
    if (participant === undefined) return c.text('missing query', 400);
    const at = participant.indexOf('::');
    if (at < 0) return c.text('unparsable participant', 400);
    const value = participant.slice(at + 2);
    const fixture = byValue.get(value.toLowerCase());
    const matches = fixture
      ? [
          {
            participantID: { scheme: participant.slice(0, at), value },
            docTypes: [{ scheme: 'busdox-docid-qns', value: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##x::2.1' }],
            entities: [{ name: fixture.name ?? [{ name: 'Unnamed' }], countryCode: fixture.countryCode ?? 'DE', regDate: '2026-01-01' }],
          },
        ]
      : [];
    return c.json({
      version: '1.0',
      'total-result-count': matches.length,
      'used-result-count': matches.length,
      'result-page-index': 0,
      'result-page-count': 20,
      'first-result-index': 0,
      'last-result-index': Math.max(0, matches.length - 1),
      'query-terms': `participant=${participant}`,
      'creation-dt': new Date().toISOString(),
      matches,
    });
  });
  const { server, baseUrl } = await listen(app);
  return { baseUrl, requests, close: closer(server) };
}
