/**
 * Runs the PaymentRun schema and sorts its issues: shape errors throw RUN_SCHEMA_MISMATCH (400), limit
 * violations come back as coded issues for the 422 list. Unknown properties are ignored with a warning.
 */
import * as v from 'valibot';
import { Pain001Error, type PaymentIssue } from '../errors';
import { CODE_SEP, paymentRunSchema, type PaymentRun, type Profile } from './run';
import type { CharacterSet } from './charset';

type AnyIssue = v.BaseIssue<unknown>;

function pathOf(issue: AnyIssue): string | undefined {
  const p = issue.path?.map((i) => String(i.key)).join('.');
  return p ? p : undefined;
}

function describeType(received: string): string {
  return received === 'undefined' ? 'fehlt' : `erhalten: ${received}`;
}

function schemaIssue(issue: AnyIssue): PaymentIssue {
  const path = pathOf(issue);
  const at = path ? `${path}: ` : '';
  let code = 'SCHEMA_MISMATCH';
  let message: string;
  if (issue.received === 'undefined' && issue.type !== 'union') {
    code = 'REQUIRED';
    message = `${at}Pflichtfeld fehlt`;
  } else {
    const expected: Record<string, string> = {
      object: 'ein Objekt',
      string: 'ein Text',
      number: 'eine Zahl',
      boolean: 'true oder false',
      array: 'eine Liste',
      union: 'eine Zahl oder ein Text',
    };
    code = 'TYPE_MISMATCH';
    message = `${at}erwartet ${expected[issue.type] ?? issue.expected ?? issue.type} (${describeType(issue.received)})`;
  }
  return { code, severity: 'error', message, ...(path ? { path } : {}) };
}

function validationIssue(issue: AnyIssue): PaymentIssue {
  const path = pathOf(issue);
  const [code, text] = issue.message.includes(CODE_SEP) ? (issue.message.split(CODE_SEP) as [string, string]) : ['INVALID_VALUE', issue.message];
  let message = text;
  if (issue.type === 'max_length' || issue.type === 'min_length') message += ` (Länge: ${issue.received})`;
  return { code, severity: 'error', message, ...(path ? { path } : {}) };
}

/** Paths of input properties the schema does not know (they are stripped). */
export function unknownProperties(schema: unknown, input: unknown, path = ''): string[] {
  const s = schema as { type?: string; entries?: Record<string, unknown>; wrapped?: unknown; item?: unknown };
  if (!s || input === null || input === undefined) return [];
  if (s.type === 'optional') return unknownProperties(s.wrapped, input, path);
  if (s.type === 'object' && s.entries && typeof input === 'object' && !Array.isArray(input)) {
    const out: string[] = [];
    for (const [k, val] of Object.entries(input as Record<string, unknown>)) {
      const p = path ? `${path}.${k}` : k;
      if (!(k in s.entries)) out.push(p);
      else for (const u of unknownProperties(s.entries[k], val, p)) out.push(u);
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
  issues: PaymentIssue[];
}

/** Parses a PaymentRun; throws Pain001Error RUN_SCHEMA_MISMATCH when the shape is wrong. */
export function parsePaymentRun(input: unknown, profile: Profile, characterSet: CharacterSet = 'epc'): ParsedRun {
  const schema = paymentRunSchema(profile, characterSet);
  const r = v.safeParse(schema, input);
  const issues = r.issues ?? [];
  const schemaIssues = issues.filter((i) => i.kind === 'schema');
  if (schemaIssues.length) {
    throw new Pain001Error('RUN_SCHEMA_MISMATCH', 'Der Zahlungslauf entspricht nicht dem Schema', { details: schemaIssues.map(schemaIssue) });
  }
  const out: PaymentIssue[] = issues.map(validationIssue);
  for (const p of unknownProperties(schema, input)) {
    out.push({ code: 'UNKNOWN_FIELD', severity: 'warning', message: `Unbekanntes Feld "${p}" wird ignoriert`, path: p });
  }
  return { run: r.output as PaymentRun, issues: out };
}
