/**
 * The compiled value predicate of each simple type (values.ts compileValid) against the worded checks it stands
 * in front of (valueMessages): over every simple type of the payment XSDs of the corpus (ISO 20022 and DK) and a
 * probe schema with every facet, and seeded values around each type's limits — lengths at the limit ± 1, surrogate
 * pairs, whitespace, signs, leading and trailing zeros, digits and bounds — the predicate says valid exactly when
 * the worded checks find nothing (it may only say "not valid" for a valid value, never the other way round).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { paymentsAvailable, paymentsDir } from '@kontor/testkit/corpus';
import { compileNativeSchema, type ComplexType, type NativeSchema, type SimpleType } from './schema';
import { checkValue, compileValid, valueMessages } from './values';

const PROBE = `<?xml version="1.0"?>
<xs:schema xmlns="urn:p" xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:p" elementFormDefault="qualified">
  <xs:element name="D" type="D"/>
  <xs:complexType name="D"><xs:sequence>
    <xs:element name="a" type="Len"/><xs:element name="b" type="MinMax"/><xs:element name="c" type="Dec"/><xs:element name="d" type="Excl"/>
    <xs:element name="e" type="xs:date"/><xs:element name="f" type="xs:dateTime"/><xs:element name="g" type="xs:boolean"/><xs:element name="h" type="xs:time"/>
    <xs:element name="i" type="xs:gYear"/><xs:element name="j" type="xs:gYearMonth"/><xs:element name="k" type="Enum"/><xs:element name="l" type="Neg"/>
  </xs:sequence></xs:complexType>
  <xs:simpleType name="Len"><xs:restriction base="xs:string"><xs:length value="3"/></xs:restriction></xs:simpleType>
  <xs:simpleType name="MinMax"><xs:restriction base="xs:string"><xs:minLength value="2"/><xs:maxLength value="4"/><xs:pattern value="\\p{L}+|[0-9]{2,4}"/></xs:restriction></xs:simpleType>
  <xs:simpleType name="Dec"><xs:restriction base="xs:decimal"><xs:totalDigits value="5"/><xs:fractionDigits value="2"/><xs:minInclusive value="-10.5"/><xs:maxInclusive value="999.99"/></xs:restriction></xs:simpleType>
  <xs:simpleType name="Excl"><xs:restriction base="xs:decimal"><xs:minExclusive value="0"/><xs:maxExclusive value="100"/></xs:restriction></xs:simpleType>
  <xs:simpleType name="Neg"><xs:restriction base="xs:decimal"><xs:maxInclusive value="-0.010"/><xs:minInclusive value="-00100"/></xs:restriction></xs:simpleType>
  <xs:simpleType name="Enum"><xs:restriction base="xs:string"><xs:enumeration value="AB"/><xs:enumeration value=" AB"/></xs:restriction></xs:simpleType>
</xs:schema>`;

function simpleTypes(schema: NativeSchema): SimpleType[] {
  const out = new Set<SimpleType>();
  const seen = new Set<object>();
  const visit = (t: ComplexType | SimpleType) => {
    if (seen.has(t)) return;
    seen.add(t);
    if (t.kind === 'simple') {
      out.add(t);
      return;
    }
    if (t.simple) out.add(t.simple);
    for (const a of t.attributes.values()) out.add(a.type);
    // Element declarations reachable through the automaton's NFA edges.
    const edges = (t.automaton as unknown as { edges?: { decl: { type?: ComplexType | SimpleType } }[][] } | undefined)?.edges ?? [];
    for (const list of edges) for (const e of list) if (e.decl.type) visit(e.decl.type);
  };
  for (const d of schema.elements.values()) visit(d.type);
  return [...out];
}

function rng(seed: number) {
  let x = seed >>> 0 || 1;
  return (n: number) => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return (x >>> 8) % n;
  };
}

const PIECES = ['A', 'z', '0', '9', '-', '.', ' ', '\t', '+', '€', 'ä', '😀', '\uD800', 'T', ':', 'Z', 'XXX', 'DE', '00', '5'];

/** Values for a type: enumeration values and their neighbours, numbers around the bounds, strings around the lengths. */
function valuesFor(t: SimpleType, r: (n: number) => number): string[] {
  const out: string[] = [
    '',
    ' ',
    '0',
    '-0',
    '+0.00',
    '00012.340',
    '.5',
    '5.',
    '1e3',
    'true',
    '1',
    '2026-03-16',
    '2026-02-30',
    '2026-03-16T10:00:00',
    '2026-03-16T10:00:00+01:00',
    '10:00:00',
    '2026',
    '2026-03',
    '2026-13',
  ];
  for (const e of t.enumeration ?? []) out.push(e, ` ${e}`, `${e} `, e.slice(1), `${e}X`);
  for (const b of [t.minInclusive, t.maxInclusive, t.minExclusive, t.maxExclusive]) {
    if (b === undefined) continue;
    out.push(
      b,
      `${b}0`,
      `0${b}`,
      `${b}1`,
      `-${b}`,
      ` ${b} `,
      b.replace(/\d$/, (d) => String((Number(d) + 1) % 10)),
      b.replace(/\d$/, (d) => String((Number(d) + 9) % 10)),
    );
  }
  for (const n of [t.length, t.minLength, t.maxLength]) {
    if (n === undefined) continue;
    for (const k of [n - 1, n, n + 1]) {
      if (k < 0) continue;
      out.push('A'.repeat(k), '😀'.repeat(k), `${'A'.repeat(Math.max(0, k - 1))}😀`, '1'.repeat(k));
    }
  }
  for (const d of [t.totalDigits, t.fractionDigits]) {
    if (d === undefined) continue;
    out.push(`1.${'1'.repeat(d)}`, `1.${'1'.repeat(d + 1)}`, '9'.repeat(d), '9'.repeat(d + 1), `${'9'.repeat(d)}.000`, `0.${'0'.repeat(d)}1`);
  }
  for (let i = 0; i < 40; i++) {
    let s = '';
    const len = r(12);
    for (let k = 0; k < len; k++) s += PIECES[r(PIECES.length)]!;
    out.push(s);
  }
  return out;
}

const corpus = paymentsAvailable();

function schemas(): [string, NativeSchema][] {
  const out: [string, NativeSchema][] = [];
  const probe = compileNativeSchema(PROBE);
  if ('refused' in probe) throw new Error(probe.refused);
  out.push(['probe', probe]);
  if (!corpus) return out;
  for (const sub of ['iso', 'dk']) {
    const dir = path.join(paymentsDir, 'xsd', sub);
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.xsd'))) {
      const s = compileNativeSchema(readFileSync(path.join(dir, f), 'utf8'));
      if (!('refused' in s)) out.push([`${sub}/${f}`, s]);
    }
  }
  return out;
}

describe('compiled value predicates', () => {
  it('say valid exactly when the worded checks find nothing (every simple type of the payment XSDs and a probe)', () => {
    let types = 0;
    let checked = 0;
    let validSeen = 0;
    let invalidSeen = 0;
    let slowOnly = 0;
    for (const [name, schema] of schemas()) {
      const r = rng(name.length * 7919);
      for (const t of simpleTypes(schema)) {
        types++;
        const valid = compileValid(t);
        // The same checks as closures in a loop (what runs where functions cannot be made from source).
        const closures = compileValid(t, false);
        for (const v of valuesFor(t, r)) {
          checked++;
          const words = valueMessages(t, v);
          const fast = valid(v);
          expect(closures(v), `${name} ${t.name} ${JSON.stringify(v)}`).toBe(fast);
          // Sound: never valid when the checks object.
          if (fast && words.length > 0) expect({ name, type: t.name, v, words }).toBeUndefined();
          if (words.length === 0) validSeen++;
          else invalidSeen++;
          // Complete but for values with surrogates (counted as one code point each pair) near a maximum length.
          if (!fast && words.length === 0) {
            slowOnly++;
            expect(/[\uD800-\uDBFF]/.test(v), `${name} ${t.name} ${JSON.stringify(v)}`).toBe(true);
          }
        }
      }
    }
    expect(types).toBeGreaterThan(corpus ? 100 : 8);
    expect(validSeen).toBeGreaterThan(corpus ? 1000 : 50);
    expect(invalidSeen).toBeGreaterThan(corpus ? 1000 : 50);
    expect(slowOnly).toBeLessThan(checked / 20);
  });
});

/** xs:date / xs:dateTime as XML Schema 1.0 defines them (the patterns values.ts falls back on, and the calendar). */
function referenceDate(v: string, time: boolean): boolean {
  const tz = '(Z|[+-]((0\\d|1[0-3]):[0-5]\\d|14:00))?';
  const t = '(([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d+)?|24:00:00(\\.0+)?)';
  const m = new RegExp(`^(-?([1-9]\\d{4,}|\\d{4}))-(\\d\\d)-(\\d\\d)${time ? `T${t}` : ''}${tz}$`).exec(v);
  if (!m) return false;
  const y = Number(m[1]);
  const mo = Number(m[3]);
  const d = Number(m[4]);
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return mo >= 1 && mo <= 12 && d >= 1 && d <= [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1]!;
}

describe('date and dateTime values', () => {
  it('are judged as the XML Schema patterns and the calendar judge them (the in-place reading of the usual shapes included)', () => {
    const probe = compileNativeSchema(PROBE);
    if ('refused' in probe) throw new Error(probe.refused);
    const types = simpleTypes(probe);
    const date = types.find((t) => t.name === 'xs:date')!;
    const dateTime = types.find((t) => t.name === 'xs:dateTime')!;
    const dates: string[] = [];
    for (const y of ['0000', '1900', '2000', '2024', '2026', '2100', '12026', '-2024', '202a', '02024']) {
      for (const m of ['00', '01', '02', '04', '09', '12', '13', '1a']) {
        for (const d of ['00', '01', '28', '29', '30', '31', '32', '3x']) dates.push(`${y}-${m}-${d}`);
      }
    }
    dates.push('2026/03/16', '2026-03-16 ', ' 2026-03-16', '2026-3-16', '2026-03-16Z', '2026-03-16+01:00', '2026-03-16+14:01', '');
    const times = ['00:00:00', '23:59:59', '24:00:00', '24:00:01', '19:60:00', '19:00:60', '9:00:00', '10:00:00.5', '10:00:00.', '10:00:00Z', '10:00:00-05:00', '1a:00:00', '10-00-00'];
    let valid = 0;
    let invalid = 0;
    for (const v of dates) {
      const want = referenceDate(v, false);
      expect(checkValue(date, v).length === 0, v).toBe(want);
      if (want) valid++;
      else invalid++;
      for (const t of times) {
        const dt = `${v}T${t}`;
        const wantDt = referenceDate(dt, true);
        expect(checkValue(dateTime, dt).length === 0, dt).toBe(wantDt);
        if (wantDt) valid++;
        else invalid++;
      }
    }
    expect(valid).toBeGreaterThan(300);
    expect(invalid).toBeGreaterThan(3000);
  });
});
