/** kontor serve: starts the HTTP service with the environment's configuration. */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { SchemaStore, schemaSets } from '@kontor/xml';
import { loadConfig, runServer } from '@kontor/api';
import { parse, type Command } from '../command';

/**
 * glibc allocator settings for the service process. Worker threads allocate Buffers, zlib state and V8 zones with
 * malloc in per-thread arenas; after a big job the thread is terminated but glibc keeps the freed memory of its arena
 * resident (measured: 300-390 MB RSS left after the issue 11 attacks against a 114 MB floor). A fixed mmap threshold
 * makes every allocation of 128 KB and more its own mapping that goes back to the kernel on free, a low trim threshold
 * returns the free top of each arena, and two arenas bound the rest (measured: 143 MB left).
 */
export const SERVE_GLIBC_TUNABLES = 'glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072:glibc.malloc.arena_max=2';

/**
 * glibc reads its tunables only at process start, so `kontor serve` re-executes itself once with them when the
 * environment sets none of its own (GLIBC_TUNABLES, MALLOC_ARENA_MAX, MALLOC_MMAP_THRESHOLD_, MALLOC_TRIM_THRESHOLD_)
 * on Linux; KONTOR_MALLOC_TUNING=off skips it. The child runs in its own process group (a terminal's Ctrl-C reaches
 * only this launcher), gets SIGTERM/SIGINT forwarded and shares stdout/stderr; its exit code is ours. Should the
 * launcher itself be killed (SIGKILL), the child sees its IPC channel close and stops as on SIGTERM. Returns
 * undefined when no re-exec is wanted.
 */
function reexecWithMallocTuning(env: Record<string, string | undefined>): Promise<number> | undefined {
  // Not under a test runner calling the command in-process (argv[1] would be the runner).
  if (process.platform !== 'linux' || env.KONTOR_MALLOC_TUNING === 'off' || env.VITEST) return undefined;
  if (env.GLIBC_TUNABLES !== undefined || env.MALLOC_ARENA_MAX !== undefined || env.MALLOC_MMAP_THRESHOLD_ !== undefined || env.MALLOC_TRIM_THRESHOLD_ !== undefined) return undefined;
  if (!process.argv[1]) return undefined;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
      env: { ...env, GLIBC_TUNABLES: SERVE_GLIBC_TUNABLES, KONTOR_SERVE_LAUNCHED: '1' },
      // fd 3 is an IPC channel only so the child notices when this launcher dies (see below)
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
      detached: true,
    });
    const forward = (sig: NodeJS.Signals) => () => child.kill(sig);
    const onTerm = forward('SIGTERM');
    const onInt = forward('SIGINT');
    process.on('SIGTERM', onTerm);
    process.on('SIGINT', onInt);
    const done = (code: number) => {
      process.off('SIGTERM', onTerm);
      process.off('SIGINT', onInt);
      resolve(code);
    };
    child.on('error', () => done(1));
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

export const serveCommands: Command[] = [
  {
    name: 'serve',
    summary: 'Start the HTTP service (configuration from the environment, see README)',
    usage: 'kontor serve [--port N] [--schemas-from <dir>] [--bankdata-from <Bundesbank file>]',
    async run(argv, io) {
      if (io.env.KONTOR_SERVE_LAUNCHED === '1' && process.channel) {
        // Started by the launcher below: stop gracefully when it goes away; the channel alone keeps nothing alive.
        process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
        process.channel.unref();
      } else {
        const reexec = reexecWithMallocTuning(io.env);
        if (reexec) return reexec;
      }
      const { values } = parse(argv, { port: { type: 'string' }, 'schemas-from': { type: 'string' }, 'bankdata-from': { type: 'string' } }, false);
      let cfg = loadConfig({ ...io.env, ...(values.port ? { PORT: values.port } : {}) }, io.cwd);
      // Fill missing schema sets from a local directory of official releases when one is there (pnpm start points
      // at ../shared/corpus); without it the service still runs and reports XSD checks as unavailable.
      const from = values['schemas-from'] ? path.resolve(io.cwd, values['schemas-from']) : undefined;
      if (from && existsSync(from)) {
        const store = new SchemaStore({ dir: cfg.schemaDir });
        if (schemaSets.some((s) => !store.isInstalled(s.id))) {
          const r = await store.installFrom(from);
          io.stdout(JSON.stringify({ level: 'info', msg: 'schema sets installed', from, installed: r.installed.length, schemaDir: cfg.schemaDir }) + '\n');
        }
      }
      // Likewise the bank directory: a raw Bundesbank file is used when nothing was imported or configured.
      const bank = values['bankdata-from'] ? path.resolve(io.cwd, values['bankdata-from']) : undefined;
      if (bank && !io.env.KONTOR_BANKDATA_FILE && !existsSync(cfg.bankdataFile) && existsSync(bank)) cfg = { ...cfg, bankdataFile: bank };
      // Busy port, unreachable database: one line and exit 1. SIGTERM/SIGINT: drain, close, exit 0.
      return runServer(cfg, { stdout: (l) => io.stdout(l + '\n'), stderr: (l) => io.stderr(l + '\n'), signals: process });
    },
  },
];
