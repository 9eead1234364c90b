/**
 * Runs the PaymentRun schema and sorts its issues: shape errors throw RUN_SCHEMA_MISMATCH (400), limit
 * violations come back as coded issues for the 422 list. Unknown properties are ignored with a warning.
 */
import * as v from 'valibot';
import type { Finding, Lang } from '@kontor/xml';
import { Pain001Error } from '../errors';
import { sayer, type Pain001MessageKey, type Say } from '../messages';
import { CODE_SEP, paymentRunFastPath, paymentRunSchema, type PaymentRun, type PaymentRunSchema, type Profile } from './run';
import type { CharacterSet } from './charset';
import { FAST_FAIL } from './fast-run';

type AnyIssue = v.BaseIssue<unknown>;

function pathOf(issue: AnyIssue): string | undefined {
  const p = issue.path?.map((i) => String(i.key)).join('.');
  return p ? p : undefined;
}

function describeType(received: string, say: Say): string {
  return received === 'undefined' ? say('RECEIVED_MISSING') : say('RECEIVED', { received });
}

const EXPECTED: Record<string, Pain001MessageKey> = { object: 'T_OBJECT', string: 'T_STRING', number: 'T_NUMBER', boolean: 'T_BOOLEAN', array: 'T_ARRAY', union: 'T_UNION' };

function schemaIssue(issue: AnyIssue, say: Say): Finding {
  const path = pathOf(issue);
  let code = 'SCHEMA_MISMATCH';
  let message: string;
  if (issue.received === 'undefined' && issue.type !== 'union') {
    code = 'REQUIRED';
    message = path ? say('REQUIRED_AT', { path }) : say('REQUIRED');
  } else {
    const key = EXPECTED[issue.type];
    const expected = key ? say(key) : (issue.expected ?? issue.type);
    code = 'TYPE_MISMATCH';
    const received = describeType(issue.received, say);
    message = path ? say('TYPE_MISMATCH_AT', { path, expected, received }) : say('TYPE_MISMATCH', { expected, received });
  }
  return { code, severity: 'error', message, ...(path ? { path } : {}) };
}

/** Labels in schema messages are catalogue keys (L_…, F_…, joined with +); anything else is shown as written. */
const LABEL_KEYS = /^[LF]_[A-Z0-9_]+(\+[LF]_[A-Z0-9_]+)*$/;

function validationIssue(issue: AnyIssue, say: Say): Finding {
  const path = pathOf(issue);
  let code = 'INVALID_VALUE';
  let message = issue.message;
  if (issue.message.includes(CODE_SEP)) {
    const [c, key, json] = issue.message.split(CODE_SEP) as [string, Pain001MessageKey, string];
    const params = JSON.parse(json) as Record<string, string | number>;
    if (typeof params.label === 'string' && LABEL_KEYS.test(params.label)) params.label = `@${params.label}`;
    code = c;
    message = say(key, params);
  }
  if (issue.type === 'max_length' || issue.type === 'min_length') message = say('LENGTH_SUFFIX', { text: message, length: String(issue.received) });
  return { code, severity: 'error', message, ...(path ? { path } : {}) };
}

/** Paths of input properties the schema does not know (they are stripped). */
export function unknownProperties(schema: unknown, input: unknown, path = ''): string[] {
  const s = schema as { type?: string; entries?: Record<string, unknown>; wrapped?: unknown; item?: unknown };
  if (!s || input === null || input === undefined) return [];
  if (s.type === 'optional') return unknownProperties(s.wrapped, input, path);
  if (s.type === 'object' && s.entries && typeof input === 'object' && !Array.isArray(input)) {
    const out: string[] = [];
    const entries = s.entries;
    for (const k in input as Record<string, unknown>) {
      if (!Object.hasOwn(input, k)) continue;
      if (!(k in entries)) {
        out.push(path ? `${path}.${k}` : k);
        continue;
      }
      // Only objects and arrays can hold unknown names (no path built for the scalar fields of every payment).
      const val = (input as Record<string, unknown>)[k];
      if (val !== null && typeof val === 'object') for (const u of unknownProperties(entries[k], val, path ? `${path}.${k}` : k)) out.push(u);
    }
    return out;
  }
  if (s.type === 'array' && Array.isArray(input)) {
    const out: string[] = [];
    // Unknown names repeat in every item of a large run; report each distinct name at its first position.
    const seen = new Set<string>();
    input.forEach((item, i) => {
      for (const p of unknownProperties(s.item, item, `${path}.${i}`)) {
        const generic = p.replace(/\.\d+(?=\.|$)/g, '.*');
        if (!seen.has(generic)) {
          seen.add(generic);
          out.push(p);
        }
      }
    });
    return out;
  }
  return [];
}

export interface ParsedRun {
  run: PaymentRun;
  /** Limit violations (errors, 422) and ignored properties (warnings). */
  issues: Finding[];
}

/**
 * Parses a PaymentRun; throws Pain001Error RUN_SCHEMA_MISMATCH when the shape is wrong. Messages in `lang` (default de).
 * @example
 * ```ts
 * const run = { debtor: { name: 'Muster GmbH', iban: 'DE89370400440532013000' }, requestedExecutionDate: '2026-03-12',
 *   payments: [{ creditorName: 'Lieferant AG', creditorIban: 'DE02500105170005400246', amount: 1190, remittanceInformation: 'RE-4711' }] };
 * const { run: parsed, issues } = parsePaymentRun(run, 'sct', 'epc', 'en');
 * console.log(parsed.payments.length, issues); // 1 [] — limits broken or ignored properties show up as issues
 * ```
 */
export function parsePaymentRun(input: unknown, profile: Profile, characterSet: CharacterSet = 'epc', lang: Lang = 'de'): ParsedRun {
  const say = sayer(lang);
  const schema = paymentRunSchema(profile, characterSet);
  // Nearly every run is valid: the compiled fast path gives valibot's output without its datasets; at the first
  // thing that would be an issue it gives up and valibot runs, so issues and messages stay the schema's own.
  const seen = { unknownKeys: false };
  const fast = paymentRunFastPath(profile, characterSet)?.(input, seen);
  if (fast !== undefined && fast !== FAST_FAIL) return { run: fast, issues: seen.unknownKeys ? unknownFieldWarnings(schema, input, say) : [] };
  const r = v.safeParse(schema, input);
  const issues = r.issues ?? [];
  const schemaIssues = issues.filter((i) => i.kind === 'schema');
  if (schemaIssues.length) {
    throw new Pain001Error('RUN_SCHEMA_MISMATCH', say('E_RUN_SCHEMA'), { details: schemaIssues.map((i) => schemaIssue(i, say)) });
  }
  const out: Finding[] = issues.map((i) => validationIssue(i, say));
  for (const w of unknownFieldWarnings(schema, input, say)) out.push(w);
  return { run: r.output as PaymentRun, issues: out };
}

function unknownFieldWarnings(schema: PaymentRunSchema, input: unknown, say: Say): Finding[] {
  return unknownProperties(schema, input).map((p) => ({ code: 'UNKNOWN_FIELD', severity: 'warning', message: say('UNKNOWN_FIELD', { path: p }), path: p }));
}
