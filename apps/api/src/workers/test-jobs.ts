/**
 * Jobs that exist only to test the pool itself (sleep, crash, exhaust the heap, grow and keep memory). They are
 * in the bundle but reachable only when the pool was created with `testJobs: true` in its worker data, which the
 * service configuration cannot set.
 */
import type { JobOutput } from './jobs';

let kept: unknown[] = [];

export const testJobs: Record<string, (input: never) => Promise<JobOutput>> = {
  async 'test.echo'(i: { bytes?: Uint8Array; text?: string }) {
    return { value: { text: i.text ?? null, bytes: i.bytes?.byteLength ?? null, threadId: (await import('node:worker_threads')).threadId } };
  },
  async 'test.sleep'(i: { ms: number }) {
    await new Promise((r) => setTimeout(r, i.ms));
    return { value: { slept: i.ms } };
  },
  /** Blocks the thread's event loop (a hostile parse that never yields). */
  async 'test.spin'(i: { ms: number }) {
    const end = Date.now() + i.ms;
    while (Date.now() < end) {
      /* busy */
    }
    return { value: { spun: i.ms } };
  },
  async 'test.exit'() {
    process.exit(3);
  },
  async 'test.oom'() {
    // 16 MB of doubles per step: reaches any heap limit within a few steps, long before a time limit.
    const hold: number[][] = [];
    for (;;) hold.push(new Array(2_000_000).fill(hold.length + 0.5));
  },
  /** Keeps ~mb megabytes alive in the thread (heap growth that should make the pool recycle it). */
  async 'test.grow'(i: { mb: number }) {
    kept = Array.from({ length: i.mb }, () => new Array(128 * 1024).fill(1.5));
    return { value: { kept: kept.length } };
  },
  /** Calls a library with input it refuses, inside the worker: the real error has to cross the thread (errors-route.test.ts). */
  async 'test.library-error'(i: { which: 'cii' | 'xml' | 'pdfa3'; invoice?: unknown }) {
    if (i.which === 'cii') (await import('@kontor/cii')).writeCii(i.invoice as never);
    else if (i.which === 'xml') (await import('@kontor/xml')).parseXml('<?xml version="1.0"?>\n<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>');
    else await (await import('@kontor/pdfa3')).readPdfInfo(new TextEncoder().encode('%PDF-1.7\nnot a PDF body\n%%EOF\n'));
    return { value: { threw: false } };
  },
  async 'test.throw'(i: { name: string; code: string; message: string; details?: unknown }) {
    const e = new Error(i.message) as Error & { code: string; details?: unknown };
    e.name = i.name;
    e.code = i.code;
    if (i.details !== undefined) e.details = i.details;
    throw e;
  },
};
