/** The CLI command contract: a name ("group sub"), a usage line, and run() over parsed arguments. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { rename, rm, writeFile } from 'node:fs/promises';
import { isKontorError } from '@kontor/xml';

export interface Io {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  env: Record<string, string | undefined>;
  cwd: string;
  /** Terminal facts for colour and the progress bar (absent in tests and when piped). */
  stdoutIsTTY?: boolean;
  stderrIsTTY?: boolean;
  stderrColumns?: number;
}

export interface Command {
  /** Space-separated words, e.g. "schemas install". */
  name: string;
  summary: string;
  usage: string;
  /** Returns the exit code. Throw CliError for usage mistakes. */
  run(argv: string[], io: Io): Promise<number>;
}

/** Commands whose names start with one of `words`, loaded only when needed (see commands/index.ts). */
export interface CommandGroup {
  words: string[];
  /** The full names of the module's commands, when other modules share its first word: then only this one loads. */
  names?: string[];
  load: () => Promise<Command[]>;
}

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** node:util parseArgs with strict checking, turning its errors into CliError. */
export function parse<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T, allowPositionals = true) {
  try {
    return parseArgs({ args: argv, options, allowPositionals, strict: true });
  } catch (e) {
    throw new CliError((e as Error).message);
  }
}

/** Node's codes for a file that cannot be read (missing, a directory, no permission): an I/O error, exit 2. */
const IO_ERRORS: ReadonlySet<string> = new Set(['ENOENT', 'EISDIR', 'ENOTDIR', 'EACCES', 'EPERM', 'EMFILE']);

/**
 * Library codes that say the call or the installation is wrong, not the input (the API answers them 500/503):
 * exit 2 like a usage error. Every other library code is a refusal of the input: exit 1.
 */
const USAGE_CODES: ReadonlySet<string> = new Set([
  'INVALID_ARGUMENT',
  'BANKDATA_INVALID_ARGUMENT',
  'AI_CONFIG_INVALID',
  'INVALID_DATE',
  'FONT_UNAVAILABLE',
  'SCHEMA_UNKNOWN',
  'SCHEMA_NOT_INSTALLED',
  'SCHEMA_INSTALL_FAILED',
  'SCHEMA_ENGINE_NOT_LOADED',
  'VIES_REQUESTER_REJECTED',
]);

export interface ErrorReport {
  code: string;
  message: string;
  /** The library error's details (findings, limits, …), null when there are none. */
  details: unknown;
  /** 1: the input was refused; 2: usage, installation or I/O (README "exit code"). */
  exitCode: 1 | 2;
}

/**
 * The one mapping of anything a command throws (other than CliError) to the CLI's answer: a library error
 * (KontorError, any package) by its code, a file that cannot be read as I/O, anything else as exit 1.
 */
export function errorReport(e: unknown): ErrorReport {
  if (isKontorError(e)) return { code: e.code, message: e.message, details: e.details ?? null, exitCode: USAGE_CODES.has(e.code) ? 2 : 1 };
  const err = (e ?? {}) as { code?: unknown; message?: unknown };
  const code = typeof err.code === 'string' ? err.code : 'INTERNAL_ERROR';
  return { code, message: typeof err.message === 'string' ? err.message : String(e), details: null, exitCode: IO_ERRORS.has(code) ? 2 : 1 };
}

interface FindingLike {
  code: string;
  severity?: string;
  message: string;
  path?: string;
  line?: number;
  column?: number;
  location?: { line: number; column?: number };
}

/** `  error   CODE (path, line 3:7): message` */
function findingLine(f: FindingLike): string {
  const line = f.location?.line ?? f.line;
  const column = f.location?.column ?? f.column;
  const where = [f.path ?? '', line !== undefined ? `line ${line}${column !== undefined ? `:${column}` : ''}` : ''].filter(Boolean).join(', ');
  return `  ${String(f.severity ?? 'error').padEnd(7)} ${f.code}${where ? ` (${where})` : ''}: ${f.message}`;
}

function isFindingList(d: unknown): d is FindingLike[] {
  return Array.isArray(d) && d.every((f) => f !== null && typeof f === 'object' && typeof (f as { code?: unknown }).code === 'string' && typeof (f as { message?: unknown }).message === 'string');
}

/**
 * Prints an error the way every command does: `Error [CODE]: message` on stderr, then the findings in its details
 * (stderr) or with --json the envelope {ok: false, error, code, details} on stdout (the API's §7 envelope plus ok).
 * Returns the exit code.
 */
export function reportError(io: Io, e: unknown, json: boolean): number {
  const r = errorReport(e);
  io.stderr(`Error${r.code === 'INTERNAL_ERROR' ? '' : ` [${r.code}]`}: ${r.message}\n`);
  if (json) {
    printJson(io, { ok: false, error: r.message, code: r.code, details: r.details });
    return r.exitCode;
  }
  if (isFindingList(r.details)) {
    const list = r.details.filter((f) => f.code !== r.code || f.message !== r.message);
    for (const f of list.slice(0, 50)) io.stderr(`${findingLine(f)}\n`);
    if (list.length > 50) io.stderr(`  ... and ${list.length - 50} more\n`);
  }
  return r.exitCode;
}

export function printJson(io: Io, value: unknown): void {
  io.stdout(JSON.stringify(value, null, 2) + '\n');
}

/** Writes an output file atomically (temporary file + rename): a failed run never leaves half a file behind. */
export async function writeOutput(file: string, data: string | Uint8Array): Promise<void> {
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    await writeFile(tmp, data);
    await rename(tmp, file);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}
