/** kontor invoice validate: native EN 16931 / XRechnung validation of CII files (or the CII embedded in a PDF). */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SchemaStore } from '@kontor/xml';
import { validateCii, type CiiValidationResult, type RuleFinding, type ValidationProfile } from '@kontor/cii';
import { readEmbeddedFiles } from '@kontor/pdfa3';
import { loadConfig } from '@kontor/api';
import { CliError, parse, printJson, type Command, type Io } from '../command';

/** Names the hybrid-invoice standards give the embedded XML, most specific first. */
const EMBEDDED_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml', 'zugferd_invoice.xml'];

interface FileResult extends CiiValidationResult {
  file: string;
  /** For PDF input: the name of the embedded XML that was validated. */
  embeddedFile?: string;
}

async function xmlOf(file: string, bytes: Uint8Array): Promise<{ xml: Uint8Array; embeddedFile?: string }> {
  const isPdf = file.toLowerCase().endsWith('.pdf') || Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
  if (!isPdf) return { xml: bytes };
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

function where(f: RuleFinding): string {
  const loc = f.location ? `line ${f.location.line}:${f.location.column}` : '';
  return [loc, f.path ?? ''].filter(Boolean).join('  ');
}

function printHuman(io: Io, r: FileResult): void {
  const xsd = r.xsd.available ? (r.xsd.valid ? 'XSD valid' : 'XSD invalid') : 'XSD not checked';
  const kosit = r.kosit ? `, KoSIT scenario ${r.kosit.scenario ?? 'none'}: ${r.kosit.accept ? 'accept' : 'reject'}` : '';
  io.stdout(`${r.file}${r.embeddedFile ? ` (${r.embeddedFile})` : ''}: ${r.verdict.toUpperCase()}  [profile ${r.profile}, ${xsd}${kosit}]\n`);
  const groups: [string, RuleFinding[]][] = [
    ['errors', r.findings.filter((f) => f.severity === 'error')],
    ['warnings', r.findings.filter((f) => f.severity === 'warning')],
    ['information', r.findings.filter((f) => f.severity === 'info')],
  ];
  for (const [title, list] of groups) {
    if (!list.length) continue;
    io.stdout(`  ${title} (${list.length})\n`);
    // Group by rule: one header per rule id, one line per location.
    const byRule = new Map<string, RuleFinding[]>();
    for (const f of list) byRule.set(f.code, [...(byRule.get(f.code) ?? []), f]);
    for (const [code, fs] of byRule) {
      const head = fs[0]!;
      io.stdout(`    ${code}${head.bt ? ` (${head.bt})` : ''}${head.ruleset ? ` [${head.ruleset}]` : ''}: ${head.message}\n`);
      for (const f of fs) {
        const w = where(f);
        if (w) io.stdout(`      at ${w}\n`);
      }
    }
  }
  for (const n of r.notes) io.stdout(`  note: ${n}\n`);
}

export const invoiceValidateCommands: Command[] = [
  {
    name: 'invoice validate',
    summary: 'Validate CII e-invoices (XML or hybrid PDF) against EN 16931 and XRechnung, natively',
    usage: 'kontor invoice validate <file.xml|file.pdf>... [--profile en16931|xrechnung|auto] [--schemas <schema store>] [--json]',
    async run(argv, io) {
      const { values, positionals } = parse(argv, { profile: { type: 'string' }, schemas: { type: 'string' }, json: { type: 'boolean' } });
      if (positionals.length === 0) throw new CliError('Missing file(s)');
      const profile = (values.profile ?? 'auto') as ValidationProfile;
      if (!['en16931', 'xrechnung', 'auto'].includes(profile)) throw new CliError(`Unknown profile "${values.profile}" (en16931, xrechnung or auto)`);
      const schemaDir = values.schemas ? path.resolve(io.cwd, values.schemas) : loadConfig(io.env, io.cwd).schemaDir;
      const store = new SchemaStore({ dir: schemaDir });
      const results: FileResult[] = [];
      try {
        for (const file of positionals) {
          const bytes = new Uint8Array(await readFile(path.resolve(io.cwd, file)));
          const { xml, embeddedFile } = await xmlOf(file, bytes);
          const r: FileResult = { file, ...(embeddedFile ? { embeddedFile } : {}), ...validateCii(xml, { profile, schemaStore: store }) };
          results.push(r);
        }
      } finally {
        store.dispose();
      }
      if (values.json) printJson(io, results.length === 1 ? results[0] : { results });
      else for (const r of results) printHuman(io, r);
      return results.every((r) => r.verdict === 'valid') ? 0 : 1;
    },
  },
];
