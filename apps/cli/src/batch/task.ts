/**
 * A batch task: what one file-taking command does to one file, runnable in a worker thread. `open` builds the
 * per-worker context once (e.g. a schema store whose compiled XSDs are reused), `check` handles one file and
 * returns plain JSON-able data, `close` frees the context.
 */
import type { DisplayFinding, Format, Verdict } from '../output';
import type { InputFile } from './inputs';

export interface FileOutcome {
  file: string;
  /** `error`: the file could not be read at all (I/O) — exit 2. Content problems are `invalid` — exit 1. */
  verdict: Verdict | 'error';
  /** The document --json / --jsonl prints for this file. */
  json: unknown;
  /** Human output: one headline after the verdict, findings (grouped by the shared renderer), extra lines. */
  headline?: string;
  findings?: DisplayFinding[];
  lines?: string[];
  /** A library refusal or read error, printed on stderr. */
  error?: { code: string; message: string };
}

export interface BatchTask<O = unknown, C = unknown> {
  open(options: O): Promise<C> | C;
  check(ctx: C, file: InputFile, options: O, fmt: Format): Promise<FileOutcome>;
  close?(ctx: C): void | Promise<void>;
}

/** Library errors carry a code; anything else is normalised once here. */
export function errorOutcome(file: InputFile, e: unknown, verdict: 'invalid' | 'error' = 'invalid'): FileOutcome {
  const err = e as { code?: unknown; message?: unknown; details?: unknown };
  const io = typeof err.code === 'string' && /^E[A-Z]+$/.test(err.code);
  const code = typeof err.code === 'string' ? (io ? 'FILE_UNREADABLE' : err.code) : 'INTERNAL_ERROR';
  const message = typeof err.message === 'string' ? err.message : String(e);
  return {
    file: file.name,
    verdict: io ? 'error' : verdict,
    json: { file: file.name, error: message, code, ...(err.details !== undefined ? { details: err.details } : {}) },
    error: { code, message },
  };
}
