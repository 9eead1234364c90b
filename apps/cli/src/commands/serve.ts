/** kontor serve: starts the HTTP service with the environment's configuration. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { SchemaStore, schemaSets } from '@kontor/xml';
import { loadConfig, runServer } from '@kontor/api';
import { parse, type Command } from '../command';

export const serveCommands: Command[] = [
  {
    name: 'serve',
    summary: 'Start the HTTP service (configuration from the environment, see README)',
    usage: 'kontor serve [--port N] [--schemas-from <dir>] [--bankdata-from <Bundesbank file>]',
    async run(argv, io) {
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
