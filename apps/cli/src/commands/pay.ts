/**
 * kontor pay sepa|axz, bank lookup, bankdata import, address structure: payment files via @kontor/pain001, the
 * German bank directory via @kontor/bankdata, address structuring via @kontor/ai. `pay validate` is pay-validate.ts,
 * so validating loads neither the generation path nor the bank directory or the model provider.
 */
import { mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { SchemaStore } from '@kontor/xml';
import { BankDirectory } from '@kontor/bankdata';
import { createModelProvider } from '@kontor/ai';
import { generateAxz, generateSct, structureAddresses, type PaymentIssue } from '@kontor/pain001';
import { CliError, parse, printJson, type Command, type Io, writeOutput } from '../command';
import { formatOf } from '../batch/run';
import { readCommandInput, readCommandText } from '../batch/inputs';

function readInput(io: Io, file: string | undefined, what: string): { bytes: Uint8Array; path: string; mtime: Date } {
  if (!file) throw new CliError(`Missing <${what}>`);
  return readCommandInput(io.cwd, file);
}

async function readJson(io: Io, file: string | undefined, what: string): Promise<unknown> {
  if (!file) throw new CliError(`Missing <${what}>`);
  const text = readCommandText(io.cwd, file);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new CliError(`${file} is not valid JSON: ${(e as Error).message}`, 1);
  }
}

/** The service's helpers load only in the commands that need them: a batch worker running payValidateTask never does. */
const api = () => import('../api/config');

async function config(io: Io) {
  return (await api()).loadConfig(io.env, io.cwd);
}

async function schemaStore(io: Io, dir?: string): Promise<SchemaStore> {
  return new SchemaStore({ dir: dir ? path.resolve(io.cwd, dir) : (await config(io)).schemaDir });
}

/** Same convention as the service: KONTOR_BANKDATA_FILE, else bankdata.json next to the schema directory. */
async function bankdataPath(io: Io, explicit?: string): Promise<string> {
  if (explicit) return path.resolve(io.cwd, explicit);
  return (await config(io)).bankdataFile;
}

async function loadDirectory(io: Io, explicit: string | undefined, required: boolean): Promise<BankDirectory | undefined> {
  const file = await bankdataPath(io, explicit);
  const s = await stat(file).catch(() => null);
  if (!s) {
    if (required) throw new CliError(`No bank directory at ${file}: run kontor bankdata import <Bundesbank file> first, or pass --bankdata`, 2);
    return undefined;
  }
  return BankDirectory.open(await readFile(file), { dataDate: (await api()).berlinDay(s.mtime), source: path.basename(file) });
}

function issueLine(i: PaymentIssue, lang: 'de' | 'en'): string {
  const pos = i.line === undefined ? '' : lang === 'de' ? `Zeile ${i.line}${i.column ? `, Spalte ${i.column}` : ''}` : `line ${i.line}${i.column ? `, column ${i.column}` : ''}`;
  const where = [i.path, pos].filter(Boolean).join(', ');
  return `  ${i.severity.padEnd(7)} ${i.code}${where ? ` (${where})` : ''}: ${i.message}`;
}

function generateCommand(profile: 'sct' | 'axz'): Command {
  const name = profile === 'sct' ? 'sepa' : 'axz';
  return {
    name: `pay ${name}`,
    summary: profile === 'sct' ? 'Create a SEPA credit transfer file (pain.001.001.09, DK GBIC_5) from a payment run' : 'Create a foreign-payment file (pain.001.001.09, DK AXZ) from a payment run',
    usage: `kontor pay ${name} <run.json> [-o <file.xml>] [--json] [--charset epc|dk] [--message-id <id>] [--bankdata <file>] [--schema-dir <dir>] [--allow-unchecked] [--lang de|en]`,
    async run(argv, io) {
      const { values, positionals } = parse(argv, {
        output: { type: 'string', short: 'o' },
        json: { type: 'boolean' },
        charset: { type: 'string' },
        'message-id': { type: 'string' },
        bankdata: { type: 'string' },
        'schema-dir': { type: 'string' },
        'allow-unchecked': { type: 'boolean' },
        lang: { type: 'string' },
      });
      // --lang (else the locale) picks the language of the issue list, warnings and this output.
      const lang = formatOf(io, values.lang).lang;
      if (values.charset !== undefined && values.charset !== 'epc' && values.charset !== 'dk') throw new CliError('--charset must be epc or dk');
      const run = await readJson(io, positionals[0], 'run.json');
      const store = await schemaStore(io, values['schema-dir']);
      try {
        const directory = await loadDirectory(io, values.bankdata, !!values.bankdata);
        const opts = {
          schemaStore: store,
          ...(values.charset ? { characterSet: values.charset as 'epc' | 'dk' } : {}),
          ...(values['message-id'] ? { messageId: values['message-id'] } : {}),
          ...(directory ? { bankDirectory: directory } : {}),
          ...(values['allow-unchecked'] ? { allowUnchecked: true } : {}),
          lang,
        };
        // A Pain001Error (400/422-like refusal with its issue list, or a failed gate) is printed by the one CLI error mapping (command.ts)
        const r = await (profile === 'sct' ? generateSct(run, opts) : generateAxz(run, opts));
        const out = path.resolve(io.cwd, values.output ?? r.filename);
        await mkdir(path.dirname(out), { recursive: true });
        await writeOutput(out, r.xml);
        if (values.json) printJson(io, { file: out, ...r });
        else {
          const de = lang === 'de';
          const amounts = r.summary.currencies.map((c) => `${c.total} ${c.currency}`).join(', ');
          io.stdout(`${path.relative(io.cwd, out) || out}: ${r.summary.payments} ${de ? 'Zahlung(en)' : 'payment(s)'}, ${amounts}, ${r.summary.paymentBlocks} ${de ? 'Block/Blöcke' : 'block(s)'}\n`);
          if (de) io.stdout(r.verification.passed ? `Geprüft gegen ${r.verification.schema}: bestanden\n` : `NICHT gegen ein Schema geprüft (${r.verification.note ?? ''})\n`);
          else io.stdout(r.verification.passed ? `Checked against ${r.verification.schema}: passed\n` : `NOT checked against a schema (${r.verification.note ?? ''})\n`);
          for (const w of r.warnings) io.stdout(`${issueLine(w, lang)}\n`);
        }
        return 0;
      } finally {
        store.dispose();
      }
    },
  };
}

export const payCommands: Command[] = [
  generateCommand('sct'),
  generateCommand('axz'),
  {
    name: 'bank lookup',
    summary: 'BIC and name for a German bank code (Bundesbank directory)',
    usage: 'kontor bank lookup <bank code> [--country DE] [--bankdata <index.json|Bundesbank file>] [--json]',
    async run(argv, io) {
      const { values, positionals } = parse(argv, { country: { type: 'string' }, bankdata: { type: 'string' }, json: { type: 'boolean' } });
      if (!positionals[0]) throw new CliError('Missing <bank code>');
      const dir = (await loadDirectory(io, values.bankdata, true))!;
      const r = dir.lookup(positionals[0], values.country ?? 'DE');
      if (values.json) printJson(io, r);
      else if (r.found) {
        io.stdout(`${r.bankCode}: ${r.bankName}, ${r.postCode} ${r.town}\nBIC: ${r.bic ?? '(keiner)'}${r.bicSource === 'successor' ? ' (der Nachfolge-Bankleitzahl)' : ''}\nStand: ${r.dataDate}\n`);
        if (r.status !== 'active')
          io.stdout(
            `Status: ${r.status === 'deleted' ? 'gelöscht' : 'zur Löschung vorgesehen'}${r.successor ? `, Nachfolger ${r.successor.bankCode}${r.successor.bankName ? ` (${r.successor.bankName})` : ''}` : ''}\n`,
          );
      } else
        io.stdout(
          r.reason === 'unsupported_country'
            ? 'Nur deutsche Bankleitzahlen (DE) werden nachgeschlagen.\n'
            : r.reason === 'invalid_bank_code'
              ? 'Keine Bankleitzahl (8 Ziffern).\n'
              : 'Nicht gefunden.\n',
        );
      return r.found ? 0 : 1;
    },
  },
  {
    name: 'bankdata import',
    summary: 'Import the Bundesbank bank-code file (TXT or CSV) into the compact index used by lookups',
    usage: 'kontor bankdata import <blz-file.txt|csv> [--out <index.json>] [--valid-from YYYY-MM-DD] [--json]',
    async run(argv, io) {
      const { values, positionals } = parse(argv, { out: { type: 'string' }, 'valid-from': { type: 'string' }, json: { type: 'boolean' } });
      const input = readInput(io, positionals[0], 'blz-file');
      const validFrom = values['valid-from'];
      if (validFrom !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(validFrom)) throw new CliError('--valid-from must be YYYY-MM-DD');
      const dataDate = validFrom ?? (await api()).berlinDay(input.mtime);
      const { directory, findings, format, records } = BankDirectory.load(input.bytes, { dataDate, source: path.basename(input.path) });
      let out = values.out ? path.resolve(io.cwd, values.out) : await bankdataPath(io);
      if (!out.endsWith('.json')) out = path.join(path.dirname(out), 'bankdata.json');
      await mkdir(path.dirname(out), { recursive: true });
      await writeOutput(out, JSON.stringify(directory.toJSON()));
      const summary = { file: out, format, records, banks: directory.size, dataDate: directory.dataDate, validFrom: directory.validFrom, validTo: directory.validTo, findings };
      if (values.json) printJson(io, summary);
      else {
        io.stdout(
          `${records} Datensätze (${format.toUpperCase()}) gelesen, ${directory.size} Bankleitzahlen indexiert → ${out}\nGültig ${directory.validFrom} bis ${directory.validTo ?? 'offen'}${validFrom ? '' : ' (Datum aus der Dateizeit; mit --valid-from setzen)'}\n`,
        );
        for (const f of findings.slice(0, 20)) io.stdout(`  warning ${f.code}: ${f.message}\n`);
      }
      return 0;
    },
  },
  {
    name: 'address structure',
    summary: 'Split free-text addresses into town, postcode, street and number (rules, then the configured AI model)',
    usage: 'kontor address structure <items.json> [--json]   (items.json: {"items":[{"id","countryCode","addressLines":[...]}]} or the bare array)',
    async run(argv, io) {
      const { values, positionals } = parse(argv, { json: { type: 'boolean' } });
      const raw = await readJson(io, positionals[0], 'items.json');
      const body = Array.isArray(raw) ? { items: raw } : raw;
      const settings = await config(io);
      const { outboundFetchFor } = await import('../api/outbound');
      const ai = settings.ai;
      const provider = ai
        ? createModelProvider({ baseUrl: ai.baseUrl, model: ai.model, ...(ai.apiKey ? { apiKey: ai.apiKey } : {}), timeoutMs: 30_000, fetch: outboundFetchFor(settings, 'ai') })
        : undefined;
      const r = await structureAddresses(body, provider ? { provider } : {});
      if (values.json) printJson(io, { items: r.items });
      else {
        for (const i of r.items)
          io.stdout(
            i.confident
              ? `${i.id}: ${[i.streetName, i.buildingNumber].filter(Boolean).join(' ')}${i.streetName ? ', ' : ''}${i.postCode ?? ''} ${i.townName}\n`
              : `${i.id}: unsicher (nicht zerlegt)\n`,
          );
        io.stdout(`${r.stats.rules} per Regel, ${r.stats.model} per Modell, ${r.stats.unsure} unsicher${provider ? '' : ' (kein KI-Modell konfiguriert: KONTOR_AI_BASE_URL, KONTOR_AI_MODEL)'}\n`);
      }
      return 0;
    },
  },
];
