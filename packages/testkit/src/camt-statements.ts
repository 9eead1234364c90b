/**
 * Test and benchmark fixtures: schema-valid camt.053 statements (.02 or .08), with deterministic synthetic parties,
 * valid mod-97 IBANs and consistent balances and summary unless told otherwise. Self-contained (a small writer and
 * integer-cent sums of its own) so that any package's or app's tests can use it without a dependency cycle.
 */

/** Amounts as integer cents (inputs have at most 2 decimals). */
class Cents {
  constructor(readonly v: bigint) {}
  static of(s: string): Cents {
    const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(s.trim());
    if (!m) throw new Error(`not an amount with ≤ 2 decimals: ${s}`);
    const v = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
    return new Cents(m[1] ? -v : v);
  }
  plus(o: Cents): Cents {
    return new Cents(this.v + o.v);
  }
  minus(o: Cents): Cents {
    return new Cents(this.v - o.v);
  }
  neg(): Cents {
    return new Cents(-this.v);
  }
  abs(): Cents {
    return new Cents(this.v < 0n ? -this.v : this.v);
  }
  lt(n: number): boolean {
    return this.v < BigInt(n) * 100n;
  }
  toFixed(_digits: 2): string {
    const a = this.v < 0n ? -this.v : this.v;
    return `${this.v < 0n ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
  }
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The few XmlWriter calls the generator uses, without indentation. */
class MiniWriter {
  private out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  private stack: string[] = [];
  private static attrs(a?: Record<string, string>): string {
    return a
      ? Object.entries(a)
          .map(([k, v]) => ` ${k}="${esc(v)}"`)
          .join('')
      : '';
  }
  open(name: string, attrs?: Record<string, string>): this {
    this.out.push(`<${name}${MiniWriter.attrs(attrs)}>`);
    this.stack.push(name);
    return this;
  }
  close(): this {
    this.out.push(`</${this.stack.pop()}>`);
    return this;
  }
  leaf(name: string, value: string | number | undefined, attrs?: Record<string, string>): this {
    if (value !== undefined) this.out.push(`<${name}${MiniWriter.attrs(attrs)}>${esc(String(value))}</${name}>`);
    return this;
  }
  el(name: string, attrs: Record<string, string> | undefined, body: () => void): this {
    this.open(name, attrs);
    body();
    return this.close();
  }
  toString(): string {
    return this.out.join('');
  }
}

export interface GenEntry {
  amount: string;
  cd: 'CRDT' | 'DBIT';
  status?: 'BOOK' | 'PDNG' | 'INFO';
  bookingDate?: string;
  valueDate?: string;
  reversal?: boolean;
  accountServicerRef?: string;
  endToEndId?: string;
  mandateId?: string;
  name?: string;
  iban?: string;
  bic?: string;
  remittance?: string[];
  creditorReference?: string;
  dkCode?: string;
}

export interface GenStatement {
  version?: '02' | '08';
  id?: string;
  sequence?: number;
  iban?: string;
  currency?: string;
  from?: string;
  to?: string;
  opening?: string;
  /** Closing balance; computed from the booked entries when omitted. */
  closing?: string;
  entries: GenEntry[];
  /** Write TxsSummry (default true); the values are computed unless overridden. */
  summary?: boolean | { entries?: number; sum?: string };
  /** More statements of the same message (multi-statement file). */
  more?: Omit<GenStatement, 'version' | 'more'>[];
}

/** IBAN with correct check digits for a country and BBAN. */
export function makeIban(country: string, bban: string): string {
  const rearranged = `${bban}${country}00`;
  let r = 0;
  for (const ch of rearranged) {
    const c = ch.charCodeAt(0);
    r = c >= 65 ? (r * 100 + (c - 55)) % 97 : (r * 10 + (c - 48)) % 97;
  }
  return `${country}${String(98 - r).padStart(2, '0')}${bban}`;
}

export const ACCOUNT_IBAN = makeIban('DE', '370400440532013000');

function signed(e: GenEntry): Cents {
  return e.cd === 'DBIT' ? Cents.of(e.amount).neg() : Cents.of(e.amount);
}

function writeStatement(w: MiniWriter, v: '02' | '08', s: Omit<GenStatement, 'version' | 'more'>, idx: number): void {
  const ccy = s.currency ?? 'EUR';
  const from = s.from ?? '2026-03-02';
  const to = s.to ?? from;
  const opening = Cents.of(s.opening ?? '1000.00');
  const booked = s.entries.filter((e) => (e.status ?? 'BOOK') === 'BOOK').reduce((a, e) => a.plus(signed(e)), new Cents(0n));
  const closing = s.closing !== undefined ? Cents.of(s.closing) : opening.plus(booked);
  const bic = v === '08' ? 'BICFI' : 'BIC';
  w.open('Stmt');
  w.leaf('Id', s.id ?? `STMT-${from}-${idx + 1}`);
  w.leaf('ElctrncSeqNb', s.sequence ?? idx + 1);
  w.leaf('CreDtTm', `${to}T20:00:00+01:00`);
  w.el('FrToDt', undefined, () => {
    w.leaf('FrDtTm', `${from}T00:00:00+01:00`);
    w.leaf('ToDtTm', `${to}T23:59:59+01:00`);
  });
  w.el('Acct', undefined, () => {
    w.el('Id', undefined, () => w.leaf('IBAN', s.iban ?? ACCOUNT_IBAN));
    w.leaf('Ccy', ccy);
    w.el('Ownr', undefined, () => w.leaf('Nm', 'Musterfirma Handels GmbH'));
    w.el('Svcr', undefined, () => w.el('FinInstnId', undefined, () => w.leaf(bic, 'COBADEFFXXX')));
  });
  const bal = (code: string, amt: Cents, date: string) =>
    w.el('Bal', undefined, () => {
      w.el('Tp', undefined, () => w.el('CdOrPrtry', undefined, () => w.leaf('Cd', code)));
      w.leaf('Amt', amt.abs().toFixed(2), { Ccy: ccy });
      w.leaf('CdtDbtInd', amt.lt(0) ? 'DBIT' : 'CRDT');
      w.el('Dt', undefined, () => w.leaf('Dt', date));
    });
  bal('PRCD', opening, from);
  bal('CLBD', closing, to);
  if (s.summary !== false) {
    const credits = s.entries.filter((e) => e.cd === 'CRDT');
    const debits = s.entries.filter((e) => e.cd === 'DBIT');
    const sumOf = (l: GenEntry[]) => l.reduce((a, e) => a.plus(Cents.of(e.amount)), new Cents(0n));
    const override = typeof s.summary === 'object' ? s.summary : {};
    const net = sumOf(credits).minus(sumOf(debits));
    w.el('TxsSummry', undefined, () => {
      w.el('TtlNtries', undefined, () => {
        w.leaf('NbOfNtries', override.entries ?? s.entries.length);
        w.leaf('Sum', override.sum ?? sumOf(s.entries).toFixed(2));
        if (v === '08') {
          w.el('TtlNetNtry', undefined, () => {
            w.leaf('Amt', net.abs().toFixed(2));
            w.leaf('CdtDbtInd', net.lt(0) ? 'DBIT' : 'CRDT');
          });
        } else {
          w.leaf('TtlNetNtryAmt', net.abs().toFixed(2));
          w.leaf('CdtDbtInd', net.lt(0) ? 'DBIT' : 'CRDT');
        }
      });
      w.el('TtlCdtNtries', undefined, () => {
        w.leaf('NbOfNtries', credits.length);
        w.leaf('Sum', sumOf(credits).toFixed(2));
      });
      w.el('TtlDbtNtries', undefined, () => {
        w.leaf('NbOfNtries', debits.length);
        w.leaf('Sum', sumOf(debits).toFixed(2));
      });
    });
  }
  s.entries.forEach((e, i) => {
    const status = e.status ?? 'BOOK';
    w.open('Ntry');
    w.leaf('Amt', e.amount, { Ccy: ccy });
    w.leaf('CdtDbtInd', e.cd);
    if (e.reversal) w.leaf('RvslInd', 'true');
    if (v === '08') w.el('Sts', undefined, () => w.leaf('Cd', status));
    else w.leaf('Sts', status);
    if (status === 'BOOK') w.el('BookgDt', undefined, () => w.leaf('Dt', e.bookingDate ?? from));
    w.el('ValDt', undefined, () => w.leaf('Dt', e.valueDate ?? e.bookingDate ?? from));
    w.leaf('AcctSvcrRef', e.accountServicerRef ?? `${from.replace(/-/g, '')}${String(idx).padStart(2, '0')}${String(i + 1).padStart(7, '0')}`);
    w.el('BkTxCd', undefined, () => {
      w.el('Domn', undefined, () => {
        w.leaf('Cd', 'PMNT');
        w.el('Fmly', undefined, () => {
          w.leaf('Cd', e.cd === 'CRDT' ? 'RCDT' : 'ICDT');
          w.leaf('SubFmlyCd', 'ESCT');
        });
      });
      w.el('Prtry', undefined, () => {
        w.leaf('Cd', e.dkCode ?? (e.cd === 'CRDT' ? 'NTRF+166+00931' : 'NTRF+116+00931'));
        w.leaf('Issr', 'DK');
      });
    });
    w.el('NtryDtls', undefined, () =>
      w.el('TxDtls', undefined, () => {
        w.el('Refs', undefined, () => {
          w.leaf('EndToEndId', e.endToEndId ?? `E2E-${idx + 1}-${i + 1}`);
          if (e.mandateId) w.leaf('MndtId', e.mandateId);
        });
        if (v === '08') {
          w.leaf('Amt', e.amount, { Ccy: ccy });
          w.leaf('CdtDbtInd', e.cd);
        } else w.el('AmtDtls', undefined, () => w.el('TxAmt', undefined, () => w.leaf('Amt', e.amount, { Ccy: ccy })));
        const party = e.cd === 'CRDT' ? 'Dbtr' : 'Cdtr';
        const name = e.name ?? `Geschäftspartner ${i + 1} Müller & Söhne`;
        w.el('RltdPties', undefined, () => {
          if (v === '08') w.el(party, undefined, () => w.el('Pty', undefined, () => w.leaf('Nm', name)));
          else w.el(party, undefined, () => w.leaf('Nm', name));
          w.el(`${party}Acct`, undefined, () => w.el('Id', undefined, () => w.leaf('IBAN', e.iban ?? makeIban('DE', `50010517${String(1000000000 + i).slice(-10)}`))));
        });
        w.el('RltdAgts', undefined, () => w.el(`${party}Agt`, undefined, () => w.el('FinInstnId', undefined, () => w.leaf(bic, e.bic ?? 'INGDDEFFXXX'))));
        w.el('RmtInf', undefined, () => {
          for (const line of e.remittance ?? [`Rechnung ${i + 1} vom ${from}`]) w.leaf('Ustrd', line);
          if (e.creditorReference) {
            w.el('Strd', undefined, () =>
              w.el('CdtrRefInf', undefined, () => {
                w.el('Tp', undefined, () => w.el('CdOrPrtry', undefined, () => w.leaf('Cd', 'SCOR')));
                w.leaf('Ref', e.creditorReference);
              }),
            );
          }
        });
      }),
    );
    w.close();
  });
  w.close();
}

export function generateCamt053(s: GenStatement): string {
  const v = s.version ?? '08';
  const w = new MiniWriter();
  w.open('Document', { xmlns: `urn:iso:std:iso:20022:tech:xsd:camt.053.001.${v}` });
  w.open('BkToCstmrStmt');
  w.el('GrpHdr', undefined, () => {
    w.leaf('MsgId', `MSG-${s.from ?? '2026-03-02'}-${s.sequence ?? 1}`);
    w.leaf('CreDtTm', `${s.to ?? s.from ?? '2026-03-02'}T20:00:00+01:00`);
  });
  writeStatement(w, v, s, 0);
  (s.more ?? []).forEach((m, i) => writeStatement(w, v, m, i + 1));
  w.close().close();
  return w.toString();
}

/** Deterministic pseudo-random entries (an LCG, so every run writes the same bytes). */
export function syntheticEntries(n: number, seed = 7, from = '2026-03-02'): GenEntry[] {
  let x = seed >>> 0;
  const rnd = () => (x = (Math.imul(x, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const out: GenEntry[] = [];
  for (let i = 0; i < n; i++) {
    const cents = Math.floor(rnd() * 500000) + 1;
    out.push({
      amount: (cents / 100).toFixed(2),
      cd: rnd() < 0.45 ? 'CRDT' : 'DBIT',
      bookingDate: from,
      remittance: [`Rechnung RE-${100000 + i} Kunde ${Math.floor(rnd() * 9000) + 1000}`, `Lieferung ${from} Straße ${i % 97}`],
      ...(i % 5 === 0 ? { creditorReference: `RF18539007547034` } : {}),
    });
  }
  return out;
}
