/** kontor invoice verify: the verification report of received ZUGFeRD / Factur-X / XRechnung PDFs (spec §2.3), many files in one process. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SchemaStore } from '@kontor/xml';
import { verifyInvoicePdf, ZugferdError, type VerificationReport } from '@kontor/zugferd';
import { createOutboundFetch, loadConfig } from '@kontor/api';
import { CliError, parse, printJson, type Command, type Io } from '../command';

interface FileReport extends VerificationReport {
  file: string;
}

function printHuman(io: Io, r: FileReport): void {
  const a = r.result.authoritative;
  io.stdout(`${r.file}: ${a.verdict.toUpperCase()}  ${r.summary}\n`);
  const z = r.result.structure.zugferd;
  if (r.result.structure.file.isPdf) {
    const flag = (b: boolean) => (b ? 'yes' : 'NO');
    io.stdout(`  structure: invoice XML ${flag(z.xmlEmbedded)}, file name ${flag(z.facturXFilename)}, /AF ${flag(z.associatedFile)}, Factur-X XMP ${flag(z.facturXMetadata)}, PDF/A ${z.pdfAPart ?? '-'}${z.pdfAConformance ?? ''}\n`);
  }
  if (r.result.en16931) io.stdout(`  EN 16931 quick check (${r.result.en16931.profile}): ${r.result.en16931.checked ? `${r.result.en16931.errorCount} errors, ${r.result.en16931.warningCount} warnings` : 'not applicable'}\n`);
  for (const att of r.result.attachments) io.stdout(`  attachment (BT-125): ${att.filename} ${att.mimeCode ?? ''} ${att.sizeBytes} bytes\n`);
  const shown = a.findings.filter((f) => f.severity !== 'info');
  for (const f of shown.slice(0, 60)) io.stdout(`  ${f.severity.padEnd(7)} ${f.code} [${f.source}]${f.location ? ` at ${f.location}` : ''}: ${f.message}\n`);
  if (shown.length > 60) io.stdout(`  ... and ${shown.length - 60} more (use --json)\n`);
  io.stdout(`  engines: ${a.engines.join('; ')}\n`);
  if (a.note) io.stdout(`  note: ${a.note}\n`);
}

export const invoiceVerifyCommands: Command[] = [
  {
    name: 'invoice verify',
    summary: 'Verify received ZUGFeRD / Factur-X / XRechnung hybrid PDFs: structure, EN 16931, PDF/A-3, authoritative verdict (the report of POST /verify)',
    usage: 'kontor invoice verify <invoice.pdf>... [--schemas <schema store>] [--kosit-url <url>] [--verapdf-url <url>] [--json]',
    async run(argv, io) {
      const { values, positionals } = parse(argv, { schemas: { type: 'string' }, 'kosit-url': { type: 'string' }, 'verapdf-url': { type: 'string' }, json: { type: 'boolean' } });
      if (positionals.length === 0) throw new CliError('Missing PDF file(s)');
      const config = loadConfig(io.env, io.cwd);
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
      // the service's guarded outbound fetch: the configured base URL is trusted, redirects away from it are checked
      const endpoint = (u: string) => ({ url: u, timeoutMs: config.engines.timeoutMs, fetch: createOutboundFetch({ trustedOrigins: [u], timeoutMs: config.engines.timeoutMs + 1_000, maxResponseBytes: 64 * 1024 * 1024 }) });
      const store = new SchemaStore({ dir: values.schemas ? path.resolve(io.cwd, values.schemas) : config.schemaDir });
      const results: FileReport[] = [];
      let ioError = false;
      try {
        for (const file of positionals) {
          let bytes: Uint8Array;
          try {
            bytes = new Uint8Array(await readFile(path.resolve(io.cwd, file)));
          } catch (e) {
            io.stderr(`${file}: cannot be read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}\n`);
            ioError = true;
            continue;
          }
          try {
            const r = await verifyInvoicePdf(bytes, {
              schemaStore: store,
              ...(kosit ? { kosit: endpoint(kosit) } : {}),
              ...(verapdf ? { verapdf: endpoint(verapdf) } : {}),
            });
            results.push({ file, ...r });
          } catch (e) {
            if (!(e instanceof ZugferdError)) throw e;
            io.stderr(`${file}: ${e.message}\n`);
            ioError = true;
          }
        }
      } finally {
        store.dispose();
      }
      if (values.json) printJson(io, results.length === 1 && positionals.length === 1 ? results[0] : { results });
      else for (const r of results) printHuman(io, r);
      if (ioError) return 2;
      return results.every((r) => r.result.authoritative.verdict !== 'invalid') ? 0 : 1;
    },
  },
];
