/** Page geometry of a PDF as poppler sees it: words with bounding boxes (pdftotext -bbox) and page images (pdftoppm). */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync, inflateSync } from 'node:zlib';

export interface Word {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

export interface PageWords {
  width: number;
  height: number;
  words: Word[];
}

const unescapePdfString = (s: string): string =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** Every word of every page with its box, from `pdftotext -bbox` (poppler-utils). */
export function pdfWords(bytes: Uint8Array): PageWords[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'zf-bbox-'));
  try {
    const f = path.join(dir, 'in.pdf');
    writeFileSync(f, bytes);
    const r = spawnSync('pdftotext', ['-bbox', '-enc', 'UTF-8', f, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (r.status !== 0) throw new Error(`pdftotext -bbox failed: ${r.stderr}`);
    const pages: PageWords[] = [];
    for (const m of r.stdout.matchAll(/<page width="([\d.]+)" height="([\d.]+)">([\s\S]*?)<\/page>/g)) {
      const words: Word[] = [];
      for (const w of m[3]!.matchAll(/<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g)) {
        words.push({ xMin: Number(w[1]), yMin: Number(w[2]), xMax: Number(w[3]), yMax: Number(w[4]), text: unescapePdfString(w[5]!) });
      }
      pages.push({ width: Number(m[1]), height: Number(m[2]), words });
    }
    return pages;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Pairs of words whose boxes overlap by more than `tolerance` points in both directions. */
export function overlappingWords(words: readonly Word[], tolerance = 0.6): [Word, Word][] {
  const out: [Word, Word][] = [];
  const sorted = [...words].sort((a, b) => a.yMin - b.yMin);
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i]!;
    for (let j = i + 1; j < sorted.length; j++) {
      const b = sorted[j]!;
      if (b.yMin >= a.yMax - tolerance) break;
      const dx = Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin);
      const dy = Math.min(a.yMax, b.yMax) - Math.max(a.yMin, b.yMin);
      if (dx > tolerance && dy > tolerance) out.push([a, b]);
    }
  }
  return out;
}

export interface GrayImage {
  width: number;
  height: number;
  /** one byte per pixel */
  data: Uint8Array;
}

/** Renders pages to 8-bit grey PNG files with pdftoppm (poppler-utils); returns page number → PNG bytes. */
export function renderPages(bytes: Uint8Array, pages: readonly number[], dpi: number): Map<number, Uint8Array> {
  const dir = mkdtempSync(path.join(tmpdir(), 'zf-ppm-'));
  try {
    const f = path.join(dir, 'in.pdf');
    writeFileSync(f, bytes);
    const out = new Map<number, Uint8Array>();
    for (const p of pages) {
      const r = spawnSync('pdftoppm', ['-png', '-gray', '-r', String(dpi), '-f', String(p), '-l', String(p), '-singlefile', f, path.join(dir, `p${p}`)], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`pdftoppm failed: ${r.stderr}`);
      const file = readdirSync(dir).find((x) => x === `p${p}.png`);
      if (!file) throw new Error(`pdftoppm wrote no image for page ${p}`);
      out.set(p, new Uint8Array(readFileSync(path.join(dir, file))));
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

/** Decodes a non-interlaced 8-bit PNG (grey, grey+alpha, RGB or RGBA, as pdftoppm writes) to grey values. */
export function decodeGrayPng(png: Uint8Array): GrayImage {
  const buf = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (buf.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let pos = 8;
  let width = 0;
  let height = 0;
  let channels = 1;
  const idat: Buffer[] = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    const body = buf.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const ch = CHANNELS[body[9]!];
      if (body[8] !== 8 || ch === undefined || body[12] !== 0) throw new Error(`unsupported PNG (bit depth ${body[8]}, colour type ${body[9]}, interlace ${body[12]})`);
      channels = ch;
    } else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
    pos += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const data = new Uint8Array(width * height);
  let prev = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const cur = new Uint8Array(stride);
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? cur[x - channels]! : 0;
      const b = prev[x]!;
      const c = x >= channels ? prev[x - channels]! : 0;
      let v = line[x]!;
      if (filter === 1) v += a;
      else if (filter === 2) v += b;
      else if (filter === 3) v += (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      cur[x] = v & 0xff;
    }
    for (let x = 0; x < width; x++) {
      const o = x * channels;
      data[y * width + x] = channels >= 3 ? Math.round(0.299 * cur[o]! + 0.587 * cur[o + 1]! + 0.114 * cur[o + 2]!) : cur[o]!;
    }
    prev = cur;
  }
  return { width, height, data };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

/** Encodes grey values as a small 8-bit greyscale PNG (filter "up", maximum deflate): the committed reference form. */
export function encodeGrayPng(img: GrayImage): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(img.width, 0);
  ihdr.writeUInt32BE(img.height, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  const raw = Buffer.alloc((img.width + 1) * img.height);
  for (let y = 0; y < img.height; y++) {
    raw[y * (img.width + 1)] = 2;
    for (let x = 0; x < img.width; x++) {
      const above = y > 0 ? img.data[(y - 1) * img.width + x]! : 0;
      raw[y * (img.width + 1) + 1 + x] = (img.data[y * img.width + x]! - above) & 0xff;
    }
  }
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(Buffer.concat([sig, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', new Uint8Array())]));
}

/** Share of pixels whose grey value differs by more than `threshold` (1 when the sizes differ). */
export function pixelDiffRatio(a: GrayImage, b: GrayImage, threshold = 48): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  let diff = 0;
  for (let i = 0; i < a.data.length; i++) if (Math.abs(a.data[i]! - b.data[i]!) > threshold) diff++;
  return diff / a.data.length;
}
