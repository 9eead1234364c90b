/**
 * Readers for the Deutsche Bundesbank bank-code file ("Bankleitzahlendatei"): the fixed-width text form
 * (168 characters per record, ISO-8859-1) and the `;`-separated CSV form with the official header.
 */
import type { Finding, Lang } from '@kontor/xml';
import { BankdataError } from './errors';
import { say } from './messages';

export type ChangeFlag = 'A' | 'D' | 'U' | 'M';

/** One record of the file, as published (main records Merkmal 1 and branch records Merkmal 2). */
export interface BankCodeRecord {
  bankCode: string;
  /** 1 = the institution's own record for this code (one per code), 2 = a further branch record. */
  feature: 1 | 2;
  name: string;
  postCode: string;
  town: string;
  shortName: string;
  pan: string;
  bic: string;
  checkDigitMethod: string;
  recordNumber: string;
  change: ChangeFlag;
  /** Field 12: the code is announced for deletion. */
  deletionAnnounced: boolean;
  /** Field 13: successor code, null for 00000000. */
  successor: string | null;
  /** 1-based line in the source (for findings). */
  line: number;
}

/** A finding of the bank-code file reader: the shared Finding of @kontor/xml with its line (message in `lang`, default de). */
export interface ParseFinding extends Finding {
  code: 'BANKDATA_LINE_MALFORMED' | 'BANKDATA_FIELD_INVALID';
  severity: 'warning';
  line: number;
}

/** Options of the readers: the language of the finding messages (default de). */
export interface ParseOptions {
  lang?: Lang | undefined;
}

export interface ParsedBankCodeFile {
  format: 'txt' | 'csv';
  records: BankCodeRecord[];
  findings: ParseFinding[];
}

/** Decodes bytes: UTF-8 when they are valid UTF-8 (with or without BOM), else ISO-8859-1 as published. */
export function decodeBankCodeBytes(input: string | Uint8Array): string {
  if (typeof input === 'string') return input.replace(/^\uFEFF/, '');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(input).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('latin1').decode(input);
  }
}

const CHANGE = new Set(['A', 'D', 'U', 'M']);

function makeRecord(f: string[], line: number, findings: ParseFinding[], lang: Lang): BankCodeRecord | null {
  const [bankCode = '', feature = '', name = '', postCode = '', town = '', shortName = '', pan = '', bic = '', method = '', recNo = '', change = '', del = '', succ = ''] = f.map((x) => x.trim());
  if (!/^\d{8}$/.test(bankCode) || (feature !== '1' && feature !== '2')) {
    findings.push({ code: 'BANKDATA_LINE_MALFORMED', severity: 'warning', message: say(lang, 'LINE_INVALID_CODE', { line }), line });
    return null;
  }
  let ch = change.toUpperCase();
  if (!CHANGE.has(ch)) {
    findings.push({ code: 'BANKDATA_FIELD_INVALID', severity: 'warning', message: say(lang, 'CHANGE_FLAG_UNKNOWN', { line, flag: change }), line });
    ch = 'U';
  }
  if (bic && !/^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic)) {
    findings.push({ code: 'BANKDATA_FIELD_INVALID', severity: 'warning', message: say(lang, 'BIC_INVALID', { line, bic }), line });
  }
  const validBic = /^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic) ? bic : '';
  return {
    bankCode,
    feature: feature === '1' ? 1 : 2,
    name,
    postCode,
    town,
    shortName,
    pan,
    bic: validBic,
    checkDigitMethod: method,
    recordNumber: recNo,
    change: ch as ChangeFlag,
    deletionAnnounced: del === '1',
    successor: /^\d{8}$/.test(succ) && succ !== '00000000' ? succ : null,
    line,
  };
}

/** Field offsets of the fixed-width record (0-based start, length), Merkblatt Bankleitzahlendatei. */
const TXT_FIELDS: ReadonlyArray<readonly [number, number]> = [
  [0, 8],
  [8, 1],
  [9, 58],
  [67, 5],
  [72, 35],
  [107, 27],
  [134, 5],
  [139, 11],
  [150, 2],
  [152, 6],
  [158, 1],
  [159, 1],
  [160, 8],
];

export function parseBankCodeTxt(text: string, opts: ParseOptions = {}): ParsedBankCodeFile {
  const lang = opts.lang ?? 'de';
  const records: BankCodeRecord[] = [];
  const findings: ParseFinding[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!.replace(/\r$/, '');
    if (l.trim() === '') continue;
    if (l.length < 168) {
      findings.push({ code: 'BANKDATA_LINE_MALFORMED', severity: 'warning', message: say(lang, 'LINE_LENGTH', { line: i + 1, length: l.length }), line: i + 1 });
      continue;
    }
    const r = makeRecord(
      TXT_FIELDS.map(([s, n]) => l.substr(s, n)),
      i + 1,
      findings,
      lang,
    );
    if (r) records.push(r);
  }
  return { format: 'txt', records, findings };
}

/** Splits one `;`-separated line with optional double quotes ("" escapes a quote). */
function splitCsvLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let q = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (q) {
      if (c === '"') {
        if (line[i + 1] === '"') {
          cur += '"';
          i++;
        } else q = false;
      } else cur += c;
    } else if (c === '"') q = true;
    else if (c === ';') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

const CSV_COLUMNS = [
  'bankleitzahl',
  'merkmal',
  'bezeichnung',
  'plz',
  'ort',
  'kurzbezeichnung',
  'pan',
  'bic',
  'prüfzifferberechnungsmethode',
  'datensatznummer',
  'änderungskennzeichen',
  'bankleitzahllöschung',
  'nachfolge-bankleitzahl',
];

export function parseBankCodeCsv(text: string, opts: ParseOptions = {}): ParsedBankCodeFile {
  const lang = opts.lang ?? 'de';
  const lines = text.split(/\r?\n/);
  const headerIdx = lines.findIndex((l) => l.trim() !== '');
  if (headerIdx < 0) throw new BankdataError('BANKDATA_EMPTY', 'Die Datei ist leer');
  const header = splitCsvLine(lines[headerIdx]!).map((h) => h.trim().toLowerCase());
  const idx = CSV_COLUMNS.map((c) => header.indexOf(c));
  const missing = CSV_COLUMNS.filter((_, i) => idx[i]! < 0 && i < 13);
  if (idx[0]! < 0 || idx[1]! < 0) throw new BankdataError('BANKDATA_FORMAT_UNKNOWN', `CSV-Kopfzeile ohne Spalten Bankleitzahl/Merkmal (gefunden: ${header.join(';')})`);
  const records: BankCodeRecord[] = [];
  const findings: ParseFinding[] = [];
  if (missing.length) findings.push({ code: 'BANKDATA_FIELD_INVALID', severity: 'warning', message: say(lang, 'CSV_COLUMNS_MISSING', { columns: missing.join(', ') }), line: headerIdx + 1 });
  for (let i = headerIdx + 1; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.trim() === '') continue;
    const cells = splitCsvLine(l);
    const r = makeRecord(
      idx.map((k) => (k >= 0 ? (cells[k] ?? '') : '')),
      i + 1,
      findings,
      lang,
    );
    if (r) records.push(r);
  }
  return { format: 'csv', records, findings };
}

/**
 * Reads either form; `auto` looks at the first non-empty line.
 * @example
 * ```ts
 * const { format, records, findings } = parseBankCodeFile(await readFile('blz-aktuell-csv-data.csv'));
 * console.log(format, records.length, findings.length); // 'csv' 15000-ish 0
 * console.log(records[0]?.bankCode, records[0]?.bic);
 * ```
 */
export function parseBankCodeFile(input: string | Uint8Array, opts: ParseOptions & { format?: 'txt' | 'csv' | 'auto' } = {}): ParsedBankCodeFile {
  const text = decodeBankCodeBytes(input);
  if (text.trim() === '') throw new BankdataError('BANKDATA_EMPTY', 'Die Datei ist leer');
  let format = opts.format ?? 'auto';
  if (format === 'auto') {
    const first = text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
    if (/^"?bankleitzahl"?;/i.test(first.trim())) format = 'csv';
    else if (/^\d{8}[12]/.test(first) && first.replace(/\r$/, '').length >= 168) format = 'txt';
    else throw new BankdataError('BANKDATA_FORMAT_UNKNOWN', 'Weder Festlängenformat (168 Zeichen je Satz) noch CSV mit Kopfzeile "Bankleitzahl;Merkmal;..." erkannt');
  }
  const parsed = format === 'csv' ? parseBankCodeCsv(text, opts) : parseBankCodeTxt(text, opts);
  if (parsed.records.length === 0) throw new BankdataError('BANKDATA_EMPTY', 'Die Datei enthält keinen gültigen Datensatz');
  return parsed;
}
