/**
 * generateSct / generateAxz: PaymentRun JSON → schema (400) → business rules (422) → pain.001.001.09 →
 * authoritative gate (XSD from the schema store + our file rules; failure 502) → PaymentFileResult.
 *
 * Missing schema set: the gate refuses (GATE_UNAVAILABLE → 502) so that no unchecked file leaves the
 * service. Only a caller that passes `allowUnchecked: true` gets the file, marked verification.passed=false.
 */
import { createHash } from 'node:crypto';
import { findSchemaSet, type Finding, type Lang, type SchemaStore } from '@kontor/xml';
import type { BankDirectory } from '@kontor/bankdata';
import { Pain001Error } from '../errors';
import { sayer, type Say } from '../messages';
import type { CharacterSet } from '../model/charset';
import { berlinNow } from '../model/dates';
import { ID_PATTERN } from '../model/charset';
import { parsePaymentRun } from '../model/parse-run';
import type { PaymentRun, Profile } from '../model/run';
import { checkPaymentRun } from '../rules/run-rules';
import { schemaSetFor, type ValidationSummary } from '../read/validate';
import { writeAndGate } from './gate';

export interface GenerateOptions {
  /** Schema store for the authoritative gate (DK GBIC_5 for SCT, ISO pain.001.001.09 for AXZ). */
  schemaStore?: SchemaStore;
  /** Deliver without schema check when the schema set is missing (explicit opt-out; never the default). */
  allowUnchecked?: boolean;
  /** GrpHdr/MsgId; default: K + creation time + 8 hex of the run's SHA-256 (deterministic for a given time). */
  messageId?: string;
  /** GrpHdr/CreDtTm: a Date (written as Berlin local time) or an xs:dateTime text; default: the clock. */
  createdAt?: Date | string;
  /** Clock for the creation time and the "not in the past" rule; default () => new Date(). */
  now?: () => Date;
  /** Character set for texts; default epc (see README: transliteration policy). */
  characterSet?: CharacterSet;
  /** German bank directory: BIC derived from German IBANs, deleted bank codes rejected. */
  bankDirectory?: BankDirectory;
  /** Language of issues, warnings and notes (default de). */
  lang?: Lang | undefined;
}

export interface PaymentFileSummary extends ValidationSummary {
  profile: Profile;
  /** Blocks as written: id, date, flags, count and sum. */
  blocks: { id: string; executionDate: string; categoryPurpose?: 'SALA'; instrPrty?: 'HIGH'; serviceLevel?: string; payments: number; controlSum: string }[];
}

export interface PaymentFileVerification {
  /** True when the file passed the authoritative gate (schema and rules). */
  passed: boolean;
  schemaChecked: boolean;
  /** Schema set id used, e.g. dk:pain.001.001.09_GBIC_5 or iso:pain.001.001.09. */
  schema: string;
  schemaTitle?: string;
  rulesChecked: true;
  verdict: 'valid' | 'valid_with_warnings' | 'invalid';
  note?: string;
}

/** The JSON envelope of spec §2.10. */
export interface PaymentFileResult {
  xml: string;
  filename: string;
  summary: PaymentFileSummary;
  /** Non-blocking messages (duplicates, derived BICs, ignored fields, dates on holidays ...). */
  warnings: Finding[];
  verification: PaymentFileVerification;
}

const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})?$/;

function resolveCreatedAt(opts: GenerateOptions, now: () => Date): string {
  const c = opts.createdAt;
  if (c === undefined) return berlinNow(now()).dateTime;
  if (c instanceof Date) {
    if (Number.isNaN(c.getTime())) throw new Pain001Error('INVALID_ARGUMENT', 'createdAt is an invalid Date');
    return berlinNow(c).dateTime;
  }
  if (typeof c !== 'string' || !DATETIME.test(c)) throw new Pain001Error('INVALID_ARGUMENT', `createdAt must be an xs:dateTime (YYYY-MM-DDThh:mm:ss): ${String(c)}`);
  return c;
}

function defaultMessageId(run: PaymentRun, createdAt: string): string {
  const hash = createHash('sha256').update(JSON.stringify(run)).digest('hex').slice(0, 8).toUpperCase();
  return `K${createdAt.slice(0, 19).replace(/\D/g, '')}${hash}`;
}

/** Fills missing SCT creditor BICs (and the debtor's) from the bank directory for German IBANs. */
function deriveBics(run: PaymentRun, profile: Profile, dir: BankDirectory | undefined, say: Say): Finding[] {
  if (!dir) return [];
  const infos: Finding[] = [];
  if (!run.debtor.bic) {
    const bic = dir.bicForIban(run.debtor.iban);
    if (bic) {
      run.debtor.bic = bic;
      infos.push({ code: 'BIC_DERIVED', severity: 'info', message: say('BIC_DERIVED', { bic, dataDate: dir.dataDate }), path: 'debtor.bic' });
    }
  }
  if (profile !== 'sct') return infos;
  run.payments.forEach((p, i) => {
    if (p.creditorBic || p.creditorAgent?.bic || !p.creditorIban) return;
    const bic = dir.bicForIban(p.creditorIban);
    if (bic) {
      p.creditorBic = bic;
      infos.push({ code: 'BIC_DERIVED', severity: 'info', message: say('BIC_DERIVED', { bic, dataDate: dir.dataDate }), path: `payments.${i}.creditorBic` });
    }
  });
  return infos;
}

async function generate(profile: Profile, input: unknown, opts: GenerateOptions): Promise<PaymentFileResult> {
  if (opts === null || typeof opts !== 'object') throw new Pain001Error('INVALID_ARGUMENT', 'options must be an object');
  const now = opts.now ?? (() => new Date());
  const lang = opts.lang ?? 'de';
  const say = sayer(lang);
  // Step 1: schema (400) and limits (422 list)
  const { run, issues } = parsePaymentRun(input, profile, opts.characterSet ?? 'epc', lang);
  // Step 2: business rules (422 list)
  const ruleIssues = checkPaymentRun(run, { profile, now: now(), lang, ...(opts.bankDirectory ? { bankDirectory: opts.bankDirectory } : {}) });
  const all = [...issues, ...ruleIssues];
  const errors = all.filter((i) => i.severity === 'error');
  if (errors.length) throw new Pain001Error('RUN_RULES_VIOLATED', say('E_RULES_VIOLATED', { count: errors.length }), { details: all });
  const derived = deriveBics(run, profile, opts.bankDirectory, say);

  const createdAt = resolveCreatedAt(opts, now);
  const messageId = opts.messageId ?? defaultMessageId(run, createdAt);
  if (typeof messageId !== 'string' || !ID_PATTERN.test(messageId))
    throw new Pain001Error('INVALID_ARGUMENT', `messageId must be 1-35 characters of A-Z a-z 0-9 + ? / - : ( ) . , ' space: ${String(messageId)}`);
  // Step 3: authoritative gate on the file itself, in the same pass as the writing when the store validates the
  // schema set natively (gate.ts: the writer's events feed the XSD validation and the read model); else
  // validatePain001 on the output. Either way: what validatePain001 says about the file.
  const setId = schemaSetFor('09', profile);
  const checkOpts = { profile, lang, ...(opts.schemaStore ? { schemaStore: opts.schemaStore } : {}), maxBytes: Number.MAX_SAFE_INTEGER };
  const { xml, blocks, check } = await writeAndGate(run, profile, { messageId, createdAt }, checkOpts);
  // Rule findings and schema diagnostics are the same Finding type.
  const gateErrors: Finding[] = [...check.findings, ...check.xsd.findings].filter((f) => f.severity === 'error');
  if (gateErrors.length) throw new Pain001Error('GATE_FAILED', say('E_GATE_FAILED', { schemaSet: setId }), { details: gateErrors });
  if (!check.xsd.available && !opts.allowUnchecked) {
    throw new Pain001Error('GATE_UNAVAILABLE', say('E_GATE_UNAVAILABLE', { note: check.xsd.note ?? setId }), {
      details: [{ code: 'SCHEMA_NOT_INSTALLED', severity: 'error', message: check.xsd.note ?? say('SCHEMA_NOT_INSTALLED', { schemaSet: setId }) }],
    });
  }
  const fileWarnings = check.findings.filter((f) => f.severity !== 'error');
  // File warnings whose code the run checks already reported are not repeated (a set: runs may carry thousands).
  const runCodes = new Set(all.map((a) => a.code));
  const title = findSchemaSet(setId)?.title;
  const date = run.requestedExecutionDate;
  return {
    xml,
    filename: profile === 'sct' ? `sepa-inland-${date}.xml` : `axz-ausland-${date}.xml`,
    summary: {
      profile,
      ...check.summary,
      blocks: blocks.map((b) => ({
        id: b.id,
        executionDate: b.executionDate,
        ...(b.salary ? { categoryPurpose: 'SALA' as const } : {}),
        ...(b.highPriority ? { instrPrty: 'HIGH' as const } : {}),
        ...(b.serviceLevel ? { serviceLevel: b.serviceLevel } : {}),
        payments: b.count,
        controlSum: b.sum.toFixed(2),
      })),
    },
    warnings: [...all, ...derived, ...fileWarnings.filter((f) => !runCodes.has(f.code))],
    verification: {
      passed: check.xsd.available && check.verdict !== 'invalid',
      schemaChecked: check.xsd.available,
      schema: setId,
      ...(title ? { schemaTitle: title } : {}),
      rulesChecked: true,
      verdict: check.verdict,
      ...(check.xsd.available ? {} : { note: say('UNCHECKED_NOTE', { note: check.xsd.note ?? '' }).trim() }),
    },
  };
}

/**
 * SEPA credit transfer batch (DK GBIC_5, pain.001.001.09).
 * @example
 * ```ts
 * const run = { debtor: { name: 'Muster GmbH', iban: 'DE89370400440532013000' }, requestedExecutionDate: '2026-03-12',
 *   payments: [{ creditorName: 'Lieferant AG', creditorIban: 'DE02500105170005400246', amount: 1190, remittanceInformation: 'RE-4711' }] };
 * const r = await generateSct(run);
 * await writeFile(r.filename, r.xml); // checked against the DK XSD and rules before it is returned
 * console.log(r.summary, r.warnings);
 * ```
 */
export function generateSct(input: unknown, opts: GenerateOptions = {}): Promise<PaymentFileResult> {
  return generate('sct', input, opts);
}

/**
 * Foreign-payment file (DK AXZ, pain.001.001.09, checked against the ISO schema).
 * @example
 * ```ts
 * const r = await generateAxz({ debtor: { name: 'Muster GmbH', iban: 'DE89370400440532013000' }, requestedExecutionDate: '2026-03-12',
 *   payments: [{ creditorName: 'Supplier Inc.', creditorAccount: '123456789', creditorBic: 'CHASUS33', amount: 500, currency: 'USD', creditorAddress: { townName: 'New York', countryCode: 'US' } }] });
 * console.log(r.filename, r.summary);
 * ```
 */
export function generateAxz(input: unknown, opts: GenerateOptions = {}): Promise<PaymentFileResult> {
  return generate('axz', input, opts);
}
