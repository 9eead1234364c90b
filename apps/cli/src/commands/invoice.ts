/** kontor invoice xml / read: CII generation from invoice JSON and CII reading into the invoice model (@kontor/cii). */
import path from 'node:path';
import { attachmentMimeFromFilename, generateCii, readCii, type CiiAttachment, type Finding, type InvoiceProfile, type InvoiceWarning } from '@kontor/cii';
import { generateUbl, convertInvoice, readUbl, detectInvoiceSyntax, type InvoiceSyntax } from '@kontor/ubl';
import { SchemaStore } from '@kontor/xml';
import { CliError, parse, printJson, type Command, type Io, writeOutput } from '../command';
import { formatOf } from '../batch/run';
import { readCommandInput, readCommandText } from '../batch/inputs';
import { schemaDirFrom } from '@kontor/api';

function printFindings(io: Io, findings: readonly Finding[]): void {
  for (const f of findings) io.stderr(`  ${f.severity.padEnd(7)} ${f.code}${f.path ? ` at ${f.path}` : ''}: ${f.message}\n`);
}

/** The generation warnings (never blocking), one per line on stderr. */
export function printWarnings(io: Io, warnings: readonly InvoiceWarning[]): void {
  if (!warnings.length) return;
  io.stderr(`${warnings.length} warning${warnings.length === 1 ? '' : 's'}:\n`);
  for (const w of warnings) io.stderr(`  warning ${w.code}${w.path ? ` at ${w.path}` : ''}: ${w.message}\n`);
}

function isPdf(file: string, bytes: Uint8Array): boolean {
  return file.toLowerCase().endsWith('.pdf') || Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
}

export const invoiceCommands: Command[] = [
  {
    name: 'invoice xml',
    summary: 'Generate the e-invoice XML (CII by default, or UBL 2.1; EN 16931 or XRechnung 3.0) from invoice JSON (spec §2.1), after all pre-generation rules',
    usage: 'kontor invoice xml <invoice.json> [--profile en16931|xrechnung] [--syntax cii|ubl] [-o out.xml] [--attach <file>]... [--lang de|en] [--schemas <schema store>] [--json]',
    async run(argv, io) {
      const { values, positionals } = parse(argv, {
        profile: { type: 'string' },
        syntax: { type: 'string' },
        output: { type: 'string', short: 'o' },
        attach: { type: 'string', multiple: true },
        lang: { type: 'string' },
        schemas: { type: 'string' },
        json: { type: 'boolean' },
      });
      const file = positionals[0];
      if (!file) throw new CliError('Missing invoice JSON file');
      const lang = values.lang ?? 'en';
      if (lang !== 'de' && lang !== 'en') throw new CliError(`Unknown language "${lang}" (de or en)`);
      const profile = values.profile as InvoiceProfile | undefined;
      if (profile !== undefined && profile !== 'en16931' && profile !== 'xrechnung') throw new CliError(`Unknown profile "${values.profile}" (en16931 or xrechnung)`);
      const text = readCommandText(io.cwd, file);
      const attachments: CiiAttachment[] = [];
      for (const a of values.attach ?? []) {
        const a0: CiiAttachment = { filename: path.basename(a), data: readCommandInput(io.cwd, a).bytes };
        const mime = attachmentMimeFromFilename(a);
        if (mime) a0.mimeType = mime;
        attachments.push(a0);
      }
      const syntax = values.syntax ?? 'cii';
      if (syntax !== 'cii' && syntax !== 'ubl') throw new CliError(`Unknown syntax "${values.syntax}" (cii or ubl)`);
      // The same library gate as POST /invoices (XSD from the service's schema store when installed, then the native
      // EN 16931 / XRechnung rules on the generated XML); a gate failure writes nothing.
      const schemaDir = values.schemas ? path.resolve(io.cwd, values.schemas) : schemaDirFrom(io.env, io.cwd);
      const schemaStore = new SchemaStore({ dir: schemaDir });
      let r: ReturnType<typeof generateCii>;
      try {
        r = (syntax === 'ubl' ? generateUbl : generateCii)(text, { ...(profile ? { profile } : {}), attachments, lang, schemaStore });
      } finally {
        schemaStore.dispose();
      }
      const out = values.output ? path.resolve(io.cwd, values.output) : undefined;
      if (r.ok && out) await writeOutput(out, r.xml!);
      if (r.gate?.xsd === 'unavailable') io.stderr(`warning: XSD check skipped (${r.gate.note ?? 'schema set not installed'}); run \`kontor schemas install\` — the native rules passed\n`);
      if (values.json) {
        printJson(io, {
          ok: r.ok,
          ...(r.stage ? { stage: r.stage } : {}),
          syntax,
          profile: r.invoice?.profile ?? null,
          bytes: r.bytes ?? null,
          output: out ?? null,
          ...(out || !r.ok ? {} : { xml: r.xml }),
          gate: r.gate ?? null,
          findings: r.findings,
          warnings: r.warnings,
        });
        return r.ok ? 0 : 1;
      }
      if (!r.ok) {
        io.stderr(
          r.stage === 'gate'
            ? `${file}: the generated XML failed the authoritative check (XSD ${r.gate?.xsd ?? '?'}, rules ${r.gate?.rules ?? '?'}); this is a Kontor defect, not your data — nothing written\n`
            : `${file}: rejected, nothing written\n`,
        );
        printFindings(io, r.findings);
        return 1;
      }
      if (out) io.stdout(`${values.output}: ${r.bytes} bytes, profile ${r.invoice!.profile}\n`);
      else io.stdout(r.xml!);
      printWarnings(io, r.warnings);
      const infos = r.findings.filter((f) => f.severity === 'info');
      if (infos.length) printFindings(io, infos);
      return 0;
    },
  },
  {
    name: 'invoice read',
    summary: 'Read a CII (ZUGFeRD/Factur-X, XRechnung) or UBL invoice into the invoice model, listing what the model cannot hold',
    usage: 'kontor invoice read <file.xml|file.pdf> [--lang de|en] [--json]',
    async run(argv, io) {
      const { values, positionals } = parse(argv, { json: { type: 'boolean' }, lang: { type: 'string' } });
      const lang = formatOf(io, values.lang).lang;
      const file = positionals[0];
      if (!file) throw new CliError('Missing file');
      const bytes = readCommandInput(io.cwd, file).bytes;
      if (isPdf(file, bytes)) {
        const message = 'PDF extraction not yet available: extract the embedded XML (factur-x.xml) and read that';
        if (values.json) printJson(io, { ok: false, error: message, code: 'PDF_EXTRACTION_UNAVAILABLE' });
        else io.stderr(`${file}: ${message}\n`);
        return 1;
      }
      const r = detectInvoiceSyntax(bytes) === 'ubl' ? readUbl(bytes, { lang }) : readCii(bytes, { lang });
      const ok = r.invoice !== null && !r.findings.some((f) => f.severity === 'error');
      if (values.json) {
        const attachments = r.attachments.map(({ data, ...a }) => ({ ...a, ...(data ? { bytes: Buffer.from(data, 'base64').byteLength } : {}) }));
        printJson(io, {
          ok,
          profile: r.profile,
          profileName: r.profileName,
          guideline: r.guideline,
          businessProcess: r.businessProcess,
          invoice: r.invoice,
          attachments,
          unsupported: r.unsupported,
          findings: r.findings,
          issues: r.issues,
        });
        return ok ? 0 : 1;
      }
      if (!r.invoice) {
        io.stderr(`${file}: not readable as a CII invoice\n`);
        printFindings(io, r.findings);
        return 1;
      }
      const inv = r.invoice;
      io.stdout(`${file}: ${r.profileName} (${r.guideline ?? 'no guideline'})\n`);
      io.stdout(`  invoice ${inv.invoiceNumber ?? '?'} of ${inv.issueDate ?? '?'}, ${inv.seller?.name ?? '?'} → ${inv.buyer?.name ?? '?'}\n`);
      io.stdout(`  ${inv.lines?.length ?? 0} line(s), net ${inv.totalNet ?? '?'} + VAT ${inv.totalVat ?? '?'} = ${inv.totalGross ?? '?'} ${inv.currency ?? ''}\n`);
      if (r.attachments.length) io.stdout(`  ${r.attachments.length} attachment(s)\n`);
      if (r.unsupported.length) {
        io.stdout(`  not in the model (${r.unsupported.length}):\n`);
        for (const u of r.unsupported) io.stdout(`    line ${u.line ?? '?'}  ${u.reason}\n`);
      }
      if (r.findings.length || r.issues.length) printFindings(io, [...r.findings, ...r.issues]);
      return ok ? 0 : 1;
    },
  },
  {
    name: 'invoice convert',
    summary: 'Convert an e-invoice between CII and UBL 2.1 through the invoice model, reporting what could not be carried',
    usage: 'kontor invoice convert <file.xml> --to ubl|cii [--profile en16931|xrechnung] [-o out.xml] [--lang de|en] [--json]',
    async run(argv, io) {
      const { values, positionals } = parse(argv, { to: { type: 'string' }, profile: { type: 'string' }, output: { type: 'string', short: 'o' }, json: { type: 'boolean' }, lang: { type: 'string' } });
      const lang = formatOf(io, values.lang).lang;
      const file = positionals[0];
      if (!file) throw new CliError('Missing invoice XML file');
      const to = values.to as InvoiceSyntax | undefined;
      if (to !== 'ubl' && to !== 'cii') throw new CliError(`--to must be ubl or cii${values.to ? ` (got "${values.to}")` : ''}`);
      const profile = values.profile as InvoiceProfile | undefined;
      if (profile !== undefined && profile !== 'en16931' && profile !== 'xrechnung') throw new CliError(`Unknown profile "${values.profile}" (en16931 or xrechnung)`);
      const bytes = readCommandInput(io.cwd, file).bytes;
      const r = convertInvoice(bytes, { to, ...(profile ? { profile } : {}), lang });
      const out = values.output ? path.resolve(io.cwd, values.output) : undefined;
      if (r.ok && out) await writeOutput(out, r.xml!);
      if (values.json) {
        printJson(io, {
          ok: r.ok,
          from: r.from ?? null,
          to: r.to,
          bytes: r.xml ? Buffer.byteLength(r.xml, 'utf8') : null,
          output: out ?? null,
          ...(out || !r.ok ? {} : { xml: r.xml }),
          unsupported: r.unsupported,
          findings: r.findings,
        });
        return r.ok ? 0 : 1;
      }
      if (!r.ok) {
        io.stderr(`${file}: not converted${r.from ? ` (${r.from} → ${r.to})` : ''}, nothing written\n`);
        printFindings(
          io,
          r.findings.filter((f) => f.severity === 'error'),
        );
        return 1;
      }
      if (out) io.stdout(`${values.output}: ${r.from} → ${r.to}, ${Buffer.byteLength(r.xml!, 'utf8')} bytes\n`);
      else io.stdout(r.xml!);
      if (r.unsupported.length) {
        io.stderr(`not carried (${r.unsupported.length}):\n`);
        for (const u of r.unsupported) io.stderr(`  line ${u.line ?? '?'}  ${u.path}: ${u.reason}\n`);
      }
      return 0;
    },
  },
];
