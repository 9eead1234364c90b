/**
 * BankDirectory: a compact, immutable index of the main records (Merkmal 1) of one bank-code file,
 * with deletions and successor codes resolved. Safe to share between concurrent requests.
 */
import type { Lang } from '@kontor/xml';
import { BankdataError } from './errors';
import { parseBankCodeFile, type BankCodeRecord, type ParseFinding } from './parse';

export type BankStatus = 'active' | 'deletion_announced' | 'deleted';

export interface BankEntry {
  bankCode: string;
  bic: string | null;
  name: string;
  shortName: string;
  postCode: string;
  town: string;
  status: BankStatus;
  successor: string | null;
}

export type BankLookupResult =
  | {
      found: true;
      bankCode: string;
      /** Absent when neither the record nor its successor carries a BIC. */
      bic?: string;
      bankName: string;
      dataDate: string;
      town: string;
      postCode: string;
      status: BankStatus;
      /** Where the BIC came from: the record itself, or the successor code (record without BIC). */
      bicSource?: 'record' | 'successor';
      successor?: { bankCode: string; bic?: string; bankName?: string };
    }
  | { found: false; reason?: 'unsupported_country' | 'invalid_bank_code' };

/** Serialised form written by `kontor bankdata import` and read back with BankDirectory.fromJSON. */
export interface BankDirectoryJson {
  format: 'kontor-bankdata/1';
  dataDate: string;
  validFrom: string;
  validTo: string | null;
  source?: string;
  /** [bankCode, bic, name, shortName, postCode, town, status (0 active, 1 announced, 2 deleted), successor] */
  banks: [string, string, string, string, string, string, 0 | 1 | 2, string][];
}

export interface BankDirectoryOptions {
  /** Date of the data (YYYY-MM-DD), reported as dataDate; usually the file's validity start. */
  dataDate: string;
  validFrom?: string;
  /** Defaults to the Bundesbank quarter: the day before the next first Monday of Mar/Jun/Sep/Dec. */
  validTo?: string | null;
  source?: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const STATUS_CODE: Record<BankStatus, 0 | 1 | 2> = { active: 0, deletion_announced: 1, deleted: 2 };
const STATUS_OF: BankStatus[] = ['active', 'deletion_announced', 'deleted'];

function firstMonday(year: number, month0: number): Date {
  const d = new Date(Date.UTC(year, month0, 1));
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

/**
 * Last day of validity of a quarterly file valid from `validFrom` (Bundesbank cadence).
 * @example
 * ```ts
 * bundesbankValidTo('2026-03-09'); // '2026-05-31': the last day of the file's quarter
 * ```
 */
export function bundesbankValidTo(validFrom: string): string {
  if (!ISO_DATE.test(validFrom)) throw new BankdataError('BANKDATA_INVALID_ARGUMENT', `validFrom must be YYYY-MM-DD: ${validFrom}`);
  const from = new Date(`${validFrom}T00:00:00Z`);
  const y = from.getUTCFullYear();
  const candidates = [y, y + 1].flatMap((yy) => [2, 5, 8, 11].map((m) => firstMonday(yy, m)));
  const next = candidates.find((d) => d.getTime() > from.getTime())!;
  next.setUTCDate(next.getUTCDate() - 1);
  return next.toISOString().slice(0, 10);
}

export class BankDirectory {
  readonly dataDate: string;
  readonly validFrom: string;
  readonly validTo: string | null;
  readonly source: string | undefined;
  private readonly banks: ReadonlyMap<string, BankEntry>;

  private constructor(banks: Map<string, BankEntry>, meta: { dataDate: string; validFrom: string; validTo: string | null; source?: string }) {
    this.banks = banks;
    this.dataDate = meta.dataDate;
    this.validFrom = meta.validFrom;
    this.validTo = meta.validTo;
    this.source = meta.source;
  }

  /** Builds the index from parsed records: only Merkmal 1 rows; a `D` on such a row deletes the code. */
  static fromRecords(records: readonly BankCodeRecord[], opts: BankDirectoryOptions): BankDirectory {
    if (!opts || !ISO_DATE.test(opts.dataDate ?? '')) throw new BankdataError('BANKDATA_INVALID_ARGUMENT', 'dataDate (YYYY-MM-DD) is required');
    const validFrom = opts.validFrom ?? opts.dataDate;
    if (!ISO_DATE.test(validFrom)) throw new BankdataError('BANKDATA_INVALID_ARGUMENT', `validFrom must be YYYY-MM-DD: ${validFrom}`);
    const validTo = opts.validTo === undefined ? bundesbankValidTo(validFrom) : opts.validTo;
    const banks = new Map<string, BankEntry>();
    for (const r of records) {
      if (r.feature !== 1) continue;
      const status: BankStatus = r.change === 'D' ? 'deleted' : r.deletionAnnounced ? 'deletion_announced' : 'active';
      banks.set(r.bankCode, {
        bankCode: r.bankCode,
        bic: r.bic || null,
        name: r.name,
        shortName: r.shortName,
        postCode: r.postCode,
        town: r.town,
        status,
        successor: r.successor,
      });
    }
    if (banks.size === 0) throw new BankdataError('BANKDATA_EMPTY', 'Die Datei enthält keinen Hauptdatensatz (Merkmal 1)');
    return new BankDirectory(banks, { dataDate: opts.dataDate, validFrom, validTo, ...(opts.source ? { source: opts.source } : {}) });
  }

  /** Parses a TXT or CSV bank-code file and indexes it (finding messages in `lang`, default de). */
  static load(
    input: string | Uint8Array,
    opts: BankDirectoryOptions & { format?: 'txt' | 'csv' | 'auto'; lang?: Lang | undefined },
  ): { directory: BankDirectory; findings: ParseFinding[]; format: 'txt' | 'csv'; records: number } {
    const parsed = parseBankCodeFile(input, { ...(opts.format ? { format: opts.format } : {}), ...(opts.lang ? { lang: opts.lang } : {}) });
    return { directory: BankDirectory.fromRecords(parsed.records, opts), findings: parsed.findings, format: parsed.format, records: parsed.records.length };
  }

  /**
   * Opens either form a directory is kept in: a kontor-bankdata/1 index (JSON, as written by toJSON) or a raw
   * Bundesbank TXT/CSV file, told apart by content. opts apply to raw files only (the index carries its own dates).
   */
  static open(input: string | Uint8Array, opts: BankDirectoryOptions): BankDirectory {
    const text = typeof input === 'string' ? input : new TextDecoder('latin1').decode(input.subarray(0, 64));
    if (text.trimStart().startsWith('{')) {
      const json = typeof input === 'string' ? input : new TextDecoder('utf-8').decode(input);
      let parsed: unknown;
      try {
        parsed = JSON.parse(json);
      } catch {
        throw new BankdataError('BANKDATA_INDEX_INVALID', 'Not a kontor-bankdata/1 index (invalid JSON)');
      }
      return BankDirectory.fromJSON(parsed);
    }
    return BankDirectory.load(input, opts).directory;
  }

  static fromJSON(json: unknown): BankDirectory {
    const j = json as Partial<BankDirectoryJson> | null;
    if (!j || j.format !== 'kontor-bankdata/1' || !Array.isArray(j.banks) || typeof j.dataDate !== 'string' || !ISO_DATE.test(j.dataDate)) {
      throw new BankdataError('BANKDATA_INDEX_INVALID', 'Not a kontor-bankdata/1 index');
    }
    const banks = new Map<string, BankEntry>();
    for (const row of j.banks) {
      if (!Array.isArray(row) || row.length < 8 || !/^\d{8}$/.test(String(row[0]))) throw new BankdataError('BANKDATA_INDEX_INVALID', 'Malformed bank row in index');
      const [bankCode, bic, name, shortName, postCode, town, st, succ] = row;
      banks.set(bankCode, { bankCode, bic: bic || null, name, shortName, postCode, town, status: STATUS_OF[st] ?? 'active', successor: succ || null });
    }
    return new BankDirectory(banks, { dataDate: j.dataDate, validFrom: j.validFrom ?? j.dataDate, validTo: j.validTo ?? null, ...(j.source ? { source: j.source } : {}) });
  }

  toJSON(): BankDirectoryJson {
    const banks: BankDirectoryJson['banks'] = [];
    for (const e of [...this.banks.values()].sort((a, b) => a.bankCode.localeCompare(b.bankCode))) {
      banks.push([e.bankCode, e.bic ?? '', e.name, e.shortName, e.postCode, e.town, STATUS_CODE[e.status], e.successor ?? '']);
    }
    return { format: 'kontor-bankdata/1', dataDate: this.dataDate, validFrom: this.validFrom, validTo: this.validTo, ...(this.source ? { source: this.source } : {}), banks };
  }

  get size(): number {
    return this.banks.size;
  }

  /** True when `date` (YYYY-MM-DD) lies in this file's validity period. */
  covers(date: string): boolean {
    return date >= this.validFrom && (this.validTo === null || date <= this.validTo);
  }

  entry(bankCode: string): BankEntry | undefined {
    return this.banks.get(bankCode);
  }

  /** Follows successor codes (deleted or announced codes) to the code that stays; cycles stop. */
  resolve(bankCode: string): BankEntry | undefined {
    let e = this.banks.get(bankCode);
    const seen = new Set<string>();
    while (e && e.successor && e.status !== 'active' && !seen.has(e.bankCode)) {
      seen.add(e.bankCode);
      const next = this.banks.get(e.successor);
      if (!next) break;
      e = next;
    }
    return e;
  }

  /** Lookup of spec §2.11: only DE can match; a well-formed unknown code is {found:false}. */
  lookup(bankCode: string, country: string | undefined = 'DE'): BankLookupResult {
    if (country === undefined || country.trim().toUpperCase() !== 'DE') return { found: false, reason: 'unsupported_country' };
    const code = String(bankCode ?? '').replace(/\s+/g, '');
    if (!/^\d{8}$/.test(code)) return { found: false, reason: 'invalid_bank_code' };
    const e = this.banks.get(code);
    if (!e) return { found: false };
    const succ = e.successor ? this.resolve(code) : undefined;
    const successor = e.successor && succ && succ.bankCode !== code ? succ : undefined;
    const bic = e.bic ?? successor?.bic ?? undefined;
    return {
      found: true,
      bankCode: code,
      ...(bic ? { bic, bicSource: e.bic ? ('record' as const) : ('successor' as const) } : {}),
      bankName: e.name,
      dataDate: this.dataDate,
      town: e.town,
      postCode: e.postCode,
      status: e.status,
      ...(e.successor ? { successor: { bankCode: successor?.bankCode ?? e.successor, ...(successor?.bic ? { bic: successor.bic } : {}), ...(successor ? { bankName: successor.name } : {}) } } : {}),
    };
  }

  /** The bank behind a German IBAN (bank code = IBAN positions 5-12), or undefined for other countries. */
  lookupIban(iban: string): BankLookupResult | undefined {
    const i = String(iban ?? '')
      .replace(/\s+/g, '')
      .toUpperCase();
    if (!/^DE\d{20}$/.test(i)) return undefined;
    return this.lookup(i.slice(4, 12), 'DE');
  }

  /** BIC for a German IBAN when the directory knows one (successor's BIC for a BIC-less record). */
  bicForIban(iban: string): string | undefined {
    const r = this.lookupIban(iban);
    return r && r.found ? r.bic : undefined;
  }
}

/**
 * Picks the directory valid on `date` from several quarterly files (the newest that has started otherwise).
 * @example
 * ```ts
 * const current = pickDirectory([march, june], '2026-07-01'); // the June file (valid from 2026-06-08)
 * current?.lookup('10010099'); // { found: true, bic: …, bankName: … }
 * ```
 */
export function pickDirectory(directories: readonly BankDirectory[], date: string): BankDirectory | undefined {
  const covering = directories.filter((d) => d.covers(date)).sort((a, b) => b.validFrom.localeCompare(a.validFrom));
  if (covering[0]) return covering[0];
  return directories.filter((d) => d.validFrom <= date).sort((a, b) => b.validFrom.localeCompare(a.validFrom))[0];
}
