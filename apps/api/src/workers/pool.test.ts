/**
 * The job pool against its real built worker (dist/workers/worker.js, rebuilt by the vitest global setup): limits,
 * crashes, the bounded queue, recycling, and errors crossing the thread boundary with class and code intact.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CamtError } from '@kontor/camt';
import { isKontorError } from '@kontor/xml';
import { loadConfig } from '../config';
import { createJobPool, transferable } from './client';
import { JobPoolError, workerExecArgv, type WorkerPool } from './pool';

const pools: WorkerPool[] = [];
function pool(env: Record<string, string> = {}): WorkerPool {
  const p = createJobPool(loadConfig({ KONTOR_LOG: 'off', KONTOR_SCHEMA_DIR: '/nonexistent-schemas', ...env }), { testJobs: true });
  pools.push(p);
  return p;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

const code = (e: unknown) => (e instanceof JobPoolError ? e.code : `not a JobPoolError: ${String(e)}`);

describe('WorkerPool', () => {
  it('runs jobs off the main thread and transfers the input bytes', async () => {
    const p = pool({ KONTOR_WORKERS: '1' });
    const { bytes, transfer } = transferable(new Uint8Array([1, 2, 3, 4]));
    const r = await p.run<{ bytes: number; threadId: number }>('test.echo', { bytes }, { transfer });
    expect(r.bytes).toBe(4);
    expect(r.threadId).toBeGreaterThan(0);
    expect(bytes.byteLength).toBe(0); // transferred, not copied
    expect(p.stats()).toMatchObject({ threads: 1, busy: 0, completed: 1 });
  });

  it('revives library errors as their own class with code and details', async () => {
    const p = pool({ KONTOR_WORKERS: '1' });
    const { bytes, transfer } = transferable(new TextEncoder().encode('this is not XML'));
    const e = await p.run('statements.parse', { bytes }, { transfer }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(CamtError);
    expect(isKontorError(e)).toBe(true); // the brand survives the thread boundary
    expect((e as CamtError).code).toMatch(/^[A-Z_]+$/);
    // unknown error classes keep name, code and details
    const other = await p.run('test.throw', { name: 'SomeError', code: 'SOME_CODE', message: 'boom', details: { at: 3 } }).catch((x: unknown) => x);
    expect(other).toMatchObject({ name: 'SomeError', code: 'SOME_CODE', message: 'boom', details: { at: 3 } });
  });

  it('terminates a job at its wall-time limit; the next job gets a fresh thread; the main thread stays free meanwhile', async () => {
    const p = pool({ KONTOR_WORKERS: '1', KONTOR_JOB_TIMEOUT_MS: '1000', KONTOR_CHARGE_HOLD_SECONDS: '60' });
    const first = await p.run<{ threadId: number }>('test.echo', {});
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const e = await p.run('test.spin', { ms: 60_000 }).catch((x: unknown) => x);
    clearInterval(timer);
    expect(code(e)).toBe('job_timeout');
    expect(ticks).toBeGreaterThan(5); // timers of the main thread kept firing while the worker spun
    const next = await p.run<{ threadId: number }>('test.echo', {});
    expect(next.threadId).not.toBe(first.threadId);
    expect(p.stats()).toMatchObject({ timedOut: 1, started: 2 });
  });

  it('a job that exhausts its heap limit fails with job_memory, the process survives, the pool goes on', async () => {
    const p = pool({ KONTOR_WORKERS: '1', KONTOR_WORKER_HEAP_MB: '64' });
    const e = await p.run('test.oom', {}).catch((x: unknown) => x);
    expect(code(e)).toBe('job_memory');
    expect((e as JobPoolError).details).toMatchObject({ limit: 'memory', maxOldGenerationSizeMb: 64 });
    expect(await p.run('test.echo', { text: 'still here' })).toMatchObject({ text: 'still here' });
    expect(p.stats().crashed).toBe(1);
  });

  it('a worker that exits mid-job fails the job with job_failed and is replaced', async () => {
    const p = pool({ KONTOR_WORKERS: '1' });
    const e = await p.run('test.exit', {}).catch((x: unknown) => x);
    expect(code(e)).toBe('job_failed');
    expect(await p.run('test.echo', { text: 'x' })).toMatchObject({ text: 'x' });
    expect(p.stats()).toMatchObject({ crashed: 1, started: 2 });
  });

  it('refuses at once with overloaded when every thread is busy and the queue is full', async () => {
    const p = pool({ KONTOR_WORKERS: '1', KONTOR_JOB_QUEUE: '1' });
    const running = p.run('test.sleep', { ms: 400 });
    const waiting = p.run('test.sleep', { ms: 1 });
    const refused = await p.run('test.sleep', { ms: 1 }).catch((x: unknown) => x);
    expect(code(refused)).toBe('overloaded');
    expect(p.stats()).toMatchObject({ busy: 1, queued: 1 });
    await expect(running).resolves.toEqual({ slept: 400 });
    await expect(waiting).resolves.toEqual({ slept: 1 });
  });

  it('recycles a thread after a big input and after heap growth (memory goes back with the thread)', async () => {
    const p = pool({ KONTOR_WORKERS: '1', KONTOR_WORKER_RECYCLE_BYTES: '1000' });
    const a = await p.run<{ threadId: number }>('test.echo', { bytes: new Uint8Array(10) }, { inputBytes: 10 });
    const b = await p.run<{ threadId: number }>('test.echo', { bytes: new Uint8Array(5000) }, { inputBytes: 5000 });
    expect(b.threadId).toBe(a.threadId); // small input: same thread
    const c = await p.run<{ threadId: number }>('test.echo', {});
    expect(c.threadId).not.toBe(b.threadId); // the big one retired its thread
    await p.run('test.grow', { mb: 260 }); // keeps ~260 MB alive, above the 192 MB recycling mark
    const d = await p.run<{ threadId: number }>('test.echo', {});
    expect(d.threadId).not.toBe(c.threadId);
    expect(p.stats().recycled).toBe(2);
  });

  it('close() fails queued and running jobs with closed', async () => {
    const p = pool({ KONTOR_WORKERS: '1' });
    const running = p.run('test.sleep', { ms: 5_000 }).catch((x: unknown) => x);
    const queued = p.run('test.sleep', { ms: 1 }).catch((x: unknown) => x);
    await p.close();
    expect(code(await running)).toBe('closed');
    expect(code(await queued)).toBe('closed');
    expect(code(await p.run('test.echo', {}).catch((x: unknown) => x))).toBe('closed');
  });

  it("workers get the parent's Node options without the main-entry ones (a server started with -e must still run jobs)", () => {
    expect(workerExecArgv(['--input-type=module', '-e', 'code', '--enable-source-maps'])).toEqual(['--enable-source-maps']);
    expect(workerExecArgv(['--input-type', 'module', '--eval', 'x', '--max-old-space-size=100', '-p', 'y'])).toEqual(['--max-old-space-size=100']);
    expect(workerExecArgv(['--conditions=dev'])).toEqual(['--conditions=dev']);
  });

  it('a cancelled job leaves the queue; a cancelled big running job has its thread terminated, a small one finishes and is dropped', async () => {
    const p = pool({ KONTOR_WORKERS: '1', KONTOR_JOB_QUEUE: '4' });
    await p.run('test.echo', {}); // the thread is up
    // queued behind a running job, then cancelled: rejected at once, never run
    const busy = p.run<{ slept: number }>('test.sleep', { ms: 1500 });
    const ac = new AbortController();
    const queued = p.run('test.echo', {}, { signal: ac.signal }).catch((x: unknown) => x);
    expect(p.stats().queued).toBe(1);
    ac.abort();
    expect(code(await queued)).toBe('cancelled');
    expect(p.stats().queued).toBe(0);
    expect(await busy).toEqual({ slept: 1500 });
    expect(p.stats().completed).toBe(2);
    // already aborted: refused without queueing
    expect(code(await p.run('test.echo', {}, { signal: AbortSignal.abort() }).catch((x: unknown) => x))).toBe('cancelled');
    // a big running job (input at least the recycling size) that spins forever: cancelled → its thread is terminated
    const before = p.stats();
    const big = new AbortController();
    const spin = p.run('test.spin', { ms: 60_000 }, { signal: big.signal, inputBytes: 50_000_000 }).catch((x: unknown) => x);
    while (p.stats().busy === 0) await new Promise((r) => setTimeout(r, 10));
    big.abort();
    expect(code(await spin)).toBe('cancelled');
    // the pool goes on with a new thread (the spinning one could never have answered)
    const next = await p.run<{ threadId: number }>('test.echo', {});
    expect(next.threadId).toBeGreaterThan(0);
    expect(p.stats().recycled).toBe(before.recycled + 1);
    expect(p.stats().started).toBe(before.started + 1);
    // a small running job is not killed: it finishes, its result is dropped, the thread stays
    const small = new AbortController();
    const sleeping = p.run('test.sleep', { ms: 300 }, { signal: small.signal }).catch((x: unknown) => x);
    while (p.stats().busy === 0) await new Promise((r) => setTimeout(r, 10));
    small.abort();
    expect(code(await sleeping)).toBe('cancelled');
    const again = await p.run<{ threadId: number }>('test.echo', {});
    expect(again.threadId).toBe(next.threadId);
  });
});
