/**
 * A tiny ZIP writer for tests that can lie: arbitrary member names, wrong declared sizes or CRCs, members that
 * share their compressed data. Real deflate data comes from fflate.
 */
import { crc32 } from 'node:zlib';
import { deflateSync } from 'fflate';

// CRC-32 comes from node:zlib (Node >= 20.15), not from the reader under test.

export interface TestMember {
  name: string;
  data: Uint8Array | string;
  method?: 0 | 8;
  /** Override the declared uncompressed size (central directory and local header). */
  declaredSize?: number;
  crc?: number;
  encrypted?: boolean;
  /** Point this central-directory entry at the local header of an earlier member (overlap). */
  aliasOf?: number;
}

export function buildZip(members: TestMember[]): Uint8Array {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  const offsets: number[] = [];
  const infos: { crc: number; csize: number; size: number; method: number; name: Buffer; flags: number }[] = [];
  let offset = 0;
  members.forEach((m, i) => {
    const raw = typeof m.data === 'string' ? Buffer.from(m.data, 'utf8') : Buffer.from(m.data);
    const method = m.method ?? 8;
    const comp = method === 8 ? Buffer.from(deflateSync(raw, { level: 6 })) : raw;
    const name = Buffer.from(m.name, 'utf8');
    const crc = m.crc ?? crc32(raw);
    const size = m.declaredSize ?? raw.length;
    const flags = 0x800 | (m.encrypted ? 1 : 0);
    if (m.aliasOf !== undefined) {
      offsets.push(offsets[m.aliasOf]!);
      infos.push({ ...infos[m.aliasOf]!, name });
      return;
    }
    const lh = Buffer.alloc(30);
    lh.writeUInt32LE(0x04034b50, 0);
    lh.writeUInt16LE(20, 4);
    lh.writeUInt16LE(flags, 6);
    lh.writeUInt16LE(method, 8);
    lh.writeUInt32LE(crc, 14);
    lh.writeUInt32LE(comp.length, 18);
    lh.writeUInt32LE(size, 22);
    lh.writeUInt16LE(name.length, 26);
    offsets.push(offset);
    infos.push({ crc, csize: comp.length, size, method, name, flags });
    locals.push(lh, name, comp);
    offset += 30 + name.length + comp.length;
    void i;
  });
  const cdStart = offset;
  infos.forEach((inf, i) => {
    const ch = Buffer.alloc(46);
    ch.writeUInt32LE(0x02014b50, 0);
    ch.writeUInt16LE(20, 4);
    ch.writeUInt16LE(20, 6);
    ch.writeUInt16LE(inf.flags, 8);
    ch.writeUInt16LE(inf.method, 10);
    ch.writeUInt32LE(inf.crc, 16);
    ch.writeUInt32LE(inf.csize, 20);
    ch.writeUInt32LE(inf.size, 24);
    ch.writeUInt16LE(inf.name.length, 28);
    ch.writeUInt32LE(offsets[i]!, 42);
    central.push(ch, inf.name);
    offset += 46 + inf.name.length;
  });
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(infos.length, 8);
  eocd.writeUInt16LE(infos.length, 10);
  eocd.writeUInt32LE(offset - cdStart, 12);
  eocd.writeUInt32LE(cdStart, 16);
  return new Uint8Array(Buffer.concat([...locals, ...central, eocd]));
}
