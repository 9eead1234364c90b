/** The CLI command contract: a name ("group sub"), a usage line, and run() over parsed arguments. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { rename, rm, writeFile } from 'node:fs/promises';

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
  load: () => Promise<Command[]>;
}

export class CliError extends Error {
  constructor(message: string, readonly exitCode = 2) {
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
