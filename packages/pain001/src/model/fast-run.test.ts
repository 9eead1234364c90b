/**
 * The compiled fast path of the PaymentRun schema against valibot itself: whenever the fast path gives a run it is
 * exactly valibot's output (same keys in the same order, `undefined`-valued keys kept, same values, fresh objects);
 * whenever valibot reports an issue (or throws) the fast path gives up. Inputs: every field of every schema
 * (4 profiles × character sets) set to every kind of wrong and right value the schema knows, unusual objects, and
 * fast-check runs.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import fc from 'fast-check';
import { FAST_FAIL, compileFastPath } from './fast-run';
import { paymentRunFastPath, paymentRunSchema, type Profile } from './run';
import type { CharacterSet } from './charset';
import { parsePaymentRun, unknownProperties } from './parse-run';
import { axzRun, sctRun } from '../../test/runs';

const VARIANTS: [Profile, CharacterSet][] = [
  ['sct', 'epc'],
  ['sct', 'dk'],
  ['axz', 'epc'],
  ['axz', 'dk'],
];

/** Deep equality that also compares key order, own-key sets (undefined-valued keys count) and prototypes. */
function same(a: unknown, b: unknown): boolean {
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return Object.is(a, b);
  if (Array.isArray(a) !== Array.isArray(b) || Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const ka = Reflect.ownKeys(a);
  const kb = Reflect.ownKeys(b);
  if (ka.length !== kb.length || ka.some((k, i) => k !== kb[i])) return false;
  return ka.every((k) => same((a as Record<PropertyKey, unknown>)[k], (b as Record<PropertyKey, unknown>)[k]));
}

type Outcome = 'fast' | 'fallback';
/** Fast runs with keys the schema strips (the unknown-key flag is exercised). */
let unknownSeen = 0;

/** The closure form (where code generation is forbidden) is held to the same standard. */
const CLOSURES = new Map(VARIANTS.map(([p, s]) => [`${p}/${s}`, compileFastPath(paymentRunSchema(p, s), { codegen: false })!]));

/** Compares the fast path with valibot on one input; `plain`: the input is plain JSON-like data, so a valid run must take the fast path. */
function compare(profile: Profile, set: CharacterSet, input: unknown, plain: boolean): Outcome {
  const schema = paymentRunSchema(profile, set);
  const fast = paymentRunFastPath(profile, set)!;
  let r: ReturnType<typeof v.safeParse<typeof schema>> | 'threw';
  try {
    r = v.safeParse(schema, input);
  } catch {
    r = 'threw';
  }
  const st = { unknownKeys: false };
  const f = fast(input, st);
  // Saying "no unknown keys" is a promise: unknownProperties (what parsePaymentRun warns about) finds none.
  if (f !== FAST_FAIL && !st.unknownKeys) expect(unknownProperties(schema, input)).toEqual([]);
  if (f !== FAST_FAIL && unknownProperties(schema, input).length) unknownSeen++;
  const g = CLOSURES.get(`${profile}/${set}`)!(input);
  expect(g === FAST_FAIL, 'closures and generated code agree on giving up').toBe(f === FAST_FAIL);
  if (g !== FAST_FAIL) expect(same(g, f), 'closures and generated code give the same run').toBe(true);
  if (r === 'threw' || !r.success) {
    expect(f, `valibot: ${r === 'threw' ? 'threw' : r.issues.map((i) => i.message).join('; ')}`).toBe(FAST_FAIL);
    return 'fallback';
  }
  if (f === FAST_FAIL) {
    expect(plain, `a valid plain run must take the fast path: ${JSON.stringify(input)}`).toBe(false);
    return 'fallback';
  }
  expect(same(f, r.output), 'fast output equals valibot output').toBe(true);
  // Fresh objects, never the input's.
  expect(f).not.toBe(input);
  return 'fast';
}

interface SchemaNode {
  type: string;
  pipe?: SchemaNode[];
  wrapped?: SchemaNode;
  entries?: Record<string, SchemaNode>;
  item?: SchemaNode;
}

/** Every path of the schema (objects, arrays and leaves), with payments.0 for the array item. */
function pathsOf(s: SchemaNode, prefix: (string | number)[] = []): (string | number)[][] {
  const base = s.type === 'optional' ? s.wrapped! : s;
  const node = base.pipe ? base.pipe[0]! : base;
  const out: (string | number)[][] = prefix.length ? [prefix] : [];
  if (node.type === 'object') for (const [k, e] of Object.entries(node.entries!)) out.push(...pathsOf(e, [...prefix, k]));
  if (node.type === 'array') out.push(...pathsOf(node.item!, [...prefix, 0]));
  return out;
}

/** The schema type at a path ('object', 'array', 'string', 'union', ...). */
function leafType(profile: Profile, set: CharacterSet, path: (string | number)[]): string {
  let s = paymentRunSchema(profile, set) as unknown as SchemaNode;
  const unwrap = (n: SchemaNode) => {
    const b = n.type === 'optional' ? n.wrapped! : n;
    return b.pipe ? b.pipe[0]! : b;
  };
  for (const k of path) {
    const n = unwrap(s);
    s = typeof k === 'number' ? n.item! : n.entries![k]!;
  }
  return unwrap(s).type;
}

function setPath(root: Record<string, unknown>, path: (string | number)[], value: unknown, remove: boolean): void {
  let o = root as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) {
    if (o[k] === undefined || o[k] === null || typeof o[k] !== 'object') o[k] = {};
    o = o[k] as Record<string | number, unknown>;
  }
  const last = path[path.length - 1]!;
  if (remove) delete o[last];
  else o[last] = value;
}

/** Right and wrong values for every kind of field the schema knows (types, lengths, patterns, codes, amounts, dates, character sets). */
const VALUES: unknown[] = [
  undefined,
  null,
  true,
  false,
  0,
  -1,
  1,
  1500,
  0.01,
  0.001,
  10.5,
  12.345,
  1.005,
  1e21,
  1e-7,
  -0,
  NaN,
  Infinity,
  -Infinity,
  999999999.99,
  1000000000,
  999999999999.99,
  1e12,
  '',
  ' ',
  '  x  ',
  'x',
  'X',
  'abc',
  'SALA',
  'sala',
  ' high ',
  'HIGH',
  'NORM',
  'SHAR',
  'debt',
  'nurg',
  'URGP',
  'SDVA',
  'EUR',
  'eur',
  'USD',
  'XYZ',
  'US',
  'de',
  'DEU',
  'EURO',
  'SUPP',
  'GDDS1',
  '0',
  '0.00',
  '-5',
  '+5',
  '+5.5',
  ' 7.5 ',
  '1.234',
  '1e5',
  '.5',
  '5.',
  '00012.30',
  '999999999.99',
  '1000000000.00',
  '999999999999.99',
  '1000000000000',
  '2026-03-16',
  ' 2026-03-20 ',
  '2026-02-30',
  '2026-3-1',
  'DE89370400440532013000',
  'de89 3704 0044 0532 0130 00',
  'DE00370400440532013000',
  'CH9300762011623852957',
  'XX12',
  'COBADEFFXXX',
  'cobadeff',
  'COBA DE FF',
  'COBADE',
  'E2E_1',
  'E2E-1',
  'NOTPROVIDED',
  'Ä'.repeat(36),
  'x'.repeat(16),
  'x'.repeat(17),
  'x'.repeat(34),
  'x'.repeat(35),
  'x'.repeat(36),
  'x'.repeat(70),
  'x'.repeat(71),
  'x'.repeat(140),
  'x'.repeat(141),
  'Жук',
  '😀',
  'tab\there',
  'line\nbreak',
  '  two   spaces ',
  'Müller & Söhne',
  'a_b;c@d',
  '€ 5 *$%',
  'USABA',
  'usaba',
  'USAB',
  '021000021',
  '123/456',
  '12 34',
  '!!',
  {},
  [],
  [{}],
  { x: 1 },
  { name: 'N' },
  { townName: 'Bonn', countryCode: 'de' },
  new Date(0),
  Object.create(null),
];

describe('PaymentRun fast path = valibot', () => {
  it('compiles for every profile and character set', () => {
    for (const [p, s] of VARIANTS) expect(paymentRunFastPath(p, s)).toBeTypeOf('function');
  });

  it('gives up on a schema kind it does not compile (always valibot then)', () => {
    for (const codegen of [true, false]) {
      expect(compileFastPath(v.object({ a: v.optional(v.string(), 'x') }), { codegen })).toBeUndefined();
      expect(compileFastPath(v.array(v.fallback(v.string(), 'x')), { codegen })).toBeUndefined();
      expect(compileFastPath(v.pipe(v.string(), v.trim()), { codegen })).toBeUndefined();
    }
    expect(compileFastPath(v.object({ a: v.optional(v.string(), 'x') }))).toBeUndefined();
    expect(compileFastPath(v.object({ a: v.nullish(v.string()) }))).toBeUndefined();
    expect(compileFastPath(v.pipe(v.string(), v.email()))).toBeUndefined();
    expect(compileFastPath(v.pipe(v.string(), v.regex(/a/g)))).toBeUndefined();
    expect(compileFastPath(v.object({ a: v.date() }))).toBeUndefined();
  });

  it('every field set to every kind of value: fast output equals valibot, or the fast path gives up where valibot reports', () => {
    let fast = 0;
    let fallback = 0;
    for (const [profile, set] of VARIANTS) {
      const base = profile === 'sct' ? sctRun : axzRun;
      const paths = pathsOf(paymentRunSchema(profile, set) as unknown as SchemaNode);
      expect(paths.length).toBeGreaterThan(60);
      for (const path of paths) {
        // Missing entirely, then every value.
        const gone = base();
        setPath(gone, path, undefined, true);
        if (compare(profile, set, gone, true) === 'fast') fast++;
        else fallback++;
        for (const value of VALUES) {
          const input = base();
          setPath(input, path, value, false);
          // Not plain data for the fast path: a Date, a null-prototype object, an array where the schema wants an object
          // (valibot takes an array as an object): valibot decides those.
          const node = leafType(profile, set, path);
          const plain = !(value instanceof Date) && !(value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === null) && !(Array.isArray(value) && node === 'object');
          if (compare(profile, set, input, plain) === 'fast') fast++;
          else fallback++;
        }
      }
    }
    // Both sides are exercised broadly.
    expect(fast).toBeGreaterThan(2000);
    expect(unknownSeen).toBeGreaterThan(50);
    expect(fallback).toBeGreaterThan(2000);
  });

  it('unusual containers: the fast path gives up (valibot decides), never a different output', () => {
    const shapes: unknown[] = [];
    class Debtor {
      name = 'Muster GmbH';
      iban = 'DE89370400440532013000';
    }
    const withClass = sctRun();
    withClass.debtor = new Debtor();
    shapes.push(withClass);
    const inherited = sctRun();
    inherited.payments[0] = Object.assign(Object.create({ inheritedKey: 1 }), inherited.payments[0]);
    shapes.push(inherited);
    const fromProto = sctRun();
    fromProto.payments[1] = Object.create(fromProto.payments[1]); // every field inherited
    shapes.push(fromProto);
    const nullProto = sctRun();
    nullProto.debtor = Object.assign(Object.create(null), nullProto.debtor);
    shapes.push(nullProto);
    const arrayAsObject = sctRun();
    arrayAsObject.debtor = Object.assign([], arrayAsObject.debtor);
    shapes.push(arrayAsObject);
    const sparse = sctRun();
    sparse.payments = [sparse.payments[0], sparse.payments[1]];
    sparse.payments.length = 3; // a hole at the end
    shapes.push(sparse);
    class Payments extends Array {}
    const sub = sctRun();
    sub.payments = Payments.from(sub.payments);
    shapes.push(sub);
    const getter = sctRun();
    Object.defineProperty(getter.payments[0], 'amount', { get: () => '12.50', enumerable: true });
    shapes.push(getter);
    const undefinedKeys = sctRun();
    undefinedKeys.payments[0].creditorBic = undefined;
    undefinedKeys.debtor.address.streetName = undefined;
    shapes.push(undefinedKeys);
    const unknown = sctRun();
    unknown.payments[2].surprise = { nested: true };
    unknown.extra = 1;
    shapes.push(unknown);
    const outcomes = shapes.map((s) => compare('sct', 'epc', s, false));
    // A key present with undefined is kept, unknown keys are dropped: both still take the fast path.
    expect(outcomes.at(-1)).toBe('fast');
    expect(outcomes.at(-2)).toBe('fast');
    expect(outcomes.at(-3)).toBe('fast');
  });

  it('random runs (fast-check): fast output equals valibot, or the fast path gives up where valibot reports', () => {
    const text = fc.oneof(fc.string({ maxLength: 160 }), fc.stringMatching(/^[A-Za-z0-9 äöüÄÖÜß&@;_"„“–é€\-+/?:().,']{0,150}$/), fc.constantFrom(...VALUES.filter((x) => typeof x === 'string')));
    const amount = fc.oneof(
      fc.double({ noNaN: false }),
      fc.integer({ min: -10, max: 2_000_000_000 }).map((c) => c / 100),
      fc.stringMatching(/^[ +-]?\d{0,14}(\.\d{0,4})?[ ]?$/),
      text,
    );
    const value = fc.oneof({ weight: 6, arbitrary: text }, { weight: 1, arbitrary: fc.anything() });
    const address = fc.record({ streetName: value, buildingNumber: value, postCode: value, townName: value, countrySubDivision: value, countryCode: value }, { requiredKeys: [] });
    const payment = fc.record(
      {
        creditorName: value,
        creditorIban: fc.oneof(fc.constantFrom('DE28100100100001234567', 'de02 5001 0517 0005 4002 46', 'CH9300762011623852957'), value),
        creditorBic: value,
        creditorAccountOther: value,
        creditorAgent: fc.record({ bic: value, name: value, address, clearingSystemId: value, clearingMemberId: value }, { requiredKeys: [] }),
        creditorAddress: address,
        amount,
        currency: value,
        remittanceInfo: value,
        endToEndId: value,
        instructionId: value,
        creditorId: value,
        purposeCode: value,
        ultimateDebtor: fc.record({ name: value, id: value, address }, { requiredKeys: [] }),
        ultimateCreditor: fc.record({ name: value, id: value, address }, { requiredKeys: [] }),
        categoryPurpose: value,
        instrPrty: value,
        chargeBearer: value,
        serviceLevel: value,
        requestedExecutionDate: value,
        unknownField: value,
      },
      { requiredKeys: ['creditorName', 'amount'] },
    );
    const run = fc.record(
      {
        debtor: fc.record({ name: value, iban: fc.oneof(fc.constant('DE89370400440532013000'), value), bic: value, currency: value, address, id: value }, { requiredKeys: ['name', 'iban'] }),
        requestedExecutionDate: fc.oneof(fc.constant('2026-03-16'), value),
        initiatingPartyId: value,
        initiatingPartyName: value,
        batchBooking: fc.oneof(fc.boolean(), value),
        payments: fc.array(payment, { minLength: 0, maxLength: 4 }),
      },
      { requiredKeys: ['debtor', 'requestedExecutionDate', 'payments'] },
    );
    const seen = { fast: 0, fallback: 0 };
    fc.assert(
      fc.property(run, fc.constantFrom(...VARIANTS), (input, [p, s]) => {
        // fc.anything() may build objects with a null prototype or odd keys: a fallback is then allowed.
        seen[compare(p, s, input, false)]++;
      }),
      { numRuns: 1500, seed: 18 },
    );
    expect(seen.fallback).toBeGreaterThan(100);
  });

  it('valid random runs take the fast path and equal valibot', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9äöüÄÖÜß&]{1,12}$/);
    const name = fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => ` ${w.join('  ')} `);
    const payment = fc.record(
      {
        creditorName: name,
        creditorIban: fc.constantFrom('DE28100100100001234567', 'de02 5001 0517 0005 4002 46', 'AT611904300234573201'),
        creditorBic: fc.constantFrom('PBNKDEFFXXX', 'pbnk deff', 'INGDDEFF'),
        amount: fc.oneof(
          fc.integer({ min: 1, max: 99_999_999_999 }).map((c) => c / 100),
          fc.integer({ min: 1, max: 99_999_999_999 }).map((c) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`),
        ),
        remittanceInfo: name,
        endToEndId: fc.stringMatching(/^[A-Za-z0-9+?/\-:().,' ]{1,35}$/),
        purposeCode: fc.constantFrom('SUPP', 'sala', ' gdds '),
        requestedExecutionDate: fc.constantFrom('2026-03-20', ' 2026-04-01 '),
        creditorAddress: fc.record({ townName: name, countryCode: fc.constantFrom('DE', ' at ') }, { requiredKeys: [] }),
      },
      { requiredKeys: ['creditorName', 'amount'] },
    );
    const run = fc.record({
      debtor: fc.record({ name, iban: fc.constant('DE89370400440532013000') }),
      requestedExecutionDate: fc.constant('2026-03-16'),
      payments: fc.array(payment, { minLength: 1, maxLength: 5 }),
    });
    fc.assert(
      fc.property(run, fc.constantFrom<[Profile, CharacterSet]>(['sct', 'epc'], ['sct', 'dk']), (input, [p, s]) => {
        // Every generated run is valid for SCT (1-70 characters per name after transliteration is not guaranteed: long names fall back).
        const r = v.safeParse(paymentRunSchema(p, s), input);
        if (r.success) expect(compare(p, s, input, true)).toBe('fast');
        else expect(paymentRunFastPath(p, s)!(input)).toBe(FAST_FAIL);
      }),
      { numRuns: 500, seed: 19 },
    );
  });

  it('parsePaymentRun gives the same run and warnings through the fast path as through valibot alone', () => {
    const input = sctRun();
    input.payments[1].surprise = 1;
    input.payments[3].surprise = 2;
    const viaFast = parsePaymentRun(input, 'sct', 'epc', 'en');
    const r = v.safeParse(paymentRunSchema('sct', 'epc'), input);
    expect(r.success).toBe(true);
    expect(same(viaFast.run, r.output)).toBe(true);
    expect(viaFast.issues).toEqual([{ code: 'UNKNOWN_FIELD', severity: 'warning', message: expect.stringContaining('payments.1.surprise'), path: 'payments.1.surprise' }]);
  });
});
