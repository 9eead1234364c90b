/**
 * Entry of an API job worker (built to dist/workers/worker.js; run as plain JS, never through a transpiler).
 * Takes one job at a time from the pool, runs it from the job table and answers with the value or the
 * serialised error, plus the thread's heap size so that the pool can recycle threads that grew.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { getHeapStatistics } from 'node:v8';
import { jobContext, jobs } from './jobs';
import { testJobs } from './test-jobs';
import { serializeError, type JobReply, type JobRequest, type WorkerSetup } from './protocol';

const setup = workerData as WorkerSetup & { testJobs?: boolean };
const ctx = jobContext(setup);
const table = setup.testJobs ? { ...jobs, ...testJobs } : jobs;

function heapBytes(): number {
  const h = getHeapStatistics();
  return h.used_heap_size + h.external_memory;
}

// Modules are loaded: from now on the pool counts job time.
parentPort!.postMessage({ ready: true });

parentPort!.on('message', async (req: JobRequest) => {
  let reply: JobReply;
  let transfer: ArrayBuffer[] = [];
  try {
    const fn = table[req.kind];
    if (!fn) throw new Error(`Unknown job kind ${req.kind}`);
    const out = await fn(req.input as never, ctx);
    transfer = out.transfer ?? [];
    reply = { id: req.id, ok: true, value: out.value, heapBytes: heapBytes() };
  } catch (e) {
    reply = { id: req.id, ok: false, error: serializeError(e), heapBytes: heapBytes() };
  }
  try {
    parentPort!.postMessage(reply, transfer);
  } catch (e) {
    parentPort!.postMessage({ id: req.id, ok: false, error: serializeError(e), heapBytes: heapBytes() } satisfies JobReply);
  }
});
