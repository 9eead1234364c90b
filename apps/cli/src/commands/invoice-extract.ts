/**
 * kontor invoice extract: invoice data from PDFs (the answer of POST /extractions), many files in one process.
 * Hybrids answer source xml; other PDFs are read from the print (text layer; the configured KONTOR_AI_* model
 * when there is one and --text-only is not given). Verdict per file: valid (nothing to correct),
 * valid_with_warnings (warnings only), invalid (placeholders or other errors to correct).
 */
import { extractInvoice, type ExtractionResult } from '@kontor/zugferd';
import type { ModelProvider } from '@kontor/ai';
import { parse, type Command } from '../command';
import { batchOptions, batchUsage, formatOf, runBatch } from '../batch/run';
import type { BatchTask } from '../batch/task';
import { toDisplay } from '../output';
import { readInputFile } from '../batch/inputs';

interface Options {
  ai?: { baseUrl: string; model: string; apiKey?: string };
  /** Language of the issue messages: --lang, else the locale environment (as the human output). */
  lang: 'de' | 'en';
}

interface Context {
  model?: ModelProvider;
  lang: 'de' | 'en';
}

/** One PDF in a worker: the model provider (and its guarded fetch) is made there (functions do not cross threads). */
export const invoiceExtractTask: BatchTask<Options, Context> = {
  async open(o) {
    if (!o.ai) return { lang: o.lang };
    const { createModelProvider } = await import('@kontor/ai');
    const { createOutboundFetch } = await import('../api/outbound');
    const ai = o.ai;
    return {
      lang: o.lang,
      model: createModelProvider({
        baseUrl: ai.baseUrl,
        model: ai.model,
        ...(ai.apiKey ? { apiKey: ai.apiKey } : {}),
        timeoutMs: 60_000,
        maxRetries: 1,
        fetch: createOutboundFetch({ trustedOrigins: [ai.baseUrl], timeoutMs: 120_000, maxResponseBytes: 8 * 1024 * 1024 }),
      }),
    };
  },
  async check(ctx, file) {
    const bytes = readInputFile(file);
    // a refused file (ZugferdError NOT_A_PDF, PDF_ENCRYPTED, MODEL_FAILED …) becomes the batch's errorOutcome
    const r: ExtractionResult = await extractInvoice(bytes, ctx.model ? { model: ctx.model, lang: ctx.lang } : { lang: ctx.lang });
    const errors = r.issues.filter((i) => i.severity === 'error').length;
    const inv = r.invoice as { invoiceNumber?: string; issueDate?: string; totalGross?: number; currency?: string; seller?: { name?: string }; lines?: unknown[] };
    return {
      file: file.name,
      verdict: errors > 0 ? 'invalid' : r.issues.length > 0 ? 'valid_with_warnings' : 'valid',
      json: { file: file.name, ...r },
      headline: `source ${r.source}: ${inv.invoiceNumber ?? '?'} of ${inv.issueDate ?? '?'} from ${inv.seller?.name ?? '?'}, ${inv.lines?.length ?? 0} line(s), total ${inv.totalGross ?? '?'} ${inv.currency ?? 'EUR'}`,
      findings: r.issues.map((i) => toDisplay({ code: i.code, severity: i.severity, message: i.message, ...(i.path ? { path: i.path } : {}) })),
      lines: r.repairedPaths.length > 0 ? [`placeholders to correct: ${r.repairedPaths.join(', ')}`] : [],
    };
  },
};

export const invoiceExtractCommands: Command[] = [
  {
    name: 'invoice extract',
    summary: 'Extract invoice data (the Invoice JSON) from PDFs: embedded e-invoice, else the text layer (and the KONTOR_AI_* model when configured)',
    usage: `kontor invoice extract <file|dir|glob>... [--text-only] ${batchUsage}`,
    async run(argv, io) {
      const { values, positionals } = parse(argv, { 'text-only': { type: 'boolean' }, ...batchOptions });
      const config = (await import('../api/config')).loadConfig(io.env, io.cwd);
      const ai = !values['text-only'] && config.ai ? { baseUrl: config.ai.baseUrl, model: config.ai.model, ...(config.ai.apiKey ? { apiKey: config.ai.apiKey } : {}) } : undefined;
      const lang = formatOf(io, values.lang).lang;
      const options: Options = ai ? { ai, lang } : { lang };
      return runBatch(io, { task: 'invoice extract', options, inputs: positionals, extensions: ['.pdf'], values });
    },
  },
];
