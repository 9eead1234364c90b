/**
 * Loopback stand-in for the VIES REST API (protocols.md §1.1-1.3): `POST /rest-api/check-vat-number`
 * and `POST /rest-api/check-vat-test-service`, driven by a fixture table keyed by `CC+number`,
 * the documented magic test numbers, and knobs for delays, concurrency caps and malformed answers.
 */
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';

export type ViesFixture =
  | { valid: boolean; name?: string; address?: string }
  /** An error envelope `{actionSucceed:false, errorWrappers:[{error}]}` with the given HTTP status (default 500). */
  | { error: string; status?: number }
  /** A raw body, e.g. for malformed answers. */
  | { raw: string; status?: number; contentType?: string }
  /** One entry per request; the last one repeats. */
  | { sequence: ViesFixture[] }
  /** Hold the answer for `delayMs` before giving `then`. */
  | { delayMs: number; then: ViesFixture };

export interface ViesStandinOptions {
  fixtures?: Record<string, ViesFixture>;
  /** Answer MS_MAX_CONCURRENT_REQ when more requests of one country are in flight. */
  maxInFlightPerCountry?: number;
  /** Requester ids (CC+number) that VIES refuses with INVALID_REQUESTER_INFO. */
  invalidRequesters?: string[];
}

export interface RecordedViesRequest {
  path: string;
  body: Record<string, unknown>;
}

export interface ViesStandin {
  baseUrl: string;
  requests: RecordedViesRequest[];
  /** Highest number of concurrent requests seen per country. */
  peakInFlight: Record<string, number>;
  close(): Promise<void>;
}

const MEMBER_STATES = new Set('AT BE BG CY CZ DE DK EE EL ES FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK XI'.split(' '));

/** Magic numbers of the VIES test service (any country). */
const TEST_SERVICE_CODES: Record<string, string> = {
  '201': 'INVALID_INPUT',
  '202': 'INVALID_REQUESTER_INFO',
  '300': 'SERVICE_UNAVAILABLE',
  '301': 'MS_UNAVAILABLE',
  '302': 'TIMEOUT',
  '400': 'VAT_BLOCKED',
  '401': 'IP_BLOCKED',
  '500': 'GLOBAL_MAX_CONCURRENT_REQ',
  '501': 'GLOBAL_MAX_CONCURRENT_REQ_TIME',
  '600': 'MS_MAX_CONCURRENT_REQ',
  '601': 'MS_MAX_CONCURRENT_REQ_TIME',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function errorEnvelope(code: string, status = 500): Response {
  return Response.json({ actionSucceed: false, errorWrappers: [{ error: code, message: `stand-in: ${code}` }] }, { status });
}

export async function startViesStandin(options: ViesStandinOptions = {}): Promise<ViesStandin> {
  const fixtures = options.fixtures ?? {};
  const requests: RecordedViesRequest[] = [];
  const sequencePositions = new Map<ViesFixture, number>();
  const inFlight = new Map<string, number>();
  const peakInFlight: Record<string, number> = {};
  let consultationCounter = 0;

  function successBody(countryCode: string, vatNumber: string, valid: boolean, name: string, address: string, body: Record<string, unknown>) {
    const hasRequester = typeof body.requesterMemberStateCode === 'string' && typeof body.requesterNumber === 'string';
    return {
      countryCode,
      vatNumber,
      requestDate: new Date().toISOString(),
      valid,
      requestIdentifier: hasRequester ? `WAPI${String(++consultationCounter).padStart(12, '0')}` : '',
      name,
      address,
      traderName: name,
      traderStreet: null,
      traderPostalCode: null,
      traderCity: null,
      traderCompanyType: null,
      traderNameMatch: 'NOT_PROCESSED',
      traderStreetMatch: 'NOT_PROCESSED',
      traderPostalCodeMatch: 'NOT_PROCESSED',
      traderCityMatch: 'NOT_PROCESSED',
      traderCompanyTypeMatch: 'NOT_PROCESSED',
    };
  }

  async function answer(fixture: ViesFixture, countryCode: string, vatNumber: string, body: Record<string, unknown>): Promise<Response> {
    if ('sequence' in fixture) {
      const position = sequencePositions.get(fixture) ?? 0;
      sequencePositions.set(fixture, position + 1);
      const next = fixture.sequence[Math.min(position, fixture.sequence.length - 1)];
      return next ? answer(next, countryCode, vatNumber, body) : errorEnvelope('SERVICE_UNAVAILABLE');
    }
    if ('delayMs' in fixture) {
      await sleep(fixture.delayMs);
      return answer(fixture.then, countryCode, vatNumber, body);
    }
    if ('error' in fixture) return errorEnvelope(fixture.error, fixture.status);
    if ('raw' in fixture) {
      return new Response(fixture.raw, { status: fixture.status ?? 200, headers: { 'content-type': fixture.contentType ?? 'application/json' } });
    }
    return Response.json(successBody(countryCode, vatNumber, fixture.valid, fixture.name ?? '---', fixture.address ?? '---', body));
  }

  async function handle(path: string, raw: string, testService: boolean): Promise<Response> {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return errorEnvelope('INVALID_INPUT', 400);
    }
    requests.push({ path, body });
    const countryCode = body.countryCode;
    const vatNumber = body.vatNumber;
    if (typeof countryCode !== 'string' || !MEMBER_STATES.has(countryCode) || typeof vatNumber !== 'string' || !/^[0-9A-Z+*]+$/.test(vatNumber)) {
      return errorEnvelope('INVALID_INPUT', 400);
    }
    if (body.requesterMemberStateCode !== undefined || body.requesterNumber !== undefined) {
      const requester = `${String(body.requesterMemberStateCode)}${String(body.requesterNumber)}`;
      if (options.invalidRequesters?.includes(requester)) return errorEnvelope('INVALID_REQUESTER_INFO', 400);
    }
    if (testService) {
      if (vatNumber === '100') return Response.json(successBody(countryCode, vatNumber, true, 'John Doe', '123 Main St, Anytown, UK', body));
      if (vatNumber === '200') return Response.json(successBody(countryCode, vatNumber, false, '---', '---', body));
      return errorEnvelope(TEST_SERVICE_CODES[vatNumber] ?? 'SERVICE_UNAVAILABLE');
    }
    const current = (inFlight.get(countryCode) ?? 0) + 1;
    inFlight.set(countryCode, current);
    peakInFlight[countryCode] = Math.max(peakInFlight[countryCode] ?? 0, current);
    try {
      if (options.maxInFlightPerCountry !== undefined && current > options.maxInFlightPerCountry) {
        return errorEnvelope('MS_MAX_CONCURRENT_REQ');
      }
      const fixture = fixtures[countryCode + vatNumber] ?? { valid: false };
      return await answer(fixture, countryCode, vatNumber, body);
    } finally {
      inFlight.set(countryCode, (inFlight.get(countryCode) ?? 1) - 1);
    }
  }

  const app = new Hono();
  app.post('/rest-api/check-vat-number', async (c) => handle(c.req.path, await c.req.text(), false));
  app.post('/rest-api/check-vat-test-service', async (c) => handle(c.req.path, await c.req.text(), true));

  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
  const port = (server.address() as AddressInfo).port;

  return {
    baseUrl: `http://127.0.0.1:${port}/rest-api`,
    requests,
    peakInFlight,
    close: () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
