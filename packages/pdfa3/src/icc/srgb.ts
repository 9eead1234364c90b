/**
 * sRGB (IEC 61966-2.1) ICC v2 display profile generated from the published parameters: primaries and
 * D65 white (Rec. 709 chromaticities), colorants adapted to the D50 PCS with the Bradford transform,
 * the sRGB transfer curve sampled into a 1024-entry `curv` table and the D65 media white point,
 * the same layout as the usual matrix/TRC sRGB profiles. Pure function of constants: same bytes every time.
 */

const PRIMARIES = { r: [0.64, 0.33], g: [0.3, 0.6], b: [0.15, 0.06] } as const;
const WHITE_D65 = [0.3127, 0.329] as const;
const PCS_D50 = [0.9642, 1.0, 0.8249] as const;
const BRADFORD = [
  [0.8951, 0.2664, -0.1614],
  [-0.7502, 1.7135, 0.0367],
  [0.0389, -0.0685, 1.0296],
];
const TRC_POINTS = 1024;

export const SRGB_PROFILE_DESCRIPTION = 'sRGB IEC61966-2.1';

type Vec3 = [number, number, number];
type Mat3 = [Vec3, Vec3, Vec3];

function xyToXYZ(x: number, y: number): Vec3 {
  return [x / y, 1, (1 - x - y) / y];
}

function mul(a: number[][], b: number[][]): Mat3 {
  const r: Mat3 = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) r[i]![j]! += a[i]![k]! * b[k]![j]!;
  return r;
}

function mulVec(m: number[][], v: readonly number[]): Vec3 {
  return [0, 1, 2].map((i) => m[i]![0]! * v[0]! + m[i]![1]! * v[1]! + m[i]![2]! * v[2]!) as Vec3;
}

function inverse(m: number[][]): Mat3 {
  const [a, b, c] = m[0]!;
  const [d, e, f] = m[1]!;
  const [g, h, i] = m[2]!;
  const A = e! * i! - f! * h!;
  const B = -(d! * i! - f! * g!);
  const C = d! * h! - e! * g!;
  const det = a! * A + b! * B + c! * C;
  return [
    [A / det, -(b! * i! - c! * h!) / det, (b! * f! - c! * e!) / det],
    [B / det, (a! * i! - c! * g!) / det, -(a! * f! - c! * d!) / det],
    [C / det, -(a! * h! - b! * g!) / det, (a! * e! - b! * d!) / det],
  ];
}

/** The D50-adapted colorants (columns r, g, b as XYZ triples) and the D65 white point. */
export function srgbColorants(): { r: Vec3; g: Vec3; b: Vec3; whiteD65: Vec3 } {
  const cols = [PRIMARIES.r, PRIMARIES.g, PRIMARIES.b].map(([x, y]) => xyToXYZ(x, y));
  const m: Mat3 = [0, 1, 2].map((row) => cols.map((c) => c[row]!)) as Mat3;
  const white = xyToXYZ(WHITE_D65[0], WHITE_D65[1]);
  const s = mulVec(inverse(m), white);
  const rgbToXyz = m.map((row) => row.map((v, j) => v * s[j]!));
  const coneSrc = mulVec(BRADFORD, white);
  const coneDst = mulVec(BRADFORD, PCS_D50);
  const scale = [
    [coneDst[0] / coneSrc[0], 0, 0],
    [0, coneDst[1] / coneSrc[1], 0],
    [0, 0, coneDst[2] / coneSrc[2]],
  ];
  const adapt = mul(inverse(BRADFORD), mul(scale, BRADFORD));
  const adapted = mul(adapt, rgbToXyz);
  const col = (j: number): Vec3 => [adapted[0][j]!, adapted[1][j]!, adapted[2][j]!];
  return { r: col(0), g: col(1), b: col(2), whiteD65: white };
}

/** sRGB electro-optical transfer function (encoded 0..1 → linear 0..1). */
export function srgbToLinear(c: number): number {
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

class Writer {
  private readonly bytes: number[] = [];
  get length(): number {
    return this.bytes.length;
  }
  u8(v: number): void {
    this.bytes.push(v & 0xff);
  }
  u16(v: number): void {
    this.u8(v >>> 8);
    this.u8(v);
  }
  u32(v: number): void {
    this.u16(v >>> 16);
    this.u16(v & 0xffff);
  }
  s15f16(v: number): void {
    this.u32(Math.round(v * 65536) | 0);
  }
  sig(s: string): void {
    for (let i = 0; i < 4; i++) this.u8(s.charCodeAt(i));
  }
  ascii(s: string): void {
    for (let i = 0; i < s.length; i++) this.u8(s.charCodeAt(i));
  }
  zeros(n: number): void {
    for (let i = 0; i < n; i++) this.u8(0);
  }
  align4(): void {
    while (this.bytes.length % 4) this.u8(0);
  }
  toBytes(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

function tag(build: (w: Writer) => void): Uint8Array {
  const w = new Writer();
  build(w);
  return w.toBytes();
}

const xyzTag = (v: readonly number[]) =>
  tag((w) => {
    w.sig('XYZ ');
    w.zeros(4);
    for (const c of v) w.s15f16(c);
  });

/**
 * The profile bytes (ICC v2.1, class mntr, RGB → XYZ, ~3 KB).
 * @example
 * ```ts
 * const icc = generateSrgbIccProfile(); // ~2.5 KB ICC v2 sRGB profile for the PDF/A OutputIntent
 * console.log(icc.byteLength);
 * ```
 */
export function generateSrgbIccProfile(): Uint8Array {
  const { r, g, b, whiteD65 } = srgbColorants();
  const desc = tag((w) => {
    w.sig('desc');
    w.zeros(4);
    w.u32(SRGB_PROFILE_DESCRIPTION.length + 1);
    w.ascii(SRGB_PROFILE_DESCRIPTION);
    w.u8(0);
    w.u32(0); // Unicode language code
    w.u32(0); // Unicode count
    w.u16(0); // ScriptCode code
    w.u8(0); // ScriptCode count
    w.zeros(67);
  });
  const cprt = tag((w) => {
    w.sig('text');
    w.zeros(4);
    w.ascii('No copyright, use freely');
    w.u8(0);
  });
  const trc = tag((w) => {
    w.sig('curv');
    w.zeros(4);
    w.u32(TRC_POINTS);
    for (let i = 0; i < TRC_POINTS; i++) w.u16(Math.round(srgbToLinear(i / (TRC_POINTS - 1)) * 65535));
  });
  const tags: [string, Uint8Array][] = [
    ['desc', desc],
    ['cprt', cprt],
    ['wtpt', xyzTag(whiteD65)],
    ['rXYZ', xyzTag(r)],
    ['gXYZ', xyzTag(g)],
    ['bXYZ', xyzTag(b)],
    ['rTRC', trc],
    ['gTRC', trc],
    ['bTRC', trc],
  ];
  // Lay out tag data after the header and tag table; identical data (the TRCs) is stored once.
  let offset = 128 + 4 + 12 * tags.length;
  const placed = new Map<Uint8Array, number>();
  const table: [string, number, number][] = [];
  const data: Uint8Array[] = [];
  for (const [sig, bytes] of tags) {
    let at = placed.get(bytes);
    if (at === undefined) {
      at = offset;
      placed.set(bytes, at);
      const padded = new Uint8Array(Math.ceil(bytes.length / 4) * 4);
      padded.set(bytes);
      data.push(padded);
      offset += padded.length;
    }
    table.push([sig, at, bytes.length]);
  }
  const size = offset;
  const w = new Writer();
  w.u32(size);
  w.zeros(4); // preferred CMM: none
  w.u32(0x02100000); // version 2.1.0
  w.sig('mntr');
  w.sig('RGB ');
  w.sig('XYZ ');
  for (const v of [2024, 1, 1, 0, 0, 0]) w.u16(v); // fixed creation date keeps the bytes deterministic
  w.sig('acsp');
  w.zeros(4); // platform
  w.u32(0); // flags
  w.zeros(8); // manufacturer, model
  w.zeros(8); // attributes
  w.u32(0); // rendering intent: perceptual
  for (const c of PCS_D50) w.s15f16(c);
  w.zeros(4); // creator
  w.zeros(44); // profile id (v4 only) + reserved
  w.u32(tags.length);
  for (const [sig, at, len] of table) {
    w.sig(sig);
    w.u32(at);
    w.u32(len);
  }
  const out = new Uint8Array(size);
  out.set(w.toBytes(), 0);
  let pos = w.length;
  for (const d of data) {
    out.set(d, pos);
    pos += d.length;
  }
  return out;
}
