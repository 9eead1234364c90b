/**
 * parseInvoice: JSON (text or value) → schema-checked Invoice plus issues with dot paths. Placeholders left by
 * extraction (KORRIGIEREN, 1900-01-01) are reported as EXTRACTION_UNCERTAIN and win over schema issues at the same path.
 */
import * as v from 'valibot';
import type { Finding, Lang } from '@kontor/xml';
import { msg } from '../messages';
import { INVOICE_LIMITS, InvoiceSchema, type Invoice } from './invoice';

export interface InvoiceIssue extends Finding {
  path: string;
}

/**
 * The result of {@link parseInvoice}: `ok: true` carries the schema-checked invoice and no issues; `ok: false` carries
 * the issues, and the invoice too when only extraction placeholders (EXTRACTION_UNCERTAIN) stood in the way.
 */
export type ParseInvoiceResult = { ok: true; invoice: Invoice; issues: InvoiceIssue[] } | { ok: false; invoice?: Invoice | undefined; issues: InvoiceIssue[] };

export interface ParseInvoiceOptions {
  /** Language of the issue messages (default en). */
  lang?: Lang | undefined;
}

export const PLACEHOLDER_TEXT = 'KORRIGIEREN';
export const PLACEHOLDER_DATE = '1900-01-01';

export interface JsonSizeCheck {
  ok: boolean;
  /** UTF-8 bytes of the JSON text; when over the limit, counting stops early and this is a lower bound. */
  bytes: number;
  limit: number;
}

/** Deepest nesting of arrays and objects accepted in invoice JSON (the invoice model itself needs 5). */
export const INVOICE_JSON_MAX_DEPTH = 64;

/**
 * The 1,000,000-byte limit of spec §8, measured on the UTF-8 JSON text. A value is measured as JSON.stringify
 * would serialise it, but without recursion (a 10,000-deep array must not overflow the stack) and stopping as
 * soon as the limit is passed (so a huge or cyclic value costs no more than the limit).
 * @example
 * ```ts
 * const size = checkInvoiceJsonSize(body);
 * if (!size.ok) throw new Error(`invoice JSON has ${size.bytes} bytes, at most ${size.limit} are allowed`);
 * ```
 */
export function checkInvoiceJsonSize(json: string | Uint8Array | unknown, limit: number = INVOICE_LIMITS.invoiceJsonBytes): JsonSizeCheck {
  let bytes: number;
  if (typeof json === 'string') bytes = Buffer.byteLength(json, 'utf8');
  else if (json instanceof Uint8Array) bytes = json.byteLength;
  else bytes = jsonUtf8Length(json, limit);
  return { ok: bytes <= limit, bytes, limit };
}

/** Bytes of JSON.stringify(value) in UTF-8, counted iteratively; stops once `stopAbove` is exceeded. */
function jsonUtf8Length(value: unknown, stopAbove: number): number {
  let bytes = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && bytes <= stopAbove) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object' || typeof (v as { toJSON?: unknown }).toJSON === 'function') {
      bytes += Buffer.byteLength(JSON.stringify(v) ?? 'null', 'utf8');
    } else if (Array.isArray(v)) {
      bytes += 2 + Math.max(0, v.length - 1);
      for (let i = v.length - 1; i >= 0; i--) {
        const x: unknown = v[i];
        stack.push(x === undefined || typeof x === 'function' || typeof x === 'symbol' ? null : x);
      }
    } else {
      bytes += 2;
      let members = 0;
      for (const k of Object.keys(v)) {
        const x = (v as Record<string, unknown>)[k];
        if (x === undefined || typeof x === 'function' || typeof x === 'symbol') continue;
        if (members++ > 0) bytes += 1;
        bytes += Buffer.byteLength(JSON.stringify(k), 'utf8') + 1;
        stack.push(x);
      }
    }
  }
  return bytes;
}

/**
 * Shape problems JSON.parse lets through and the schema cannot name: nesting deeper than
 * INVOICE_JSON_MAX_DEPTH (reported once, not descended) and non-finite numbers (1e400 parses as Infinity).
 * Iterative, so any depth is safe; at most `max` issues.
 */
export function checkJsonShape(value: unknown, maxDepth = INVOICE_JSON_MAX_DEPTH, max = 100, lang: Lang = 'en'): InvoiceIssue[] {
  const out: InvoiceIssue[] = [];
  const stack: { v: unknown; path: string; depth: number }[] = [{ v: value, path: '', depth: 0 }];
  while (stack.length > 0 && out.length < max) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) out.push({ code: 'INVALID_NUMBER', severity: 'error', message: msg('INVALID_NUMBER_PATH', lang, { value: String(v) }), path });
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= maxDepth) {
      out.push({ code: 'TOO_DEEP', severity: 'error', message: msg('TOO_DEEP', lang, { max: maxDepth }), path });
      continue;
    }
    const entries: [string, unknown][] = Array.isArray(v) ? v.map((x, i) => [String(i), x]) : Object.entries(v);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [k, x] = entries[i]!;
      if (x !== null && (typeof x === 'object' || typeof x === 'number')) stack.push({ v: x, path: path ? `${path}.${k}` : k, depth: depth + 1 });
    }
  }
  return out;
}

/** Placeholder values anywhere in a JSON value, with their dot paths. */
export function findPlaceholders(value: unknown, path = '', lang: Lang = 'en'): InvoiceIssue[] {
  const out: InvoiceIssue[] = [];
  const walk = (val: unknown, p: string, depth: number): void => {
    if (depth > 32) return;
    if (typeof val === 'string') {
      if (val.includes(PLACEHOLDER_TEXT)) out.push({ code: 'EXTRACTION_UNCERTAIN', severity: 'error', message: msg('PLACEHOLDER_TEXT', lang), path: p });
      else if (val.trim() === PLACEHOLDER_DATE) out.push({ code: 'EXTRACTION_UNCERTAIN', severity: 'error', message: msg('PLACEHOLDER_DATE', lang), path: p });
    } else if (Array.isArray(val)) {
      val.forEach((x, i) => walk(x, p ? `${p}.${i}` : String(i), depth + 1));
    } else if (val !== null && typeof val === 'object') {
      for (const [k, x] of Object.entries(val)) walk(x, p ? `${p}.${k}` : k, depth + 1);
    }
  };
  walk(value, path, 0);
  return out;
}

/** Schema fields whose absence or emptiness EN 16931 names by its own rule id. */
const REQUIRED_RULES: { re: RegExp; code: string }[] = [
  { re: /^invoiceNumber$/, code: 'BR-02' },
  { re: /^issueDate$/, code: 'BR-03' },
  { re: /^seller\.name$/, code: 'BR-06' },
  { re: /^buyer\.name$/, code: 'BR-07' },
  { re: /^lines$/, code: 'BR-16' },
  { re: /^vatBreakdown$/, code: 'BR-CO-18' },
  { re: /^totalNet$/, code: 'BR-13' },
  { re: /^totalGross$/, code: 'BR-14' },
  { re: /^lines\.\d+\.name$/, code: 'BR-25' },
  { re: /^lines\.\d+\.quantity$/, code: 'BR-22' },
  { re: /^lines\.\d+\.lineNetAmount$/, code: 'BR-24' },
  { re: /^lines\.\d+\.unitPriceNet$/, code: 'BR-26' },
  { re: /^vatBreakdown\.\d+\.basisAmount$/, code: 'BR-45' },
  { re: /^vatBreakdown\.\d+\.taxAmount$/, code: 'BR-46' },
  { re: /^payee\.name$/, code: 'BR-17' },
];

type AnyIssue = v.BaseIssue<unknown>;

function issuePath(issue: AnyIssue): string {
  return (issue.path ?? []).map((p) => String(p.key)).join('.');
}

/**
 * A required key that is absent. valibot reports it from the object schema itself (type strict_object, input
 * undefined, expected the key's name) — the same type as an unknown key, which is told apart by expected "never".
 */
function isMissing(issue: AnyIssue): boolean {
  return issue.input === undefined && issue.kind === 'schema' && !(issue.type === 'strict_object' && issue.expected === 'never');
}

function issueCode(issue: AnyIssue, path: string): string {
  const missing = isMissing(issue);
  const empty = issue.type === 'min_length' && (issue.input === '' || (Array.isArray(issue.input) && issue.input.length === 0));
  if (missing || empty) {
    const rule = REQUIRED_RULES.find((r) => r.re.test(path));
    if (rule) return rule.code;
  }
  if (missing) return 'FIELD_REQUIRED';
  switch (issue.type) {
    case 'strict_object':
      return 'UNKNOWN_PROPERTY';
    case 'picklist':
      return 'INVALID_CODE';
    case 'iso_date':
      return 'INVALID_DATE';
    case 'max_length':
      return Array.isArray(issue.input) ? 'LIMIT_EXCEEDED' : 'TOO_LONG';
    case 'min_length':
      return Array.isArray(issue.input) ? 'TOO_FEW_ENTRIES' : 'TOO_SHORT';
    case 'length':
      return 'INVALID_LENGTH';
    case 'min_value':
    case 'max_value':
      return 'OUT_OF_RANGE';
    case 'integer':
      return 'NOT_AN_INTEGER';
    case 'regex':
      return 'INVALID_FORMAT';
    default:
      return 'INVALID_TYPE';
  }
}

/** A value as a message shows it: short, one line. */
function show(v: unknown): string {
  const s = typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

const sizeOf = (v: unknown): number => (typeof v === 'string' || Array.isArray(v) ? v.length : 0);

/** The message of a schema issue from the catalogue (the schema library's own texts are English only). */
function issueMessage(issue: AnyIssue, path: string, lang: Lang): string {
  const field = path.split('.').pop() ?? path;
  // A strict object reports both unknown keys (expected "never") and missing keys (input undefined).
  if (isMissing(issue)) return msg('FIELD_REQUIRED', lang, { field });
  const requirement = (issue as { requirement?: unknown }).requirement;
  switch (issue.type) {
    case 'strict_object':
      return msg('UNKNOWN_PROPERTY', lang, { field });
    case 'note_shape':
      return msg('NOTE_SHAPE', lang);
    case 'picklist':
      return msg('INVALID_CODE', lang, { value: show(issue.input), expected: issue.expected ?? '' });
    case 'iso_date':
      return msg('INVALID_DATE', lang, { value: show(issue.input) });
    case 'max_length':
      return msg(Array.isArray(issue.input) ? 'LIMIT_EXCEEDED' : 'TOO_LONG', lang, { max: String(requirement), count: sizeOf(issue.input) });
    case 'min_length':
      return msg(Array.isArray(issue.input) ? 'TOO_FEW_ENTRIES' : 'TOO_SHORT', lang, { min: String(requirement) });
    case 'length':
      return msg('INVALID_LENGTH', lang, { length: String(requirement), count: sizeOf(issue.input) });
    case 'min_value':
    case 'max_value':
      return msg('OUT_OF_RANGE', lang, { value: show(issue.input), requirement: issue.expected ?? '' });
    case 'integer':
      return msg('NOT_AN_INTEGER', lang, { value: show(issue.input) });
    case 'regex':
      return msg('INVALID_FORMAT', lang, { value: show(issue.input) });
    default:
      return msg('INVALID_TYPE', lang, { expected: issue.expected ?? '?', received: issue.received });
  }
}

/** Collects the innermost issues of a union so that `notes.3` says what is wrong with the object form too. */
function flatten(issues: readonly AnyIssue[]): AnyIssue[] {
  const out: AnyIssue[] = [];
  for (const i of issues) {
    if (i.type === 'union' && i.issues?.length) {
      // A note is a string or an object: report the object-form issues when the input is an object.
      // Sub-issue paths are relative to the union's input, so they get the union's path in front.
      const sub = typeof i.input === 'object' && i.input !== null ? i.issues.filter((s) => s.type !== 'string') : [];
      if (sub.length) for (const f of flatten(sub.map((s) => ({ ...s, path: [...(i.path ?? []), ...(s.path ?? [])] }) as AnyIssue))) out.push(f);
      else out.push({ ...i, type: 'note_shape' } as AnyIssue);
    } else out.push(i);
  }
  return out;
}

/**
 * Parses an invoice. Input: the JSON text, its UTF-8 bytes, or an already parsed value. Never throws on bad input.
 * @example
 * ```ts
 * const r = parseInvoice(await readFile('invoice.json', 'utf8'));
 * if (r.ok) console.log(r.invoice.invoiceNumber);
 * else for (const i of r.issues) console.log(i.path, i.code, i.message); // e.g. 'lines.0.unitPriceNet' 'INVALID_NUMBER'
 * ```
 */
export function parseInvoice(json: unknown, opts: ParseInvoiceOptions = {}): ParseInvoiceResult {
  const lang = opts.lang ?? 'en';
  let value: unknown = json;
  if (typeof json === 'string' || json instanceof Uint8Array) {
    const size = checkInvoiceJsonSize(json);
    if (!size.ok) {
      return { ok: false, issues: [{ code: 'INVOICE_TOO_LARGE', severity: 'error', message: msg('INVOICE_TOO_LARGE', lang, { bytes: size.bytes, limit: size.limit }), path: '' }] };
    }
    const text = typeof json === 'string' ? json : new TextDecoder('utf-8', { fatal: false }).decode(json);
    try {
      value = JSON.parse(text);
    } catch (e) {
      return { ok: false, issues: [{ code: 'INVALID_JSON', severity: 'error', message: msg('INVALID_JSON', lang, { reason: (e as Error).message }), path: '' }] };
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, issues: [{ code: 'INVALID_TYPE', severity: 'error', message: msg('NOT_AN_OBJECT', lang), path: '' }] };
  }
  // Depth and non-finite numbers first: the schema would accept Infinity, and deep values are not walked further.
  const shape = checkJsonShape(value, INVOICE_JSON_MAX_DEPTH, 100, lang);
  if (shape.length > 0) return { ok: false, issues: shape };
  const placeholders = findPlaceholders(value, '', lang);
  const placeholderPaths = new Set(placeholders.map((p) => p.path));
  const result = v.safeParse(InvoiceSchema, value, { abortEarly: false });
  const issues: InvoiceIssue[] = [...placeholders];
  if (!result.success) {
    const seen = new Set<string>();
    for (const issue of flatten(result.issues)) {
      const path = issuePath(issue);
      if (placeholderPaths.has(path)) continue;
      const code = issueCode(issue, path);
      const key = `${code}|${path}`;
      if (seen.has(key)) continue;
      seen.add(key);
      issues.push({ code, severity: 'error', message: issueMessage(issue, path, lang), path });
    }
  }
  if (!result.success) return { ok: false, issues };
  if (issues.length > 0) return { ok: false, invoice: result.output, issues };
  return { ok: true, invoice: result.output, issues };
}
