/** kontor camt parse|validate: bank statements (camt.052/053/054/086, single XML or ZIP delivery) via @kontor/camt. */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  DEFAULT_MAX_BYTES,
  describeParse,
  describeValidation,
  entriesToCsv,
  parseResultToJson,
  parseStatements,
  validateStatements,
  validationResultToJson,
  type CamtFinding,
  type Statement,
} from '@kontor/camt';
import { SchemaStore } from '@kontor/xml';
import { CliError, parse, type Command, type Io } from '../command';
import { batchOptions, batchUsage, runBatch } from '../batch/run';
import type { BatchTask } from '../batch/task';
import { toDisplay } from '../output';

async function readInput(io: Io, file: string | undefined): Promise<{ bytes: Uint8Array; name: string }> {
  if (!file) throw new CliError('Missing <file.xml|zip>');
  const p = path.resolve(io.cwd, file);
  const s = await stat(p).catch(() => {
    throw new CliError(`File not found: ${file}`, 2);
  });
  if (!s.isFile()) throw new CliError(`Not a file: ${file}`, 2);
  return { bytes: new Uint8Array(await readFile(p)), name: path.basename(p) };
}

function maxBytesOf(v: string | undefined): number {
  if (v === undefined) return DEFAULT_MAX_BYTES;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new CliError('--max-bytes must be a positive whole number');
  return n;
}

interface ParseOptions {
  maxBytes: number;
  bestEffort: boolean;
}
interface ValidateOptions extends ParseOptions {
  schemaDir: string;
}

/** One statement file or ZIP delivery, parsed: the lines of the human summary, parse findings for the renderer. */
export const camtParseTask: BatchTask<ParseOptions, null> = {
  open: () => null,
  async check(_ctx, file, o, fmt) {
    const bytes = new Uint8Array(await readFile(file.path));
    // --lang (or the locale) also picks the language of the library's findings, skip reasons and summary.
    const result = await parseStatements(bytes, { filename: path.basename(file.path), maxBytes: o.maxBytes, lang: fmt.lang, ...(o.bestEffort ? { bestEffort: true } : {}) });
    const lines: string[] = [];
    const findings: CamtFinding[] = [];
    for (const f of result.files) {
      lines.push(`${f.name}: ${f.schemaVersion}${f.supported ? '' : ' (best effort)'}`);
      for (const s of f.statements) {
        const acct = s.account.iban ?? s.account.otherId ?? '?';
        if ('services' in s) lines.push(`  Entgeltaufstellung ${s.id ?? ''} Konto ${acct}: ${s.services.length} Leistungen, ${s.taxRegions.length} Steuerregionen`);
        else {
          const st = s as Statement;
          const bal = st.balances.map((b) => `${b.type} ${b.creditDebit === 'DBIT' ? '-' : ''}${b.amount} ${b.currency}`).join(', ');
          lines.push(`  ${st.id ?? 'Auszug'} Konto ${acct} ${st.account.currency ?? ''}: ${st.entries.length} Buchungen${bal ? `; ${bal}` : ''}`);
        }
      }
      for (const t of f.totals ?? []) lines.push(`  Summe ${t.currency}: ${t.services} Leistungen, netto ${t.net}, Steuer ${t.tax}, brutto ${t.gross}`);
      findings.push(...f.parseFindings);
    }
    for (const s of result.skipped) lines.push(`${fmt.lang === 'de' ? 'übersprungen' : 'skipped'}: ${s.name}: ${s.reason}`);
    const verdict = findings.some((f) => f.severity === 'error') ? 'invalid' : findings.some((f) => f.severity === 'warning') ? 'valid_with_warnings' : 'valid';
    return { file: file.name, verdict, json: { file: file.name, summary: describeParse(result, fmt.lang), result: parseResultToJson(result) }, headline: describeParse(result, fmt.lang), findings: findings.map(toDisplay), lines };
  },
};

/** One statement file or ZIP delivery, validated against the rules and (when installed) the XSD. */
export const camtValidateTask: BatchTask<ValidateOptions, SchemaStore> = {
  open: (o) => new SchemaStore({ dir: o.schemaDir }),
  async check(store, file, o, fmt) {
    const bytes = new Uint8Array(await readFile(file.path));
    const result = await validateStatements(bytes, { filename: path.basename(file.path), schemaStore: store, maxBytes: o.maxBytes, lang: fmt.lang, ...(o.bestEffort ? { bestEffort: true } : {}) });
    const lines: string[] = [];
    const findings = [];
    for (const f of result.files) {
      lines.push(`${f.name}: ${f.message}.001.${f.version}, ${f.statements} Auszug/Auszüge, ${f.items} Positionen: ${f.verdict}`);
      lines.push(`  XSD ${f.xsd.schemaSet}: ${f.xsd.available ? (f.xsd.valid ? 'gültig' : `ungültig (${f.xsd.errorCount} Fehler)`) : f.xsd.note ?? 'nicht geprüft'}`);
      for (const x of f.xsd.findings) findings.push(toDisplay({ code: 'XSD', severity: x.severity, message: x.message, ...(x.line ? { line: x.line } : {}), ...(x.column ? { column: x.column } : {}), path: f.name }));
      for (const x of f.findings) findings.push(toDisplay(x));
    }
    for (const x of result.deliveryFindings) findings.push(toDisplay(x));
    for (const s of result.skipped) lines.push(`${fmt.lang === 'de' ? 'übersprungen' : 'skipped'}: ${s.name}: ${s.reason}`);
    lines.push(`Urteil: ${result.verdict}`);
    return { file: file.name, verdict: result.verdict, json: { file: file.name, summary: describeValidation(result, fmt.lang), result: validationResultToJson(result) }, headline: describeValidation(result, fmt.lang), findings, lines };
  },
  close: (store) => store.dispose(),
};

const commonOptions = { 'best-effort': { type: 'boolean' }, 'max-bytes': { type: 'string' } } as const;

export const camtCommands: Command[] = [
  {
    name: 'camt parse',
    summary: 'Parse camt.052/053/054/086 statements (XML or ZIP) to JSON or CSV',
    usage: `kontor camt parse <file|dir|glob>... [--csv [--per-transaction] [--delimiter ";"] [--decimal ","]] [--best-effort] [--max-bytes <n>] ${batchUsage}`,
    async run(argv, io) {
      const { values, positionals } = parse(argv, {
        ...batchOptions,
        ...commonOptions,
        csv: { type: 'boolean' },
        'per-transaction': { type: 'boolean' },
        delimiter: { type: 'string' },
        decimal: { type: 'string' },
      });
      if ((values.json || values.jsonl) && values.csv) throw new CliError('Choose one of --json, --jsonl and --csv');
      if (values.decimal !== undefined && values.decimal !== ',' && values.decimal !== '.') throw new CliError('--decimal must be "," or "."');
      const maxBytes = maxBytesOf(values['max-bytes']);
      if (!values.csv) return runBatch(io, { task: 'camt parse', options: { maxBytes, bestEffort: !!values['best-effort'] } satisfies ParseOptions, inputs: positionals, extensions: ['.xml', '.zip'], values });
      // CSV is one table for one input.
      if (positionals.length > 1) throw new CliError('--csv takes one file');
      const input = await readInput(io, positionals[0]);
      const result = await parseStatements(input.bytes, { filename: input.name, maxBytes, ...(values['best-effort'] ? { bestEffort: true } : {}) });
      io.stdout(
        entriesToCsv(result, {
          ...(values.delimiter ? { delimiter: values.delimiter } : {}),
          ...(values.decimal ? { decimalSeparator: values.decimal as ',' | '.' } : {}),
          perTransaction: !!values['per-transaction'],
        }),
      );
      return 0;
    },
  },
  {
    name: 'camt validate',
    summary: 'Validate camt.052/053/054/086 statements (XML or ZIP): rules and XSD, per file and for the delivery',
    usage: `kontor camt validate <file|dir|glob>... [--schema-dir <dir>] [--best-effort] [--max-bytes <n>] ${batchUsage}   (exit 0 valid/with warnings, 1 invalid, 2 usage/I-O)`,
    async run(argv, io) {
      const { values, positionals } = parse(argv, { ...batchOptions, ...commonOptions, 'schema-dir': { type: 'string' } });
      const schemaDir = values['schema-dir'] ? path.resolve(io.cwd, values['schema-dir']) : (await import('../api/config')).loadConfig(io.env, io.cwd).schemaDir;
      const options: ValidateOptions = { schemaDir, maxBytes: maxBytesOf(values['max-bytes']), bestEffort: !!values['best-effort'] };
      return runBatch(io, { task: 'camt validate', options, inputs: positionals, extensions: ['.xml', '.zip'], values });
    },
  },
];
