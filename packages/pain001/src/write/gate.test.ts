/**
 * The one-pass generation gate says exactly what validatePain001 says about the bytes it produced: many varied
 * payment runs (SCT and AXZ, every option, odd characters, transliteration, many PmtInf groups) and runs broken
 * after the run checks (so that the gate itself fails: lengths, patterns, amounts, codes, forbidden characters)
 * are written with the gate's sinks, and compared with reading the output: the validation result, the read model,
 * and the writer's events against the reader's, event by event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type SchemaStore, streamXml, type XmlAttribute } from '@kontor/xml';
import { fuzzParams } from '@kontor/testkit/fuzz';
import { parsePaymentRun } from '../model/parse-run';
import { checkPaymentRun } from '../rules/run-rules';
import type { CharacterSet } from '../model/charset';
import type { PaymentRun, Profile } from '../model/run';
import { pain001Reader, readPain001 } from '../read/read';
import { validatePain001, type ValidateOptions } from '../read/validate';
import { corpusAvailable, corpusSchemaStores } from '../../test/corpus';
import type { WriteSink } from './emit';
import { writeAndGate } from './gate';
import { generateAxz, generateSct } from './generate';
import { writePain001 } from './writer';
import { now } from '../../test/runs';

const has = corpusAvailable();
let store: SchemaStore;
let libxml2: SchemaStore;
let cleanup = () => {};
beforeAll(async () => {
  if (!has) return;
  ({ store, libxml2, cleanup } = await corpusSchemaStores());
});
afterAll(() => cleanup());

type Ev = ['open', string, string, string, string, [string, string, string, string][], number, number] | ['text', string] | ['close'];

/** Records events; adjacent texts are merged (a reader may split a text node, the document is the same). */
class Recorder implements WriteSink {
  readonly events: Ev[] = [];
  open(name: string, local: string, prefix: string, ns: string, attributes: XmlAttribute[], line: number, column: number): void {
    this.events.push(['open', name, local, prefix, ns, attributes.map((a) => [a.name, a.prefix, a.ns, a.value]), line, column]);
  }
  close(): void {
    this.events.push(['close']);
  }
  text(t: string): void {
    const last = this.events[this.events.length - 1];
    if (last?.[0] === 'text') last[1] += t;
    else this.events.push(['text', t]);
  }
}

async function readerEvents(xml: string): Promise<Ev[]> {
  const r = new Recorder();
  await streamXml(xml, { keep: () => false, onElement() {}, tap: r });
  return r.events;
}

/** Texts the run checks accept (some transliterated); the ones they refuse are among BREAKS below. */
const ODD = ['Müller & Söhne', 'Ærø Łódź', '“quoted” ‚x‘', 'tab\there', 'a  b   c', ' lead', 'Straße', 'Ça va', "O'Neil", 'x\u00a0y', 'Zoë + Chloé'];
const IBANS = ['DE28100100100001234567', 'DE02500105170005400246', 'AT611904300234573201', 'FR7630006000011234567890189', 'NL91ABNA0417164300', 'CH9300762011623852957'];

const text = (max: number) =>
  fc.oneof(
    fc.constantFrom(...ODD),
    fc.stringMatching(new RegExp(`^[A-Za-z0-9äöüÄÖÜß&/.,' -]{1,${max}}$`)).filter((s) => /[A-Za-z0-9]/.test(s)),
  );
const address = fc.record(
  {
    streetName: text(30),
    buildingNumber: fc.stringMatching(/^[0-9]{1,4}[a-z]?$/),
    postCode: fc.stringMatching(/^[0-9]{5}$/),
    townName: text(20),
    countrySubDivision: fc.constantFrom('NY', 'BY', 'Tirol'),
    countryCode: fc.constantFrom('DE', 'US', 'CH', 'JP', 'FR'),
  },
  { requiredKeys: ['townName', 'countryCode'] },
);
const partyId = fc.constantFrom('PBNKDEFFXXX', '529900T8BM49AURSDO55', 'KONTOR-ID-1', 'Cust 42');
const ultimate = fc.record({ name: text(30), id: partyId }, { requiredKeys: ['name'] });
const ultimateWithAddress = fc.record({ name: text(30), id: partyId, address }, { requiredKeys: ['name'] });
const amount = fc.oneof(
  fc.integer({ min: 1, max: 99_999_999 }).map((c) => (c / 100).toFixed(2)),
  fc.integer({ min: 1, max: 50_000 }),
  fc.constantFrom('0.10', '1', '12.5', 1190, 0.01),
);
const day = fc.constantFrom('2026-03-16', '2026-03-17', '2026-03-20');

const sctPayment = fc.record(
  {
    creditorName: text(40),
    creditorIban: fc.constantFrom(...IBANS.slice(0, 5)),
    creditorBic: fc.constantFrom('PBNKDEFFXXX', 'INGDDEFF'),
    creditorAddress: address,
    creditorId: partyId,
    amount,
    remittanceInfo: text(140),
    endToEndId: fc.stringMatching(/^[A-Za-z0-9-]{1,35}$/),
    instructionId: fc.stringMatching(/^[A-Za-z0-9]{1,20}$/),
    categoryPurpose: fc.constant('SALA'),
    instrPrty: fc.constant('HIGH'),
    requestedExecutionDate: day,
    purposeCode: fc.constantFrom('SUPP', 'SALA', 'GDDS'),
    ultimateDebtor: ultimate,
    ultimateCreditor: ultimate,
  },
  { requiredKeys: ['creditorName', 'creditorIban', 'amount'] },
);

const agent = fc.oneof(
  fc.record({ bic: fc.constantFrom('CHASUS33XXX', 'BOFAUS3N'), name: text(30), address }, { requiredKeys: ['bic'] }),
  fc.record({ clearingSystemId: fc.constantFrom('USABA', 'CHBCC'), clearingMemberId: fc.stringMatching(/^[0-9]{9}$/), name: text(30) }, { requiredKeys: ['clearingSystemId', 'clearingMemberId'] }),
  fc.record({ name: text(30), address }),
);
const axzAccount = fc.oneof(
  fc.record({ creditorIban: fc.constantFrom(...IBANS), creditorAgent: agent }, { requiredKeys: ['creditorIban'] }),
  fc.record({ creditorAccountOther: fc.stringMatching(/^[0-9]{6,20}$/), creditorAgent: agent }),
);
const axzPayment = fc
  .tuple(
    fc.record(
      {
        creditorName: text(60),
        creditorAddress: address,
        creditorId: partyId,
        amount,
        currency: fc.constantFrom('USD', 'CHF', 'JPY', 'EUR', 'GBP'),
        chargeBearer: fc.constantFrom('DEBT', 'CRED', 'SHAR'),
        serviceLevel: fc.constantFrom('URGP', 'NURG', 'SDVA'),
        remittanceInfo: text(140),
        endToEndId: fc.stringMatching(/^[A-Za-z0-9-]{1,35}$/),
        requestedExecutionDate: day,
        purposeCode: fc.constantFrom('GDDS', 'SUPP'),
        ultimateDebtor: ultimateWithAddress,
        ultimateCreditor: ultimateWithAddress,
      },
      { requiredKeys: ['creditorName', 'amount', 'creditorAddress'] },
    ),
    axzAccount,
  )
  .map(([p, account]) => ({ ...p, ...account }));

function debtor(profile: Profile) {
  return fc.record(
    {
      name: text(40),
      iban: fc.constant('DE89370400440532013000'),
      bic: fc.constantFrom('COBADEFFXXX', 'COBADEFF'),
      address,
      id: partyId,
      ...(profile === 'axz' ? { currency: fc.constantFrom('EUR', 'USD') } : {}),
    },
    { requiredKeys: profile === 'axz' ? ['name', 'iban', 'address'] : ['name', 'iban'] },
  );
}

function runOf(profile: Profile) {
  return fc.record(
    {
      debtor: debtor(profile),
      requestedExecutionDate: fc.constant('2026-03-16'),
      initiatingPartyId: partyId,
      initiatingPartyName: text(30),
      batchBooking: fc.boolean(),
      payments: fc.array<Record<string, unknown>>(profile === 'sct' ? sctPayment : axzPayment, { minLength: 1, maxLength: 15 }),
    },
    { requiredKeys: ['debtor', 'requestedExecutionDate', 'payments'] },
  );
}

type Mutable = Record<string, any>;
/** Breaks a checked run after the run checks, so that the file itself fails the gate (or warns). */
const BREAKS: [string, (r: Mutable, i: number) => void][] = [
  ['name too long', (r, i) => void (r.payments[i].creditorName = 'N'.repeat(150))],
  ['markup and controls in a name', (r, i) => void (r.payments[i].creditorName = 'A<b>&"c\'\u0007\r\n\tz')],
  ['only forbidden characters', (r, i) => void (r.payments[i].remittanceInfo = '\u0001\u0002')],
  ['astral characters', (r, i) => void (r.payments[i].remittanceInfo = '😀😀 x 𝄞')],
  ['line breaks', (r, i) => void (r.payments[i].remittanceInfo = 'line 1\nline 2\n\nline 4')],
  ['three decimals', (r, i) => void (r.payments[i].amount = '1.234')],
  ['zero amount', (r, i) => void (r.payments[i].amount = '0')],
  ['negative amount', (r, i) => void (r.payments[i].amount = '-5.00')],
  ['leading zeros', (r, i) => void (r.payments[i].amount = '0012.50')],
  ['huge amount', (r, i) => void (r.payments[i].amount = '99999999999999.99')],
  ['currency', (r, i) => void (r.payments[i].currency = 'usd')],
  ['currency with a quote', (r, i) => void (r.payments[i].currency = 'U"D')],
  ['iban', (r, i) => void (r.payments[i].creditorIban = 'de28 1001 0010 0001 2345 67')],
  ['bic', (r, i) => void (r.payments[i].creditorBic = 'XYZ')],
  ['end-to-end id', (r, i) => void (r.payments[i].endToEndId = 'E2E_<ü>_'.repeat(6))],
  ['remittance too long', (r, i) => void (r.payments[i].remittanceInfo = 'R'.repeat(200))],
  ['execution date', (r, i) => void (r.payments[i].requestedExecutionDate = '2026-02-30')],
  ['purpose code', (r, i) => void (r.payments[i].purposeCode = 'toolong')],
  ['country code', (r, i) => void (r.payments[i].creditorAddress = { streetName: 'Weg 1', countryCode: 'XX' })],
  ['debtor currency', (r) => void (r.debtor.currency = 'EURO')],
  ['debtor bic', (r) => void (r.debtor.bic = 'bad bic')],
  ['whitespace-only name', (r, i) => void (r.payments[i].creditorName = '   ')],
  ['duplicate payments', (r, i) => void r.payments.push({ ...r.payments[i] })],
  ['service level', (r, i) => void (r.payments[i].serviceLevel = 'X Y')],
  ['agent name', (r, i) => void (r.payments[i].creditorAgent = { name: 'Bank & <Co>' })],
];

async function compare(run: PaymentRun, profile: Profile, writeOpts: { messageId: string; createdAt: string }, lang: 'de' | 'en'): Promise<void> {
  const checkOpts: ValidateOptions = { profile, lang, schemaStore: store, maxBytes: Number.MAX_SAFE_INTEGER };
  // The writer's events, the model built from them, and the gate's verdict.
  const rec = new Recorder();
  const reader = pain001Reader({ lang });
  // The gate's own reader: the same model, every position one shared { line: 0, column: 0 }.
  const bare = pain001Reader({ lang, positions: false });
  const { xml } = writePain001(run, profile, writeOpts, [rec, reader, bare]);
  expect(rec.events).toEqual(await readerEvents(xml));
  expect(reader.model()).toEqual(await readPain001(xml, { lang }));
  const positions = new Set<unknown>();
  expect(bare.model()).toEqual(withoutPositions(reader.model(), positions));
  const bareModel = bare.model();
  positions.clear();
  withoutPositions(bareModel, positions);
  expect([...positions]).toEqual([{ line: 0, column: 0 }]);
  const gate = await writeAndGate(run, profile, writeOpts, checkOpts);
  expect(gate.xml).toBe(xml);
  expect(gate.onePass).toBe(true);
  expect(gate.check).toEqual(await validatePain001(xml, checkOpts));
}

/** A copy of a read model with every position ({ line, column } under `at` or `fieldAt`) as { line: 0, column: 0 }; the originals go to `seen`. */
function withoutPositions(v: unknown, seen: Set<unknown>, key = ''): unknown {
  if (Array.isArray(v)) return v.map((x) => withoutPositions(x, seen));
  if (v === null || typeof v !== 'object') return v;
  if (key === 'at' || key === 'position') {
    seen.add(v);
    return { line: 0, column: 0 };
  }
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v))
    out[k] = k === 'fieldAt' ? Object.fromEntries(Object.entries(x as object).map(([f, p]) => [f, withoutPositions(p, seen, 'position')])) : withoutPositions(x, seen, k);
  return out;
}

function checkedRun(input: unknown, profile: Profile, set: CharacterSet): PaymentRun | null {
  try {
    const { run, issues } = parsePaymentRun(input, profile, set);
    const all = [...issues, ...checkPaymentRun(run, { profile, now: now() })];
    return all.some((i) => i.severity === 'error') ? null : run;
  } catch {
    return null;
  }
}

describe.runIf(has)('one-pass generation gate', () => {
  for (const profile of ['sct', 'axz'] as const) {
    it(`${profile}: events, read model and verdict equal reading the output (varied runs, also broken ones)`, async () => {
      let compared = 0;
      let failing = 0;
      await fc.assert(
        fc.asyncProperty(
          runOf(profile),
          fc.constantFrom<CharacterSet>('epc', 'dk'),
          fc.array(fc.tuple(fc.integer({ min: 0, max: BREAKS.length - 1 }), fc.nat()), { maxLength: 3 }),
          fc.constantFrom('de' as const, 'en' as const),
          async (input, set, breaks, lang) => {
            const run = checkedRun(input, profile, set);
            if (!run) return;
            for (const [b, at] of breaks) BREAKS[b]![1](run as Mutable, at % run.payments.length);
            await compare(run, profile, { messageId: breaks.length ? 'MSG<&>-"1"' : 'MSG-GATE-1', createdAt: '2026-03-10T11:00:00' }, lang);
            compared++;
            const { check, onePass } = await writeAndGate(run, profile, { messageId: 'M1', createdAt: '2026-03-10T11:00:00' }, { profile, schemaStore: store });
            expect(onePass, 'the one-pass gate must not read the file').toBe(true);
            if (check.verdict === 'invalid') failing++;
            // A run the checks accepted, unbroken, passes (sums and counts as written, schema met).
            if (breaks.length === 0) expect([check.verdict, check.findings.filter((f) => f.severity === 'error'), check.xsd.findings]).toEqual([expect.stringMatching(/^valid/), [], []]);
          },
        ),
        fuzzParams(80),
      );
      // The property saw real runs, and the gate failed on some of them.
      expect(compared).toBeGreaterThan(20);
      expect(failing).toBeGreaterThan(3);
    }, 120_000);
  }

  it('every break on its own: the gate fails or warns exactly as validatePain001 does', async () => {
    for (const profile of ['sct', 'axz'] as const) {
      for (const [label, brk] of BREAKS) {
        const base = checkedRun(
          profile === 'sct'
            ? {
                debtor: { name: 'Kontor GmbH', iban: 'DE89370400440532013000' },
                requestedExecutionDate: '2026-03-16',
                payments: [
                  { creditorName: 'A', creditorIban: IBANS[0], amount: 1 },
                  { creditorName: 'B', creditorIban: IBANS[1], amount: '2.50', requestedExecutionDate: '2026-03-17' },
                ],
              }
            : {
                debtor: { name: 'Kontor GmbH', iban: 'DE89370400440532013000', address: { townName: 'Köln', countryCode: 'DE' } },
                requestedExecutionDate: '2026-03-16',
                payments: [{ creditorName: 'A', creditorIban: IBANS[5], amount: 1, currency: 'CHF', creditorAddress: { townName: 'Bern', countryCode: 'CH' } }],
              },
          profile,
          'epc',
        );
        expect(base, label).not.toBeNull();
        brk(base as Mutable, 0);
        await compare(base!, profile, { messageId: 'MSG-1', createdAt: '2026-03-10T11:00:00' }, 'en');
      }
    }
  });

  it('many payment blocks: 300 payments over 3 dates × SALA × HIGH', async () => {
    const payments = Array.from({ length: 300 }, (_, i) => ({
      creditorName: `Empfänger ${i} & Co`,
      creditorIban: IBANS[i % 5],
      amount: (((i * 7919) % 100_000) + 1) / 100,
      remittanceInfo: `RE ${i}`,
      requestedExecutionDate: ['2026-03-16', '2026-03-17', '2026-03-20'][i % 3],
      ...(i % 2 ? { categoryPurpose: 'SALA' } : {}),
      ...(i % 5 === 0 ? { instrPrty: 'HIGH' } : {}),
    }));
    const run = checkedRun({ debtor: { name: 'Kontor GmbH', iban: 'DE89370400440532013000' }, requestedExecutionDate: '2026-03-16', payments }, 'sct', 'epc')!;
    await compare(run, 'sct', { messageId: 'MSG-MANY', createdAt: '2026-03-10T11:00:00' }, 'de');
  });

  it('generateSct / generateAxz: the one-pass result equals the reading gate of a store that validates with libxml2', async () => {
    const input = (profile: Profile) =>
      profile === 'sct'
        ? {
            debtor: { name: 'Kontor GmbH', iban: 'DE89370400440532013000' },
            requestedExecutionDate: '2026-03-16',
            payments: [
              { creditorName: 'Müller', creditorIban: IBANS[0], amount: 10, endToEndId: 'E-1' },
              { creditorName: 'Müller', creditorIban: IBANS[0], amount: 10, endToEndId: 'E-1' },
            ],
          }
        : {
            debtor: { name: 'Kontor GmbH', iban: 'DE89370400440532013000', address: { townName: 'Köln', countryCode: 'DE' } },
            requestedExecutionDate: '2026-03-16',
            payments: [{ creditorName: 'A', creditorIban: IBANS[5], amount: 1, currency: 'CHF', creditorAddress: { townName: 'Bern', countryCode: 'CH' } }],
          };
    for (const [profile, gen] of [
      ['sct', generateSct],
      ['axz', generateAxz],
    ] as const) {
      const opts = { now, messageId: 'MSG-1', createdAt: '2026-03-10T11:00:00' };
      const one = await gen(input(profile), { ...opts, schemaStore: store });
      const read = await gen(input(profile), { ...opts, schemaStore: libxml2 });
      expect(one).toEqual(read);
      expect(one.verification.passed).toBe(true);
    }
  });
});
