/**
 * The rule engine's contract. A rule is small and readable: official id, official flag, the BT/BG it concerns,
 * our own short message, and a check over the shared read model (CiiDoc) that reports the offending nodes.
 *
 * Schematron semantics we reproduce: a pattern is a list of rule contexts; within one pattern an element is
 * matched by the FIRST context (highest priority) whose match succeeds, and only the assertions of that context
 * run on it. `Pattern` / `ContextDef` model exactly that, and `CiiDoc.nodes(ctx)` returns the elements a
 * context really fires on, so a rule never has to think about shadowing.
 */
import type { Finding, MessageTexts, XmlElement } from '@kontor/xml';
import type Big from 'big.js';

/** The flag as the official schematron states it. */
export type RuleFlag = 'fatal' | 'warning' | 'information';
export type RuleSet = 'en16931' | 'xrechnung';
export type Severity = 'error' | 'warning' | 'info';

export interface RuleDef {
  /** Official rule id, e.g. BR-CO-13, CII-SR-012, BR-DE-2, PEPPOL-EN16931-R008. */
  id: string;
  flag: RuleFlag;
  ruleset: RuleSet;
  /** Business term(s) concerned, e.g. 'BT-112' or 'BG-23'. */
  bt?: string;
  /**
   * Our own short message (not the schematron's text) in German and English: the entry of the rule's id in the
   * package's message catalogue (rules/messages.ts; `ruleTexts(id)`), or a filled template for the formulaic rules.
   */
  message: MessageTexts;
  /**
   * Reports one failure per call to `fail` (the official schematron reports one failure per context node).
   * `el` is the context node the official rule fires on (for path and line/column); null for the document.
   * A check may throw `XPathDynamicError` where the official XPath would raise a dynamic error (e.g. casting
   * "abc" to xs:decimal); the engine then skips that rule for this document and says so in an info finding.
   */
  check(doc: CiiDoc, fail: (el: XmlElement | null, detail?: string) => void): void;
  /**
   * Optional: when this rule's check would report nothing and throw nothing on a document. Either a context — the
   * check reports only nodes of that context, so it is quiet where the context fires on no node — or a function of
   * the document that says so (e.g. a table that found nothing; a pure function; when it throws, the checks run as
   * without it). Rules of one context or table share the same value, so the engine asks once per run of rules in a
   * row that share it and then skips their checks (`saysQuiet` asks for one rule).
   */
  quiet?: ContextDef | ((doc: CiiDoc) => boolean) | undefined;
}

/**
 * A schematron pattern: an ordered family of rule contexts. Build one per official pattern at module load
 * (static configuration, never mutated after import).
 */
export interface Pattern {
  readonly name: string;
  readonly contexts: readonly ContextDef[];
  /** Declares a rule context of this pattern. Higher priority wins (as in the compiled XSLT). */
  context(def: ContextSpec): ContextDef;
}

export interface ContextSpec {
  /** Human description of the context, e.g. 'header VAT breakdown (BG-23)'. */
  label: string;
  /** Higher wins when several contexts of the same pattern match one element. */
  priority: number;
  /**
   * Local names an element must have to be a candidate (fast index). Use '*' for contexts such as
   * "every ram element whose name ends with Amount"; `match` still decides.
   */
  locals: readonly string[] | '*';
  /** Full context test (namespace, ancestors, predicates). */
  match(el: XmlElement, doc: CiiDoc): boolean;
  /**
   * Optional necessary condition for a cheap no: `match` can only be true when `key(el)` is undefined ("cannot
   * tell") or equals `value`. Contexts of a pattern that share the same `key` function (e.g. the line VAT context
   * of each category: the tax's one category code) are then tried on an element with one `key` call instead of a
   * full `match` each. `key` must be a pure function of the element; when it throws, `match` decides.
   */
  guard?: { readonly key: (el: XmlElement) => string | undefined; readonly value: string } | undefined;
}

export interface ContextDef extends ContextSpec {
  readonly pattern: Pattern;
  readonly id: number;
}

/** A view of one invoice line (BG-25), built once per document. */
export interface LineView {
  el: XmlElement;
  doc?: XmlElement | undefined;
  agreement?: XmlElement | undefined;
  delivery?: XmlElement | undefined;
  settlement?: XmlElement | undefined;
  product?: XmlElement | undefined;
  /** ram:ApplicableTradeTax children of the line settlement. */
  taxes: readonly XmlElement[];
  /** ram:SpecifiedTradeAllowanceCharge children of the line settlement. */
  allowanceCharges: readonly XmlElement[];
  /** ram:SpecifiedTradeSettlementLineMonetarySummation of the line. */
  summation?: XmlElement | undefined;
}

/**
 * The shared read model: the parsed CII tree plus lazily built, cached indexes so that every rule stays linear.
 * Implemented in ./model.ts. Element lookups are namespace-aware: `ram:X` means local name X in the RAM namespace.
 */
export interface CiiDoc {
  readonly root: XmlElement;
  /** Elements a context fires on (first-match per pattern), document order. Computed once per pattern. */
  nodes(ctx: ContextDef): readonly XmlElement[];
  /** Every element of the document in document order (built once, with the per-name index). Do not modify it. */
  elements(): readonly XmlElement[];
  /** Every element with this local name and namespace (default RAM) in document order: `//ram:X`. */
  all(local: string, ns?: string): readonly XmlElement[];
  /** XPath string value (all descendant text) of an element; '' for undefined. */
  str(el: XmlElement | undefined): string;
  /** normalize-space() of the string value. */
  nstr(el: XmlElement | undefined): string;

  // ---- header structure (each undefined when absent) ----
  readonly context: XmlElement | undefined; // rsm:ExchangedDocumentContext
  readonly document: XmlElement | undefined; // rsm:ExchangedDocument
  readonly transaction: XmlElement | undefined; // rsm:SupplyChainTradeTransaction
  readonly agreement: XmlElement | undefined; // ram:ApplicableHeaderTradeAgreement
  readonly delivery: XmlElement | undefined; // ram:ApplicableHeaderTradeDelivery
  readonly settlement: XmlElement | undefined; // ram:ApplicableHeaderTradeSettlement
  readonly summation: XmlElement | undefined; // ram:SpecifiedTradeSettlementHeaderMonetarySummation
  readonly seller: XmlElement | undefined; // BG-4
  readonly buyer: XmlElement | undefined; // BG-7
  readonly sellerTaxRepresentative: XmlElement | undefined; // BG-11
  /** BT-24 (trimmed), undefined when absent. */
  readonly specificationId: string | undefined;
  /** BT-5 (normalize-space), '' when absent. */
  readonly invoiceCurrency: string;
  /** BT-6 (normalize-space), '' when absent. */
  readonly taxCurrency: string;
  /** BG-25, in document order. */
  readonly lines: readonly LineView[];
  /** Header ram:SpecifiedTradeAllowanceCharge (BG-20/BG-21). */
  readonly headerAllowanceCharges: readonly XmlElement[];
  /** Header ram:ApplicableTradeTax (BG-23). */
  readonly headerTaxes: readonly XmlElement[];
  /**
   * A memo slot for rule modules: computes a derived index once per document (e.g. sums by VAT category).
   * The key must be a module-level constant (symbol). `build` gets the document, so a module-level function can be
   * passed (no closure allocated per call on the hot path).
   */
  memo<T>(key: symbol, build: (doc: CiiDoc) => T): T;
}

/** A finding of the engine (the house Finding shape plus rule metadata). */
export interface RuleFinding extends Finding {
  /** XPath of the context node, in the oracle's style: /rsm:CrossIndustryInvoice[1]/ram:...[n]. */
  path?: string;
  ruleset?: RuleSet | 'xsd' | 'engine';
  /** The official flag when the finding comes from a rule. */
  flag?: RuleFlag;
  detail?: string;
}

/** Re-exported for rule modules that do arithmetic. */
export type Decimal = Big;
