/**
 * A defensive ZIP reader for statement deliveries. It reads the central directory itself, refuses ZIP64,
 * multi-disk and overlapping members (the non-recursive zip bomb), and inflates one member at a time with
 * fflate's streaming Inflate in small slices, so inflation stops within a bounded overshoot as soon as a member
 * exceeds its declared size, the member limit, the total limit or the compression-ratio limit.
 */
import { Inflate } from 'fflate';
import { CamtError } from '../errors';
import { sayer, type Say } from '../messages';

export interface ZipLimits {
  /** Most members (files and folders) an archive may list. */
  maxEntries: number;
  /** Largest inflated member; larger members are skipped. */
  maxMemberBytes: number;
  /** Most bytes inflated from one archive in total. */
  maxTotalBytes: number;
  /** Highest inflated/compressed ratio once a member has inflated more than `ratioGraceBytes`. */
  maxRatio: number;
  ratioGraceBytes: number;
}

export const defaultZipLimits: ZipLimits = {
  maxEntries: 1000,
  maxMemberBytes: 50 * 1024 * 1024,
  maxTotalBytes: 100 * 1024 * 1024,
  maxRatio: 200,
  ratioGraceBytes: 1024 * 1024,
};

export interface ZipEntry {
  /** Display name: control characters replaced, backslashes shown as slashes. */
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
  dataStart: number;
  isDirectory: boolean;
  isSymlink: boolean;
  /** Why the member is not read (unsafe path, encryption, ...), as code + German reason. */
  refused?: { code: string; reason: string };
}

export type ZipMemberResult = { entry: ZipEntry; data: Uint8Array } | { entry: ZipEntry; skipped: { code: string; reason: string }; corrupt?: boolean };

const u16 = (b: Uint8Array, o: number) => b[o]! | (b[o + 1]! << 8);
const u32 = (b: Uint8Array, o: number) => (b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16) | (b[o + 3]! << 24)) >>> 0;

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(data: Uint8Array, crc = 0): number {
  let c = ~crc >>> 0;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

function decodeName(raw: Uint8Array, utf8Flag: boolean): string {
  if (utf8Flag) return new TextDecoder('utf-8').decode(raw);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    // CP437 and Latin-1 agree on printable ASCII; the rest only matters for display.
    return new TextDecoder('latin1').decode(raw);
  }
}

/** Names that would escape an extraction directory or hide their meaning: refused, never read. */
export function unsafeNameReason(name: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'Steuerzeichen im Namen';
  const n = name.replace(/\\/g, '/');
  if (n.startsWith('/') || /^[A-Za-z]:/.test(n) || n.startsWith('//')) return 'absoluter Pfad';
  if (n.split('/').some((seg) => seg === '..')) return 'Pfad mit „..“ (Verzeichniswechsel nach oben)';
  if (n.length > 1024) return 'Name länger als 1024 Zeichen';
  return undefined;
}

function displayName(name: string): string {
  // eslint-disable-next-line no-control-regex
  return name.replace(/[\u0000-\u001f\u007f]/g, '?').replace(/\\/g, '/');
}

/** Lists the members from the central directory, after structural sanity checks. */
export function listZip(zip: Uint8Array, limits: ZipLimits = defaultZipLimits, say: Say = sayer('de')): ZipEntry[] {
  const len = zip.length;
  let eocd = -1;
  for (let i = len - 22; i >= Math.max(0, len - 22 - 0xffff); i--) {
    if (u32(zip, i) === 0x06054b50 && i + 22 + u16(zip, i + 20) <= len) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new CamtError('ZIP_INVALID', 'ZIP archive without end of central directory record');
  if (eocd >= 20 && u32(zip, eocd - 20) === 0x07064b50) throw new CamtError('ZIP_INVALID', 'ZIP64 archives are not supported');
  const disk = u16(zip, eocd + 4);
  const cdDisk = u16(zip, eocd + 6);
  const onDisk = u16(zip, eocd + 8);
  const total = u16(zip, eocd + 10);
  const cdSize = u32(zip, eocd + 12);
  const cdOffset = u32(zip, eocd + 16);
  if (disk !== 0 || cdDisk !== 0 || onDisk !== total) throw new CamtError('ZIP_INVALID', 'Multi-disk ZIP archives are not supported');
  if (total === 0xffff || cdOffset === 0xffffffff || cdSize === 0xffffffff) throw new CamtError('ZIP_INVALID', 'ZIP64 archives are not supported');
  if (total > limits.maxEntries) throw new CamtError('ZIP_LIMIT_EXCEEDED', `ZIP archive lists ${total} members (limit ${limits.maxEntries})`, { details: { entries: total } });
  if (cdOffset + cdSize > eocd) throw new CamtError('ZIP_INVALID', 'ZIP central directory lies outside the archive');
  const entries: ZipEntry[] = [];
  const seen = new Set<string>();
  let p = cdOffset;
  for (let i = 0; i < total; i++) {
    if (p + 46 > eocd || u32(zip, p) !== 0x02014b50) throw new CamtError('ZIP_INVALID', `ZIP central directory entry ${i + 1} is damaged`);
    const madeBy = u16(zip, p + 4);
    const flags = u16(zip, p + 8);
    const method = u16(zip, p + 10);
    const crc = u32(zip, p + 16);
    const compressedSize = u32(zip, p + 20);
    const size = u32(zip, p + 24);
    const nameLen = u16(zip, p + 28);
    const extraLen = u16(zip, p + 30);
    const commentLen = u16(zip, p + 32);
    const extAttr = u32(zip, p + 38);
    const localOffset = u32(zip, p + 42);
    if (p + 46 + nameLen > eocd) throw new CamtError('ZIP_INVALID', `ZIP central directory entry ${i + 1} is damaged`);
    const rawName = decodeName(zip.subarray(p + 46, p + 46 + nameLen), (flags & 0x800) !== 0);
    p += 46 + nameLen + extraLen + commentLen;
    if (size === 0xffffffff || compressedSize === 0xffffffff || localOffset === 0xffffffff) throw new CamtError('ZIP_INVALID', 'ZIP64 archives are not supported');
    if (localOffset + 30 > cdOffset || u32(zip, localOffset) !== 0x04034b50) throw new CamtError('ZIP_INVALID', `ZIP member "${displayName(rawName)}" has no valid local header`);
    const dataStart = localOffset + 30 + u16(zip, localOffset + 26) + u16(zip, localOffset + 28);
    if (dataStart + compressedSize > cdOffset) throw new CamtError('ZIP_INVALID', `ZIP member "${displayName(rawName)}" extends beyond the archive data`);
    const unixMode = madeBy >> 8 === 3 ? extAttr >>> 16 : 0;
    const entry: ZipEntry = {
      name: displayName(rawName),
      method,
      flags,
      crc,
      compressedSize,
      size,
      localOffset,
      dataStart,
      isDirectory: rawName.endsWith('/') || rawName.endsWith('\\'),
      isSymlink: (unixMode & 0xf000) === 0xa000,
    };
    const unsafe = unsafeNameReason(rawName);
    if (unsafe) entry.refused = { code: 'ZIP_UNSAFE_PATH', reason: say('ZIP_UNSAFE_PATH', { reason: unsafe }) };
    else if (entry.isSymlink) entry.refused = { code: 'ZIP_SYMLINK', reason: say('ZIP_SYMLINK') };
    else if (flags & 0x1) entry.refused = { code: 'ZIP_ENCRYPTED', reason: say('ZIP_ENCRYPTED') };
    else if (method !== 0 && method !== 8) entry.refused = { code: 'ZIP_METHOD_UNSUPPORTED', reason: say('ZIP_METHOD_UNSUPPORTED', { method }) };
    else if (seen.has(entry.name)) entry.refused = { code: 'ZIP_DUPLICATE_NAME', reason: say('ZIP_DUPLICATE_NAME') };
    seen.add(entry.name);
    entries.push(entry);
  }
  // Members whose data overlap share compressed bytes: the signature of a non-recursive zip bomb.
  const ranges = entries
    .filter((e) => !e.isDirectory)
    .map((e) => [e.localOffset, e.dataStart + e.compressedSize] as const)
    .sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < ranges.length; i++) {
    if (ranges[i]![0] < ranges[i - 1]![1]) throw new CamtError('ZIP_INVALID', 'ZIP members overlap (a zip bomb construction)');
  }
  const declared = entries.reduce((s, e) => s + (e.refused || e.isDirectory ? 0 : e.size), 0);
  if (declared > limits.maxTotalBytes) {
    throw new CamtError('ZIP_LIMIT_EXCEEDED', `ZIP members declare ${declared} bytes in total (limit ${limits.maxTotalBytes})`, { details: { declaredBytes: declared } });
  }
  return entries;
}

/** Bookkeeping shared by all members of one archive. */
export class ZipBudget {
  inflated = 0;
  constructor(readonly limits: ZipLimits) {}
}

/** Inflates one member within the limits; throws ZIP_LIMIT_EXCEEDED for bombs, returns `skipped` for damage. */
export function inflateMember(zip: Uint8Array, e: ZipEntry, budget: ZipBudget, say: Say = sayer('de')): ZipMemberResult {
  const lim = budget.limits;
  if (e.refused) return { entry: e, skipped: e.refused };
  if (e.size > lim.maxMemberBytes) {
    return { entry: e, skipped: { code: 'ZIP_MEMBER_TOO_LARGE', reason: say('ZIP_MEMBER_TOO_LARGE', { size: e.size, limit: lim.maxMemberBytes }) } };
  }
  if (e.size > lim.ratioGraceBytes && e.size / Math.max(1, e.compressedSize) > lim.maxRatio) {
    throw new CamtError('ZIP_LIMIT_EXCEEDED', `ZIP member "${e.name}" declares a compression ratio above ${lim.maxRatio}:1`, { details: { member: e.name } });
  }
  const src = zip.subarray(e.dataStart, e.dataStart + e.compressedSize);
  let data: Uint8Array;
  if (e.method === 0) {
    if (e.compressedSize !== e.size) return { entry: e, skipped: { code: 'ZIP_MEMBER_CORRUPT', reason: say('ZIP_STORED_SIZE_CONFLICT') }, corrupt: true };
    budget.inflated += e.size;
    if (budget.inflated > lim.maxTotalBytes) throw new CamtError('ZIP_LIMIT_EXCEEDED', `ZIP archive inflates to more than ${lim.maxTotalBytes} bytes`);
    data = src;
  } else {
    // The member may never inflate beyond what it declares (a lying header is damage or an attack).
    const cap = Math.min(e.size, lim.maxMemberBytes);
    const chunks: Uint8Array[] = [];
    let got = 0;
    let overflow = false;
    let failed: unknown;
    const inf = new Inflate((chunk) => {
      got += chunk.length;
      budget.inflated += chunk.length;
      if (got > cap) overflow = true;
      else chunks.push(chunk);
    });
    let pos = 0;
    try {
      while (pos < src.length && !overflow) {
        // Deflate expands at most ~1032:1, so a slice of this size cannot overshoot the remaining budget by much.
        const room = Math.max(0, Math.min(cap - got, lim.maxTotalBytes - budget.inflated));
        const slice = Math.max(512, Math.min(16384, Math.floor(room / 1100)));
        const end = Math.min(src.length, pos + slice);
        inf.push(src.subarray(pos, end), end === src.length);
        pos = end;
        if (budget.inflated > lim.maxTotalBytes) throw new CamtError('ZIP_LIMIT_EXCEEDED', `ZIP archive inflates to more than ${lim.maxTotalBytes} bytes`);
        if (got > lim.ratioGraceBytes && got / Math.max(1, pos) > lim.maxRatio) {
          throw new CamtError('ZIP_LIMIT_EXCEEDED', `ZIP member "${e.name}" inflates with a ratio above ${lim.maxRatio}:1`, { details: { member: e.name } });
        }
      }
    } catch (err) {
      if (err instanceof CamtError) throw err;
      failed = err;
    }
    if (failed || overflow) {
      const reason = overflow ? say('ZIP_INFLATE_OVERFLOW') : say('ZIP_DEFLATE_CORRUPT');
      return { entry: e, skipped: { code: 'ZIP_MEMBER_CORRUPT', reason }, corrupt: true };
    }
    if (chunks.length === 1) data = chunks[0]!;
    else {
      data = new Uint8Array(got);
      let o = 0;
      for (const c of chunks) {
        data.set(c, o);
        o += c.length;
      }
    }
  }
  if (data.length !== e.size || crc32(data) !== e.crc) {
    return { entry: e, skipped: { code: 'ZIP_MEMBER_CORRUPT', reason: say('ZIP_CRC_MISMATCH') }, corrupt: true };
  }
  return { entry: e, data };
}
