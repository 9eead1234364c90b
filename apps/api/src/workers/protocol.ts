/**
 * The message shapes between the API's main thread and its job workers, and how errors cross that boundary:
 * a library error (a KontorError: CamtError, Pain001Error, ZugferdError, ...) travels as plain data (name, code,
 * message, details, location) and is revived on the main thread as an instance of the same class that
 * `isKontorError` recognises, so it maps through the one error table (platform/error-table.ts) exactly as if it
 * had been thrown on the main thread.
 */
import { isKontorError, KontorError } from '@kontor/xml';

/** The brand `isKontorError` checks (registered symbol, see @kontor/xml model/kontor-error.ts). */
const KONTOR_BRAND = Symbol.for('kontor.error');

export interface JobRequest {
  id: number;
  kind: string;
  input: unknown;
}

export interface SerializedError {
  name: string;
  message: string;
  /** Own enumerable fields of the error (code, details, location, status, headers...). */
  fields: Record<string, unknown>;
  /** The error was a KontorError (a library error of this monorepo). */
  kontor?: true;
}

export type JobReply = { id: number; ok: true; value: unknown; heapBytes: number } | { id: number; ok: false; error: SerializedError; heapBytes: number };

/** What the worker needs to build its own per-thread services (schema store, bank directory). */
export interface WorkerSetup {
  schemaDir: string;
  bankdataFile: string;
}

/** Error → data. Only JSON-like fields survive; functions and symbols are dropped. */
export function serializeError(e: unknown): SerializedError {
  if (!(e instanceof Error)) return { name: 'Error', message: String(e), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(e)) {
    if (k === 'name' || k === 'message' || k === 'stack' || k === 'cause') continue;
    if (typeof v === 'function' || typeof v === 'symbol') continue;
    fields[k] = v;
  }
  return { name: e.name, message: e.message, fields, ...(isKontorError(e) ? { kontor: true as const } : {}) };
}

/**
 * Data → an instance of the named class (instanceof works); a library error of a class not listed still becomes a
 * KontorError with its name and code; other unknown names give a plain Error with the fields.
 */
export function reviveError(s: SerializedError, classes: Record<string, abstract new (...args: never[]) => Error>): Error {
  const cls = Object.hasOwn(classes, s.name) ? classes[s.name] : undefined;
  const e = Object.create(cls ? cls.prototype : s.kontor ? KontorError.prototype : Error.prototype) as Error;
  if (s.kontor) Object.defineProperty(e, KONTOR_BRAND, { value: true, enumerable: false });
  Object.defineProperty(e, 'message', { value: s.message, writable: true, configurable: true, enumerable: false });
  Object.defineProperty(e, 'name', { value: s.name, writable: true, configurable: true, enumerable: false });
  Object.defineProperty(e, 'stack', { value: `${s.name}: ${s.message}\n    at <job worker>`, writable: true, configurable: true, enumerable: false });
  Object.assign(e, s.fields);
  return e;
}
