/** Starts the HTTP server on the configured port; prints the development bootstrap key once. */
import { serve, type ServerType } from '@hono/node-server';
import type { Config } from './config';
import { createApp, type KontorApp } from './app';

export interface RunningServer {
  kontor: KontorApp;
  server: ServerType;
  port: number;
  close(): Promise<void>;
}

/**
 * In development, the first start on an empty database creates a local account with every feature and returns its
 * API key (printed once by the caller). Production never does.
 */
export async function bootstrapDevAccount(k: KontorApp): Promise<{ email: string; apiKey: string } | null> {
  const { config, accounts, keys } = k.services;
  if (config.env === 'production' || !config.devBootstrap) return null;
  if ((await accounts.count()) > 0) return null;
  const acc = await accounts.create({ email: 'dev@localhost.localdomain', plan: 'payments+abroad', credits: 100 });
  const key = await keys.create(acc.id, 'development bootstrap');
  return { email: acc.email, apiKey: key.key };
}

export async function startServer(config: Config, print: (s: string) => void = (s) => process.stdout.write(s + '\n')): Promise<RunningServer> {
  const kontor = await createApp(config);
  const boot = await bootstrapDevAccount(kontor);
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: kontor.app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
  });
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  print(JSON.stringify({ level: 'info', msg: 'listening', url: `http://${config.host}:${port}/api/v1`, database: kontor.services.dbKind, schemaDir: config.schemaDir }));
  if (boot) {
    print(`\nDevelopment account created: ${boot.email}\nAPI key (shown only once): ${boot.apiKey}\nTry: curl -H "Authorization: Bearer ${boot.apiKey}" http://${config.host}:${port}/api/v1/me\n`);
  }
  return {
    kontor,
    server,
    port,
    close: () =>
      new Promise<void>((resolve) => server.close(() => resolve())).then(() => kontor.close()),
  };
}
