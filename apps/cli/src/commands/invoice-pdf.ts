/** kontor invoice pdf: a ZUGFeRD/Factur-X PDF/A-3 invoice (EN 16931), typeset from invoice JSON or embedded into a supplied PDF (@kontor/zugferd). */
import path from 'node:path';
import { embedInvoice, typesetInvoice, type Finding, type HybridInvoiceResult, type InvoiceAttachment } from '@kontor/zugferd';
import { CliError, parse, printJson, type Command, type Io, writeOutput } from '../command';
import { printWarnings } from './invoice';
import { readCommandInput, readCommandText } from '../batch/inputs';

function printFindings(io: Io, findings: readonly Finding[]): void {
  for (const f of findings.slice(0, 50)) io.stderr(`  ${f.severity.padEnd(7)} ${f.code}${f.path ? ` at ${f.path}` : ''}: ${f.message}\n`);
  if (findings.length > 50) io.stderr(`  ... and ${findings.length - 50} more\n`);
}

export const invoicePdfCommands: Command[] = [
  {
    name: 'invoice pdf',
    summary: 'Create a ZUGFeRD/Factur-X PDF/A-3 invoice (EN 16931): typeset from invoice JSON, or embed the XML into a supplied PDF (--pdf)',
    usage: 'kontor invoice pdf <invoice.json> [--pdf visual.pdf] [--logo logo.png|jpg|svg] [--lang de|en] [--attach <file>]... [--watermark] -o out.pdf [--json]',
    async run(argv, io) {
      const { values, positionals } = parse(argv, {
        pdf: { type: 'string' },
        logo: { type: 'string' },
        lang: { type: 'string' },
        attach: { type: 'string', multiple: true },
        watermark: { type: 'boolean' },
        output: { type: 'string', short: 'o' },
        json: { type: 'boolean' },
      });
      const file = positionals[0];
      if (!file) throw new CliError('Missing invoice JSON file');
      if (!values.output) throw new CliError('Missing -o out.pdf');
      const lang = values.lang ?? 'de';
      if (lang !== 'de' && lang !== 'en') throw new CliError(`Unknown language "${lang}" (de or en)`);
      if (values.pdf && values.logo) throw new CliError('--logo only applies when the invoice is typeset (without --pdf)');
      const read = (f: string) => readCommandInput(io.cwd, f).bytes;
      let invoice: unknown;
      const json = readCommandText(io.cwd, file);
      try {
        invoice = JSON.parse(json);
      } catch (e) {
        throw new CliError(`${file} is not readable JSON: ${(e as Error).message}`, 1);
      }
      const attachments: InvoiceAttachment[] = [];
      for (const a of values.attach ?? []) attachments.push({ filename: path.basename(a), data: await read(a) });
      const now = new Date();
      // A ZugferdError (refused input, failed self-check) is printed with its findings and exit 1 by the one CLI error mapping (command.ts)
      const r: HybridInvoiceResult = values.pdf
        ? await embedInvoice(await read(values.pdf), invoice, { now, lang, attachments })
        : await typesetInvoice(invoice, { now, lang, attachments, watermark: values.watermark === true, ...(values.logo ? { logo: { bytes: await read(values.logo) } } : {}) });
      const out = path.resolve(io.cwd, values.output);
      await writeOutput(out, r.pdf);
      if (values.json) {
        printJson(io, {
          ok: true,
          output: out,
          mode: values.pdf ? 'embed' : 'typeset',
          pages: r.pages,
          bytes: r.pdf.byteLength,
          xmlBytes: Buffer.byteLength(r.xml, 'utf8'),
          check: { verdict: r.check.verdict, pdfaErrors: r.check.pdfa.filter((f) => f.severity === 'error').length, en16931: r.check.en16931.verdict },
          warnings: r.invoiceWarnings,
          findings: r.warnings,
        });
        return 0;
      }
      io.stdout(`${values.output}: ${r.pages} page${r.pages === 1 ? '' : 's'}, ${r.pdf.byteLength} bytes, PDF/A-3B + factur-x.xml (EN 16931), own check passed\n`);
      printWarnings(io, r.invoiceWarnings);
      // warnings about the supplied PDF (embed mode) are not invoice warnings
      const pdfWarnings = r.warnings.filter((w) => w.severity === 'warning' && w.source !== 'invoice');
      if (pdfWarnings.length) printFindings(io, pdfWarnings);
      return 0;
    },
  },
];
