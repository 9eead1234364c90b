/**
 * The one way out: every outbound HTTP call of the service and the CLI (VIES, SMP, Peppol Directory, model
 * provider, schema download) goes through `createOutboundFetch`. Per hop it parses the URL, allows only the
 * caller's schemes, resolves the host ONCE, refuses when ANY of its addresses is not public (unless the origin was
 * configured by the operator or private addresses are explicitly allowed) and then connects to exactly the
 * validated address — Host header and TLS SNI keep the hostname — so a DNS answer that changes between the check
 * and the connect (rebinding) cannot steer the call. Redirects are followed by hand, every hop checked again;
 * bodies are capped while streaming; one deadline covers all hops and the body.
 */
import { lookup as systemLookup } from 'node:dns/promises';
import net from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';
import type { Config } from '../config';
import { ApiError } from './errors';

export type OutboundErrorCode = 'OUTBOUND_BLOCKED' | 'OUTBOUND_TOO_MANY_REDIRECTS' | 'OUTBOUND_TOO_LARGE';

/**
 * A refused outbound call. It is an ApiError (502 upstream_error) so that wherever it escapes to the HTTP edge the
 * client gets a clear envelope; the message names the origin and the kind of address, never the address itself.
 */
export class OutboundError extends ApiError {
  constructor(
    readonly reason: OutboundErrorCode,
    message: string,
  ) {
    super(502, 'upstream_error', message, [{ code: reason, severity: 'error', message }]);
    this.name = 'OutboundError';
  }
}

export function isOutboundError(value: unknown): value is OutboundError {
  return value instanceof OutboundError;
}

// ---------------------------------------------------------------------------------------------------------------
// Address classification

type V4 = [number, number, number, number];

/** [first address, prefix length, kind] — IANA special-purpose IPv4 registry plus cloud metadata endpoints. */
const V4_DENY: Array<[string, number, string]> = [
  ['0.0.0.0', 8, 'this-network'],
  ['10.0.0.0', 8, 'private'],
  ['100.100.100.200', 32, 'cloud metadata'], // Alibaba Cloud, inside 100.64/10
  ['100.64.0.0', 10, 'shared (CGNAT)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local (metadata)'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignment'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, '6to4 relay anycast'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
  ['168.63.129.16', 32, 'cloud metadata'], // Azure wire server (a public-range address)
];

function parseV4(text: string): V4 | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const out: number[] = [];
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    out.push(n);
  }
  return out as V4;
}

const v4Number = (a: V4) => ((a[0] << 24) | (a[1] << 16) | (a[2] << 8) | a[3]) >>> 0;

const V4_DENY_NUMERIC = V4_DENY.map(([base, bits, kind]) => {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return { net: (v4Number(parseV4(base)!) & mask) >>> 0, mask, kind };
});

function classifyV4(a: V4): string | null {
  const n = v4Number(a);
  for (const range of V4_DENY_NUMERIC) if ((n & range.mask) >>> 0 === range.net) return range.kind;
  return null;
}

/** Eight 16-bit groups, or null. Accepts `::` compression, a trailing dotted quad and a `%zone`. */
function parseV6(text: string): number[] | null {
  let s = text.toLowerCase();
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  if (!net.isIPv6(s)) return null;
  const lastColon = s.lastIndexOf(':');
  const tail = s.slice(lastColon + 1);
  if (tail.includes('.')) {
    const v4 = parseV4(tail);
    if (!v4) return null;
    s = `${s.slice(0, lastColon + 1)}${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const fill = halves.length === 2 ? 8 - head.length - rest.length : 0;
  if (fill < 0 || (halves.length === 1 && head.length !== 8)) return null;
  const groups = [...head, ...Array<string>(fill).fill('0'), ...rest].map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN));
  return groups.length === 8 && groups.every((g) => !Number.isNaN(g)) ? groups : null;
}

const embeddedV4 = (hi: number, lo: number): V4 => [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff];

function classifyEmbedded(kind: string, hi: number, lo: number): string | null {
  const inner = classifyV4(embeddedV4(hi, lo));
  return inner === null ? null : `${kind} ${inner}`;
}

function classifyV6(g: number[]): string | null {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const zeroTo = (end: number) => g.slice(0, end).every((x) => x === 0);
  if (zeroTo(8)) return 'unspecified';
  if (zeroTo(7) && g7 === 1) return 'loopback';
  if (zeroTo(5) && g5 === 0xffff) return classifyEmbedded('IPv4-mapped', g6, g7); // ::ffff:0:0/96
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return classifyEmbedded('IPv4-translated', g6, g7); // ::ffff:0:0:0/96
  if (zeroTo(6)) return 'IPv4-compatible (deprecated)'; // ::/96
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return classifyEmbedded('NAT64', g6, g7); // 64:ff9b::/96
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return 'local-use NAT64'; // 64:ff9b:1::/48 (RFC 8215: never global)
  if (g0 === 0x2002) return classifyEmbedded('6to4', g1, g2); // 2002::/16 carries the IPv4 in bits 16..47
  if (g0 === 0x2001 && g1 === 0) return 'Teredo'; // 2001::/32
  if (g0 === 0x2001 && g1 === 0xdb8) return 'documentation'; // 2001:db8::/32
  if (g0 === 0x2001 && g1 === 2 && g2 === 0) return 'benchmarking'; // 2001:2::/48
  if (g0 === 0x2001 && (g1 & 0xfff0) === 0x10) return 'ORCHID'; // 2001:10::/28
  if (g0 === 0x2001 && (g1 & 0xfff0) === 0x20) return 'ORCHIDv2'; // 2001:20::/28
  if (g0 === 0x3fff && (g1 & 0xf000) === 0) return 'documentation'; // 3fff::/20
  if (g0 === 0xfd00 && g1 === 0xec2 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0 && g6 === 0 && g7 === 0x254) return 'cloud metadata'; // AWS IMDS over IPv6
  if ((g0 & 0xfe00) === 0xfc00) return 'unique-local (private)'; // fc00::/7
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local';
  if ((g0 & 0xffc0) === 0xfec0) return 'site-local (deprecated)';
  if ((g0 & 0xff00) === 0xff00) return 'multicast';
  if ((g0 & 0xe000) !== 0x2000) return 'reserved'; // outside global unicast 2000::/3 (e.g. 100::/64 discard)
  return null;
}

/**
 * Why an address is not public (`'loopback'`, `'IPv4-mapped link-local (metadata)'`, …), or null for a public one.
 * Anything that is not a well-formed IPv4 or IPv6 address is refused (`'not an IP address'`).
 */
export function nonPublicReason(address: string): string | null {
  const text = address.replace(/^\[|\]$/g, '');
  if (net.isIPv4(text)) {
    const v4 = parseV4(text);
    return v4 ? classifyV4(v4) : 'not an IP address';
  }
  const v6 = parseV6(text);
  return v6 ? classifyV6(v6) : 'not an IP address';
}

export function isPublicAddress(address: string): boolean {
  return nonPublicReason(address) === null;
}

/** Reasons that stay refused even with allowPrivate: metadata services, link-local, unspecified, multicast, reserved. */
const NEVER_ALLOWED = /link-local|metadata|this-network|unspecified|multicast|reserved|not an IP address/;

/** Why the address is refused under the given policy, or null. */
export function refusalReason(address: string, allowPrivate: boolean): string | null {
  const reason = nonPublicReason(address);
  return reason !== null && (!allowPrivate || NEVER_ALLOWED.test(reason)) ? reason : null;
}

// ---------------------------------------------------------------------------------------------------------------
// The guarded fetch

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a hostname to all its addresses; injectable for tests. */
export type OutboundLookup = (hostname: string) => Promise<ResolvedAddress[]>;

export interface OutboundPolicy {
  /** URL schemes allowed for hosts that are not trusted origins. Default `['https:', 'http:']`. */
  schemes?: readonly string[];
  /**
   * Also allow loopback, private (RFC 1918, CGNAT, ULA) and other non-public unicast addresses (tests, private Peppol
   * networks). Metadata services, link-local, unspecified, multicast and reserved addresses stay refused. Default false.
   */
  allowPrivate?: boolean;
  /**
   * Origins the operator configured (VIES, Directory, model provider base URLs): reachable whatever their address
   * and scheme, still pinned to the address resolved once. Redirects away from them are checked like any URL.
   */
  trustedOrigins?: readonly string[];
  /** Addresses refused in addition to the built-in list (can only make the policy stricter). */
  alsoDeny?: (address: string) => boolean;
  /** Redirects followed per call. Default 5. */
  maxRedirects?: number;
  /** One deadline for all hops and the body. Default 30 000 ms. */
  timeoutMs?: number;
  /** Body bytes accepted per answer; more errors the body stream with OUTBOUND_TOO_LARGE. Default 16 MiB. */
  maxResponseBytes?: number;
  lookup?: OutboundLookup;
}

const defaultLookup: OutboundLookup = async (hostname) => (await systemLookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** What the caller may send again on a 307/308 (anything but a one-shot stream). */
function replayableBody(body: unknown): boolean {
  return (
    body === undefined ||
    body === null ||
    typeof body === 'string' ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    body instanceof URLSearchParams ||
    body instanceof Blob ||
    body instanceof FormData
  );
}

/** The promise, or the signal's reason as soon as it aborts (a DNS lookup cannot be cancelled, only abandoned). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** An agent whose connections all go to the pre-validated address, whatever DNS says now. */
function pinnedAgent(target: ResolvedAddress): Agent {
  const lookup = (_hostname: string, options: { all?: boolean } | undefined, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  // undici passes these connect options through to net.connect / tls.connect; servername stays the URL hostname
  return new Agent({ connect: { lookup } as never });
}

/** Agents kept per fetch instance for keep-alive, keyed by origin AND validated address (so never a stale pin). */
const MAX_AGENTS = 32;

/** Wraps the body so that more than maxBytes errors the stream (the connection is dropped, not reused). */
function cappedResponse(res: Awaited<ReturnType<typeof undiciFetch>>, maxBytes: number, url: URL): Response {
  const nullBody = res.status === 204 || res.status === 205 || res.status === 304 || !res.body;
  const source = res.body;
  let stream: ReadableStream<Uint8Array> | null = null;
  if (!nullBody && source) {
    const reader = source.getReader();
    let total = 0;
    stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) return controller.close();
          total += value.byteLength;
          if (total > maxBytes) {
            await reader.cancel().catch(() => undefined);
            controller.error(new OutboundError('OUTBOUND_TOO_LARGE', `The answer from ${url.origin} exceeds ${maxBytes} bytes.`));
            return;
          }
          controller.enqueue(value);
        } catch (error) {
          controller.error(error);
        }
      },
      async cancel(reason) {
        await reader.cancel(reason).catch(() => undefined);
      },
    });
  }
  const out = new Response(stream, { status: res.status, statusText: res.statusText, headers: res.headers as unknown as Headers });
  Object.defineProperty(out, 'url', { value: res.url || url.href });
  return out;
}

/**
 * Builds the guarded fetch. Refusals throw OutboundError (OUTBOUND_BLOCKED, OUTBOUND_TOO_MANY_REDIRECTS); a name
 * that does not resolve throws TypeError('fetch failed') with the DNS error as cause, like fetch itself.
 */
export function createOutboundFetch(policy: OutboundPolicy = {}): typeof fetch {
  const schemes = new Set(policy.schemes ?? ['https:', 'http:']);
  const trusted = new Set((policy.trustedOrigins ?? []).map(originOf).filter((o): o is string => o !== null && o !== 'null'));
  const maxRedirects = policy.maxRedirects ?? 5;
  const timeoutMs = policy.timeoutMs ?? 30_000;
  const maxBytes = policy.maxResponseBytes ?? 16 * 1024 * 1024;
  const lookup = policy.lookup ?? defaultLookup;
  const agents = new Map<string, Agent>(); // insertion order = least recently used first

  function agentFor(url: URL, target: ResolvedAddress): Agent {
    const key = `${url.origin}|${target.address}`;
    let agent = agents.get(key);
    if (agent) agents.delete(key);
    else agent = pinnedAgent(target);
    agents.set(key, agent);
    if (agents.size > MAX_AGENTS) {
      const [oldest, evicted] = agents.entries().next().value as [string, Agent];
      agents.delete(oldest);
      void evicted.close().catch(() => undefined); // waits for requests still running on it
    }
    return agent;
  }

  function refuse(url: URL, why: string): never {
    throw new OutboundError('OUTBOUND_BLOCKED', `Refused to connect to ${url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : `a ${url.protocol} URL`}: ${why}.`);
  }

  /** Checks one hop and returns the single address to connect to. */
  async function destination(url: URL, signal: AbortSignal): Promise<ResolvedAddress> {
    const isTrusted = trusted.has(url.origin);
    if (!isTrusted && !schemes.has(url.protocol)) refuse(url, `the scheme ${url.protocol} is not allowed here (allowed: ${[...schemes].join(', ')})`);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') refuse(url, `only http and https can be fetched`);
    if (url.username || url.password) refuse(url, 'credentials in URLs are not sent');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: ResolvedAddress[];
    if (net.isIP(host)) addresses = [{ address: host, family: net.isIPv6(host) ? 6 : 4 }];
    else {
      try {
        addresses = await untilAborted(lookup(host), signal);
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        throw new TypeError('fetch failed', { cause: error });
      }
      if (addresses.length === 0) throw new TypeError('fetch failed', { cause: new Error(`${host} has no address`) });
    }
    if (!isTrusted) {
      for (const { address } of addresses) {
        const reason = refusalReason(address, policy.allowPrivate ?? false);
        if (reason !== null) refuse(url, `${net.isIP(host) ? 'the address' : `${host} resolves to an address that`} is not a public address (${reason})`);
        if (policy.alsoDeny?.(address)) refuse(url, `${net.isIP(host) ? 'the address' : `${host} resolves to an address that`} is denied by configuration`);
      }
    }
    return addresses[0]!;
  }

  const guarded = async (input: Parameters<typeof fetch>[0], init: RequestInit = {}): Promise<Response> => {
    const request = input instanceof Request ? input : null;
    if (request?.body) throw new TypeError('Request objects with a body are not supported by the outbound fetch; pass the body in init.');
    let url: URL;
    try {
      url = new URL(request ? request.url : String(input));
    } catch {
      throw new OutboundError('OUTBOUND_BLOCKED', 'Refused an outbound call: the URL is not valid.');
    }
    let method = (init.method ?? request?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers ?? request?.headers);
    let body = init.body;
    const redirectMode = init.redirect ?? request?.redirect ?? 'follow';
    const deadline = AbortSignal.timeout(timeoutMs);
    const callerSignal = init.signal ?? request?.signal ?? null;
    const signal = callerSignal ? AbortSignal.any([callerSignal, deadline]) : deadline;

    for (let hop = 0; ; hop++) {
      const target = await destination(url, signal);
      const dispatcher = agentFor(url, target);
      const res = await undiciFetch(url, { method, headers, body: body as never, signal, redirect: 'manual', dispatcher });
      const location = res.headers.get('location');
      const isRedirect = [301, 302, 303, 307, 308].includes(res.status) && location !== null;
      if (!isRedirect || redirectMode === 'manual') return cappedResponse(res, maxBytes, url);
      await res.body?.cancel().catch(() => undefined);
      if (redirectMode === 'error') throw new TypeError(`fetch failed: redirect from ${url.origin} with redirect mode "error"`);
      if (hop >= maxRedirects) throw new OutboundError('OUTBOUND_TOO_MANY_REDIRECTS', `More than ${maxRedirects} redirects starting from ${url.origin}.`);
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new OutboundError('OUTBOUND_BLOCKED', `Refused a redirect from ${url.origin}: the Location is not a valid URL.`);
      }
      // fetch semantics: 303 (and 301/302 after POST) continue as GET without a body
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
        if (method !== 'GET' && method !== 'HEAD') method = 'GET';
        body = undefined;
        for (const h of ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location']) headers.delete(h);
      } else if (!replayableBody(body)) {
        throw new TypeError('fetch failed: a streamed request body cannot follow a 307/308 redirect');
      }
      // credentials never travel to another origin
      if (next.origin !== url.origin) {
        headers.delete('authorization');
        headers.delete('cookie');
        headers.delete('proxy-authorization');
      }
      url = next;
    }
  };
  return guarded as typeof fetch;
}

// ---------------------------------------------------------------------------------------------------------------
// Policies of the service, built from its configuration

export type OutboundCaller = 'vies' | 'peppol' | 'ai' | 'schemas';

/**
 * The guarded fetch for one kind of outbound call, from the configuration: configured base URLs are trusted
 * origins; SMP URLs (from DNS) must be public (KONTOR_SMP_ALLOW_PRIVATE opts out) and https unless
 * KONTOR_SMP_ALLOW_HTTP.
 */
export function outboundFetchFor(config: Config, caller: OutboundCaller, extra: { trustedOrigins?: string[]; lookup?: OutboundLookup } = {}): typeof fetch {
  const lookup = extra.lookup ? { lookup: extra.lookup } : {};
  const also = extra.trustedOrigins ?? [];
  switch (caller) {
    case 'vies':
      return createOutboundFetch({ trustedOrigins: [config.vies.baseUrl, ...also], timeoutMs: Math.max(config.vies.timeoutMs * 4, 30_000), maxResponseBytes: 1024 * 1024, ...lookup });
    case 'peppol':
      return createOutboundFetch({
        schemes: config.peppol.smpAllowHttp ? ['https:', 'http:'] : ['https:'],
        allowPrivate: config.peppol.smpAllowPrivate,
        trustedOrigins: [config.peppol.directoryUrl, ...also],
        maxResponseBytes: 4 * 1024 * 1024,
        ...lookup,
      });
    case 'ai':
      return createOutboundFetch({ trustedOrigins: [...(config.ai ? [config.ai.baseUrl] : []), ...also], timeoutMs: 120_000, maxResponseBytes: 8 * 1024 * 1024, ...lookup });
    case 'schemas':
      return createOutboundFetch({ trustedOrigins: also, timeoutMs: 300_000, maxResponseBytes: 210 * 1024 * 1024, ...lookup });
  }
}
