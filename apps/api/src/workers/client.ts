/**
 * The service's side of the job workers: creates the pool from the configuration (the built worker file is found
 * through this package's "./worker" export, so it works from the sources, from dist and from a bundling app) and
 * knows the library error classes to revive.
 */
import { createRequire } from 'node:module';
import { AiError } from '@kontor/ai';
import { BankdataError } from '@kontor/bankdata';
import { CamtError } from '@kontor/camt';
import { Pain001Error } from '@kontor/pain001';
import { Pdfa3Error } from '@kontor/pdfa3';
import { PeppolError } from '@kontor/peppol';
import { ViesError } from '@kontor/vies';
import { ZugferdError } from '@kontor/zugferd';
import { CiiError } from '@kontor/cii';
import { KontorXmlError } from '@kontor/xml';
import type { Config } from '../config';
import { ApiError } from '../platform/errors';
import { WorkerPool } from './pool';
import type { WorkerSetup } from './protocol';

/** The built worker entry (dist/workers/worker.js of @kontor/api). */
export function workerFile(): string {
  return createRequire(import.meta.url).resolve('@kontor/api/worker');
}

export interface JobPoolOptions {
  /** Test hook: also accept the pool-testing jobs (test-jobs.ts). */
  testJobs?: boolean;
  file?: string;
}

export function createJobPool(config: Config, o: JobPoolOptions = {}): WorkerPool {
  const setup: WorkerSetup & { testJobs?: boolean } = { schemaDir: config.schemaDir, bankdataFile: config.bankdataFile, ...(o.testJobs ? { testJobs: true } : {}) };
  return new WorkerPool({
    file: o.file ?? workerFile(),
    workerData: setup,
    size: config.workers.size,
    queueLength: config.workers.queueLength,
    timeoutMs: config.workers.jobTimeoutMs,
    maxOldGenerationSizeMb: config.workers.heapMb,
    recycleAboveBytes: config.workers.recycleAboveBytes,
    errorClasses: { CamtError, Pain001Error, ZugferdError, CiiError, KontorXmlError, Pdfa3Error, PeppolError, ViesError, AiError, BankdataError, ApiError } as never,
  });
}

/**
 * The bytes ready to transfer to a worker. When they span the whole of their own ArrayBuffer (an upload read with
 * arrayBuffer(), a large decoded base64 body) that buffer is transferred as it is — no second copy of the upload on
 * the main thread, and the caller's view is detached afterwards (do not use it). A view on part of a buffer (a Buffer
 * from Node's shared pool, a slice) is copied into its own buffer first.
 */
export function transferable(bytes: Uint8Array): { bytes: Uint8Array; transfer: ArrayBuffer[] } {
  const buf = bytes.buffer;
  if (buf instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buf.byteLength && buf.byteLength > 0) {
    return { bytes: new Uint8Array(buf), transfer: [buf] };
  }
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return { bytes: copy, transfer: [copy.buffer] };
}
