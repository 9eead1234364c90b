/**
 * A small worker_threads pool for the API's heavy work (XML parsing, XSD and rules, camt, pain.001, CII, PDF).
 *
 * Why our own and not piscina: every job needs a wall-time limit that *terminates* the thread, a heap limit per
 * thread (resourceLimits), a bounded queue that refuses at once, and recycling of threads that handled big inputs
 * (WebAssembly memory of libxml2 and V8 old space never shrink, so the only way back to the RSS floor is a new
 * thread). The main thread keeps only routing, auth and billing, so /healthz answers while workers grind.
 *
 * Failures are JobPoolError with a stable code: overloaded (queue full), job_timeout, job_memory (heap limit),
 * job_failed (the thread died for another reason), closed. A library error thrown inside a job is revived as its
 * own class (see protocol.ts) and passes through unchanged.
 */
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { reviveError, type JobReply, type JobRequest } from './protocol';

export type JobPoolErrorCode = 'overloaded' | 'job_timeout' | 'job_memory' | 'job_failed' | 'closed' | 'cancelled';

export class JobPoolError extends Error {
  constructor(
    readonly code: JobPoolErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'JobPoolError';
  }
}

export interface PoolOptions {
  /** The built worker entry (plain JS). */
  file: string | URL;
  /** Data handed to every new worker (workerData). */
  workerData?: unknown;
  /** Threads at most. Default: number of cores. */
  size?: number;
  /** Jobs waiting for a free thread at most; one more is refused with `overloaded`. Default 16. */
  queueLength?: number;
  /** Wall-time limit per job from the moment a thread takes it; the thread is terminated. Default 60 s. */
  timeoutMs?: number;
  /** V8 old-space limit per thread. Default 512 MB. */
  maxOldGenerationSizeMb?: number;
  /** A thread that handled an input of at least this many bytes is replaced afterwards. Default 1 MB. */
  recycleAboveBytes?: number;
  /** A thread whose heap (V8 + external, incl. WebAssembly memory) is above this after a job is replaced. Default 192 MB. */
  recycleHeapMb?: number;
  /** Classes of library errors to revive by name. */
  errorClasses?: Record<string, abstract new (...args: never[]) => Error>;
}

export interface JobOptions {
  /** Transferred, not copied (the caller must not use them afterwards). */
  transfer?: ArrayBuffer[];
  /** Input size in bytes, for the recycling rule. */
  inputBytes?: number;
  /**
   * Cancels the job (e.g. the request's signal: the client went away). A queued job leaves the queue; a running job
   * with a big input (at least recycleAboveBytes, its thread would be replaced anyway) has its thread terminated at
   * once, a small one finishes and its result is dropped. Either way the promise rejects with `cancelled`.
   */
  signal?: AbortSignal;
}

export interface PoolStats {
  size: number;
  /** Live threads (at most size). */
  threads: number;
  /** Threads being terminated (timed out, recycled); they take no jobs. */
  retiring: number;
  busy: number;
  queued: number;
  /** Threads started since the pool was created. */
  started: number;
  /** Threads replaced after a big job or heap growth. */
  recycled: number;
  /** Jobs ended by the wall-time limit. */
  timedOut: number;
  /** Threads that died (heap limit, crash). */
  crashed: number;
  completed: number;
}

interface Job {
  id: number;
  kind: string;
  input: unknown;
  transfer: ArrayBuffer[];
  inputBytes: number;
  resolve(v: unknown): void;
  reject(e: unknown): void;
  settled: boolean;
  timer?: NodeJS.Timeout;
  /** Removes the abort listener. */
  unlisten?: () => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  /** terminate() was called (timeout, recycle, close): the slot takes no more jobs. */
  retiring: boolean;
  /** The worker has loaded its modules (its first message); job timers start only then, so boot time is not job time. */
  ready: boolean;
}

/**
 * The parent's Node options minus those that only make sense for the main entry: a server started with
 * `node --input-type=module -e ...` would otherwise give every worker --input-type and fail it at start.
 */
export function workerExecArgv(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '-e' || a === '--eval' || a === '-p' || a === '--print' || a === '--input-type') {
      i++; // and its value
      continue;
    }
    if (a.startsWith('--input-type=') || a.startsWith('--eval=') || a.startsWith('--print=') || a === '-i' || a === '--interactive' || a === '-') continue;
    out.push(a);
  }
  return out;
}

export class WorkerPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  private readonly counters = { started: 0, recycled: 0, timedOut: 0, crashed: 0, completed: 0 };
  readonly size: number;
  readonly queueLength: number;
  readonly timeoutMs: number;
  readonly maxOldGenerationSizeMb: number;
  private readonly recycleAboveBytes: number;
  private readonly recycleHeapBytes: number;

  constructor(private readonly opts: PoolOptions) {
    this.size = Math.max(1, opts.size ?? availableParallelism());
    this.queueLength = Math.max(0, opts.queueLength ?? 16);
    this.timeoutMs = opts.timeoutMs ?? 60_000;
    this.maxOldGenerationSizeMb = opts.maxOldGenerationSizeMb ?? 512;
    this.recycleAboveBytes = opts.recycleAboveBytes ?? 1_000_000;
    this.recycleHeapBytes = (opts.recycleHeapMb ?? 192) * 1024 * 1024;
  }

  /** Runs one job; rejects with JobPoolError (pool trouble) or the revived library error (the job's own failure). */
  run<T>(kind: string, input: unknown, o: JobOptions = {}): Promise<T> {
    if (this.closed) return Promise.reject(new JobPoolError('closed', 'The job pool is shut down'));
    if (o.signal?.aborted) return Promise.reject(new JobPoolError('cancelled', 'The job was cancelled before it started'));
    const live = [...this.slots].filter((s) => !s.retiring);
    const free = live.some((s) => !s.job) || live.length < this.size;
    if (!free && this.queue.length >= this.queueLength) {
      return Promise.reject(
        new JobPoolError('overloaded', `All ${this.size} workers are busy and ${this.queue.length} jobs are waiting; try again shortly`, { workers: this.size, queued: this.queue.length }),
      );
    }
    return new Promise<T>((resolve, reject) => {
      const job: Job = { id: this.nextId++, kind, input, transfer: o.transfer ?? [], inputBytes: o.inputBytes ?? 0, resolve: resolve as (v: unknown) => void, reject, settled: false };
      if (o.signal) {
        const signal = o.signal;
        const onAbort = () => this.cancel(job);
        signal.addEventListener('abort', onAbort, { once: true });
        job.unlisten = () => signal.removeEventListener('abort', onAbort);
      }
      this.queue.push(job);
      this.pump();
    });
  }

  stats(): PoolStats {
    const slots = [...this.slots];
    const live = slots.filter((s) => !s.retiring);
    return { size: this.size, threads: live.length, retiring: slots.length - live.length, busy: live.filter((s) => s.job).length, queued: this.queue.length, ...this.counters };
  }

  /** Terminates every thread; queued and running jobs fail with `closed`. */
  async close(): Promise<void> {
    this.closed = true;
    for (const j of this.queue.splice(0)) this.settle(j, false, new JobPoolError('closed', 'The job pool is shut down'));
    await Promise.all(
      [...this.slots].map((s) => {
        s.retiring = true;
        if (s.job) this.settle(s.job, false, new JobPoolError('closed', 'The job pool is shut down'));
        return s.worker.terminate().catch(() => 0);
      }),
    );
    this.slots.clear();
  }

  private pump(): void {
    while (this.queue.length) {
      let slot = [...this.slots].find((s) => !s.job && !s.retiring);
      if (!slot) {
        // Retiring threads are on their way out: they do not count against the size.
        const live = [...this.slots].filter((s) => !s.retiring).length;
        if (live >= this.size) return;
        slot = this.spawn();
      }
      this.dispatch(slot, this.queue.shift()!);
    }
  }

  private spawn(): Slot {
    const worker = new Worker(this.opts.file, {
      workerData: this.opts.workerData,
      execArgv: workerExecArgv(process.execArgv),
      resourceLimits: { maxOldGenerationSizeMb: this.maxOldGenerationSizeMb, stackSizeMb: 8 },
      // A worker must not keep a CLI or test process alive; the HTTP server keeps a service alive.
      stdout: false,
      stderr: false,
    });
    worker.unref();
    const slot: Slot = { worker, job: null, retiring: false, ready: false };
    this.slots.add(slot);
    this.counters.started++;
    worker.on('message', (m: JobReply | { ready: true }) => {
      if ('ready' in m) {
        slot.ready = true;
        if (slot.job) this.startTimer(slot, slot.job);
        return;
      }
      this.onReply(slot, m);
    });
    worker.on('error', (err: Error & { code?: string }) => {
      // Uncaught in the worker, or the heap limit (ERR_WORKER_OUT_OF_MEMORY). 'exit' follows.
      const job = slot.job;
      if (!job || job.settled) return;
      this.counters.crashed++;
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        this.settle(
          job,
          false,
          new JobPoolError('job_memory', `The job needed more than the ${this.maxOldGenerationSizeMb} MB memory limit of a worker`, {
            limit: 'memory',
            maxOldGenerationSizeMb: this.maxOldGenerationSizeMb,
          }),
        );
      } else {
        this.settle(job, false, new JobPoolError('job_failed', `The worker running the job failed: ${err.name}: ${err.message}`, { cause: `${err.name}: ${err.message}` }));
      }
    });
    worker.on('exit', (code) => {
      this.slots.delete(slot);
      const job = slot.job;
      if (job && !job.settled) {
        this.counters.crashed++;
        this.settle(job, false, new JobPoolError('job_failed', `The worker running the job exited (code ${code})`, { exitCode: code }));
      }
      slot.job = null;
      if (!this.closed) this.pump();
    });
    return slot;
  }

  private dispatch(slot: Slot, job: Job): void {
    slot.job = job;
    if (slot.ready) this.startTimer(slot, job);
    const req: JobRequest = { id: job.id, kind: job.kind, input: job.input };
    try {
      slot.worker.postMessage(req, job.transfer);
      // cloned or transferred: the main thread's reference to the input (maybe a whole upload) is not needed
      job.input = undefined;
      job.transfer = [];
    } catch (e) {
      // e.g. an uncloneable input: the caller's mistake, the thread is fine.
      slot.job = null;
      this.settle(job, false, e);
      this.pump();
    }
  }

  private startTimer(slot: Slot, job: Job): void {
    if (job.timer || job.settled) return;
    job.timer = setTimeout(() => {
      if (job.settled) return;
      this.counters.timedOut++;
      this.settle(job, false, new JobPoolError('job_timeout', `The job did not finish within ${this.timeoutMs} ms`, { limit: 'time', timeoutMs: this.timeoutMs }));
      this.retire(slot);
    }, this.timeoutMs);
    job.timer.unref();
  }

  private onReply(slot: Slot, m: JobReply): void {
    const job = slot.job;
    if (!job || job.id !== m.id) return;
    slot.job = null;
    this.counters.completed++;
    if (m.ok) this.settle(job, true, m.value);
    else this.settle(job, false, reviveError(m.error, { JobPoolError, ...(this.opts.errorClasses ?? {}) }));
    if (job.inputBytes >= this.recycleAboveBytes || m.heapBytes > this.recycleHeapBytes) {
      this.counters.recycled++;
      this.retire(slot);
    }
    this.pump();
  }

  private cancel(job: Job): void {
    if (job.settled) return;
    const queued = this.queue.indexOf(job);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      this.settle(job, false, new JobPoolError('cancelled', 'The job was cancelled while waiting for a worker'));
      return;
    }
    const slot = [...this.slots].find((s) => s.job === job);
    this.settle(job, false, new JobPoolError('cancelled', 'The job was cancelled while running'));
    if (slot && job.inputBytes >= this.recycleAboveBytes) {
      // Its thread would be replaced after the job anyway: stop the work now; 'exit' frees the slot and pumps.
      this.counters.recycled++;
      this.retire(slot);
    }
    // A small running job finishes; onReply frees its slot and ignores the (settled) result.
  }

  private retire(slot: Slot): void {
    if (slot.retiring) return;
    slot.retiring = true;
    void slot.worker.terminate().catch(() => 0);
  }

  private settle(job: Job, ok: boolean, v: unknown): void {
    if (job.settled) return;
    job.settled = true;
    if (job.timer) clearTimeout(job.timer);
    job.unlisten?.();
    // the input (possibly a whole upload) is not needed any more
    job.input = undefined;
    job.transfer = [];
    if (ok) job.resolve(v);
    else job.reject(v);
  }
}
