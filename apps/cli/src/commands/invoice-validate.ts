/** kontor invoice validate: native EN 16931 / XRechnung validation of CII and UBL files (syntax detected; or the CII embedded in a PDF). */
import path from 'node:path';
import { SchemaStore } from '@kontor/xml';
import { validateCii, type CiiValidationResult, type RuleFinding, type ValidationProfile } from '@kontor/cii';
import { detectInvoiceSyntax, validateUbl, type UblValidationResult } from '@kontor/ubl';
import { CliError, parse, type Command } from '../command';
import { batchOptions, batchUsage, formatOf, runBatch } from '../batch/run';
import type { BatchTask } from '../batch/task';
import { toDisplay } from '../output';
import { schemaDirFrom } from '@kontor/api';
import { readInputFile } from '../batch/inputs';

/** Names the hybrid-invoice standards give the embedded XML, most specific first. */
const EMBEDDED_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml', 'zugferd_invoice.xml'];

type FileResult = (CiiValidationResult | UblValidationResult) & {
  file: string;
  /** The syntax found: cii (CrossIndustryInvoice) or ubl (UBL 2.1 Invoice/CreditNote). */
  syntax: 'cii' | 'ubl';
  /** For PDF input: the name of the embedded XML that was validated. */
  embeddedFile?: string;
};

async function xmlOf(file: string, bytes: Uint8Array): Promise<{ xml: Uint8Array; embeddedFile?: string }> {
  const isPdf = file.toLowerCase().endsWith('.pdf') || Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
  if (!isPdf) return { xml: bytes };
  // pdf-lib loads only when a PDF comes along: XML-only batches never pay for it.
  const { readEmbeddedFiles } = await import('@kontor/pdfa3');
  const files = await readEmbeddedFiles(bytes);
  const xmls = files.filter((f) => f.name.toLowerCase().endsWith('.xml') && f.data.length > 0);
  const pick =
    EMBEDDED_NAMES.map((n) => xmls.find((f) => f.name.toLowerCase() === n)).find((f) => f !== undefined) ??
    xmls.find((f) => Buffer.from(f.data.subarray(0, 4096)).toString('utf8').includes('CrossIndustryInvoice'));
  if (!pick) {
    const names = files.map((f) => f.name).join(', ') || 'none';
    throw Object.assign(new Error(`${file}: the PDF embeds no CII invoice XML (embedded files: ${names})`), { code: 'NO_EMBEDDED_INVOICE' });
  }
  return { xml: pick.data, embeddedFile: pick.name };
}

interface Options {
  profile: ValidationProfile;
  schemaDir: string;
  /** Language of the finding messages and notes: --lang, else the locale environment (as the human output). */
  lang: 'de' | 'en';
}

function headline(r: FileResult): string {
  const xsd = r.xsd.available ? (r.xsd.valid ? 'XSD valid' : 'XSD invalid') : 'XSD not checked';
  const kosit = r.kosit ? `, KoSIT scenario ${r.kosit.scenario ?? 'none'}: ${r.kosit.accept ? 'accept' : 'reject'}` : '';
  return `${r.embeddedFile ? `${r.embeddedFile}, ` : ''}${r.syntax === 'ubl' ? 'UBL, ' : ''}profile ${r.profile}, ${xsd}${kosit}`;
}

/** One file: read, take the embedded XML out of a PDF, validate with the worker's schema store. */
export const invoiceValidateTask: BatchTask<Options, SchemaStore> = {
  open: (o) => new SchemaStore({ dir: o.schemaDir }),
  async check(store, file, o) {
    const bytes = readInputFile(file);
    const { xml, embeddedFile } = await xmlOf(file.name, bytes);
    // Parse twice only when the head names a UBL namespace (CII batches pay nothing).
    const maybeUbl = embeddedFile === undefined && Buffer.from(xml.subarray(0, 8192)).toString('utf8').includes('urn:oasis:names:specification:ubl:schema:xsd:');
    const syntax = maybeUbl && detectInvoiceSyntax(xml) === 'ubl' ? 'ubl' : 'cii';
    const v = syntax === 'ubl' ? validateUbl(xml, { profile: o.profile, schemaStore: store, lang: o.lang }) : validateCii(xml, { profile: o.profile, schemaStore: store, lang: o.lang });
    const r: FileResult = { file: file.name, syntax, ...(embeddedFile ? { embeddedFile } : {}), ...v };
    return { file: file.name, verdict: r.verdict, json: r, headline: headline(r), findings: r.findings.map((f: RuleFinding) => toDisplay(f)), lines: r.notes.map((n) => `note: ${n}`) };
  },
  close: (store) => store.dispose(),
};

export const invoiceValidateCommands: Command[] = [
  {
    name: 'invoice validate',
    summary: 'Validate e-invoices (CII or UBL XML, or hybrid PDF) against EN 16931 and XRechnung, natively; the syntax is detected',
    usage: `kontor invoice validate <file|dir|glob>... [--profile en16931|xrechnung|auto] [--schemas <schema store>] ${batchUsage}`,
    async run(argv, io) {
      const { values, positionals } = parse(argv, { profile: { type: 'string' }, schemas: { type: 'string' }, ...batchOptions });
      const profile = (values.profile ?? 'auto') as ValidationProfile;
      if (!['en16931', 'xrechnung', 'auto'].includes(profile)) throw new CliError(`Unknown profile "${values.profile}" (en16931, xrechnung or auto)`);
      const schemaDir = values.schemas ? path.resolve(io.cwd, values.schemas) : schemaDirFrom(io.env, io.cwd);
      return runBatch(io, {
        task: 'invoice validate',
        options: { profile, schemaDir, lang: formatOf(io, values.lang).lang } satisfies Options,
        inputs: positionals,
        extensions: ['.xml', '.pdf'],
        values,
      });
    },
  },
];
