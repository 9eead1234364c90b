/**
 * The message shapes between the API's main thread and its job workers, and how errors cross that boundary:
 * a library error (CamtError, Pain001Error, ZugferdError, ...) travels as plain data and is revived on the main
 * thread as an instance of the same class, so the routes' existing error mapping (instanceof, code, details) works.
 */

export interface JobRequest {
  id: number;
  kind: string;
  input: unknown;
}

export interface SerializedError {
  name: string;
  message: string;
  /** Own enumerable fields of the error (code, details, location, findings, status, headers...). */
  fields: Record<string, unknown>;
}

export type JobReply =
  | { id: number; ok: true; value: unknown; heapBytes: number }
  | { id: number; ok: false; error: SerializedError; heapBytes: number };

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
  return { name: e.name, message: e.message, fields };
}

/** Data → an instance of the named class (instanceof works); unknown names give a plain Error with the fields. */
export function reviveError(s: SerializedError, classes: Record<string, abstract new (...args: never[]) => Error>): Error {
  const cls = classes[s.name];
  const e = Object.create(cls ? cls.prototype : Error.prototype) as Error;
  Object.defineProperty(e, 'message', { value: s.message, writable: true, configurable: true, enumerable: false });
  Object.defineProperty(e, 'name', { value: s.name, writable: true, configurable: true, enumerable: false });
  Object.defineProperty(e, 'stack', { value: `${s.name}: ${s.message}\n    at <job worker>`, writable: true, configurable: true, enumerable: false });
  Object.assign(e, s.fields);
  return e;
}
