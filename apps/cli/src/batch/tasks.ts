/** The batch tasks by id, loaded lazily (in the main thread or in a worker) so a worker imports only its command. */
import type { BatchTask } from './task';

// biome-ignore lint/suspicious/noExplicitAny: the loader table holds tasks of every input/result type
type Loader = () => Promise<BatchTask<any, any>>;

export const batchTasks: Record<string, Loader> = {
  'invoice validate': async () => (await import('../commands/invoice-validate')).invoiceValidateTask,
  'pay validate': async () => (await import('../commands/pay-validate')).payValidateTask,
  'camt validate': async () => (await import('../commands/camt-validate')).camtValidateTask,
  'camt parse': async () => (await import('../commands/camt')).camtParseTask,
  'invoice verify': async () => (await import('../commands/invoice-verify')).invoiceVerifyTask,
  'invoice extract': async () => (await import('../commands/invoice-extract')).invoiceExtractTask,
  'pdf check': async () => (await import('../commands/pdf-check')).pdfCheckTask,
};

// biome-ignore lint/suspicious/noExplicitAny: the caller picks the task by id at run time
export async function loadTask(id: string): Promise<BatchTask<any, any>> {
  // eslint-disable-line @typescript-eslint/no-explicit-any
  const load = batchTasks[id];
  if (!load) throw new Error(`Unknown batch task ${id}`);
  return load();
}
