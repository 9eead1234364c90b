/** kontor camt parse|validate: bank statements (camt.052/053/054/086, single XML or ZIP delivery) via @kontor/camt. */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '@kontor/api';
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
import { CliError, parse, printJson, type Command, type Io } from '../command';

async function readInput(io: Io, file: string | undefined): Promise<{ bytes: Uint8Array; name: string }> {
  if (!file) throw new CliError('Missing <file.xml|zip>');
  const p = path.resolve(io.cwd, file);
  const s = await stat(p).catch(() => {
    throw new CliError(`File not found: ${file}`, 1);
  });
  if (!s.isFile()) throw new CliError(`Not a file: ${file}`, 1);
  return { bytes: new Uint8Array(await readFile(p)), name: path.basename(p) };
}

function maxBytesOf(v: string | undefined): number {
  if (v === undefined) return DEFAULT_MAX_BYTES;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new CliError('--max-bytes must be a positive whole number');
  return n;
}

function line(f: CamtFinding): string {
  const where = [f.path, f.location ? `Zeile ${f.location.line}, Spalte ${f.location.column}` : ''].filter(Boolean).join(', ');
  return `  ${f.severity.padEnd(7)} ${f.code}${where ? ` (${where})` : ''}: ${f.message}`;
}

export const camtCommands: Command[] = [
  {
    name: 'camt parse',
    summary: 'Parse camt.052/053/054/086 statements (XML or ZIP) to JSON or CSV',
    usage: 'kontor camt parse <file.xml|zip> [--json | --csv [--per-transaction] [--delimiter ";"] [--decimal ","]] [--best-effort] [--max-bytes <n>]',
    async run(argv, io) {
      const { values, positionals } = parse(argv, {
        json: { type: 'boolean' },
        csv: { type: 'boolean' },
        'per-transaction': { type: 'boolean' },
        delimiter: { type: 'string' },
        decimal: { type: 'string' },
        'best-effort': { type: 'boolean' },
        'max-bytes': { type: 'string' },
      });
      if (values.json && values.csv) throw new CliError('Choose one of --json and --csv');
      if (values.decimal !== undefined && values.decimal !== ',' && values.decimal !== '.') throw new CliError('--decimal must be "," or "."');
      const input = await readInput(io, positionals[0]);
      const result = await parseStatements(input.bytes, { filename: input.name, maxBytes: maxBytesOf(values['max-bytes']), ...(values['best-effort'] ? { bestEffort: true } : {}) });
      if (values.csv) {
        io.stdout(
          entriesToCsv(result, {
            ...(values.delimiter ? { delimiter: values.delimiter } : {}),
            ...(values.decimal ? { decimalSeparator: values.decimal as ',' | '.' } : {}),
            perTransaction: !!values['per-transaction'],
          }),
        );
        return 0;
      }
      if (values.json) {
        printJson(io, { summary: describeParse(result), result: parseResultToJson(result) });
        return 0;
      }
      io.stdout(`${describeParse(result)}\n`);
      for (const f of result.files) {
        io.stdout(`\n${f.name}: ${f.schemaVersion}${f.supported ? '' : ' (best effort)'}\n`);
        for (const s of f.statements) {
          const acct = s.account.iban ?? s.account.otherId ?? '?';
          if ('services' in s) io.stdout(`  Entgeltaufstellung ${s.id ?? ''} Konto ${acct}: ${s.services.length} Leistungen, ${s.taxRegions.length} Steuerregionen\n`);
          else {
            const st = s as Statement;
            const bal = st.balances.map((b) => `${b.type} ${b.creditDebit === 'DBIT' ? '-' : ''}${b.amount} ${b.currency}`).join(', ');
            io.stdout(`  ${st.id ?? 'Auszug'} Konto ${acct} ${st.account.currency ?? ''}: ${st.entries.length} Buchungen${bal ? `; ${bal}` : ''}\n`);
          }
        }
        for (const t of f.totals ?? []) io.stdout(`  Summe ${t.currency}: ${t.services} Leistungen, netto ${t.net}, Steuer ${t.tax}, brutto ${t.gross}\n`);
        for (const x of f.parseFindings) io.stdout(`${line(x)}\n`);
      }
      for (const s of result.skipped) io.stdout(`übersprungen: ${s.name}: ${s.reason}\n`);
      return 0;
    },
  },
  {
    name: 'camt validate',
    summary: 'Validate camt.052/053/054/086 statements (XML or ZIP): rules and XSD, per file and for the delivery',
    usage: 'kontor camt validate <file.xml|zip> [--json] [--schema-dir <dir>] [--best-effort] [--max-bytes <n>]   (exit 0 valid/with warnings, 1 invalid)',
    async run(argv, io) {
      const { values, positionals } = parse(argv, {
        json: { type: 'boolean' },
        'schema-dir': { type: 'string' },
        'best-effort': { type: 'boolean' },
        'max-bytes': { type: 'string' },
      });
      const input = await readInput(io, positionals[0]);
      const dir = values['schema-dir'] ? path.resolve(io.cwd, values['schema-dir']) : loadConfig(io.env, io.cwd).schemaDir;
      const store = new SchemaStore({ dir });
      try {
        const result = await validateStatements(input.bytes, {
          filename: input.name,
          schemaStore: store,
          maxBytes: maxBytesOf(values['max-bytes']),
          ...(values['best-effort'] ? { bestEffort: true } : {}),
        });
        if (values.json) printJson(io, { summary: describeValidation(result), result: validationResultToJson(result) });
        else {
          io.stdout(`${describeValidation(result)}\n`);
          for (const f of result.files) {
            io.stdout(`\n${f.name}: ${f.message}.001.${f.version}, ${f.statements} Auszug/Auszüge, ${f.items} Positionen: ${f.verdict}\n`);
            io.stdout(`  XSD ${f.xsd.schemaSet}: ${f.xsd.available ? (f.xsd.valid ? 'gültig' : `ungültig (${f.xsd.errorCount} Fehler)`) : f.xsd.note ?? 'nicht geprüft'}\n`);
            for (const x of f.xsd.findings) io.stdout(`  ${x.severity.padEnd(7)} XSD${x.line ? ` (Zeile ${x.line}${x.column ? `, Spalte ${x.column}` : ''})` : ''}: ${x.message}\n`);
            for (const x of f.findings) io.stdout(`${line(x)}\n`);
          }
          if (result.deliveryFindings.length) io.stdout(`\nLieferung:\n${result.deliveryFindings.map(line).join('\n')}\n`);
          for (const s of result.skipped) io.stdout(`übersprungen: ${s.name}: ${s.reason}\n`);
          io.stdout(`\nUrteil: ${result.verdict}\n`);
        }
        return result.verdict === 'invalid' ? 1 : 0;
      } finally {
        store.dispose();
      }
    },
  },
];
