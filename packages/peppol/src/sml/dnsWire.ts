/**
 * Minimal DNS wire format (RFC 1035, NAPTR per RFC 3403): encode one question with EDNS0, decode
 * answers with name compression. Bounds-checked throughout: a malformed packet raises
 * DnsFormatError, never reads past the buffer and never loops on compression pointers.
 */
import { PeppolError } from '../errors';

export const DNS_TYPE = { A: 1, CNAME: 5, AAAA: 28, NAPTR: 35, DNAME: 39, OPT: 41 } as const;
export const DNS_RCODE = { NOERROR: 0, FORMERR: 1, SERVFAIL: 2, NXDOMAIN: 3, NOTIMP: 4, REFUSED: 5 } as const;

export type DnsRecordData =
  | { type: 'NAPTR'; order: number; preference: number; flags: string; services: string; regexp: string; replacement: string }
  | { type: 'CNAME' | 'DNAME'; target: string }
  | { type: 'A' | 'AAAA'; address: string }
  | { type: 'OTHER'; typeCode: number };

export type DnsRecord = { name: string; ttl: number } & DnsRecordData;

export interface DnsResponse {
  id: number;
  rcode: number;
  truncated: boolean;
  authoritative: boolean;
  questions: Array<{ name: string; type: number }>;
  answers: DnsRecord[];
}

/** A DNS message we cannot encode or decode (a PeppolError SML_UNAVAILABLE: the SML cannot be asked this way). */
export class DnsFormatError extends PeppolError {
  constructor(message: string) {
    super('SML_UNAVAILABLE', message);
  }
}

/** EDNS0 payload size we advertise; NAPTR answers for one participant fit easily. */
const EDNS_UDP_SIZE = 1232;

function encodeName(name: string): Buffer {
  const trimmed = name.replace(/\.$/, '');
  const parts: Buffer[] = [];
  let total = 1;
  for (const label of trimmed === '' ? [] : trimmed.split('.')) {
    const bytes = Buffer.from(label, 'ascii');
    if (bytes.length === 0 || bytes.length > 63 || !/^[\x21-\x7e]+$/.test(label)) {
      throw new DnsFormatError(`Invalid DNS label "${label}".`);
    }
    parts.push(Buffer.from([bytes.length]), bytes);
    total += bytes.length + 1;
  }
  if (total > 255) throw new DnsFormatError('DNS name longer than 255 bytes.');
  parts.push(Buffer.from([0]));
  return Buffer.concat(parts);
}

/** A standard recursive query (RD=1) for one name and type, with an EDNS0 OPT record. */
export function encodeQuery(id: number, name: string, type: number): Buffer {
  const header = Buffer.alloc(12);
  header.writeUInt16BE(id & 0xffff, 0);
  header.writeUInt16BE(0x0100, 2); // RD
  header.writeUInt16BE(1, 4); // QDCOUNT
  header.writeUInt16BE(1, 10); // ARCOUNT (OPT)
  const question = Buffer.alloc(4);
  question.writeUInt16BE(type, 0);
  question.writeUInt16BE(1, 2); // class IN
  const opt = Buffer.alloc(11);
  opt.writeUInt8(0, 0); // root name
  opt.writeUInt16BE(DNS_TYPE.OPT, 1);
  opt.writeUInt16BE(EDNS_UDP_SIZE, 3);
  // ttl (extended rcode, version, flags) and rdlength stay 0
  return Buffer.concat([header, encodeName(name), question, opt]);
}

class Reader {
  offset = 0;
  constructor(readonly buffer: Buffer) {}

  need(bytes: number, at = this.offset): void {
    if (at + bytes > this.buffer.length) throw new DnsFormatError('DNS message truncated.');
  }
  u8(): number {
    this.need(1);
    return this.buffer.readUInt8(this.offset++);
  }
  u16(): number {
    this.need(2);
    const value = this.buffer.readUInt16BE(this.offset);
    this.offset += 2;
    return value;
  }
  u32(): number {
    this.need(4);
    const value = this.buffer.readUInt32BE(this.offset);
    this.offset += 4;
    return value;
  }
  characterString(end: number): string {
    const length = this.u8();
    if (this.offset + length > end) throw new DnsFormatError('Character string overruns its record.');
    const value = this.buffer.toString('latin1', this.offset, this.offset + length);
    this.offset += length;
    return value;
  }

  /** Reads a possibly compressed name; the cursor moves past the in-place part only. */
  name(): string {
    const labels: string[] = [];
    let position = this.offset;
    let jumped = false;
    let jumps = 0;
    let length = 0;
    for (;;) {
      this.need(1, position);
      const size = this.buffer.readUInt8(position);
      if ((size & 0xc0) === 0xc0) {
        this.need(2, position);
        const pointer = this.buffer.readUInt16BE(position) & 0x3fff;
        if (++jumps > 32 || pointer >= position) throw new DnsFormatError('Bad compression pointer.');
        if (!jumped) this.offset = position + 2;
        jumped = true;
        position = pointer;
        continue;
      }
      if ((size & 0xc0) !== 0) throw new DnsFormatError('Unsupported label type.');
      if (size === 0) {
        if (!jumped) this.offset = position + 1;
        break;
      }
      this.need(1 + size, position);
      length += size + 1;
      if (length > 255) throw new DnsFormatError('Name longer than 255 bytes.');
      labels.push(this.buffer.toString('latin1', position + 1, position + 1 + size));
      position += 1 + size;
    }
    return labels.join('.');
  }
}

function decodeRecord(reader: Reader, type: number, end: number): DnsRecordData {
  switch (type) {
    case DNS_TYPE.NAPTR: {
      const order = reader.u16();
      const preference = reader.u16();
      const flags = reader.characterString(end);
      const services = reader.characterString(end);
      const regexp = reader.characterString(end);
      const replacement = reader.name();
      return { type: 'NAPTR', order, preference, flags, services, regexp, replacement };
    }
    case DNS_TYPE.CNAME:
      return { type: 'CNAME', target: reader.name() };
    case DNS_TYPE.DNAME:
      return { type: 'DNAME', target: reader.name() };
    case DNS_TYPE.A: {
      reader.need(4);
      const b = reader.buffer.subarray(reader.offset, reader.offset + 4);
      reader.offset += 4;
      return { type: 'A', address: [...b].join('.') };
    }
    case DNS_TYPE.AAAA: {
      reader.need(16);
      const groups: string[] = [];
      for (let i = 0; i < 8; i++) groups.push(reader.u16().toString(16));
      return { type: 'AAAA', address: groups.join(':') };
    }
    default:
      reader.offset = end;
      return { type: 'OTHER', typeCode: type };
  }
}

export function decodeResponse(buffer: Buffer): DnsResponse {
  const reader = new Reader(buffer);
  const id = reader.u16();
  const flags = reader.u16();
  const qdCount = reader.u16();
  const anCount = reader.u16();
  reader.u16(); // NSCOUNT: authority records are not needed
  reader.u16(); // ARCOUNT
  if ((flags & 0x8000) === 0) throw new DnsFormatError('Not a DNS response (QR bit clear).');
  if (qdCount > 16 || anCount > 512) throw new DnsFormatError('Implausible record counts.');
  const questions: DnsResponse['questions'] = [];
  for (let i = 0; i < qdCount; i++) {
    const name = reader.name();
    const type = reader.u16();
    reader.u16(); // class
    questions.push({ name, type });
  }
  const answers: DnsRecord[] = [];
  for (let i = 0; i < anCount; i++) {
    const name = reader.name();
    const type = reader.u16();
    reader.u16(); // class
    const ttl = reader.u32();
    const rdLength = reader.u16();
    const end = reader.offset + rdLength;
    reader.need(rdLength);
    const data = decodeRecord(reader, type, end);
    if (reader.offset !== end) throw new DnsFormatError(`Record data length mismatch in ${name}.`);
    answers.push({ name, ttl, ...data });
  }
  return {
    id,
    rcode: flags & 0x000f,
    truncated: (flags & 0x0200) !== 0,
    authoritative: (flags & 0x0400) !== 0,
    questions,
    answers,
  };
}
