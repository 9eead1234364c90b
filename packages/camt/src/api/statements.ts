/**
 * The public entry points: parseStatements (spec §2.8 minus billing) and validateStatements (spec §2.7 minus
 * billing) over a single camt XML or a ZIP delivery.
 */
import { verdictOf, type SchemaStore } from '@kontor/xml';
import { CamtError } from '../errors';
import { FindingList, worstVerdict } from '../internal/findings';
import { sayer, type Say } from '../messages';
import type {
  BillingStatement,
  CamtFinding,
  MessageHeader,
  ParsedFile,
  SkippedMember,
  Statement,
  StatementFacts,
  StatementParseResult,
  StatementValidationResult,
  ValidatedFile,
} from '../model/types';
import type { CamtKind } from '../read/detect';
import { readCamt, type CamtReadHandlers, type ReadOptions, type ReadOutcome } from '../read/reader';
import { billingFacts, billingTotals, checkBillingStatement } from '../rules/billing-rules';
import { checkDelivery } from '../rules/delivery-rules';
import { StatementRules } from '../rules/statement-rules';
import { checkXsd, xsdPass } from '../xsd/xsd';
import { checkInput, memberSkipCodes, openDelivery, skipReason, type DeliveryMember, type DeliveryOptions } from './delivery';

export type ParseOptions = DeliveryOptions;

export interface ValidateOptions extends DeliveryOptions {
  /** Schema store holding iso:camt.* sets; without it (or without the set) the verdict rests on the rules. */
  schemaStore?: SchemaStore;
  /** Schema diagnostics kept per file (default 100); `xsd.errorCount` counts all of them. */
  maxXsdFindings?: number;
}

/** Reads every member; member-level rejections become `skipped` in a ZIP and are thrown for a single file. */
async function forEachMember(input: unknown, opts: DeliveryOptions, run: (m: DeliveryMember) => Promise<void>): Promise<{ skipped: SkippedMember[]; corrupt: string[]; isZip: boolean; read: number }> {
  const checked = checkInput(input, opts);
  const delivery = openDelivery(checked, opts);
  let read = 0;
  for (const m of delivery.members) {
    try {
      await run(m);
      read++;
    } catch (e) {
      if (delivery.isZip && e instanceof CamtError && memberSkipCodes.has(e.code)) {
        delivery.skipped.push({ name: m.name, code: e.code, reason: skipReason(e, sayer(opts.lang)) });
        continue;
      }
      throw e;
    }
  }
  if (delivery.isZip && read === 0) {
    throw new CamtError('NO_SUPPORTED_FILES', 'The ZIP archive contains no supported camt file', { details: { skipped: delivery.skipped } });
  }
  return { skipped: delivery.skipped, corrupt: delivery.corrupt, isZip: delivery.isZip, read };
}

function noStatements(outcome: ReadOutcome, severity: 'error' | 'warning', say: Say): CamtFinding | undefined {
  if (outcome.statements > 0 || !outcome.complete) return undefined;
  return { code: 'CAMT_NO_STATEMENTS', severity, message: say(outcome.kind.message === 'camt.086' ? 'NO_BILLING_STATEMENTS' : 'NO_STATEMENTS') };
}

/** Parses one XML member into a ParsedFile. */
async function parseMember(m: DeliveryMember, opts: ParseOptions): Promise<ParsedFile> {
  const lang = opts.lang ?? 'de';
  const findings = new FindingList(lang);
  let header: MessageHeader = {};
  const statements: (Statement | BillingStatement)[] = [];
  const outcome = await readCamt(
    m.data,
    {
      header: (h) => (header = h),
      statementEnd: (s) => statements.push(s),
      billingStatement: (s) => statements.push(s),
      finding: (f) => findings.add(f),
    },
    { keepEntries: true, maxXmlBytes: m.maxXmlBytes, lang, ...(opts.bestEffort ? { bestEffort: true } : {}), ...(opts.limits ? { limits: opts.limits } : {}) },
  );
  const none = noStatements(outcome, 'warning', sayer(lang));
  if (none) findings.add(none);
  const k = outcome.kind;
  const file: ParsedFile = {
    name: m.name,
    message: k.message,
    version: k.version,
    schemaVersion: k.schemaVersion,
    supported: k.supported,
    header,
    statements: statements as Statement[] | BillingStatement[],
    parseFindings: findings.finish(),
  };
  if (k.message === 'camt.086') Object.assign(file, billingTotals(statements as BillingStatement[]));
  return file;
}

/**
 * @example
 * ```ts
 * const parsed = await parseStatements(await readFile('C53_2026-03-31.xml'), { filename: 'C53_2026-03-31.xml' });
 * for (const s of parsed.files[0]!.statements) console.log(s.account.iban, s.entries.length);
 * ```
 */
export async function parseStatements(input: Uint8Array | string, opts: ParseOptions = {}): Promise<StatementParseResult> {
  const files: ParsedFile[] = [];
  const { skipped } = await forEachMember(input, opts, async (m) => {
    files.push(await parseMember(m, opts));
  });
  return { files, skipped };
}

/**
 * Validates one XML member: streaming rules (entries are not kept) and, in the same read, the native schema
 * validation (xsd/xsd.ts XsdPass); a file that pass cannot judge is validated by the schema store afterwards.
 */
async function validateMember(m: DeliveryMember, opts: ValidateOptions, facts: StatementFacts[]): Promise<ValidatedFile> {
  const lang = opts.lang ?? 'de';
  const findings = new FindingList(lang);
  const add = (f: CamtFinding) => findings.add(f);
  let rules: StatementRules | undefined;
  const pass = xsdPass(opts.schemaStore, opts.maxXsdFindings);
  const outcome = await readCamt(
    m.data,
    {
      kind: (k: CamtKind) => {
        if (k.message !== 'camt.086') rules = new StatementRules(k.message, add, m.name, lang);
      },
      entry: (info, s, i, p) => rules?.entry(info, s, i, p),
      statementEnd: (s, i, info) => rules?.statementEnd(s, i, info),
      billingStatement: (s, i) => {
        checkBillingStatement(s, i, add, lang);
        facts.push(billingFacts(s, i, m.name));
      },
      finding: add,
    },
    { keepEntries: false, maxXmlBytes: m.maxXmlBytes, lang, tap: pass, ...(opts.bestEffort ? { bestEffort: true } : {}), ...(opts.limits ? { limits: opts.limits } : {}) },
  );
  // A loop, not push(...): spreading 100k+ items overflows the call stack.
  if (rules) for (const f of rules.facts) facts.push(f);
  const none = noStatements(outcome, 'error', sayer(lang));
  if (none) add(none);
  const k = outcome.kind;
  const xsd = await checkXsd(opts.schemaStore, k, m.data, m.maxXmlBytes, opts.maxXsdFindings, lang, pass?.result(k, outcome.complete));
  const list = findings.finish();
  const verdict = worstVerdict([verdictOf(list), xsd.available && xsd.verdict !== 'not_checked' ? xsd.verdict : 'valid']);
  return {
    name: m.name,
    message: k.message,
    version: k.version,
    schemaVersion: k.schemaVersion,
    supported: k.supported,
    statements: outcome.statements,
    items: outcome.items,
    findings: list,
    xsd,
    verdict,
  };
}

/**
 * @example
 * ```ts
 * const r = await validateStatements(await readFile('camt053.zip'));
 * console.log(r.verdict);                                   // 'valid' | 'valid_with_warnings' | 'invalid'
 * for (const f of r.files) for (const x of f.findings) console.log(x.code, x.message);
 * ```
 */
export async function validateStatements(input: Uint8Array | string, opts: ValidateOptions = {}): Promise<StatementValidationResult> {
  const files: ValidatedFile[] = [];
  const facts: StatementFacts[] = [];
  const { skipped, corrupt, isZip } = await forEachMember(input, opts, async (m) => {
    files.push(await validateMember(m, opts, facts));
  });
  let deliveryFindings: CamtFinding[] = [];
  if (isZip) {
    // Bounded like the file findings: at most 50 per code, the rest counted.
    const lang = opts.lang ?? 'de';
    const say = sayer(lang);
    const list = new FindingList(lang);
    for (const name of corrupt) {
      list.add({ code: 'CAMT_ZIP_MEMBER_CORRUPT', severity: 'error', message: say('ZIP_MEMBER_CORRUPT', { name }), path: name });
    }
    for (const f of checkDelivery(facts, lang)) list.add(f);
    deliveryFindings = list.finish();
  }
  const verdict = worstVerdict([...files.map((f) => f.verdict), verdictOf(deliveryFindings)]);
  return { files, deliveryFindings, skipped, verdict, schemaChecked: files.every((f) => f.xsd.available) };
}

export interface StreamStatementsOptions extends ReadOptions {
  maxBytes?: number;
}

/**
 * Low-level streaming access to one camt XML (not a ZIP): handlers receive the header, each entry as it is read,
 * and each statement when it closes. Entries are not kept unless `keepEntries` is set.
 * @example
 * ```ts
 * let entries = 0;
 * await streamStatements(await readFile('C53_large.xml'), { entry: () => void entries++ });
 * console.log(entries); // counted without holding every entry in memory
 * ```
 */
export async function streamStatements(input: Uint8Array | string, handlers: Partial<CamtReadHandlers>, opts: StreamStatementsOptions = {}): Promise<ReadOutcome> {
  const checked = checkInput(input, opts.maxBytes === undefined ? {} : { maxBytes: opts.maxBytes });
  return readCamt(checked, { ...handlers, finding: handlers.finding ?? (() => {}) }, { maxXmlBytes: opts.maxXmlBytes ?? opts.maxBytes ?? 10 * 1024 * 1024, ...opts });
}
