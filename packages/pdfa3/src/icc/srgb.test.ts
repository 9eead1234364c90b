import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readIccHeader } from '../internal/icc';
import { generateSrgbIccProfile, srgbColorants, srgbToLinear } from './srgb';

const s15 = (b: Uint8Array, at: number) => new DataView(b.buffer, b.byteOffset).getInt32(at) / 65536;

/** Evaluates a matrix/TRC profile: encoded RGB → XYZ (D50 PCS). */
function evaluate(profile: Uint8Array, rgb: [number, number, number]): number[] {
  const head = readIccHeader(profile)!;
  const tag = (s: string) => head.tags.find((t) => t.sig === s)!;
  const dv = new DataView(profile.buffer, profile.byteOffset);
  const curve = (s: string, v: number) => {
    const t = tag(s);
    const n = dv.getUint32(t.offset + 8);
    const x = v * (n - 1);
    const i = Math.min(Math.floor(x), n - 2);
    const a = dv.getUint16(t.offset + 12 + 2 * i) / 65535;
    const b = dv.getUint16(t.offset + 12 + 2 * (i + 1)) / 65535;
    return a + (b - a) * (x - i);
  };
  const lin = [curve('rTRC', rgb[0]), curve('gTRC', rgb[1]), curve('bTRC', rgb[2])];
  const cols = ['rXYZ', 'gXYZ', 'bXYZ'].map((s) => [0, 1, 2].map((k) => s15(profile, tag(s).offset + 8 + 4 * k)));
  return [0, 1, 2].map((k) => cols[0]![k]! * lin[0]! + cols[1]![k]! * lin[1]! + cols[2]![k]! * lin[2]!);
}

function lab(xyz: number[]): number[] {
  const w = [0.9642, 1, 0.8249];
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  const [fx, fy, fz] = xyz.map((v, i) => f(v / w[i]!));
  return [116 * fy! - 16, 500 * (fx! - fy!), 200 * (fy! - fz!)];
}

describe('generateSrgbIccProfile', () => {
  const icc = generateSrgbIccProfile();

  it('is a v2 RGB display profile with the tags a matrix/TRC profile needs', () => {
    const h = readIccHeader(icc)!;
    expect(h.size).toBe(icc.length);
    expect(h.version).toBe(2.1);
    expect(h.deviceClass).toBe('mntr');
    expect(h.colorSpace).toBe('RGB ');
    expect(h.pcs).toBe('XYZ ');
    expect(h.tags.map((t) => t.sig).sort()).toEqual(['bTRC', 'bXYZ', 'cprt', 'desc', 'gTRC', 'gXYZ', 'rTRC', 'rXYZ', 'wtpt']);
    for (const t of h.tags) expect(t.offset + t.size).toBeLessThanOrEqual(icc.length);
    expect(icc.length).toBeLessThan(3000);
  });

  it('is deterministic', () => {
    expect(Buffer.from(generateSrgbIccProfile()).equals(Buffer.from(icc))).toBe(true);
  });

  it('has the published D50-adapted colorants and the sRGB curve', () => {
    const c = srgbColorants();
    // IEC 61966-2.1 Bradford-adapted values as published (HP/Microsoft profile: 0.4361 0.2225 0.0139 ...)
    const published = { r: [0.4361, 0.2225, 0.0139], g: [0.3851, 0.7169, 0.0971], b: [0.1431, 0.0606, 0.7141] };
    for (const k of ['r', 'g', 'b'] as const) c[k].forEach((v, i) => expect(v).toBeCloseTo(published[k][i]!, 3));
    expect(srgbToLinear(0.5)).toBeCloseTo(0.214041, 5);
    // white maps to the PCS white
    const white = evaluate(icc, [1, 1, 1]);
    expect(white[0]).toBeCloseTo(0.9642, 3);
    expect(white[1]).toBeCloseTo(1, 3);
    expect(white[2]).toBeCloseTo(0.8249, 3);
  });

  const debian = '/usr/share/color/icc/sRGB.icc';
  it.skipIf(!existsSync(debian))('agrees with Debian icc-profiles-free sRGB.icc within 0.5 ΔE76 on a 9³ grid', () => {
    const ref = new Uint8Array(readFileSync(debian));
    let worst = 0;
    const steps = [0, 0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875, 1];
    for (const r of steps)
      for (const g of steps)
        for (const b of steps) {
          const a = lab(evaluate(icc, [r, g, b]));
          const e = lab(evaluate(ref, [r, g, b]));
          worst = Math.max(worst, Math.hypot(a[0]! - e[0]!, a[1]! - e[1]!, a[2]! - e[2]!));
        }
    console.log(`sRGB profile vs ${debian}: worst ΔE76 ${worst.toFixed(3)}`);
    expect(worst).toBeLessThan(0.5);
  });
});
