/**
 * A batch task: what one file-taking command does to one file, runnable in a worker thread. `open` builds the
 * per-worker context once (e.g. a schema store whose compiled XSDs are reused), `check` handles one file and
 * returns plain JSON-able data, `close` frees the context.
 */
import { errorReport } from '../command';
import { toDisplay, type DisplayFinding, type Format, type Verdict } from '../output';
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

/**
 * A file a command could not handle, normalised once here through the CLI's one error mapping (command.ts
 * errorReport): a library error (KontorError) keeps its code and details (findings are shown), an unreadable file is
 * an I/O error (`error`, exit 2), anything else INTERNAL_ERROR.
 */
export function errorOutcome(file: InputFile, e: unknown, verdict: 'invalid' | 'error' = 'invalid'): FileOutcome {
  const r = errorReport(e);
  const io = /^E[A-Z]+$/.test(r.code);
  const code = io ? 'FILE_UNREADABLE' : r.code;
  const findings = Array.isArray(r.details)
    ? (r.details as unknown[])
        .filter(
          (f): f is Parameters<typeof toDisplay>[0] =>
            f !== null &&
            typeof f === 'object' &&
            typeof (f as { code?: unknown }).code === 'string' &&
            typeof (f as { message?: unknown }).message === 'string' &&
            typeof (f as { severity?: unknown }).severity === 'string',
        )
        .map((f) => toDisplay(f))
    : [];
  return {
    file: file.name,
    verdict: io ? 'error' : verdict,
    json: { file: file.name, error: r.message, code, ...(r.details !== null ? { details: r.details } : {}) },
    error: { code, message: r.message },
    ...(findings.length ? { findings } : {}),
  };
}
