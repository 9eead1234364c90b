/** kontor invoice verify: the verification report of received ZUGFeRD / Factur-X / XRechnung PDFs (spec §2.3), many files in one process. */
import path from 'node:path';
import { SchemaStore } from '@kontor/xml';
import { verifyInvoicePdf, type VerificationReport } from '@kontor/zugferd';
import { CliError, parse, type Command } from '../command';
import { batchOptions, batchUsage, formatOf, runBatch } from '../batch/run';
import type { BatchTask } from '../batch/task';
import { toDisplay } from '../output';
import { readInputFile } from '../batch/inputs';

interface FileReport extends VerificationReport {
  file: string;
}

interface Options {
  schemaDir: string;
  kosit?: string;
  verapdf?: string;
  timeoutMs: number;
  /** Language of the report's texts: --lang, else the locale environment (as the human output). */
  lang: 'de' | 'en';
}

interface Context {
  store: SchemaStore;
  engines: Parameters<typeof verifyInvoicePdf>[1];
}

/** The report's extra facts as human lines (structure, quick check, attachments, engines). */
function detailLines(r: FileReport): string[] {
  const out: string[] = [];
  const a = r.result.authoritative;
  const z = r.result.structure.zugferd;
  if (r.result.structure.file.isPdf) {
    const flag = (b: boolean) => (b ? 'yes' : 'NO');
    out.push(
      `structure: invoice XML ${flag(z.xmlEmbedded)}, file name ${flag(z.facturXFilename)}, /AF ${flag(z.associatedFile)}, Factur-X XMP ${flag(z.facturXMetadata)}, PDF/A ${z.pdfAPart ?? '-'}${z.pdfAConformance ?? ''}`,
    );
  }
  if (r.result.en16931)
    out.push(`EN 16931 quick check (${r.result.en16931.profile}): ${r.result.en16931.checked ? `${r.result.en16931.errorCount} errors, ${r.result.en16931.warningCount} warnings` : 'not applicable'}`);
  for (const att of r.result.attachments) out.push(`attachment (BT-125): ${att.filename} ${att.mimeCode ?? ''} ${att.sizeBytes} bytes`);
  out.push(`engines: ${a.engines.join('; ')}`);
  if (a.note) out.push(`note: ${a.note}`);
  return out;
}

/** One received PDF in a worker: the engines' guarded fetches are made there (functions do not cross threads). */
export const invoiceVerifyTask: BatchTask<Options, Context> = {
  async open(o) {
    const { createOutboundFetch } = await import('../api/outbound');
    // the service's guarded outbound fetch: the configured base URL is trusted, redirects away from it are checked
    const endpoint = (u: string) => ({ url: u, timeoutMs: o.timeoutMs, fetch: createOutboundFetch({ trustedOrigins: [u], timeoutMs: o.timeoutMs + 1_000, maxResponseBytes: 64 * 1024 * 1024 }) });
    const store = new SchemaStore({ dir: o.schemaDir });
    return { store, engines: { schemaStore: store, lang: o.lang, ...(o.kosit ? { kosit: endpoint(o.kosit) } : {}), ...(o.verapdf ? { verapdf: endpoint(o.verapdf) } : {}) } };
  },
  async check(ctx, file) {
    const bytes = readInputFile(file);
    // a refused file (ZugferdError PDF_TOO_LARGE …) becomes the batch's errorOutcome
    const r: FileReport = { file: file.name, ...(await verifyInvoicePdf(bytes, ctx.engines)) };
    const a = r.result.authoritative;
    return {
      file: file.name,
      verdict: a.verdict,
      json: r,
      headline: r.summary,
      findings: a.findings
        .filter((f) => f.severity !== 'info')
        .map((f) => toDisplay({ code: f.code, severity: f.severity, message: f.message, ruleset: f.source, ...(f.location ? { path: f.location } : {}) })),
      lines: detailLines(r),
    };
  },
  close: (ctx) => ctx.store.dispose(),
};

export const invoiceVerifyCommands: Command[] = [
  {
    name: 'invoice verify',
    summary: 'Verify received ZUGFeRD / Factur-X / XRechnung hybrid PDFs: structure, EN 16931, PDF/A-3, authoritative verdict (the report of POST /verify)',
    usage: `kontor invoice verify <file|dir|glob>... [--schemas <schema store>] [--kosit-url <url>] [--verapdf-url <url>] ${batchUsage}`,
    async run(argv, io) {
      const { values, positionals } = parse(argv, { schemas: { type: 'string' }, 'kosit-url': { type: 'string' }, 'verapdf-url': { type: 'string' }, ...batchOptions });
      const config = (await import('../api/config')).loadConfig(io.env, io.cwd);
      const url = (u: string | undefined, what: string) => {
        if (u === undefined) return undefined;
        try {
          return new URL(u).href;
        } catch {
          throw new CliError(`${what} is not a URL: ${u}`);
        }
      };
      const kosit = url(values['kosit-url'], '--kosit-url') ?? config.engines.kositUrl;
      const verapdf = url(values['verapdf-url'], '--verapdf-url') ?? config.engines.verapdfUrl;
      const options: Options = {
        schemaDir: values.schemas ? path.resolve(io.cwd, values.schemas) : config.schemaDir,
        timeoutMs: config.engines.timeoutMs,
        lang: formatOf(io, values.lang).lang,
        ...(kosit ? { kosit } : {}),
        ...(verapdf ? { verapdf } : {}),
      };
      return runBatch(io, { task: 'invoice verify', options, inputs: positionals, extensions: ['.pdf'], values });
    },
  },
];
