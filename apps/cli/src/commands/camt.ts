/**
 * kontor camt parse|validate: bank statements (camt.052/053/054/086, single XML or ZIP delivery) via @kontor/camt.
 * The validate task lives in camt-validate.ts, so `camt parse` does not load the schema store (libxml2-wasm).
 */
import path from 'node:path';
import { DEFAULT_MAX_BYTES, describeParse, entriesToCsv, parseResultToJson, parseStatements, type CamtFinding, type Statement } from '@kontor/camt';
import { CliError, parse, type Command, type Io } from '../command';
import { batchOptions, batchUsage, runBatch } from '../batch/run';
import type { BatchTask } from '../batch/task';
import { toDisplay } from '../output';
import { schemaDirFrom } from '@kontor/api';
import { readCommandInput, readInputFile } from '../batch/inputs';

function readInput(io: Io, file: string | undefined, maxBytes: number): { bytes: Uint8Array; name: string } {
  if (!file) throw new CliError('Missing <file.xml|zip>');
  const r = readCommandInput(io.cwd, file, maxBytes);
  return { bytes: r.bytes, name: path.basename(r.path) };
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
export interface ValidateOptions extends ParseOptions {
  schemaDir: string;
}

/** One statement file or ZIP delivery, parsed: the lines of the human summary, parse findings for the renderer. */
export const camtParseTask: BatchTask<ParseOptions, null> = {
  open: () => null,
  async check(_ctx, file, o, fmt) {
    const bytes = readInputFile(file, o.maxBytes);
    // --lang (or the locale) also picks the language of the library's findings, skip reasons and summary.
    const result = await parseStatements(bytes, { filename: path.basename(file.path), maxBytes: o.maxBytes, lang: fmt.lang, ...(o.bestEffort ? { bestEffort: true } : {}) });
    const de = fmt.lang === 'de';
    const lines: string[] = [];
    const findings: CamtFinding[] = [];
    for (const f of result.files) {
      lines.push(`${f.name}: ${f.schemaVersion}${f.supported ? '' : ' (best effort)'}`);
      for (const s of f.statements) {
        const acct = s.account.iban ?? s.account.otherId ?? '?';
        if ('services' in s) {
          lines.push(
            de
              ? `  Entgeltaufstellung ${s.id ?? ''} Konto ${acct}: ${s.services.length} Leistungen, ${s.taxRegions.length} Steuerregionen`
              : `  Billing statement ${s.id ?? ''} account ${acct}: ${s.services.length} services, ${s.taxRegions.length} tax regions`,
          );
        } else {
          const st = s as Statement;
          const bal = st.balances.map((b) => `${b.type} ${b.creditDebit === 'DBIT' ? '-' : ''}${b.amount} ${b.currency}`).join(', ');
          lines.push(
            `  ${st.id ?? (de ? 'Auszug' : 'statement')} ${de ? 'Konto' : 'account'} ${acct} ${st.account.currency ?? ''}: ${st.entries.length} ${de ? 'Buchungen' : 'entries'}${bal ? `; ${bal}` : ''}`,
          );
        }
      }
      for (const t of f.totals ?? []) {
        lines.push(
          de
            ? `  Summe ${t.currency}: ${t.services} Leistungen, netto ${t.net}, Steuer ${t.tax}, brutto ${t.gross}`
            : `  Total ${t.currency}: ${t.services} services, net ${t.net}, tax ${t.tax}, gross ${t.gross}`,
        );
      }
      findings.push(...f.parseFindings);
    }
    for (const s of result.skipped) lines.push(`${fmt.lang === 'de' ? 'übersprungen' : 'skipped'}: ${s.name}: ${s.reason}`);
    const verdict = findings.some((f) => f.severity === 'error') ? 'invalid' : findings.some((f) => f.severity === 'warning') ? 'valid_with_warnings' : 'valid';
    return {
      file: file.name,
      verdict,
      json: { file: file.name, summary: describeParse(result, fmt.lang), result: parseResultToJson(result) },
      headline: describeParse(result, fmt.lang),
      findings: findings.map(toDisplay),
      lines,
    };
  },
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
      if (!values.csv)
        return runBatch(io, { task: 'camt parse', options: { maxBytes, bestEffort: !!values['best-effort'] } satisfies ParseOptions, inputs: positionals, extensions: ['.xml', '.zip'], values });
      // CSV is one table for one input.
      if (positionals.length > 1) throw new CliError('--csv takes one file');
      const input = readInput(io, positionals[0], maxBytes);
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
      const schemaDir = values['schema-dir'] ? path.resolve(io.cwd, values['schema-dir']) : schemaDirFrom(io.env, io.cwd);
      const options: ValidateOptions = { schemaDir, maxBytes: maxBytesOf(values['max-bytes']), bestEffort: !!values['best-effort'] };
      return runBatch(io, { task: 'camt validate', options, inputs: positionals, extensions: ['.xml', '.zip'], values });
    },
  },
];
