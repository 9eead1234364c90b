/**
 * Hostile inputs of issue 11, rebuilt deterministically for the API tests (a seeded generator, no files on disk).
 */
import { crc32, deflateRawSync } from 'node:zlib';

/** Small seeded PRNG (mulberry32) so an attack input is the same on every run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A camt.053 member of about `bytes` bytes that is nothing but `<Stmt x=""/>` elements, separated by random
 * whitespace so that it deflates at roughly 100:1 (under the ZIP ratio limit, as in the attack).
 */
export function stmtFlood(bytes: number, seed: number): Buffer {
  const rnd = prng(seed);
  const head =
    '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>A</MsgId><CreDtTm>2026-01-01T00:00:00</CreDtTm></GrpHdr>';
  const tail = '</BkToCstmrStmt></Document>\n';
  const ws = [' ', '\n', '\t', '\r\n'];
  const parts: string[] = [head];
  let size = head.length + tail.length;
  let chunk = '';
  while (size < bytes) {
    const sep = rnd() < 0.05 ? ws[Math.floor(rnd() * ws.length)]! : '';
    const piece = '<Stmt x=""/>' + sep;
    chunk += piece;
    size += piece.length;
    if (chunk.length > 1 << 20) {
      parts.push(chunk);
      chunk = '';
    }
  }
  parts.push(chunk, tail);
  return Buffer.from(parts.join(''), 'utf8');
}

/** A plain ZIP (deflate, UTF-8 names) written with node:zlib (fast enough for ~100 MB of members). */
export function zipOf(members: { name: string; data: Buffer }[]): Uint8Array {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const m of members) {
    const comp = deflateRawSync(m.data, { level: 6 });
    const name = Buffer.from(m.name, 'utf8');
    const crc = crc32(m.data);
    const lh = Buffer.alloc(30);
    lh.writeUInt32LE(0x04034b50, 0);
    lh.writeUInt16LE(20, 4);
    lh.writeUInt16LE(0x800, 6);
    lh.writeUInt16LE(8, 8);
    lh.writeUInt32LE(crc, 14);
    lh.writeUInt32LE(comp.length, 18);
    lh.writeUInt32LE(m.data.length, 22);
    lh.writeUInt16LE(name.length, 26);
    const ch = Buffer.alloc(46);
    ch.writeUInt32LE(0x02014b50, 0);
    ch.writeUInt16LE(20, 4);
    ch.writeUInt16LE(20, 6);
    ch.writeUInt16LE(0x800, 8);
    ch.writeUInt16LE(8, 10);
    ch.writeUInt32LE(crc, 16);
    ch.writeUInt32LE(comp.length, 20);
    ch.writeUInt32LE(m.data.length, 24);
    ch.writeUInt16LE(name.length, 28);
    ch.writeUInt32LE(offset, 42);
    locals.push(lh, name, comp);
    central.push(ch, name);
    offset += 30 + name.length + comp.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(members.length, 8);
  end.writeUInt16LE(members.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, cd, end]));
}

/** The ~1 MB ZIP with two ~47.5 MB members of `<Stmt x=""/>` (issue 11, item 1). */
export function stmtFloodZip(memberBytes = 47_500_000): { zip: Uint8Array; ratio: number } {
  const a = stmtFlood(memberBytes, 11);
  const b = stmtFlood(memberBytes, 12);
  const zip = zipOf([
    { name: 'a.xml', data: a },
    { name: 'b.xml', data: b },
  ]);
  return { zip, ratio: (a.length + b.length) / zip.byteLength };
}

/** pain.001.001.09 with `count` empty <PmtInf/> elements (issue 11, item 2: 200k → 1.8 MB). */
export function emptyPmtInf(count: number): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"><CstmrCdtTrfInitn><GrpHdr><MsgId>M1</MsgId><CreDtTm>2026-01-01T00:00:00</CreDtTm><NbOfTxs>1</NbOfTxs><InitgPty><Nm>X</Nm></InitgPty></GrpHdr>' +
    '<PmtInf/>'.repeat(count) +
    '</CstmrCdtTrfInitn></Document>\n'
  );
}

/** `count` <Stmt/> elements in one camt.053 (issue 11, item 3: ≥130k overflowed the stack). */
export function manyEmptyStmts(count: number): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>A</MsgId><CreDtTm>2026-01-01T00:00:00</CreDtTm></GrpHdr>' +
    '<Stmt/>'.repeat(count) +
    '</BkToCstmrStmt></Document>\n'
  );
}

export const deflatedSize = (b: Uint8Array) => deflateRawSync(b).byteLength;
