/**
 * readPain001: streams a pain.001 file (.001.09 or .001.03) into the read model. No element tree is built: the
 * reader's events (start tag, text, end tag) drive a small grammar of the parts the model holds (`pain001Reader`),
 * and the text of an element is only collected where the model keeps it, so memory stays flat for large batches.
 * A file that breaks off after its root element still yields a model (with `malformed`), so the caller can report
 * the defect with its position; a file that is not a supported pain.001 throws Pain001Error.
 *
 * The model is what the earlier element-tree reader made of the same file, duplicates and odd orders included:
 * where that reader took the first child of a name (`child`, `find`), later ones are skipped here; where it took
 * every child (`elements`) or every child of a payment block, each one is applied in document order. The
 * differential test (test/reader.differential.test.ts) holds both readers to the same models.
 */
import { streamXmlEvents, defaultXmlLimits, KontorXmlError, type StreamTap, type XmlAttribute } from '@kontor/xml';
import type { Lang } from '@kontor/xml';
import { Pain001Error } from '../errors';
import { sayer, type Say } from '../messages';
import { packLoc } from './position';
import type { Loc, Pain001ReadModel, ReadAccount, ReadAddress, ReadAgent, ReadGroupHeader, ReadParty, ReadPaymentBlock, ReadPaymentType, ReadTransaction } from './model';

export const PAIN_NAMESPACES: Record<string, '09' | '03'> = {
  'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09': '09',
  'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03': '03',
};

/**
 * Structural bounds of one pain.001, so that work and memory follow real payment files rather than whatever a
 * hostile file repeats: generous defaults that real files never reach (the 10 MB upload limit holds about
 * 30,000 real transactions).
 */
export interface Pain001Limits {
  /** Payment blocks (PmtInf) per file. */
  maxPaymentBlocks: number;
  /** Transactions (CdtTrfTxInf) per file, all blocks together. */
  maxTransactions: number;
}

export const defaultPain001Limits: Pain001Limits = {
  maxPaymentBlocks: 500_000,
  maxTransactions: 1_000_000,
};

// ------------------------------------------------------------------ the grammar

/** One open element: its place in the grammar (null: nothing of it is read), its collected text and scratch. */
class Frame {
  node: GNode | null = null;
  /** The model object the element's fields go to (inherited from the parent unless the node opens its own). */
  ctx: unknown = null;
  text = '';
  line = 0;
  column = 0;
  /** Children of `once` nodes already seen (bit per node, see GNode.bit). */
  seen = 0;
  /** Where the search of the next child's name in the node's `names` starts: the last child's (see ModelReader.open). */
  cursor = 0;
  /** Any child element at all (ReqdExctnDt with or without Dt/DtTm). */
  hasChild = false;
  /** Scratch of the element for values its children report before it decides (first/fallback choices). */
  a: string | undefined = undefined;
  b: string | undefined = undefined;
  c: string | undefined = undefined;
  d: string | undefined = undefined;
  aLine = 0;
  aColumn = 0;
  flag = false;
  stash: EqvtStash | null = null;
  /** How the reader keeps positions (POSITION_* below): set once when the reader makes the frame. */
  positions = POSITION_OBJECTS;
}

interface EqvtStash {
  amount: string | undefined;
  line: number;
  column: number;
  currency: string | undefined;
  transferCurrency: string | undefined;
}

/** The state of one read, handed to the grammar's actions. */
interface ReadState {
  model: Pain001ReadModel | undefined;
  limits: Pain001Limits;
  transactions: number;
  say: Say;
  /**
   * The tap (ReadOptions) that gets every event of the document element and inside it, after the reader's own
   * handling of a start tag and before it of text and end tags. IDLE until the document element is open.
   */
  first: StreamTap;
  /** Asked at the document element for `first` (ReadOptions.tapFor), or null. */
  tapFor: ((ns: string) => StreamTap | null) | null;
  /** The tap of ReadOptions.tap (becomes `first` at the document element when there is no tapFor), or null. */
  tap: StreamTap | null;
}

interface GNode {
  /** Only the first element of this name in its parent is read (the tree reader's child()/find()); later ones are skipped. */
  once: boolean;
  bit: number;
  /** Collect the element's direct text. */
  text: boolean;
  /**
   * The child elements read, by local name, in the grammar's order (the schema's): names[i]'s node is nodes[i].
   * Searched by === from the last child's place on: names are interned by the reader and the grammar alike, so each
   * comparison is one of references, and in schema order the next child is found in one or a few.
   */
  names: string[];
  nodes: GNode[];
  /** Every child element, whatever its name (only the document element's children). */
  any: GNode | null;
  /** `local` and `ns`: the element's name (only the document element's open looks at them). */
  open: ((f: Frame, parent: Frame, st: ReadState, attributes: XmlAttribute[], local: string, ns: string) => void) | null;
  close: ((f: Frame, parent: Frame, st: ReadState) => void) | null;
}

function node(
  spec: {
    once?: boolean;
    text?: boolean;
    any?: GNode;
    open?: GNode['open'];
    close?: GNode['close'];
  },
  children?: Record<string, GNode>,
): GNode {
  const names: string[] = [];
  const nodes: GNode[] = [];
  if (children) {
    let bit = 1;
    for (const [name, n] of Object.entries(children)) {
      // Nodes are shared between parents only through factories (a fresh node per use), so the bit is this parent's.
      if (n.once) {
        if (bit === 0) throw new Error('grammar: more than 31 first-only children');
        n.bit = bit;
        bit = bit === 0x40000000 ? 0 : bit << 1;
      }
      names.push(name);
      nodes.push(n);
    }
  }
  return { once: spec.once ?? false, bit: 0, text: spec.text ?? false, names, nodes, any: spec.any ?? null, open: spec.open ?? null, close: spec.close ?? null };
}

/** The trimmed text, or undefined when it is empty (the tree reader's txt()). */
function txt(t: string): string | undefined {
  const v = t.trim();
  return v === '' ? undefined : v;
}

/** Positions as { line, column } objects (public models). */
const POSITION_OBJECTS = 0;
/** None: one shared NO_POSITION (pain001Reader's `positions: false`). */
const POSITION_NONE = 1;
/** Small integers (position.ts; validatePain001's own model, decoded by the rules for findings). */
const POSITION_PACKED = 2;

/** A tap that takes no event (ReadState.first before the document element, and when there is no tap). */
const IDLE: StreamTap = { open() {}, close() {}, text() {} };

/** Every position of a reader without positions (pain001Reader's `positions: false`). */
const NO_POSITION: Loc = Object.freeze({ line: 0, column: 0 });

/** A position in the reader of frame `f` (the element's own, or one a child reported to its scratch). */
function locAt(f: Frame, line: number, column: number): Loc {
  const mode = f.positions;
  if (mode === POSITION_OBJECTS) return { line, column };
  return mode === POSITION_NONE ? NO_POSITION : packLoc(line, column);
}
const loc = (f: Frame): Loc => locAt(f, f.line, f.column);

/** Sets a field and its position when the element has non-blank text (the tree reader's put()). */
function put(ctx: unknown, key: string, f: Frame): void {
  const target = ctx as { fieldAt: Record<string, Loc> };
  const v = txt(f.text);
  if (v !== undefined) {
    (target as unknown as Record<string, unknown>)[key] = v;
    target.fieldAt[key] = loc(f);
  }
}

/** A text element whose value goes to `key` of the context object. */
const field = (key: string, once = true) => node({ once, text: true, close: (f) => put(f.ctx, key, f) });

/**
 * The same for the fields every transaction has (creditor name, IBAN, BIC): named stores instead of put()'s keyed
 * ones, whose many keys make them slow lookups of their own.
 */
const nameField = () =>
  node({
    once: true,
    text: true,
    close(f) {
      const v = txt(f.text);
      if (v !== undefined) {
        const p = f.ctx as ReadParty | ReadAgent;
        p.name = v;
        p.fieldAt.name = loc(f);
      }
    },
  });
const ibanField = () =>
  node({
    once: true,
    text: true,
    close(f) {
      const v = txt(f.text);
      if (v !== undefined) {
        const a = f.ctx as ReadAccount;
        a.iban = v;
        a.fieldAt.iban = loc(f);
      }
    },
  });

/** A text element that reports its trimmed text (or undefined) to a scratch slot of its parent. */
const toParentA = () => node({ once: true, text: true, close: (f, p) => void (p.a = txt(f.text)) });
const toParentB = () => node({ once: true, text: true, close: (f, p) => void (p.b = txt(f.text)) });
const toParentC = () => node({ once: true, text: true, close: (f, p) => void (p.c = txt(f.text)) });
const toParentD = () => node({ once: true, text: true, close: (f, p) => void (p.d = txt(f.text)) });

/**
 * Open handlers that give the element a fresh context object (its children's fields go there): plain functions, one
 * per kind of object. (One closure factory for all of them made a single function whose call of its `make` saw every
 * kind: a call V8 could not inline, in every party, account and agent.)
 */
function openGroupHeader(f: Frame): void {
  const o: ReadGroupHeader = { at: loc(f), fieldAt: {} };
  f.ctx = o;
}
// Parties, accounts, agents and transactions are made with the field nearly every one of them gets (name, iban, bic;
// a transaction's id, amount, currency, creditor parts) already declared, undefined until read: a field added after
// the literal goes to a separate property store, a young object of its own, where a declared one stays in the object
// that the literal's allocation site lets V8 allocate in the old generation once it sees that they all survive the
// read (pretenuring) — so the scavenges copy fewer objects per payment. (A class, without allocation site, did not pay.)
function openParty(f: Frame): void {
  // address too: a debtor's (with address) and a creditor's (often without) have one shape for the rules.
  const o: ReadParty = { at: loc(f), fieldAt: {}, name: undefined, address: undefined };
  f.ctx = o;
}
function openAccount(f: Frame): void {
  const o: ReadAccount = { at: loc(f), fieldAt: {}, iban: undefined };
  f.ctx = o;
}
function openAgent(f: Frame): void {
  const o: ReadAgent = { at: loc(f), fieldAt: {}, bic: undefined };
  f.ctx = o;
}
function openAddress(f: Frame): void {
  const a: ReadAddress = { addressLines: [] };
  f.ctx = a;
}
function openPaymentType(f: Frame): void {
  const t: ReadPaymentType = { serviceLevels: [] };
  f.ctx = t;
}

// -- address
const ADDRESS_FIELDS: [string, keyof ReadAddress][] = [
  ['StrtNm', 'streetName'],
  ['BldgNb', 'buildingNumber'],
  ['PstCd', 'postCode'],
  ['TwnNm', 'townName'],
  ['CtrySubDvsn', 'countrySubDivision'],
  ['Ctry', 'countryCode'],
];
/**
 * The part factories below take the part's close handler as the node's own (it finds the part in `f.ctx`): a wrapper
 * made by the factory, calling a different handler for each use, would be one function whose call V8 cannot inline.
 */
function addressNode(close: (f: Frame, parent: Frame) => void): GNode {
  const kids: Record<string, GNode> = {
    AdrLine: node({
      text: true,
      close: (f) => {
        const v = f.text.trim();
        if (v !== '') (f.ctx as ReadAddress).addressLines.push(v);
      },
    }),
  };
  for (const [local, key] of ADDRESS_FIELDS)
    kids[local] = node({
      once: true,
      text: true,
      close: (f) => {
        const v = txt(f.text);
        if (v !== undefined) (f.ctx as unknown as Record<string, string>)[key] = v;
      },
    });
  return node({ once: true, open: openAddress, close }, kids);
}

// -- party: name, address, first identifier (AnyBIC/BICOrBEI, LEI, Othr/Id of OrgId, then Othr/Id of PrvtId)
function partyNode(once: boolean, close: (f: Frame, parent: Frame) => void): GNode {
  const othr = () => node({ once: true, close: (f, p) => void (p.b = f.a) }, { Id: toParentA() });
  return node(
    { once, open: openParty, close },
    {
      Nm: nameField(),
      PstlAdr: addressNode((f, p) => {
        const party = p.ctx as ReadParty;
        party.address = f.ctx as ReadAddress;
        party.fieldAt.address = loc(f);
      }),
      Id: node(
        {
          once: true,
          close: (f) => {
            const v = f.a ?? f.b;
            if (v !== undefined) {
              const party = f.ctx as ReadParty;
              party.id = v;
              party.fieldAt.id = loc(f);
            }
          },
        },
        {
          // AnyBIC (a) ?? BICOrBEI (c) ?? LEI (d) ?? Othr/Id (b), to the Id element's a.
          OrgId: node({ once: true, close: (f, p) => void (p.a = f.a ?? f.c ?? f.d ?? f.b) }, { AnyBIC: toParentA(), BICOrBEI: toParentC(), LEI: toParentD(), Othr: othr() }),
          PrvtId: node({ once: true, close: (f, p) => void (p.b = f.b) }, { Othr: othr() }),
        },
      ),
    },
  );
}

// -- account
function accountNode(once: boolean, close: (f: Frame, parent: Frame) => void): GNode {
  return node(
    { once, open: openAccount, close },
    {
      Id: node({ once: true }, { IBAN: ibanField(), Othr: node({ once: true }, { Id: field('other') }) }),
      Ccy: field('currency'),
    },
  );
}

// -- agent: FinInstnId with BICFI (or BIC when there is no BICFI element), clearing member, name, other id, address
function agentNode(once: boolean, close: (f: Frame, parent: Frame) => void): GNode {
  return node(
    { once, open: openAgent, close },
    {
      FinInstnId: node(
        {
          once: true,
          close: (f) => {
            // BIC counts only when the element has no BICFI child (flag), as `child('BICFI') ?? child('BIC')`.
            if (!f.flag && f.a !== undefined) {
              const a = f.ctx as ReadAgent;
              a.bic = f.a;
              a.fieldAt.bic = locAt(f, f.aLine, f.aColumn);
            }
          },
        },
        {
          BICFI: node({
            once: true,
            text: true,
            close: (f, p) => {
              p.flag = true;
              const v = txt(f.text);
              if (v !== undefined) {
                const a = f.ctx as ReadAgent;
                a.bic = v;
                a.fieldAt.bic = loc(f);
              }
            },
          }),
          BIC: node({
            once: true,
            text: true,
            close: (f, p) => {
              p.a = txt(f.text);
              p.aLine = f.line;
              p.aColumn = f.column;
            },
          }),
          ClrSysMmbId: node({ once: true }, { MmbId: field('clearingMemberId') }),
          Nm: nameField(),
          Othr: node({ once: true }, { Id: field('other') }),
          PstlAdr: addressNode((f, p) => void ((p.ctx as ReadAgent).address = f.ctx as ReadAddress)),
        },
      ),
    },
  );
}

// -- payment type: service levels (Cd, else Prtry, of every SvcLvl), priority, local instrument, category purpose
function codeOrProprietary(once: boolean, close: (v: string | undefined, f: Frame) => void): GNode {
  return node({ once, close: (f) => close(f.a ?? f.b, f) }, { Cd: toParentA(), Prtry: toParentB() });
}
function paymentTypeNode(once: boolean, close: (t: ReadPaymentType, f: Frame, parent: Frame) => void): GNode {
  return node(
    { once, open: openPaymentType, close: (f, p) => close(f.ctx as ReadPaymentType, f, p) },
    {
      InstrPrty: node({
        once: true,
        text: true,
        close: (f) => {
          const v = txt(f.text);
          if (v) (f.ctx as ReadPaymentType).instructionPriority = v;
        },
      }),
      SvcLvl: codeOrProprietary(false, (v, f) => {
        if (v) (f.ctx as ReadPaymentType).serviceLevels.push(v);
      }),
      LclInstrm: codeOrProprietary(true, (v, f) => {
        if (v) (f.ctx as ReadPaymentType).localInstrument = v;
      }),
      CtgyPurp: codeOrProprietary(true, (v, f) => {
        if (v) (f.ctx as ReadPaymentType).categoryPurpose = v;
      }),
    },
  );
}

// -- transaction
const ccyOf = (attributes: XmlAttribute[]): string | undefined => {
  // An index loop: for-of's iterator is slow in the unoptimised code of a process's first reads.
  for (let i = 0; i < attributes.length; i++) {
    const a = attributes[i]!;
    if (a.local === 'Ccy' && a.ns === '') return a.value;
  }
  return undefined;
};

const TRANSACTION = node(
  {
    open(f, _p, st) {
      if (++st.transactions > st.limits.maxTransactions) throw beyond(st, 'maxTransactions', 'W_TRANSACTIONS', f);
      f.ctx = {
        remittance: { unstructured: [], structured: 0 },
        regulatoryReporting: false,
        at: loc(f),
        fieldAt: {},
        endToEndId: undefined,
        amount: undefined,
        currency: undefined,
        creditorAgent: undefined,
        creditor: undefined,
        creditorAccount: undefined,
      } satisfies ReadTransaction;
    },
    close: (f, p) => void (p.ctx as ReadPaymentBlock).transactions.push(f.ctx as ReadTransaction),
  },
  {
    PmtId: node(
      { once: true },
      {
        InstrId: field('instructionId'),
        EndToEndId: node({
          once: true,
          text: true,
          close(f) {
            const t = f.ctx as ReadTransaction;
            t.endToEndId = f.text.trim();
            t.fieldAt.endToEndId = loc(f);
          },
        }),
      },
    ),
    PmtTpInf: paymentTypeNode(true, (pt, _f, p) => void ((p.ctx as ReadTransaction).paymentType = pt)),
    Amt: node(
      {
        once: true,
        open(f) {
          (f.ctx as ReadTransaction).fieldAt.amountBlock = loc(f);
        },
        close(f) {
          // InstdAmt (flag) wins over EqvtAmt wherever they stand.
          const s = f.stash;
          if (f.flag || s === null) return;
          const t = f.ctx as ReadTransaction;
          if (s.amount !== undefined) {
            t.amount = s.amount;
            t.fieldAt.amount = locAt(f, s.line, s.column);
            if (s.currency !== undefined) t.currency = s.currency.trim();
          }
          if (s.transferCurrency) t.transferCurrency = s.transferCurrency;
        },
      },
      {
        InstdAmt: node({
          once: true,
          text: true,
          open: (f, _p, _st, attributes) => void (f.a = ccyOf(attributes)),
          close(f, p) {
            p.flag = true;
            const t = f.ctx as ReadTransaction;
            t.amount = f.text.trim();
            t.fieldAt.amount = loc(f);
            if (f.a !== undefined) t.currency = f.a.trim();
          },
        }),
        EqvtAmt: node(
          {
            once: true,
            open: (f) => void (f.stash = { amount: undefined, line: 0, column: 0, currency: undefined, transferCurrency: undefined }),
            close: (f, p) => void (p.stash = f.stash),
          },
          {
            Amt: node({
              once: true,
              text: true,
              open: (f, _p, _st, attributes) => void (f.a = ccyOf(attributes)),
              close(f, p) {
                const s = p.stash!;
                s.amount = f.text.trim();
                s.line = f.line;
                s.column = f.column;
                s.currency = f.a;
              },
            }),
            CcyOfTrf: node({ once: true, text: true, close: (f, p) => void (p.stash!.transferCurrency = txt(f.text)) }),
          },
        ),
      },
    ),
    ChrgBr: field('chargeBearer'),
    UltmtDbtr: partyNode(true, (f, p) => void ((p.ctx as ReadTransaction).ultimateDebtor = f.ctx as ReadParty)),
    CdtrAgt: agentNode(true, (f, p) => void ((p.ctx as ReadTransaction).creditorAgent = f.ctx as ReadAgent)),
    Cdtr: partyNode(true, (f, p) => void ((p.ctx as ReadTransaction).creditor = f.ctx as ReadParty)),
    CdtrAcct: accountNode(true, (f, p) => void ((p.ctx as ReadTransaction).creditorAccount = f.ctx as ReadAccount)),
    UltmtCdtr: partyNode(true, (f, p) => void ((p.ctx as ReadTransaction).ultimateCreditor = f.ctx as ReadParty)),
    Purp: node(
      {
        once: true,
        // Cd (flag, set directly) wins over Prtry (a) wherever they stand.
        close(f) {
          if (!f.flag && f.a !== undefined) {
            const t = f.ctx as ReadTransaction;
            t.purpose = f.a;
            t.fieldAt.purpose = locAt(f, f.aLine, f.aColumn);
          }
        },
      },
      {
        Cd: node({
          once: true,
          text: true,
          close(f, p) {
            p.flag = true;
            put(f.ctx, 'purpose', f);
          },
        }),
        Prtry: node({
          once: true,
          text: true,
          close(f, p) {
            p.a = txt(f.text);
            p.aLine = f.line;
            p.aColumn = f.column;
          },
        }),
      },
    ),
    RgltryRptg: node({ open: (f) => void ((f.ctx as ReadTransaction).regulatoryReporting = true) }),
    RmtInf: node(
      { once: true, open: (f) => void ((f.ctx as ReadTransaction).fieldAt.remittance = loc(f)) },
      {
        Ustrd: node({
          text: true,
          close(f) {
            // The first line replaces the empty array as a one-element array (a push would reserve room for 16).
            const r = (f.ctx as ReadTransaction).remittance;
            if (r.unstructured.length === 0) r.unstructured = [f.text];
            else r.unstructured.push(f.text);
          },
        }),
        Strd: node(
          {
            // Only the first Strd gives the creditor reference; the others are counted.
            open(f) {
              if ((f.ctx as ReadTransaction).remittance.structured++ > 0) f.node = STRD_COUNTED;
            },
          },
          {
            CdtrRefInf: node(
              { once: true },
              {
                Ref: node({
                  once: true,
                  text: true,
                  close(f) {
                    const v = txt(f.text);
                    if (v) (f.ctx as ReadTransaction).remittance.creditorReference = v;
                  },
                }),
              },
            ),
          },
        ),
      },
    ),
  },
);
const STRD_COUNTED = node({});

/**
 * An empty array whose elements are already objects (V8 elements kind PACKED_ELEMENTS): an empty literal starts
 * as a small-integer array, so the compiled push of the transaction's close had to handle that kind too, and
 * deoptimised ('not a Smi') when a block's list started as one again in a later read (call 4 of a process).
 */
function emptyObjectList<T extends object>(): T[] {
  const list = [NO_POSITION as unknown as T];
  list.length = 0;
  return list;
}

// -- payment block: every child is applied in document order (a later value of a field replaces an earlier one)
const BLOCK = node(
  {
    open(f, _p, st) {
      const m = st.model!;
      if (m.paymentBlocks.length >= st.limits.maxPaymentBlocks) throw beyond(st, 'maxPaymentBlocks', 'W_BLOCKS', f);
      const b: ReadPaymentBlock = { transactions: emptyObjectList<ReadTransaction>(), at: loc(f), fieldAt: {} };
      m.paymentBlocks.push(b);
      f.ctx = b;
    },
  },
  {
    PmtInfId: field('id', false),
    PmtMtd: field('method', false),
    BtchBookg: field('batchBooking', false),
    NbOfTxs: field('numberOfTransactions', false),
    CtrlSum: field('controlSum', false),
    PmtTpInf: paymentTypeNode(false, (pt, f, p) => {
      const b = p.ctx as ReadPaymentBlock;
      b.paymentType = pt;
      b.fieldAt.paymentType = loc(f);
    }),
    ReqdExctnDt: node(
      {
        text: true,
        close(f, _p, st) {
          const b = f.ctx as ReadPaymentBlock;
          b.fieldAt.executionDate = loc(f);
          if (st.model!.version === '03' || !f.hasChild) {
            const v = txt(f.text);
            if (v !== undefined) b.executionDate = v;
          } else {
            if (f.a !== undefined) b.executionDate = f.a;
            if (f.b !== undefined) {
              b.executionDateTime = f.b;
              b.executionDate = f.b.slice(0, 10);
            }
          }
        },
      },
      { Dt: toParentA(), DtTm: toParentB() },
    ),
    Dbtr: partyNode(false, (f, p) => void ((p.ctx as ReadPaymentBlock).debtor = f.ctx as ReadParty)),
    DbtrAcct: accountNode(false, (f, p) => void ((p.ctx as ReadPaymentBlock).debtorAccount = f.ctx as ReadAccount)),
    DbtrAgt: agentNode(false, (f, p) => void ((p.ctx as ReadPaymentBlock).debtorAgent = f.ctx as ReadAgent)),
    UltmtDbtr: partyNode(false, (f, p) => void ((p.ctx as ReadPaymentBlock).ultimateDebtor = f.ctx as ReadParty)),
    ChrgBr: field('chargeBearer', false),
    CdtTrfTxInf: TRANSACTION,
  },
);

const GROUP_HEADER = node(
  {
    open: openGroupHeader,
    close: (f, _p, st) => void (st.model!.groupHeader = f.ctx as ReadGroupHeader),
  },
  {
    MsgId: field('messageId'),
    CreDtTm: field('createdAt'),
    NbOfTxs: field('numberOfTransactions'),
    CtrlSum: field('controlSum'),
    InitgPty: partyNode(true, (f, p) => void ((p.ctx as ReadGroupHeader).initiatingParty = f.ctx as ReadParty)),
  },
);

/** The message element (CstmrCdtTrfInitn, whatever its name): group headers and payment blocks, each as often as they come. */
const MESSAGE = node({}, { GrpHdr: GROUP_HEADER, PmtInf: BLOCK });

/** The document element: a supported pain.001 or Pain001Error UNSUPPORTED_MESSAGE; the read model starts here. */
const DOCUMENT = node({
  any: MESSAGE,
  open(f, _p, st, _attributes, local, ns) {
    const version = PAIN_NAMESPACES[ns];
    if (local !== 'Document' || !version) {
      const say = st.say;
      const what = local === 'Document' ? say('W_NAMESPACE', { ns: ns || say('W_NO_NAMESPACE') }) : say('W_ROOT', { root: local, ns: ns || say('W_NO_NAMESPACE') });
      throw new Pain001Error('UNSUPPORTED_MESSAGE', say('E_UNSUPPORTED', { what }), {
        details: [{ code: 'UNSUPPORTED_MESSAGE', severity: 'error', message: say('E_UNSUPPORTED_DETAIL', { what }), line: 1, column: 1 }],
      });
    }
    st.model = { version, namespace: ns, paymentBlocks: [] };
    f.ctx = st.model;
    // Decided here (called once per read through the grammar's open call), not by a branch of the hot open().
    if (st.tapFor !== null) st.first = st.tapFor(ns) ?? IDLE;
    else if (st.tap !== null) st.first = st.tap;
  },
});

/**
 * Outside the document element (the reader's frame 0): its one child is the document element, whatever its name.
 * The document element is opened by the same code path as every other element (through DOCUMENT's open), not by a
 * branch of ModelReader.open of its own: a branch taken once per read, first at the very first event of a process
 * (before V8 collects type feedback), made the compiled open() throw itself away at the start of the second read.
 */
const OUTSIDE = node({ any: DOCUMENT });

function beyond(st: ReadState, limit: keyof Pain001Limits, whatKey: 'W_BLOCKS' | 'W_TRANSACTIONS', f: Frame): Pain001Error {
  const say = st.say;
  return new Pain001Error('LIMIT_EXCEEDED', say('E_LIMIT', { max: st.limits[limit], what: `@${whatKey}`, limit }), {
    details: [{ code: 'LIMIT_EXCEEDED', severity: 'error', message: say('E_LIMIT_DETAIL', { max: st.limits[limit], what: `@${whatKey}` }), line: f.line, column: f.column }],
  });
}

// ------------------------------------------------------------------ the event handler

export interface Pain001ReaderOptions {
  /** Structural limits (defaults: defaultPain001Limits); beyond them Pain001Error LIMIT_EXCEEDED is thrown. */
  limits?: Partial<Pain001Limits> | undefined;
  /** Language of refusal messages and their details (default de). */
  lang?: Lang | undefined;
  /**
   * false: every position in the model is one shared { line: 0, column: 0 } (no position object per node and field).
   * For a caller that uses the model's positions only in findings and redoes the model with positions when there
   * are any (the generation gate: a generated file has none in the common case). Default true.
   */
  positions?: boolean | undefined;
}

/** Inside the package: validatePain001's reader keeps positions as small integers (position.ts). */
interface InternalReaderOptions extends Pain001ReaderOptions {
  packedPositions?: boolean;
  /** ReadOptions.tapFor and ReadOptions.tap (readModel). */
  tapFor?: ((ns: string) => StreamTap | null) | undefined;
  tap?: StreamTap | undefined;
}

/**
 * The read model built from reader events: feed it a document's open/text/close events, then take `model()`.
 * Its functions are methods: call them on the reader (as streamXml's `tap` and the writer's sinks do), not detached.
 */
export interface Pain001Reader extends StreamTap {
  /** The model so far: undefined before the root element; complete after the root element closed. */
  model(): Pain001ReadModel | undefined;
}

/**
 * The read-model builder as a set of event handlers (the StreamTap shape of @kontor/xml's streaming reader), for
 * a producer that has the events without a file to read (the generation gate feeds it the writer's events).
 * Throws Pain001Error UNSUPPORTED_MESSAGE from `open` when the root element is not a supported pain.001, and
 * LIMIT_EXCEEDED beyond the structural limits; KontorXmlError XML_TOO_MANY_NODES when one retained part (the group
 * header or a child of a payment block) has more elements than the reader's element limit, as the tree reader had.
 * @example
 * ```ts
 * const r = pain001Reader({ lang: 'en' });
 * await streamXml(text, { keep: () => false, onElement() {}, tap: r });
 * const model = r.model(); // the same as readPain001(text)
 * ```
 */
export function pain001Reader(opts: Pain001ReaderOptions = {}): Pain001Reader {
  return new ModelReader(opts);
}

/**
 * pain001Reader's handlers as methods of a class: every read calls the same functions (prototype methods), so the
 * callers' optimised code (the writer's sinks, the read pass's taps) keeps its inlined call targets from one call to
 * the next instead of deoptimising on each read's fresh closures.
 */
class ModelReader implements Pain001Reader {
  private readonly st: ReadState;
  /** Open elements' frames, reused (made with one element so that every reader's array has the same elements kind). */
  private readonly frames: Frame[];
  private readonly positions: number;
  /** Open elements + 1: frames[0] is outside the document element (OUTSIDE), frames[depth - 1] the innermost open element's. */
  private depth = 1;
  /** Depth of the retained part being read (-1: none) and its elements so far. */
  private keptDepth = -1;
  private kept = 0;

  constructor(opts: Pain001ReaderOptions) {
    const internal = opts as InternalReaderOptions;
    this.st = {
      model: undefined,
      limits: { ...defaultPain001Limits, ...opts.limits },
      transactions: 0,
      say: sayer(opts.lang),
      first: IDLE,
      tapFor: internal.tapFor ?? null,
      tap: internal.tap ?? null,
    };
    this.positions = opts.positions === false ? POSITION_NONE : (opts as InternalReaderOptions).packedPositions ? POSITION_PACKED : POSITION_OBJECTS;
    const outside = this.frame();
    outside.node = OUTSIDE;
    this.frames = [outside];
  }

  private frame(): Frame {
    const f = new Frame();
    f.positions = this.positions;
    return f;
  }

  open(name: string, local: string, prefix: string, ns: string, attributes: XmlAttribute[], line: number, column: number): void {
    const st = this.st;
    const frames = this.frames;
    const d = this.depth++;
    const f = frames[d] ?? (frames[d] = this.frame());
    f.text = '';
    f.line = line;
    f.column = column;
    f.seen = 0;
    f.cursor = 0;
    f.hasChild = false;
    f.a = undefined;
    f.b = undefined;
    f.c = undefined;
    f.d = undefined;
    f.flag = false;
    f.stash = null;
    const parent = frames[d - 1]!;
    // Retained parts (the group header, each child of a payment block) count their elements like the tree reader did.
    if (this.keptDepth >= 0 && ++this.kept > MAX_KEPT) throw new KontorXmlError('XML_TOO_MANY_NODES', `More than ${MAX_KEPT} elements in one subtree`, { location: { line, column } });
    parent.hasChild = true;
    f.ctx = parent.ctx;
    const pn = parent.node;
    let n: GNode | null = null;
    if (pn !== null) {
      // `any` read for every element (only the two outermost nodes have one): a load in a branch taken only for them
      // would have no type feedback from a process's first read, and the compiled open() would deoptimise there.
      const any = pn.any;
      const names = pn.names;
      const len = names.length;
      let k = parent.cursor;
      for (let tries = 0; tries < len; tries++) {
        if (names[k] === local) {
          n = pn.nodes[k]!;
          parent.cursor = k;
          break;
        }
        k = k + 1 === len ? 0 : k + 1;
      }
      if (n === null) n = any;
      if (n?.once) {
        if ((parent.seen & n.bit) !== 0) n = null;
        else parent.seen |= n.bit;
      }
    }
    f.node = n;
    // (The group header is only at depth 3 and a block's children only at depth 4. Both comparisons are made for every
    // element, so that they have type feedback from a process's first read: see `any` above.)
    const retained = n === GROUP_HEADER || pn === BLOCK;
    if (this.keptDepth < 0 && retained) {
      this.keptDepth = d;
      this.kept = 1;
    }
    if (n !== null && n.open !== null) n.open(f, parent, st, attributes, local, ns);
    // (No call at all without a tap: the generation gate feeds this reader and the validation itself.)
    const first = st.first;
    if (first !== IDLE) first.open(name, local, prefix, ns, attributes, line, column);
  }

  text(t: string): void {
    // Text outside the root element goes to frame 0 (OUTSIDE), which reads none, and not to the tap (IDLE until then).
    const first = this.st.first;
    if (first !== IDLE) first.text(t);
    const f = this.frames[this.depth - 1]!;
    if (f.node?.text) f.text += t;
  }

  close(): void {
    const first = this.st.first;
    if (first !== IDLE) first.close();
    const d = --this.depth;
    const f = this.frames[d]!;
    const n = f.node;
    if (d === this.keptDepth) this.keptDepth = -1;
    if (n !== null && n.close !== null) n.close(f, this.frames[d - 1]!, this.st);
    f.ctx = null;
    f.stash = null;
  }

  model(): Pain001ReadModel | undefined {
    return this.st.model;
  }
}

const MAX_KEPT = defaultXmlLimits.maxElements;

export interface ReadOptions {
  maxBytes?: number;
  /** Structural limits (defaults: defaultPain001Limits); beyond them Pain001Error LIMIT_EXCEEDED is thrown. */
  limits?: Partial<Pain001Limits>;
  /** Language of refusal messages and their details (default de). */
  lang?: Lang | undefined;
  /**
   * Every event of the document element and inside it also goes here (e.g. a native XSD validation sharing this
   * pass): a start tag right after the reader took it, text and end tags before the reader takes them.
   */
  tap?: StreamTap | undefined;
  /**
   * Asked once, when the reader takes the document element's start tag, for a tap that gets that start tag and every
   * event after it as `tap` does (null: none; it takes the place of `tap`): the native XSD validation of xsd-pass.ts,
   * whose schema set follows from the root's namespace.
   */
  tapFor?: ((ns: string) => StreamTap | null) | undefined;
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
export async function readPain001(text: string, opts: ReadOptions = {}): Promise<Pain001ReadModel> {
  return readModel(text, opts, false);
}

/**
 * readPain001 with the positions as small integers when `packed` (position.ts): validatePain001's own read, whose
 * model only its rules see (they decode positions for findings). Not exported from the package.
 */
export async function readModel(text: string, opts: ReadOptions, packed: boolean): Promise<Pain001ReadModel> {
  const say = sayer(opts.lang);
  // The reader calls the tap itself (ReadState.first): one handler per event for streamXmlEvents.
  const reader = new ModelReader({ limits: opts.limits, lang: opts.lang, packedPositions: packed, tapFor: opts.tapFor, tap: opts.tap } as InternalReaderOptions);
  try {
    await streamXmlEvents(text, reader, opts.maxBytes ? { maxBytes: opts.maxBytes } : {});
  } catch (e) {
    if (e instanceof KontorXmlError) {
      if (e.code === 'XML_TOO_LARGE') throw new Pain001Error('INPUT_TOO_LARGE', e.message);
      const model = reader.model();
      if (!model)
        throw new Pain001Error('NOT_XML', say('E_NOT_XML', { detail: e.message }), {
          details: [{ code: e.code, severity: 'error', message: e.message, ...(e.location ? { line: e.location.line, column: e.location.column } : {}) }],
        });
      model.malformed = { code: e.code, message: e.message, ...(e.location ? { location: e.location } : {}) };
      return model;
    }
    throw e;
  }
  const model = reader.model();
  if (!model) throw new Pain001Error('NOT_XML', say('E_NO_ROOT'));
  return model;
}
