/**
 * Prometheus metrics (prom-client, one registry per app, no global default registry): requests and latency by route
 * and status, charges and refunds by operation, engine timings (XSD and worker jobs), upstream calls and failures.
 * Served as GET /metrics behind KONTOR_METRICS_TOKEN on the main port, or without a token on KONTOR_METRICS_PORT.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Config } from '../config';

export class Metrics {
  readonly registry = new Registry();
  readonly requests: Counter<'method' | 'route' | 'status'>;
  readonly duration: Histogram<'method' | 'route' | 'status'>;
  readonly charges: Counter<'operation' | 'via'>;
  readonly refunds: Counter<'operation' | 'via'>;
  readonly engine: Histogram<'engine' | 'outcome'>;
  readonly upstream: Counter<'upstream' | 'outcome'>;
  private readonly unsubscribers: (() => void)[] = [];

  constructor(opts: { defaultMetrics?: boolean } = {}) {
    const registers = [this.registry];
    this.requests = new Counter({ name: 'kontor_http_requests_total', help: 'HTTP requests by route pattern, method and status', labelNames: ['method', 'route', 'status'], registers });
    this.duration = new Histogram({
      name: 'kontor_http_request_duration_seconds',
      help: 'HTTP request latency by route pattern, method and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.charges = new Counter({ name: 'kontor_charges_total', help: 'Charges committed (operation succeeded), by operation and what paid', labelNames: ['operation', 'via'], registers });
    this.refunds = new Counter({
      name: 'kontor_refunds_total',
      help: 'Reservations released (operation failed or refunded), by operation and what would have paid',
      labelNames: ['operation', 'via'],
      registers,
    });
    this.engine = new Histogram({
      name: 'kontor_engine_duration_seconds',
      help: 'Validation and processing engine timings (xsd; worker jobs by kind)',
      labelNames: ['engine', 'outcome'],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.upstream = new Counter({
      name: 'kontor_upstream_requests_total',
      help: 'Outbound HTTP calls (VIES, SMP, Peppol Directory, model provider) by upstream and outcome',
      labelNames: ['upstream', 'outcome'],
      registers,
    });
    if (opts.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry, prefix: 'kontor_' });
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.requests.inc(labels);
    this.duration.observe(labels, seconds);
  }

  /** Times a synchronous or asynchronous engine call. */
  time<T>(engine: string, f: () => T): T {
    const end = this.engine.startTimer({ engine });
    let r: T;
    try {
      r = f();
    } catch (e) {
      end({ outcome: 'error' });
      throw e;
    }
    if (r instanceof Promise) {
      return r.then(
        (v) => (end({ outcome: 'ok' }), v),
        (e: unknown) => {
          end({ outcome: 'error' });
          throw e;
        },
      ) as T;
    }
    end({ outcome: 'ok' });
    return r;
  }

  /**
   * Counts outbound HTTP calls through undici's diagnostics channels (both Node's fetch and the undici package
   * publish them): a call is `ok` when response headers arrived with a status below 500, else `failed`.
   * The upstream is named from the configured base URLs; other origins (SMP hosts found through the SML) are `smp`.
   */
  watchUpstreams(config: Config): void {
    const named: [string, string][] = [];
    const add = (url: string | undefined, name: string) => {
      if (!url) return;
      try {
        named.push([new URL(url).origin, name]);
      } catch {
        /* not a URL: ignore */
      }
    };
    add(config.vies.baseUrl, 'vies');
    add(config.peppol.directoryUrl, 'peppol_directory');
    add(config.ai?.baseUrl, 'model');
    const upstreamOf = (origin: string): string => named.find(([o]) => o === origin)?.[1] ?? 'smp';
    type Req = { origin?: string | URL; path?: string };
    const seen = new WeakMap<object, string>();
    const onCreate = (m: unknown) => {
      const req = (m as { request: Req & object }).request;
      seen.set(req, upstreamOf(String(req.origin ?? '')));
    };
    const onHeaders = (m: unknown) => {
      const { request, response } = m as { request: object; response: { statusCode: number } };
      const name = seen.get(request);
      if (!name) return;
      seen.delete(request);
      this.upstream.inc({ upstream: name, outcome: response.statusCode >= 500 ? 'failed' : 'ok' });
    };
    const onError = (m: unknown) => {
      const { request } = m as { request: object };
      const name = seen.get(request);
      if (!name) return;
      seen.delete(request);
      this.upstream.inc({ upstream: name, outcome: 'failed' });
    };
    for (const [ch, fn] of [
      ['undici:request:create', onCreate],
      ['undici:request:headers', onHeaders],
      ['undici:request:error', onError],
    ] as const) {
      subscribe(ch, fn);
      this.unsubscribers.push(() => unsubscribe(ch, fn));
    }
  }

  /**
   * Wraps every reserve* method of the billing service so that a committed reservation counts as a charge and a
   * released one as a refund (the operation label is the method name).
   */
  instrumentBilling(billing: object): void {
    const target = billing as Record<string, unknown>;
    let proto = Object.getPrototypeOf(billing) as object | null;
    const names = new Set<string>();
    while (proto && proto !== Object.prototype) {
      for (const n of Object.getOwnPropertyNames(proto)) if (/^reserve[A-Z]/.test(n) && typeof target[n] === 'function') names.add(n);
      proto = Object.getPrototypeOf(proto) as object | null;
    }
    for (const name of names) {
      const original = (target[name] as (...a: unknown[]) => Promise<unknown>).bind(billing);
      const operation = name.replace(/^reserve/, '').replace(/^./, (c) => c.toLowerCase());
      target[name] = async (...args: unknown[]) => {
        type Settle = () => Promise<void>;
        const charge = (await original(...args)) as { billing?: { via?: string }; commit?: Settle; release?: Settle; releaseAfterFailure?: Settle };
        if (!charge || typeof charge.commit !== 'function' || typeof charge.release !== 'function') return charge;
        const via = charge.billing?.via ?? 'unknown';
        // Counted once, by the first settlement that completes (later calls are no-ops in billing too).
        let counted = false;
        const count = (what: 'charge' | 'refund') => {
          if (counted) return;
          counted = true;
          (what === 'charge' ? this.charges : this.refunds).inc({ operation, via });
        };
        for (const [key, what] of [
          ['commit', 'charge'],
          ['release', 'refund'],
          ['releaseAfterFailure', 'refund'],
        ] as const) {
          const f = charge[key];
          if (typeof f !== 'function') continue;
          const bound = f.bind(charge);
          charge[key] = async () => {
            await bound();
            count(what);
          };
        }
        return charge;
      };
    }
  }

  /** Wraps a method so each call is timed as `engine` (or engine:<first argument> when byFirstArg). */
  instrumentMethod(obj: object, method: string, engine: string, byFirstArg = false): void {
    const target = obj as Record<string, unknown>;
    if (typeof target[method] !== 'function') return;
    const original = (target[method] as (...a: unknown[]) => unknown).bind(obj);
    target[method] = (...args: unknown[]) => this.time(byFirstArg && typeof args[0] === 'string' ? `${engine}:${args[0]}` : engine, () => original(...args));
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  close(): void {
    for (const u of this.unsubscribers.splice(0)) u();
    this.registry.clear();
  }
}
