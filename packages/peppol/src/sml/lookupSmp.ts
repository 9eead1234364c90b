/**
 * SML lookup (protocols.md §2.2): find a participant's SMP through DNS.
 * - U-NAPTR: base32(sha256(lower(value))) without padding, lower-cased, `.scheme.zone`; records
 *   with flag U and service Meta:SMP, lowest order then preference; the regexp yields the SMP URL.
 * - Legacy CNAME: `B-` + md5hex(lower(value)) + `.scheme.zone`; SMP at `http://<target>/`.
 * NXDOMAIN or no usable record means "not registered"; SERVFAIL, REFUSED, timeouts and malformed
 * answers are technical failures (PeppolError SML_UNAVAILABLE).
 */
import { createHash } from 'node:crypto';
import { getServers } from 'node:dns';
import { PeppolError } from '../errors';
import type { ParticipantId } from '../participant/parseParticipant';
import { DnsQueryError, dnsQuery, parseDnsServer, type DnsServerAddress } from './dnsClient';
import { DNS_RCODE, DNS_TYPE, type DnsRecord, type DnsResponse } from './dnsWire';

export type SmlMethod = 'naptr' | 'cname';

export interface SmlConfig {
  /** DNS zone of the SML, e.g. `participant.sml.prod.tech.peppol.org` (OpenPeppol production). */
  zone: string;
  /** Resolver as `host:port` (IP literal). Default: the first resolver Node's `dns.getServers()` reports. */
  dnsServer?: string;
  /** `naptr` (current), `cname` (legacy zones) or `naptr-then-cname`. Default `naptr`. */
  method?: SmlMethod | 'naptr-then-cname';
  /** Per DNS attempt. Default 3000. */
  timeoutMs?: number;
  /** Extra attempts after a timeout. Default 1. */
  retries?: number;
  /** Port of SMPs found by the CNAME method (always 80 in production; a test knob). */
  cnamePort?: number;
}

export interface SmlLookupResult {
  registered: boolean;
  /** SMP base URL without trailing slash, when registered. */
  smpUrl: string | null;
  zone: string;
  method: SmlMethod;
  /** The DNS name asked last. */
  hostname: string;
}

const BASE32_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * RFC 4648 base32, lower case, without padding.
 * @example
 * ```ts
 * encodeBase32(new TextEncoder().encode('foobar')); // 'mzxw6ytboi'
 * ```
 */
export function encodeBase32(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32_ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

function normalizeZone(zone: string): string {
  return zone.trim().replace(/\.$/, '').toLowerCase();
}

/**
 * The U-NAPTR owner name of a participant.
 * @example
 * ```ts
 * naptrHostname(parseParticipant('0088:7300010000001'), 'participant.sml.prod.tech.peppol.org');
 * // '<base32 sha256 of the id>.iso6523-actorid-upis.participant.sml.prod.tech.peppol.org'
 * ```
 */
export function naptrHostname(participant: Pick<ParticipantId, 'scheme' | 'value'>, zone: string): string {
  const hash = createHash('sha256').update(participant.value.toLowerCase(), 'utf8').digest();
  return `${encodeBase32(hash)}.${participant.scheme.toLowerCase()}.${normalizeZone(zone)}`;
}

/**
 * The legacy CNAME owner name of a participant.
 * @example
 * ```ts
 * const p = parseParticipant('0088:7300010000001');
 * cnameHostname(p, 'edelivery.tech.ec.europa.eu'); // 'B-<md5 of the id>.iso6523-actorid-upis.edelivery.tech.ec.europa.eu'
 * ```
 */
export function cnameHostname(participant: Pick<ParticipantId, 'scheme' | 'value'>, zone: string): string {
  const hash = createHash('md5').update(participant.value.toLowerCase(), 'utf8').digest('hex');
  return `B-${hash}.${participant.scheme.toLowerCase()}.${normalizeZone(zone)}`;
}

/**
 * Applies a NAPTR substitution expression `<delim><ere><delim><replacement><delim><flags>`
 * (RFC 3402 §3.2) to the application unique string. Undefined when the expression is unusable or does not match.
 * @example
 * ```ts
 * applyNaptrRegexp('!^.*$!https://smp.example.org!', 'b-abc.iso6523-actorid-upis.example'); // 'https://smp.example.org'
 * applyNaptrRegexp('x', 'anything');                                                       // undefined (unusable)
 * ```
 */
export function applyNaptrRegexp(expression: string, input: string): string | undefined {
  if (expression.length < 3) return undefined;
  const delimiter = expression[0]!;
  if (/[0-9\\i]/.test(delimiter)) return undefined;
  const parts = expression.slice(1).split(delimiter);
  if (parts.length !== 3) return undefined; // the delimiter may not appear inside ere or replacement
  const [pattern, replacement, flags] = parts as [string, string, string];
  if (flags !== '' && flags !== 'i') return undefined;
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, flags);
  } catch {
    return undefined;
  }
  const match = regex.exec(input);
  if (!match) return undefined;
  // backreferences \1..\9; a backslash escapes the next character
  return replacement.replace(/\\([0-9]|.)/g, (_, ch: string) => (/[0-9]/.test(ch) ? (match[Number(ch)] ?? '') : ch));
}

/** Follows CNAME records in the answer section, starting from the question name. */
function finalOwner(answers: DnsRecord[], name: string): string {
  let current = name.toLowerCase();
  for (let hops = 0; hops < 8; hops++) {
    const alias = answers.find((record) => record.type === 'CNAME' && record.name.toLowerCase() === current);
    if (!alias || alias.type !== 'CNAME') break;
    current = alias.target.toLowerCase();
  }
  return current;
}

function resolveServer(config: SmlConfig): DnsServerAddress {
  const text = config.dnsServer ?? getServers()[0];
  const server = text === undefined ? null : parseDnsServer(text);
  if (!server) throw new PeppolError('INVALID_ARGUMENT', `dnsServer must be an IP address with optional port, got ${JSON.stringify(text)}.`);
  return server;
}

async function ask(name: string, type: number, config: SmlConfig, server: DnsServerAddress, signal?: AbortSignal): Promise<DnsResponse> {
  let response: DnsResponse;
  try {
    response = await dnsQuery(name, type, {
      server,
      timeoutMs: config.timeoutMs ?? 3000,
      retries: config.retries ?? 1,
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (error instanceof DnsQueryError) {
      throw new PeppolError('SML_UNAVAILABLE', `SML lookup failed: ${error.message}`, { details: { kind: error.kind, name }, cause: error });
    }
    throw error;
  }
  if (response.rcode !== DNS_RCODE.NOERROR && response.rcode !== DNS_RCODE.NXDOMAIN) {
    const names: Record<number, string> = { 1: 'FORMERR', 2: 'SERVFAIL', 4: 'NOTIMP', 5: 'REFUSED' };
    const rcode = names[response.rcode] ?? `RCODE ${response.rcode}`;
    throw new PeppolError('SML_UNAVAILABLE', `SML lookup failed: the resolver answered ${rcode}.`, { details: { rcode, name } });
  }
  return response;
}

async function lookupNaptr(participant: ParticipantId, config: SmlConfig, server: DnsServerAddress, signal?: AbortSignal): Promise<SmlLookupResult> {
  const zone = normalizeZone(config.zone);
  const hostname = naptrHostname(participant, zone);
  const response = await ask(hostname, DNS_TYPE.NAPTR, config, server, signal);
  const none: SmlLookupResult = { registered: false, smpUrl: null, zone, method: 'naptr', hostname };
  if (response.rcode === DNS_RCODE.NXDOMAIN) return none;
  const owner = finalOwner(response.answers, hostname);
  const candidates = response.answers
    .filter((r): r is Extract<DnsRecord, { type: 'NAPTR' }> => r.type === 'NAPTR' && r.name.toLowerCase() === owner)
    .filter((r) => r.flags.toUpperCase() === 'U' && r.services.toLowerCase() === 'meta:smp')
    .sort((a, b) => a.order - b.order || a.preference - b.preference);
  if (candidates.length === 0) return none;
  for (const record of candidates) {
    const url = applyNaptrRegexp(record.regexp, hostname);
    if (url !== undefined && /^https?:\/\/[^/\s]+/i.test(url) && URL.canParse(url)) {
      return { ...none, registered: true, smpUrl: url.replace(/\/+$/, '') };
    }
  }
  throw new PeppolError('SML_INVALID_RECORD', `The SML's NAPTR record for ${hostname} does not yield an SMP URL.`, {
    details: { regexp: candidates[0]?.regexp },
  });
}

async function lookupCname(participant: ParticipantId, config: SmlConfig, server: DnsServerAddress, signal?: AbortSignal): Promise<SmlLookupResult> {
  const zone = normalizeZone(config.zone);
  const hostname = cnameHostname(participant, zone);
  const none: SmlLookupResult = { registered: false, smpUrl: null, zone, method: 'cname', hostname };
  const port = config.cnamePort && config.cnamePort !== 80 ? `:${config.cnamePort}` : '';
  const response = await ask(hostname, DNS_TYPE.CNAME, config, server, signal);
  if (response.rcode === DNS_RCODE.NXDOMAIN) return none;
  const target = response.answers.find((r) => r.type === 'CNAME' && r.name.toLowerCase() === hostname.toLowerCase());
  if (target?.type === 'CNAME' && target.target !== '') {
    return { ...none, registered: true, smpUrl: `http://${target.target.toLowerCase()}${port}` };
  }
  // some SMPs registered an IP address, so the SML published an A record for the name itself
  const address = await ask(hostname, DNS_TYPE.A, config, server, signal);
  if (address.answers.some((r) => r.type === 'A')) return { ...none, registered: true, smpUrl: `http://${hostname.toLowerCase()}${port}` };
  return none;
}

/**
 * Finds the SMP of a participant. Throws PeppolError SML_UNAVAILABLE / SML_INVALID_RECORD.
 * @example
 * ```ts
 * const r = await lookupSmp(parseParticipant('0088:7300010000001'), { zone: 'participant.sml.prod.tech.peppol.org' });
 * console.log(r.registered, r.smpUrl, r.hostname);
 * ```
 */
export async function lookupSmp(participant: ParticipantId, config: SmlConfig, signal?: AbortSignal): Promise<SmlLookupResult> {
  if (!config || typeof config.zone !== 'string' || normalizeZone(config.zone) === '') {
    throw new PeppolError('INVALID_ARGUMENT', 'sml.zone is required.');
  }
  const server = resolveServer(config);
  const method = config.method ?? 'naptr';
  if (method === 'cname') return lookupCname(participant, config, server, signal);
  const naptr = await lookupNaptr(participant, config, server, signal);
  if (naptr.registered || method !== 'naptr-then-cname') return naptr;
  return lookupCname(participant, config, server, signal);
}
