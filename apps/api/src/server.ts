/**
 * Runs the HTTP service as a well-behaved process: a busy port or an unreachable database is one readable line and
 * exit code 1; SIGTERM/SIGINT stop accepting connections, let in-flight requests finish (bounded by
 * KONTOR_SHUTDOWN_GRACE_MS), close the database and return 0. Metrics may get their own port.
 */
import { createAdaptorServer, type ServerType } from '@hono/node-server';
import type { Server } from 'node:http';
import type { Config } from './config';
import { ConfigError } from './config';
import { createApp, type AppOptions, type KontorApp } from './app';

export interface RunningServer {
  kontor: KontorApp;
  server: ServerType;
  port: number;
  /** The metrics port when KONTOR_METRICS_PORT is set. */
  metricsPort: number | null;
  /** Stops accepting, waits for in-flight requests (at most graceMs, default from the configuration), closes the database. */
  close(graceMs?: number): Promise<void>;
}

/** A start-up failure with one line for the operator (no stack trace). */
export class StartupError extends Error {
  constructor(
    readonly code: 'port_in_use' | 'database_unreachable' | 'listen_failed',
    message: string,
  ) {
    super(message);
    this.name = 'StartupError';
  }
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

/** The database as an operator would name it, without a password. */
function databaseLabel(config: Config): string {
  if (config.database.kind === 'sqlite') return `SQLite ${config.database.file}`;
  try {
    const u = new URL(config.database.url);
    return `PostgreSQL ${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

/** One line from a connection error (pg gives AggregateErrors with empty messages for refused connections). */
function reason(e: unknown): string {
  if (e instanceof AggregateError && e.errors.length) return reason(e.errors[0]);
  const err = e as { message?: string; code?: string };
  const msg = (err?.message || err?.code || String(e)).split('\n')[0]!;
  return err?.code && !msg.includes(err.code) ? `${msg} (${err.code})` : msg;
}

function listen(server: ServerType, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (e: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (e.code === 'EADDRINUSE') reject(new StartupError('port_in_use', `port ${port} on ${host} is already in use (set PORT or stop the other process)`));
      else if (e.code === 'EACCES') reject(new StartupError('listen_failed', `not allowed to listen on port ${port} on ${host} (${e.code})`));
      else reject(new StartupError('listen_failed', `cannot listen on ${host}:${port}: ${reason(e)}`));
    };
    const onListening = () => {
      server.off('error', onError);
      const a = server.address();
      resolve(typeof a === 'object' && a ? a.port : port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/** Closes a server: stop accepting, close idle keep-alive connections, cut the rest after graceMs. */
function closeServer(server: ServerType, graceMs: number): Promise<void> {
  const http = server as Server;
  return new Promise<void>((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearInterval(idle);
      clearTimeout(cut);
      resolve();
    };
    server.close(() => finish());
    // Connections that finish their request become idle: close them as they do (keep-alive would hold the close).
    const idle = setInterval(() => http.closeIdleConnections?.(), 50);
    http.closeIdleConnections?.();
    const cut = setTimeout(() => {
      http.closeAllConnections?.();
      setTimeout(finish, 100).unref();
    }, graceMs);
  });
}

export async function startServer(config: Config, print: (s: string) => void = (s) => process.stdout.write(s + '\n'), opts: AppOptions = {}): Promise<RunningServer> {
  let kontor: KontorApp;
  try {
    kontor = await createApp(config, opts);
  } catch (e) {
    throw new StartupError('database_unreachable', `cannot open the database (${databaseLabel(config)}): ${reason(e)}`);
  }
  let server: ServerType | undefined;
  let metricsServer: ServerType | undefined;
  try {
    const boot = await bootstrapDevAccount(kontor);
    server = createAdaptorServer({ fetch: kontor.app.fetch });
    const port = await listen(server, config.port, config.host);
    let metricsPort: number | null = null;
    if (config.metrics.port !== undefined) {
      const m = kontor.metrics;
      metricsServer = createAdaptorServer({
        fetch: async (req: Request) =>
          new URL(req.url).pathname === '/metrics' && req.method === 'GET'
            ? new Response(await m.text(), { headers: { 'Content-Type': m.contentType } })
            : new Response('Not found\n', { status: 404 }),
      });
      metricsPort = await listen(metricsServer, config.metrics.port, config.host);
    }
    print(
      JSON.stringify({
        level: 'info',
        msg: 'listening',
        url: `http://${config.host}:${port}/api/v1`,
        database: kontor.services.dbKind,
        schemaDir: config.schemaDir,
        ...(metricsPort ? { metricsPort } : {}),
      }),
    );
    if (boot) {
      print(`\nDevelopment account created: ${boot.email}\nAPI key (shown only once): ${boot.apiKey}\nTry: curl -H "Authorization: Bearer ${boot.apiKey}" http://${config.host}:${port}/api/v1/me\n`);
    }
    const main = server;
    const side = metricsServer;
    let closing: Promise<void> | undefined;
    return {
      kontor,
      server: main,
      port,
      metricsPort,
      close: (graceMs = config.shutdownGraceMs) =>
        (closing ??= (async () => {
          kontor.drain();
          await Promise.all([closeServer(main, graceMs), side ? closeServer(side, 0) : undefined]);
          await kontor.close();
        })()),
    };
  } catch (e) {
    if (metricsServer?.listening) await closeServer(metricsServer, 0);
    if (server?.listening) await closeServer(server, 0);
    await kontor.close().catch(() => undefined);
    throw e;
  }
}

export interface RunIo {
  stdout(line: string): void;
  stderr(line: string): void;
  /** Where SIGTERM/SIGINT arrive (the process). */
  signals: Pick<NodeJS.Process, 'once' | 'off'>;
}

/**
 * The service as a process: starts, waits for SIGTERM or SIGINT, stops gracefully. Returns the exit code: 0 after a
 * clean stop, 1 when it cannot start (one line on stderr). A second signal while stopping cuts in-flight requests.
 */
export async function runServer(config: Config, io: RunIo, opts: AppOptions = {}): Promise<number> {
  let running: RunningServer;
  try {
    running = await startServer(config, io.stdout, opts);
  } catch (e) {
    if (e instanceof StartupError || e instanceof ConfigError) {
      io.stderr(`kontor serve: ${e.message}`);
      return 1;
    }
    throw e;
  }
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    const on = (s: NodeJS.Signals) => () => {
      io.signals.off('SIGINT', onInt);
      io.signals.off('SIGTERM', onTerm);
      resolve(s);
    };
    const onInt = on('SIGINT');
    const onTerm = on('SIGTERM');
    io.signals.once('SIGINT', onInt);
    io.signals.once('SIGTERM', onTerm);
  });
  const started = Date.now();
  io.stdout(JSON.stringify({ level: 'info', msg: 'stopping', signal, graceMs: config.shutdownGraceMs }));
  const force = () => (running.server as Server).closeAllConnections?.();
  io.signals.once('SIGINT', force);
  io.signals.once('SIGTERM', force);
  try {
    await running.close();
  } finally {
    io.signals.off('SIGINT', force);
    io.signals.off('SIGTERM', force);
  }
  io.stdout(JSON.stringify({ level: 'info', msg: 'stopped', ms: Date.now() - started }));
  return 0;
}
