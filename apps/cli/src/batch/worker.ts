/** Worker-thread entry of the batch pool: opens the task's context once, then checks one file per message. */
import { parentPort, workerData } from 'node:worker_threads';
import type { Format } from '../output';
import type { InputFile } from './inputs';
import { errorOutcome, type FileOutcome } from './task';
import { loadTask } from './tasks';

const { task: id, options, fmt } = workerData as { task: string; options: unknown; fmt: Format };
const task = await loadTask(id);
let ctx: unknown;
let openError: unknown;
try {
  ctx = await task.open(options);
} catch (e) {
  openError = e;
}
parentPort!.on('message', async (m: { index: number; file: InputFile }) => {
  let outcome: FileOutcome;
  try {
    if (openError) throw openError;
    outcome = await task.check(ctx, m.file, options, fmt);
  } catch (e) {
    outcome = errorOutcome(m.file, e);
  }
  parentPort!.postMessage({ index: m.index, outcome });
});
