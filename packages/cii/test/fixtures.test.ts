/** Every fixture: generated, deterministic, XSD-valid (CII D16B), free of errors, and read back unchanged. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaStore } from '@kontor/xml';
import { generateCii, readCii, validateCii, writeCii } from '../src/index';
import { canonical, ciiSchemaStore, corpusOrSkip, loadFixtures } from './helpers';

const fixtures = loadFixtures();
let store: SchemaStore | null = null;

beforeAll(async () => {
  store = await ciiSchemaStore();
});
afterAll(() => store?.dispose());

describe('fixtures', () => {
  it('has at least 40 fixtures covering both profiles', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(40);
    const profiles = new Set(fixtures.map((f) => f.json.profile ?? 'en16931'));
    expect(profiles).toEqual(new Set(['en16931', 'xrechnung']));
  });

  for (const fx of fixtures) {
    it(fx.name, (ctx) => {
      const r = generateCii(fx.json);
      expect(r.findings.filter((f) => f.severity === 'error')).toEqual([]);
      expect(r.ok).toBe(true);
      const xml = r.xml!;
      expect(r.bytes).toBe(Buffer.byteLength(xml, 'utf8'));
      // Deterministic: same input, same bytes (also through the throwing API).
      expect(writeCii(structuredClone(fx.json))).toBe(xml);
      const profile = fx.json.profile ?? 'en16931';
      expect(xml).toContain(profile === 'xrechnung' ? 'urn:xeinkauf.de:kosit:xrechnung_3.0' : '<ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
      // Round trip: read(write(x)) equals x after normalisation, and the model holds everything written.
      const back = readCii(xml);
      expect(back.findings.filter((f) => f.severity === 'error')).toEqual([]);
      expect(back.unsupported).toEqual([]);
      expect(back.profile).toBe(profile);
      expect(canonical(back.invoice)).toEqual(canonical(fx.json));
      // The native rule engine (EN 16931 + XRechnung for xrechnung) finds no error either.
      const native = validateCii(xml, { profile: profile as 'en16931' | 'xrechnung' });
      expect(native.findings.filter((f) => f.severity === 'error')).toEqual([]);
      if (!corpusOrSkip() || !store) return ctx.skip();
      const xsd = store.validate('cii-d16b', xml);
      expect(xsd.findings).toEqual([]);
      expect(xsd.valid).toBe(true);
    });
  }
});
