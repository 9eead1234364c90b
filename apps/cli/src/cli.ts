/** Dispatch: finds the longest command name matching the leading words, runs it, maps errors to exit codes. */
import type { Command, Io } from './command';
import { CliError } from './command';
import { allCommands } from './commands';

export function helpText(commands: Command[] = allCommands): string {
  const w = Math.max(...commands.map((c) => c.name.length));
  return `kontor — e-invoices, payment files, bank statements and partner checks\n\nUsage: kontor <command> [options]   (add --json for machine-readable output)\n\n${commands
    .map((c) => `  ${c.name.padEnd(w)}  ${c.summary}`)
    .join('\n')}\n\nkontor <command> --help shows the options of one command.\n`;
}

export async function runCli(argv: string[], io: Io, commands: Command[] = allCommands): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    io.stdout(helpText(commands));
    return 0;
  }
  let match: Command | undefined;
  let words = 0;
  for (const c of commands) {
    const parts = c.name.split(' ');
    if (parts.length > words && parts.every((p, i) => argv[i] === p)) {
      match = c;
      words = parts.length;
    }
  }
  if (!match) {
    const prefix = argv.filter((a) => !a.startsWith('-')).slice(0, 2).join(' ');
    const near = commands.filter((c) => c.name.startsWith(argv[0]!));
    io.stderr(`Unknown command: ${prefix}\n${near.length ? `Did you mean:\n${near.map((c) => `  ${c.usage}`).join('\n')}\n` : 'Run kontor --help for the list.\n'}`);
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
    const err = e as { code?: string; message?: string; problems?: string[] };
    io.stderr(`Error${err.code ? ` [${err.code}]` : ''}: ${err.message ?? String(e)}\n`);
    return 1;
  }
}
