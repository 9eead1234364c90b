/**
 * The element-tree reader that readPain001 had before the streaming grammar (src/read/read.ts): kept here,
 * unchanged but for its name, as the reference of the differential test (reader.differential.test.ts).
 */
import { streamXml, KontorXmlError, type StreamTap, type XmlElement } from '@kontor/xml';
import type { Lang } from '@kontor/xml';
import { Pain001Error } from '../src/errors';
import { sayer } from '../src/messages';
import type { Loc, Pain001ReadModel, ReadAccount, ReadAddress, ReadAgent, ReadParty, ReadPaymentBlock, ReadPaymentType, ReadTransaction } from '../src/read/model';

const PAIN_NAMESPACES: Record<string, '09' | '03'> = {
  'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09': '09',
  'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03': '03',
};

const loc = (e: XmlElement): Loc => ({ line: e.line, column: e.column });
const txt = (e: XmlElement | undefined): string | undefined => {
  if (!e) return undefined;
  const t = e.text.trim();
  return t === '' ? undefined : t;
};

function put<T extends object>(target: T, key: keyof T & string, e: XmlElement | undefined, fieldAt: Record<string, Loc>): void {
  const v = txt(e);
  if (v !== undefined && e) {
    (target as Record<string, unknown>)[key] = v;
    fieldAt[key] = loc(e);
  }
}

function readAddress(e: XmlElement | undefined): ReadAddress | undefined {
  if (!e) return undefined;
  const a: ReadAddress = {
    addressLines: e
      .elements('AdrLine')
      .map((l) => l.text.trim())
      .filter((s) => s !== ''),
  };
  const map: [keyof ReadAddress, string][] = [
    ['streetName', 'StrtNm'],
    ['buildingNumber', 'BldgNb'],
    ['postCode', 'PstCd'],
    ['townName', 'TwnNm'],
    ['countrySubDivision', 'CtrySubDvsn'],
    ['countryCode', 'Ctry'],
  ];
  for (const [k, local] of map) {
    const v = txt(e.child(local));
    if (v !== undefined) (a as unknown as Record<string, string>)[k] = v;
  }
  return a;
}

function readParty(e: XmlElement | undefined): ReadParty | undefined {
  if (!e) return undefined;
  const p: ReadParty = { at: loc(e), fieldAt: {} };
  put(p, 'name', e.child('Nm'), p.fieldAt);
  const adr = e.child('PstlAdr');
  if (adr) {
    p.address = readAddress(adr)!;
    p.fieldAt.address = loc(adr);
  }
  const id = e.child('Id');
  if (id) {
    const org = id.child('OrgId');
    const prv = id.child('PrvtId');
    const v = txt(org?.child('AnyBIC')) ?? txt(org?.child('BICOrBEI')) ?? txt(org?.child('LEI')) ?? txt(org?.find('Othr', 'Id')) ?? txt(prv?.find('Othr', 'Id'));
    if (v !== undefined) {
      p.id = v;
      p.fieldAt.id = loc(id);
    }
  }
  return p;
}

function readAccount(e: XmlElement | undefined): ReadAccount | undefined {
  if (!e) return undefined;
  const a: ReadAccount = { at: loc(e), fieldAt: {} };
  put(a, 'iban', e.find('Id', 'IBAN'), a.fieldAt);
  put(a, 'other', e.find('Id', 'Othr', 'Id'), a.fieldAt);
  put(a, 'currency', e.child('Ccy'), a.fieldAt);
  return a;
}

function readAgent(e: XmlElement | undefined): ReadAgent | undefined {
  if (!e) return undefined;
  const f = e.child('FinInstnId');
  const a: ReadAgent = { at: loc(e), fieldAt: {} };
  if (!f) return a;
  put(a, 'bic', f.child('BICFI') ?? f.child('BIC'), a.fieldAt);
  put(a, 'clearingMemberId', f.find('ClrSysMmbId', 'MmbId'), a.fieldAt);
  put(a, 'name', f.child('Nm'), a.fieldAt);
  put(a, 'other', f.find('Othr', 'Id'), a.fieldAt);
  const adr = f.child('PstlAdr');
  if (adr) a.address = readAddress(adr)!;
  return a;
}

function readPaymentType(e: XmlElement | undefined): ReadPaymentType | undefined {
  if (!e) return undefined;
  const t: ReadPaymentType = {
    serviceLevels: e
      .elements('SvcLvl')
      .map((s) => txt(s.child('Cd')) ?? txt(s.child('Prtry')) ?? '')
      .filter((s) => s !== ''),
  };
  const ip = txt(e.child('InstrPrty'));
  if (ip) t.instructionPriority = ip;
  const li = txt(e.find('LclInstrm', 'Cd')) ?? txt(e.find('LclInstrm', 'Prtry'));
  if (li) t.localInstrument = li;
  const cp = txt(e.find('CtgyPurp', 'Cd')) ?? txt(e.find('CtgyPurp', 'Prtry'));
  if (cp) t.categoryPurpose = cp;
  return t;
}

function readTransaction(e: XmlElement): ReadTransaction {
  const t: ReadTransaction = { remittance: { unstructured: [], structured: 0 }, regulatoryReporting: false, at: loc(e), fieldAt: {} };
  put(t, 'instructionId', e.find('PmtId', 'InstrId'), t.fieldAt);
  const e2e = e.find('PmtId', 'EndToEndId');
  if (e2e) {
    t.endToEndId = e2e.text.trim();
    t.fieldAt.endToEndId = loc(e2e);
  }
  const pt = readPaymentType(e.child('PmtTpInf'));
  if (pt) t.paymentType = pt;
  const amt = e.child('Amt');
  const instd = amt?.child('InstdAmt');
  const eqvt = amt?.child('EqvtAmt');
  if (instd) {
    t.amount = instd.text.trim();
    t.fieldAt.amount = loc(instd);
    const c = instd.attr('Ccy');
    if (c !== undefined) t.currency = c.trim();
  } else if (eqvt) {
    const a = eqvt.child('Amt');
    if (a) {
      t.amount = a.text.trim();
      t.fieldAt.amount = loc(a);
      const c = a.attr('Ccy');
      if (c !== undefined) t.currency = c.trim();
    }
    const tc = txt(eqvt.child('CcyOfTrf'));
    if (tc) t.transferCurrency = tc;
  }
  if (amt) t.fieldAt.amountBlock = loc(amt);
  put(t, 'chargeBearer', e.child('ChrgBr'), t.fieldAt);
  const ud = readParty(e.child('UltmtDbtr'));
  if (ud) t.ultimateDebtor = ud;
  const ca = readAgent(e.child('CdtrAgt'));
  if (ca) t.creditorAgent = ca;
  const cd = readParty(e.child('Cdtr'));
  if (cd) t.creditor = cd;
  const acc = readAccount(e.child('CdtrAcct'));
  if (acc) t.creditorAccount = acc;
  const uc = readParty(e.child('UltmtCdtr'));
  if (uc) t.ultimateCreditor = uc;
  put(t, 'purpose', e.find('Purp', 'Cd') ?? e.find('Purp', 'Prtry'), t.fieldAt);
  t.regulatoryReporting = e.elements('RgltryRptg').length > 0;
  const rmt = e.child('RmtInf');
  if (rmt) {
    t.fieldAt.remittance = loc(rmt);
    t.remittance.unstructured = rmt.elements('Ustrd').map((u) => u.text);
    const strd = rmt.elements('Strd');
    t.remittance.structured = strd.length;
    const ref = txt(strd[0]?.find('CdtrRefInf', 'Ref'));
    if (ref) t.remittance.creditorReference = ref;
  }
  return t;
}

function applyBlockChild(b: ReadPaymentBlock, e: XmlElement, version: '09' | '03'): void {
  const at = b.fieldAt;
  switch (e.local) {
    case 'PmtInfId':
      put(b, 'id', e, at);
      break;
    case 'PmtMtd':
      put(b, 'method', e, at);
      break;
    case 'BtchBookg':
      put(b, 'batchBooking', e, at);
      break;
    case 'NbOfTxs':
      put(b, 'numberOfTransactions', e, at);
      break;
    case 'CtrlSum':
      put(b, 'controlSum', e, at);
      break;
    case 'PmtTpInf':
      b.paymentType = readPaymentType(e)!;
      at.paymentType = loc(e);
      break;
    case 'ReqdExctnDt':
      at.executionDate = loc(e);
      if (version === '03' || e.children.length === 0) {
        const v = txt(e);
        if (v !== undefined) b.executionDate = v;
      } else {
        const dt = txt(e.child('Dt'));
        const dtm = txt(e.child('DtTm'));
        if (dt !== undefined) b.executionDate = dt;
        if (dtm !== undefined) {
          b.executionDateTime = dtm;
          b.executionDate = dtm.slice(0, 10);
        }
      }
      break;
    case 'Dbtr':
      b.debtor = readParty(e)!;
      break;
    case 'DbtrAcct':
      b.debtorAccount = readAccount(e)!;
      break;
    case 'DbtrAgt':
      b.debtorAgent = readAgent(e)!;
      break;
    case 'UltmtDbtr':
      b.ultimateDebtor = readParty(e)!;
      break;
    case 'ChrgBr':
      put(b, 'chargeBearer', e, at);
      break;
    case 'CdtTrfTxInf':
      b.transactions.push(readTransaction(e));
      break;
    default:
      break;
  }
}

class UnsupportedRoot extends Error {}

/**
 * Structural bounds of one pain.001, so that work and memory follow real payment files rather than whatever a
 * hostile file repeats: generous defaults that real files never reach (the 10 MB upload limit holds about
 * 30,000 real transactions).
 */
interface Pain001Limits {
  /** Payment blocks (PmtInf) per file. */
  maxPaymentBlocks: number;
  /** Transactions (CdtTrfTxInf) per file, all blocks together. */
  maxTransactions: number;
}

const defaultPain001Limits: Pain001Limits = {
  maxPaymentBlocks: 500_000,
  maxTransactions: 1_000_000,
};

interface ReadOptions {
  maxBytes?: number;
  /** Structural limits (defaults: defaultPain001Limits); beyond them Pain001Error LIMIT_EXCEEDED is thrown. */
  limits?: Partial<Pain001Limits>;
  /** Language of refusal messages and their details (default de). */
  lang?: Lang | undefined;
  /** Every reader event also goes here (e.g. the native XSD validation sharing this pass, see xsd-pass.ts). */
  tap?: StreamTap | undefined;
}

/**
 * Reads a pain.001 into the read model. `text` must already be decoded (see xmlInputToText).
 * Throws Pain001Error NOT_XML / UNSUPPORTED_MESSAGE when the root is missing or not a supported pain.001.
 * @example
 * ```ts
 * const model = await readPain001(await readFile('sct.xml', 'utf8'));
 * console.log(model.version, model.paymentBlocks.length); // '09' 1
 * ```
 */
export async function readPain001Tree(text: string, opts: ReadOptions = {}): Promise<Pain001ReadModel> {
  let model: Pain001ReadModel | undefined;
  let rootNs: string | undefined;
  let rootLocal: string | undefined;
  let block: ReadPaymentBlock | undefined;
  const limits: Pain001Limits = { ...defaultPain001Limits, ...opts.limits };
  let transactions = 0;
  const say = sayer(opts.lang);
  const beyond = (limit: keyof Pain001Limits, whatKey: 'W_BLOCKS' | 'W_TRANSACTIONS', location: { line: number; column: number }) =>
    new Pain001Error('LIMIT_EXCEEDED', say('E_LIMIT', { max: limits[limit], what: `@${whatKey}`, limit }), {
      details: [{ code: 'LIMIT_EXCEEDED', severity: 'error', message: say('E_LIMIT_DETAIL', { max: limits[limit], what: `@${whatKey}` }), line: location.line, column: location.column }],
    });
  try {
    await streamXml(
      text,
      {
        ...(opts.tap ? { tap: opts.tap } : {}),
        onOpen(info) {
          if (info.path.length === 0) {
            rootNs = info.ns;
            rootLocal = info.local;
            const version = PAIN_NAMESPACES[info.ns];
            if (info.local !== 'Document' || !version) throw new UnsupportedRoot();
            model = { version, namespace: info.ns, paymentBlocks: [] };
          } else if (info.path.length === 2 && info.local === 'PmtInf') {
            if (model!.paymentBlocks.length >= limits.maxPaymentBlocks) throw beyond('maxPaymentBlocks', 'W_BLOCKS', { line: info.line, column: info.column });
            block = { transactions: [], at: { line: info.line, column: info.column }, fieldAt: {} };
            model!.paymentBlocks.push(block);
          } else if (info.path.length === 3 && info.local === 'CdtTrfTxInf' && info.path[2] === 'PmtInf' && ++transactions > limits.maxTransactions) {
            throw beyond('maxTransactions', 'W_TRANSACTIONS', { line: info.line, column: info.column });
          }
        },
        keep(info) {
          if (info.path.length === 2 && info.local === 'GrpHdr') return true;
          return info.path.length === 3 && info.path[2] === 'PmtInf';
        },
        onElement(el, path) {
          if (el.local === 'GrpHdr' && path.length === 2) {
            const g = { at: loc(el), fieldAt: {} } as NonNullable<Pain001ReadModel['groupHeader']>;
            put(g, 'messageId', el.child('MsgId'), g.fieldAt);
            put(g, 'createdAt', el.child('CreDtTm'), g.fieldAt);
            put(g, 'numberOfTransactions', el.child('NbOfTxs'), g.fieldAt);
            put(g, 'controlSum', el.child('CtrlSum'), g.fieldAt);
            const ip = readParty(el.child('InitgPty'));
            if (ip) g.initiatingParty = ip;
            model!.groupHeader = g;
          } else if (block) applyBlockChild(block, el, model!.version);
        },
        onClose(local, path) {
          if (local === 'PmtInf' && path.length === 2) block = undefined;
        },
      },
      opts.maxBytes ? { maxBytes: opts.maxBytes } : {},
    );
  } catch (e) {
    if (e instanceof UnsupportedRoot) {
      const ns = rootNs || say('W_NO_NAMESPACE');
      const what = rootLocal === 'Document' ? say('W_NAMESPACE', { ns }) : say('W_ROOT', { root: rootLocal, ns });
      throw new Pain001Error('UNSUPPORTED_MESSAGE', say('E_UNSUPPORTED', { what }), {
        details: [{ code: 'UNSUPPORTED_MESSAGE', severity: 'error', message: say('E_UNSUPPORTED_DETAIL', { what }), line: 1, column: 1 }],
      });
    }
    if (e instanceof KontorXmlError) {
      if (e.code === 'XML_TOO_LARGE') throw new Pain001Error('INPUT_TOO_LARGE', e.message);
      if (!model)
        throw new Pain001Error('NOT_XML', say('E_NOT_XML', { detail: e.message }), {
          details: [{ code: e.code, severity: 'error', message: e.message, ...(e.location ? { line: e.location.line, column: e.location.column } : {}) }],
        });
      model.malformed = { code: e.code, message: e.message, ...(e.location ? { location: e.location } : {}) };
      return model;
    }
    throw e;
  }
  if (!model) throw new Pain001Error('NOT_XML', say('E_NO_ROOT'));
  return model;
}
