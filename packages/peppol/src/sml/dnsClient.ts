/**
 * One DNS question to one configured resolver over UDP (node:dgram), with per-attempt timeout,
 * bounded retries and TCP fallback when the answer is truncated. Answers from another address,
 * with another id or for another question are ignored (spoofing / stray packets).
 */
import { randomInt } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { isIP, Socket } from 'node:net';
import { PeppolError } from '../errors';
import { DnsFormatError, decodeResponse, encodeQuery, type DnsResponse } from './dnsWire';

export interface DnsServerAddress {
  host: string;
  port: number;
}

export interface DnsQueryOptions {
  server: DnsServerAddress;
  timeoutMs: number;
  /** Extra UDP attempts after a timeout. */
  retries: number;
  signal?: AbortSignal;
}

export type DnsFailureKind = 'TIMEOUT' | 'NETWORK' | 'MALFORMED';

/** The resolver could not be asked (a PeppolError SML_UNAVAILABLE; lookupSmp rewraps it with the name asked for). */
export class DnsQueryError extends PeppolError {
  constructor(
    readonly kind: DnsFailureKind,
    message: string,
  ) {
    super('SML_UNAVAILABLE', message, { details: { kind } });
  }
}

/** Parses `127.0.0.1`, `127.0.0.1:5353`, `[::1]:53` or `::1`. Only IP literals: a resolver is not looked up by name. */
export function parseDnsServer(text: string): DnsServerAddress | null {
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(text);
  let host: string;
  let port = 53;
  if (bracketed) {
    host = bracketed[1]!;
    if (bracketed[2]) port = Number(bracketed[2]);
  } else if (isIP(text) === 6) {
    host = text;
  } else {
    const match = /^([^:]+)(?::(\d{1,5}))?$/.exec(text);
    if (!match) return null;
    host = match[1]!;
    if (match[2]) port = Number(match[2]);
  }
  if (isIP(host) === 0 || port < 1 || port > 65535) return null;
  return { host, port };
}

function sameQuestion(response: DnsResponse, name: string, type: number): boolean {
  const question = response.questions[0];
  return response.questions.length === 1 && question !== undefined && question.type === type && question.name.toLowerCase() === name.toLowerCase();
}

function udpAttempt(name: string, type: number, options: DnsQueryOptions): Promise<DnsResponse> {
  const { server, timeoutMs, signal } = options;
  const id = randomInt(0, 0x10000);
  const query = encodeQuery(id, name, type);
  const socket = createSocket(isIP(server.host) === 6 ? 'udp6' : 'udp4');
  return new Promise<DnsResponse>((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | null, response?: DnsResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      socket.close();
      if (error) reject(error);
      else resolve(response!);
    };
    const onAbort = () => finish(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
    const timer = setTimeout(() => finish(new DnsQueryError('TIMEOUT', `No DNS answer from ${server.host}:${server.port} within ${timeoutMs} ms.`)), timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });
    socket.on('error', (error) => finish(new DnsQueryError('NETWORK', `DNS socket error: ${error.message}`)));
    socket.on('message', (message, remote) => {
      if (remote.address !== server.host || remote.port !== server.port) return;
      if (message.length < 2 || message.readUInt16BE(0) !== id) return;
      let response: DnsResponse;
      try {
        response = decodeResponse(message);
      } catch (error) {
        finish(new DnsQueryError('MALFORMED', `Malformed DNS answer: ${(error as Error).message}`));
        return;
      }
      // a truncated answer may come without its question section
      if (!response.truncated && !sameQuestion(response, name, type)) return;
      finish(null, response);
    });
    socket.send(query, server.port, server.host, (error) => {
      if (error) finish(new DnsQueryError('NETWORK', `Cannot send DNS query: ${error.message}`));
    });
  });
}

function tcpQuery(name: string, type: number, options: DnsQueryOptions): Promise<DnsResponse> {
  const { server, timeoutMs, signal } = options;
  const id = randomInt(0, 0x10000);
  const query = encodeQuery(id, name, type);
  const framed = Buffer.alloc(query.length + 2);
  framed.writeUInt16BE(query.length, 0);
  query.copy(framed, 2);
  return new Promise<DnsResponse>((resolve, reject) => {
    const socket = new Socket();
    let received = Buffer.alloc(0);
    let settled = false;
    const finish = (error: Error | null, response?: DnsResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      socket.destroy();
      if (error) reject(error);
      else resolve(response!);
    };
    const onAbort = () => finish(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
    const timer = setTimeout(() => finish(new DnsQueryError('TIMEOUT', `No DNS answer over TCP within ${timeoutMs} ms.`)), timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });
    socket.on('error', (error) => finish(new DnsQueryError('NETWORK', `DNS TCP error: ${error.message}`)));
    socket.on('close', () => finish(new DnsQueryError('NETWORK', 'DNS TCP connection closed before a full answer.')));
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (received.length > 65_537) return finish(new DnsQueryError('MALFORMED', 'DNS TCP answer too long.'));
      if (received.length < 2) return;
      const length = received.readUInt16BE(0);
      if (received.length < length + 2) return;
      try {
        const response = decodeResponse(received.subarray(2, 2 + length));
        if (response.id !== id || !sameQuestion(response, name, type)) {
          return finish(new DnsQueryError('MALFORMED', 'DNS TCP answer does not match the question.'));
        }
        finish(null, response);
      } catch (error) {
        finish(new DnsQueryError('MALFORMED', `Malformed DNS answer: ${(error as Error).message}`));
      }
    });
    socket.connect(server.port, server.host, () => socket.write(framed));
  });
}

/** Asks one question; resolves with the decoded answer (any rcode) or rejects with DnsQueryError. */
export async function dnsQuery(name: string, type: number, options: DnsQueryOptions): Promise<DnsResponse> {
  let lastError: Error = new DnsQueryError('TIMEOUT', 'No DNS answer.');
  for (let attempt = 0; attempt <= options.retries; attempt++) {
    try {
      const response = await udpAttempt(name, type, options);
      return response.truncated ? await tcpQuery(name, type, options) : response;
    } catch (error) {
      if (!(error instanceof DnsQueryError)) throw error;
      lastError = error;
      if (error.kind !== 'TIMEOUT') break; // a malformed or refused answer will not improve by asking again
    }
  }
  throw lastError;
}

export { DnsFormatError };
