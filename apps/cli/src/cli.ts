/**
 * Dispatch: loads only the command groups whose first word was typed (all of them for the full help), finds the
 * longest command name matching the leading words, runs it and maps errors to exit codes.
 */
import type { Command, CommandGroup, Io } from './command';
import { CliError, reportError } from './command';
import { commandGroups } from './commands';

declare const __KONTOR_VERSION__: string | undefined;
/** Inlined by the build (tsup define); the sources under vitest say so. */
export const version = typeof __KONTOR_VERSION__ === 'string' ? __KONTOR_VERSION__ : '0.0.0-source';

export function helpText(commands: Command[], title = 'kontor — e-invoices, payment files, bank statements and partner checks'): string {
  const w = Math.max(...commands.map((c) => c.name.length));
  return `${title}\n\nUsage: kontor <command> [options]   (add --json for machine-readable output)\n\n${commands
    .map((c) => `  ${c.name.padEnd(w)}  ${c.summary}`)
    .join('\n')}\n\nkontor <command> --help shows the options of one command; kontor --version the version.\n`;
}

async function load(groups: CommandGroup[]): Promise<Command[]> {
  return (await Promise.all(groups.map((g) => g.load()))).flat();
}

export async function runCli(argv: string[], io: Io, groups: CommandGroup[] = commandGroups): Promise<number> {
  if (argv[0] === '--version' || argv[0] === '-v' || argv[0] === 'version') {
    io.stdout(`${version}\n`);
    return 0;
  }
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    io.stdout(helpText(await load(groups)));
    return 0;
  }
  const mine = groups.filter((g) => g.words.includes(argv[0]!));
  // The module(s) naming the typed command when one does (`kontor invoice validate` loads no PDF library); all of
  // the first word's modules for a group's help and for near misses.
  const named = mine.filter((g) => g.names?.some((n) => n.split(' ').every((p, i) => argv[i] === p)));
  const commands = await load(named.length ? named : mine);
  let match: Command | undefined;
  let words = 0;
  for (const c of commands) {
    const parts = c.name.split(' ');
    if (parts.length > words && parts.every((p, i) => argv[i] === p)) {
      match = c;
      words = parts.length;
    }
  }
  const wantsHelp = argv.includes('--help') || argv.includes('-h');
  if (!match) {
    // `kontor admin --help`, `kontor invoice`: the commands of that group, no complaint when help was asked for.
    const typed = argv.filter((a) => !a.startsWith('-'));
    const near = commands.filter((c) => typed.every((w, i) => i >= c.name.split(' ').length || c.name.split(' ')[i] === w));
    const list = near.length ? near : commands;
    if (wantsHelp && list.length) {
      io.stdout(helpText(list, `kontor ${typed.join(' ')}`));
      return 0;
    }
    const prefix = typed.slice(0, 2).join(' ');
    io.stderr(`Unknown command: ${prefix}\n${list.length ? `Did you mean:\n${list.map((c) => `  ${c.usage}`).join('\n')}\n` : 'Run kontor --help for the list.\n'}`);
    return 2;
  }
  const rest = argv.slice(words);
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout(`${match.summary}\n\nUsage: ${match.usage}\n`);
    return 0;
  }
  try {
    return await match.run(rest, io);
  } catch (e) {
    if (e instanceof CliError) {
      io.stderr(`${e.message}\nUsage: ${match.usage}\n`);
      return e.exitCode;
    }
    // Library errors (any KontorError), unreadable files and the rest: one mapping (command.ts errorReport).
    return reportError(io, e, rest.includes('--json'));
  }
}
