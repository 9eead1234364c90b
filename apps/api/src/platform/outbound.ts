/**
 * Outbound HTTP for URLs that come from outside (an SMP address published in DNS): refuse loopback, private,
 * link-local and other non-public destinations, also after redirects, so a crafted SML record cannot make the
 * service call into its own network. Configured base URLs (VIES, Directory, model provider) are trusted as given.
 */
import { lookup } from 'node:dns/promises';
import net from 'node:net';

function ipv4Private(ip: string): boolean {
  const [a = 0, b = 0] = ip.split('.').map(Number);
  return a === 0 || a === 10 || a === 127 || (a === 100 && b >= 64 && b <= 127) || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 198 && (b === 18 || b === 19)) || a >= 224;
}

/** True for addresses that are not on the public internet. */
export function isNonPublicAddress(ip: string): boolean {
  if (net.isIPv4(ip)) return ipv4Private(ip);
  const v6 = ip.toLowerCase();
  if (v6 === '::' || v6 === '::1') return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(v6);
  if (mapped) return ipv4Private(mapped[1]!);
  return /^(fc|fd|fe8|fe9|fea|feb|ff)/.test(v6);
}

export class BlockedDestinationError extends Error {
  constructor(url: string, address: string) {
    super(`Refusing to connect to ${url}: ${address} is not a public address`);
    this.name = 'BlockedDestinationError';
  }
}

/** A fetch that checks every hop's destination; allowPrivate turns the check off (tests, private Peppol set-ups). */
export function publicOnlyFetch(allowPrivate: boolean, base: typeof fetch = fetch): typeof fetch {
  if (allowPrivate) return base;
  return async (input, init) => {
    let url = new URL(typeof input === 'string' || input instanceof URL ? String(input) : input.url);
    for (let hop = 0; hop < 5; hop++) {
      const host = url.hostname.replace(/^\[|\]$/g, '');
      const addresses = net.isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
      const bad = addresses.find(isNonPublicAddress);
      if (bad) throw new BlockedDestinationError(url.href, bad);
      const res = await base(url, { ...init, redirect: 'manual' });
      const loc = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && loc) {
        await res.body?.cancel().catch(() => undefined);
        url = new URL(loc, url);
        continue;
      }
      return res;
    }
    throw new TypeError('Too many redirects');
  };
}
