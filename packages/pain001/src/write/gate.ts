/**
 * The authoritative generation gate in one pass: while writePain001 builds the file, its events (emit.ts) go to
 * (a) the native XSD validation the schema store gives validatePain001 for the same schema set and (b) a builder
 * of the same read model readPain001 makes of a file; then validatePain001's own last step (assessPain001: DK
 * rules, schema result, verdict, summary) judges them. No second read of the file just written. The result is the
 * one validatePain001 gives for the output (gate.test.ts compares both on many varied runs, the read models too,
 * and the writer's events with the reader's).
 *
 * When the store does not validate the set natively (not installed, outside the native subset, engine libxml2)
 * the caller takes the reading path (validatePain001 on the output).
 */
import type { SchemaStore, XmlAttribute, XsdResult } from '@kontor/xml';
import type { Loc, Pain001ReadModel, ReadAccount, ReadAddress, ReadAgent, ReadGroupHeader, ReadParty, ReadPaymentBlock, ReadPaymentType, ReadTransaction } from '../read/model';
import { assessPain001, schemaSetFor, type Pain001ValidationResult, type ValidateOptions } from '../read/validate';
import { PAIN_NAMESPACES } from '../read/read';
import type { PaymentRun, Profile } from '../model/run';
import type { WriteSink } from './emit';
import { writePain001, type PaymentBlockPlan, type WriteOptions } from './writer';

// What an open element is for the read model (decided by its name and its parent's kind).
const enum K {
  Ignore,
  Leaf,
  Doc,
  Initn,
  GrpHdr,
  PmtInf,
  Tx,
  Party,
  PartyId,
  OrgId,
  PrvtId,
  IdOthr,
  Adr,
  Acct,
  AcctId,
  AcctOthr,
  Agent,
  FinInst,
  FinOthr,
  ClrSys,
  PmtTp,
  SvcLvl,
  CtgyPurp,
  LclInstrm,
  ExDt,
  PmtId,
  Amt,
  Purp,
  RmtInf,
}

interface Frame {
  kind: K;
  local: string;
  at: Loc;
  text: string;
  /** The model object this element fills (party, address, account, agent, block, transaction ...). */
  obj: unknown;
  /** Ccy of an amount element. */
  attrs: XmlAttribute[];
  /** Collected codes of a party identifier or a service level, by element name. */
  codes: Record<string, string> | null;
  codeAt: Record<string, Loc> | null;
  children: number;
}

const txt = (s: string): string | undefined => {
  const t = s.trim();
  return t === '' ? undefined : t;
};

function put(target: { fieldAt: Record<string, Loc> }, key: string, f: Frame): void {
  const v = txt(f.text);
  if (v !== undefined) {
    (target as unknown as Record<string, unknown>)[key] = v;
    target.fieldAt[key] = f.at;
  }
}

const ADDRESS_FIELDS: Record<string, keyof ReadAddress> = {
  StrtNm: 'streetName',
  BldgNb: 'buildingNumber',
  PstCd: 'postCode',
  TwnNm: 'townName',
  CtrySubDvsn: 'countrySubDivision',
  Ctry: 'countryCode',
};

const PARTIES_IN_TX: Record<string, keyof ReadTransaction> = { UltmtDbtr: 'ultimateDebtor', Cdtr: 'creditor', UltmtCdtr: 'ultimateCreditor' };
const PARTIES_IN_BLOCK: Record<string, keyof ReadPaymentBlock> = { Dbtr: 'debtor', UltmtDbtr: 'ultimateDebtor' };

/**
 * The read model of readPain001 (pain.001.001.09) built from the reader's events of a document, for the elements
 * our writer produces. A sink of the writer (emit.ts).
 */
export class ReadModelBuilder implements WriteSink {
  model: Pain001ReadModel | null = null;
  /** Frames by depth, reused from element to element (no allocation per element). */
  private readonly frames: Frame[] = [];
  private depth = 0;
  private block: ReadPaymentBlock | null = null;

  open(_name: string, local: string, _prefix: string, ns: string, attributes: XmlAttribute[], line: number, column: number): void {
    const depth = this.depth;
    const parent = depth ? this.frames[depth - 1]! : null;
    const at: Loc = { line, column };
    let kind = K.Ignore;
    let obj: unknown = null;
    if (parent === null) {
      const version = PAIN_NAMESPACES[ns];
      if (local === 'Document' && version) {
        this.model = { version, namespace: ns, paymentBlocks: [] };
        kind = K.Doc;
      }
    } else {
      parent.children++;
      const p = parent.obj;
      switch (parent.kind) {
        case K.Doc:
          if (depth === 1) kind = K.Initn;
          break;
        case K.Initn:
          if (local === 'GrpHdr') {
            const g: ReadGroupHeader = { at, fieldAt: {} };
            this.model!.groupHeader = g;
            kind = K.GrpHdr;
            obj = g;
          } else if (local === 'PmtInf') {
            const b: ReadPaymentBlock = { transactions: [], at, fieldAt: {} };
            this.model!.paymentBlocks.push(b);
            this.block = b;
            kind = K.PmtInf;
            obj = b;
          }
          break;
        case K.GrpHdr:
          if (local === 'InitgPty') {
            const party: ReadParty = { at, fieldAt: {} };
            (p as ReadGroupHeader).initiatingParty = party;
            kind = K.Party;
            obj = party;
          } else kind = K.Leaf;
          break;
        case K.PmtInf: {
          const b = p as ReadPaymentBlock;
          const partyKey = PARTIES_IN_BLOCK[local];
          if (partyKey) {
            const party: ReadParty = { at, fieldAt: {} };
            (b as unknown as Record<string, unknown>)[partyKey] = party;
            kind = K.Party;
            obj = party;
          } else if (local === 'CdtTrfTxInf') {
            const t: ReadTransaction = { remittance: { unstructured: [], structured: 0 }, regulatoryReporting: false, at, fieldAt: {} };
            b.transactions.push(t);
            kind = K.Tx;
            obj = t;
          } else if (local === 'PmtTpInf') {
            const pt: ReadPaymentType = { serviceLevels: [] };
            b.paymentType = pt;
            b.fieldAt.paymentType = at;
            kind = K.PmtTp;
            obj = pt;
          } else if (local === 'ReqdExctnDt') {
            b.fieldAt.executionDate = at;
            kind = K.ExDt;
            obj = b;
          } else if (local === 'DbtrAcct') {
            const a: ReadAccount = { at, fieldAt: {} };
            b.debtorAccount = a;
            kind = K.Acct;
            obj = a;
          } else if (local === 'DbtrAgt') {
            const a: ReadAgent = { at, fieldAt: {} };
            b.debtorAgent = a;
            kind = K.Agent;
            obj = a;
          } else kind = K.Leaf;
          break;
        }
        case K.Tx: {
          const t = p as ReadTransaction;
          const partyKey = PARTIES_IN_TX[local];
          if (partyKey) {
            const party: ReadParty = { at, fieldAt: {} };
            (t as unknown as Record<string, unknown>)[partyKey] = party;
            kind = K.Party;
            obj = party;
          } else if (local === 'PmtId') {
            kind = K.PmtId;
            obj = t;
          } else if (local === 'Amt') {
            t.fieldAt.amountBlock = at;
            kind = K.Amt;
            obj = t;
          } else if (local === 'CdtrAgt') {
            const a: ReadAgent = { at, fieldAt: {} };
            t.creditorAgent = a;
            kind = K.Agent;
            obj = a;
          } else if (local === 'CdtrAcct') {
            const a: ReadAccount = { at, fieldAt: {} };
            t.creditorAccount = a;
            kind = K.Acct;
            obj = a;
          } else if (local === 'PmtTpInf') {
            const pt: ReadPaymentType = { serviceLevels: [] };
            t.paymentType = pt;
            kind = K.PmtTp;
            obj = pt;
          } else if (local === 'Purp') {
            kind = K.Purp;
            obj = t;
          } else if (local === 'RmtInf') {
            t.fieldAt.remittance = at;
            kind = K.RmtInf;
            obj = t;
          } else if (local === 'RgltryRptg') t.regulatoryReporting = true;
          else kind = K.Leaf;
          break;
        }
        case K.Party:
          if (local === 'PstlAdr') {
            const a: ReadAddress = { addressLines: [] };
            (p as ReadParty).address = a;
            (p as ReadParty).fieldAt.address = at;
            kind = K.Adr;
            obj = a;
          } else if (local === 'Id') {
            kind = K.PartyId;
            obj = p;
          } else kind = K.Leaf;
          break;
        case K.PartyId:
          if (local === 'OrgId' || local === 'PrvtId') {
            kind = local === 'OrgId' ? K.OrgId : K.PrvtId;
            obj = parent;
          }
          break;
        case K.OrgId:
        case K.PrvtId:
          kind = local === 'Othr' ? K.IdOthr : K.Leaf;
          obj = parent;
          break;
        case K.IdOthr:
          kind = K.Leaf;
          break;
        case K.Adr:
          kind = K.Leaf;
          break;
        case K.Acct:
          kind = local === 'Id' ? K.AcctId : K.Leaf;
          obj = p;
          break;
        case K.AcctId:
          kind = local === 'Othr' ? K.AcctOthr : K.Leaf;
          obj = p;
          break;
        case K.AcctOthr:
          kind = K.Leaf;
          break;
        case K.Agent:
          if (local === 'FinInstnId' && !parent.codes) {
            parent.codes = {};
            kind = K.FinInst;
            obj = p;
          }
          break;
        case K.FinInst:
          if (local === 'PstlAdr') {
            const a: ReadAddress = { addressLines: [] };
            (p as ReadAgent).address = a;
            kind = K.Adr;
            obj = a;
          } else if (local === 'Othr') kind = K.FinOthr;
          else if (local === 'ClrSysMmbId') kind = K.ClrSys;
          else kind = K.Leaf;
          if (kind !== K.Adr) obj = p;
          break;
        case K.FinOthr:
        case K.ClrSys:
          kind = K.Leaf;
          break;
        case K.PmtTp:
          if (local === 'SvcLvl') kind = K.SvcLvl;
          else if (local === 'CtgyPurp') kind = K.CtgyPurp;
          else if (local === 'LclInstrm') kind = K.LclInstrm;
          else kind = K.Leaf;
          obj = p;
          break;
        case K.SvcLvl:
        case K.CtgyPurp:
        case K.LclInstrm:
        case K.ExDt:
        case K.PmtId:
        case K.Amt:
        case K.Purp:
        case K.RmtInf:
          kind = K.Leaf;
          break;
        default:
          kind = K.Ignore;
      }
    }
    let f = this.frames[depth];
    if (f === undefined) {
      f = { kind, local, at, text: '', obj, attrs: attributes, codes: null, codeAt: null, children: 0 };
      this.frames.push(f);
    } else {
      f.kind = kind;
      f.local = local;
      f.at = at;
      f.text = '';
      f.obj = obj;
      f.attrs = attributes;
      f.codes = null;
      f.codeAt = null;
      f.children = 0;
    }
    this.depth = depth + 1;
  }

  text(t: string): void {
    if (this.depth) this.frames[this.depth - 1]!.text += t;
  }

  close(): void {
    const depth = --this.depth;
    const f = this.frames[depth]!;
    const parent = depth ? this.frames[depth - 1] : undefined;
    if (f.kind === K.Leaf && parent) this.leaf(parent, f);
    else this.done(f);
  }

  /** A leaf element closed: its value goes where readPain001 puts it. */
  private leaf(parent: Frame, f: Frame): void {
    const local = f.local;
    const p = parent.obj;
    switch (parent.kind) {
      case K.GrpHdr: {
        const g = p as ReadGroupHeader;
        if (local === 'MsgId') put(g, 'messageId', f);
        else if (local === 'CreDtTm') put(g, 'createdAt', f);
        else if (local === 'NbOfTxs') put(g, 'numberOfTransactions', f);
        else if (local === 'CtrlSum') put(g, 'controlSum', f);
        break;
      }
      case K.PmtInf: {
        const b = p as ReadPaymentBlock;
        if (local === 'PmtInfId') put(b, 'id', f);
        else if (local === 'PmtMtd') put(b, 'method', f);
        else if (local === 'BtchBookg') put(b, 'batchBooking', f);
        else if (local === 'NbOfTxs') put(b, 'numberOfTransactions', f);
        else if (local === 'CtrlSum') put(b, 'controlSum', f);
        else if (local === 'ChrgBr') put(b, 'chargeBearer', f);
        break;
      }
      case K.Tx:
        if (local === 'ChrgBr') put(p as ReadTransaction, 'chargeBearer', f);
        break;
      case K.PmtId: {
        const t = p as ReadTransaction;
        if (local === 'InstrId') put(t, 'instructionId', f);
        else if (local === 'EndToEndId') {
          t.endToEndId = f.text.trim();
          t.fieldAt.endToEndId = f.at;
        }
        break;
      }
      case K.Amt: {
        const t = p as ReadTransaction;
        if (local === 'InstdAmt') {
          t.amount = f.text.trim();
          t.fieldAt.amount = f.at;
          for (const a of f.attrs)
            if (a.local === 'Ccy') {
              t.currency = a.value.trim();
              break;
            }
        }
        break;
      }
      case K.Purp:
        // put(t, 'purpose', Purp/Cd ?? Purp/Prtry): decided when Purp closes.
        if ((local === 'Cd' || local === 'Prtry') && !(local in (parent.codes ??= {}))) {
          parent.codes[local] = f.text;
          (parent.codeAt ??= {})[local] = f.at;
        }
        break;
      case K.RmtInf:
        if (local === 'Ustrd') (p as ReadTransaction).remittance.unstructured.push(f.text);
        break;
      case K.Party:
        if (local === 'Nm') put(p as ReadParty, 'name', f);
        break;
      case K.OrgId:
      case K.PrvtId:
      case K.IdOthr:
        // Party identifiers are decided when the Id element closes (readParty's order of preference).
        this.partyCode(parent, local, f.text);
        break;
      case K.Adr: {
        const a = p as ReadAddress;
        if (local === 'AdrLine') {
          const v = f.text.trim();
          if (v !== '') a.addressLines.push(v);
        } else {
          const key = ADDRESS_FIELDS[local];
          const v = txt(f.text);
          if (key && v !== undefined && !(key in a)) (a as unknown as Record<string, string>)[key] = v;
        }
        break;
      }
      case K.Acct:
        if (local === 'Ccy') putFirst(p as ReadAccount, 'currency', f);
        break;
      case K.AcctId:
        if (local === 'IBAN') putFirst(p as ReadAccount, 'iban', f);
        break;
      case K.AcctOthr:
        if (local === 'Id') putFirst(p as ReadAccount, 'other', f);
        break;
      case K.FinInst: {
        const a = p as ReadAgent;
        if (local === 'BICFI' || local === 'BIC') putFirst(a, 'bic', f);
        else if (local === 'Nm') putFirst(a, 'name', f);
        break;
      }
      case K.FinOthr:
        if (local === 'Id') putFirst(p as ReadAgent, 'other', f);
        break;
      case K.ClrSys:
        if (local === 'MmbId') putFirst(p as ReadAgent, 'clearingMemberId', f);
        break;
      case K.PmtTp: {
        const t = p as ReadPaymentType;
        if (local === 'InstrPrty') {
          const v = txt(f.text);
          if (v) t.instructionPriority = v;
        }
        break;
      }
      case K.SvcLvl:
      case K.CtgyPurp:
      case K.LclInstrm:
        if (local === 'Cd' || local === 'Prtry') {
          const codes = (parent.codes ??= {});
          if (!(local in codes)) codes[local] = f.text;
        }
        break;
      case K.ExDt:
        if (local === 'Dt' || local === 'DtTm') {
          const codes = (parent.codes ??= {});
          if (!(local in codes)) codes[local] = f.text;
        }
        break;
      default:
        break;
    }
  }

  /** The identifier of a party, collected by its element (AnyBIC, BICOrBEI, LEI under OrgId; Id under Othr). */
  private partyCode(parent: Frame, local: string, text: string): void {
    // parent.obj is the PartyId frame for OrgId/PrvtId children, the OrgId/PrvtId frame for Othr children.
    if (parent.kind === K.IdOthr) {
      if (local !== 'Id') return;
      const owner = parent.obj as Frame;
      const idFrame = owner.obj as Frame;
      const codes = (idFrame.codes ??= {});
      const key = owner.kind === K.OrgId ? 'OrgOthrId' : 'PrvtOthrId';
      if (!(key in codes) && !(`${key}#` in codes)) codes[key] = text;
      codes[`${key}#`] = '';
      return;
    }
    if (parent.kind !== K.OrgId || (local !== 'AnyBIC' && local !== 'BICOrBEI' && local !== 'LEI')) return;
    const idFrame = parent.obj as Frame;
    const codes = (idFrame.codes ??= {});
    if (!(local in codes)) codes[local] = text;
  }

  /** A structured element closed: what readPain001 derives from its children. */
  private done(f: Frame): void {
    switch (f.kind) {
      case K.PmtInf:
        this.block = null;
        break;
      case K.PartyId: {
        const c = f.codes;
        if (!c) break;
        const v = txt1(c.AnyBIC) ?? txt1(c.BICOrBEI) ?? txt1(c.LEI) ?? txt1(c.OrgOthrId) ?? txt1(c.PrvtOthrId);
        const party = f.obj as ReadParty;
        if (v !== undefined && !('id' in party)) {
          party.id = v;
          party.fieldAt.id = f.at;
        }
        break;
      }
      case K.OrgId:
      case K.PrvtId:
        break;
      case K.SvcLvl: {
        const c = f.codes;
        const v = (c && (txt1(c.Cd) ?? txt1(c.Prtry))) ?? '';
        if (v !== '') (f.obj as ReadPaymentType).serviceLevels.push(v);
        break;
      }
      case K.CtgyPurp:
      case K.LclInstrm: {
        const c = f.codes;
        const v = c ? (txt1(c.Cd) ?? txt1(c.Prtry)) : undefined;
        const t = f.obj as ReadPaymentType;
        if (v) {
          if (f.kind === K.CtgyPurp) t.categoryPurpose ??= v;
          else t.localInstrument ??= v;
        }
        break;
      }
      case K.ExDt: {
        const b = f.obj as ReadPaymentBlock;
        if (f.children === 0) {
          const v = txt(f.text);
          if (v !== undefined) b.executionDate = v;
        } else {
          const dt = txt1(f.codes?.Dt);
          const dtm = txt1(f.codes?.DtTm);
          if (dt !== undefined) b.executionDate = dt;
          if (dtm !== undefined) {
            b.executionDateTime = dtm;
            b.executionDate = dtm.slice(0, 10);
          }
        }
        break;
      }
      case K.Purp: {
        const c = f.codes;
        const local = c === null ? undefined : 'Cd' in c ? 'Cd' : 'Prtry' in c ? 'Prtry' : undefined;
        const v = local ? txt(c![local]!) : undefined;
        if (local && v !== undefined) {
          const t = f.obj as ReadTransaction;
          t.purpose = v;
          t.fieldAt.purpose = f.codeAt![local]!;
        }
        break;
      }
      default:
        break;
    }
  }
}

const txt1 = (s: string | undefined): string | undefined => (s === undefined ? undefined : txt(s));

/** put for fields readPain001 takes from the first such child (`child()`): a later one does not overwrite. */
function putFirst(target: { fieldAt: Record<string, Loc> }, key: string, f: Frame): void {
  if (key in target.fieldAt) return;
  put(target, key, f);
}

export interface GateOutcome {
  xml: string;
  blocks: PaymentBlockPlan[];
  /** What validatePain001 says about `xml`. */
  check: Pain001ValidationResult;
  /** True when the schema and the model came from the writer's events (no second read). */
  onePass: boolean;
}

/**
 * Writes the file and judges it in the same pass. `validate` is the reading path for a schema set the store does
 * not validate natively (validatePain001 on the output with the same options).
 */
export async function writeAndGate(
  run: PaymentRun,
  profile: Profile,
  opts: WriteOptions,
  check: ValidateOptions & { schemaStore?: SchemaStore | undefined },
  validate: (xml: string) => Promise<Pain001ValidationResult>,
): Promise<GateOutcome> {
  const setId = schemaSetFor('09', profile);
  const maxFindings = check.maxFindings ?? 1000;
  const native = check.schemaStore?.nativeValidation(setId, { maxFindings }) ?? null;
  if (!native) {
    const { xml, blocks } = writePain001(run, profile, opts);
    return { xml, blocks, check: await validate(xml), onePass: false };
  }
  const builder = new ReadModelBuilder();
  const { xml, blocks } = writePain001(run, profile, opts, [native.tap, builder]);
  const result: XsdResult | null = native.result();
  if (!builder.model) return { xml, blocks, check: await validate(xml), onePass: false };
  // The native validation said it cannot judge the document like libxml2 (assessPain001 then validates `xml`).
  const shared = { result: (id: string) => (id === setId ? result : null) };
  return { xml, blocks, check: await assessPain001(builder.model, xml, { ...check, profile }, shared), onePass: result !== null };
}
