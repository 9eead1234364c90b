/**
 * The small vocabulary the EN 16931 rule modules are written in: a rule = id, flag, context, BT, message, test.
 * `test` returns true when the assertion holds for the context node (schematron assert semantics).
 */
import type { MessageTexts, XmlElement } from '@kontor/xml';
import type { CiiDoc, ContextDef, RuleDef, RuleFlag } from '../types';
import { compile, count } from '../xpath';
import { ruleTexts, templateTexts } from '../messages';

export type FlagShort = 'f' | 'w' | 'i';
const FLAG: Record<FlagShort, RuleFlag> = { f: 'fatal', w: 'warning', i: 'information' };

/** An assertion evaluated on every node its context fires on; its message is the catalogue entry of `id`. */
export function rule(id: string, flag: FlagShort, ctx: ContextDef, bt: string | undefined, test: (el: XmlElement, doc: CiiDoc) => boolean): RuleDef {
  const def: RuleDef = {
    id,
    flag: FLAG[flag],
    ruleset: 'en16931',
    message: ruleTexts(id),
    quiet: ctx,
    check(doc, fail) {
      // Indexed loops throughout the engine: no iterator objects per rule and document.
      const nodes = doc.nodes(ctx);
      for (let i = 0; i < nodes.length; i++) {
        const el = nodes[i]!;
        if (!test(el, doc)) fail(el);
      }
    },
  };
  if (bt) def.bt = bt;
  return def;
}

/**
 * An assertion whose test does not depend on the context node (document-wide condition): evaluated once,
 * reported on every node the context fires on.
 */
export function docRule(id: string, flag: FlagShort, ctx: ContextDef, bt: string | undefined, test: (doc: CiiDoc) => boolean): RuleDef {
  const def: RuleDef = {
    id,
    flag: FLAG[flag],
    ruleset: 'en16931',
    message: ruleTexts(id),
    quiet: ctx,
    check(doc, fail) {
      const nodes = doc.nodes(ctx);
      if (nodes.length === 0 || test(doc)) return;
      for (let i = 0; i < nodes.length; i++) fail(nodes[i]!);
    },
  };
  if (bt) def.bt = bt;
  return def;
}

/** The rule with a template's texts instead of a catalogue entry of its id (the formulaic tables below). */
function templated(def: RuleDef, message: MessageTexts): RuleDef {
  def.message = message;
  return def;
}

function lastStep(path: string): string {
  const s = path.slice(path.lastIndexOf('/') + 1);
  return s.slice(s.indexOf(':') + 1);
}

/** A table's rows when no row found a node (RuleDef.quiet of its rules): every row reads undefined. */
const NO_ROWS: readonly (XmlElement[] | undefined)[] = Object.freeze([]);

interface TrieNode {
  ns: string;
  /** Indexes of the table rows whose path ends here. */
  rows: number[];
  next: Map<string, TrieNode>;
}

/**
 * One context node's walk over the trie of an `absent` table: each row whose path occurs below `context`
 * gets `context` once (in context-node order). `seen` holds the rows already reported for this context.
 */
function walkAbsent(el: XmlElement, node: TrieNode, context: XmlElement, seen: Set<number> | null, out: (XmlElement[] | undefined)[]): Set<number> | null {
  const ch = el.children;
  for (let k = 0; k < ch.length; k++) {
    const c = ch[k]!;
    const n = node.next.get(c.local);
    if (!n || n.ns !== c.ns) continue;
    for (let r = 0; r < n.rows.length; r++) {
      const row = n.rows[r]!;
      if (seen === null) seen = new Set();
      else if (seen.has(row)) continue;
      seen.add(row);
      const list = out[row];
      if (list) list.push(context);
      else out[row] = [context];
    }
    if (n.next.size) seen = walkAbsent(c, n, context, seen, out);
  }
  return seen;
}

/**
 * Elements the EN 16931 CII binding does not use in this place: one rule per [id, flag, relative path].
 * All rows of one table are evaluated together in one walk over each context node's children (a trie of
 * the paths), so hundreds of such rules cost one pass per context node, not one pass per rule.
 */
export function absent(ctx: ContextDef, table: readonly (readonly [string, FlagShort, string])[]): RuleDef[] {
  const root: TrieNode = { ns: '', rows: [], next: new Map() };
  table.forEach(([, , path], row) => {
    let node = root;
    for (const step of compile(path)) {
      let n = node.next.get(step.local);
      if (!n) {
        n = { ns: step.ns, rows: [], next: new Map() };
        node.next.set(step.local, n);
      }
      node = n;
    }
    node.rows.push(row);
  });
  const key = Symbol(`en16931.absent.${ctx.label}`);
  // Per row: the context nodes that contain the row's path (rows without any stay undefined). Built once per
  // document by a function made once per table (no closure per rule and document).
  const build = (doc: CiiDoc): readonly (XmlElement[] | undefined)[] => {
    const out: (XmlElement[] | undefined)[] = new Array(table.length).fill(undefined);
    const nodes = doc.nodes(ctx);
    let any = false;
    for (let i = 0; i < nodes.length; i++) if (walkAbsent(nodes[i]!, root, nodes[i]!, null, out) !== null) any = true;
    return any ? out : NO_ROWS;
  };
  const quiet = (doc: CiiDoc): boolean => doc.memo(key, build) === NO_ROWS;
  return table.map(([id, flag, path], row) => ({
    id,
    flag: FLAG[flag],
    ruleset: 'en16931' as const,
    message: templateTexts(flag === 'f' ? 'template.absent.must' : 'template.absent.should', { element: lastStep(path), path }),
    quiet,
    check(doc: CiiDoc, fail: (el: XmlElement | null) => void) {
      const els = doc.memo(key, build)[row];
      if (els) for (let i = 0; i < els.length; i++) fail(els[i]!);
    },
  }));
}

/** Cardinality limits of the binding: 'max1' = at most once, 'one' = exactly once. */
export function counted(ctx: ContextDef, table: readonly (readonly [string, FlagShort, string, 'max1' | 'one'])[]): RuleDef[] {
  return table.map(([id, flag, path, kind]) =>
    templated(
      rule(id, flag, ctx, undefined, (el) => {
        const n = count(el, path);
        return kind === 'one' ? n === 1 : n <= 1;
      }),
      templateTexts(kind === 'one' ? (flag === 'f' ? 'template.once.must' : 'template.once.should') : flag === 'f' ? 'template.atMostOnce.must' : 'template.atMostOnce.should', {
        element: lastStep(path),
        path,
      }),
    ),
  );
}

/**
 * Attributes the binding does not use on this element: one rule per [id, flag, attribute name] (no namespace).
 * All rows of one table are evaluated together in one pass over each context node's attributes.
 */
export function noAttributes(ctx: ContextDef, table: readonly (readonly [string, FlagShort, string])[]): RuleDef[] {
  const rowsByName = new Map<string, number[]>();
  table.forEach(([, , name], row) => {
    const rows = rowsByName.get(name);
    if (rows) rows.push(row);
    else rowsByName.set(name, [row]);
  });
  const key = Symbol(`en16931.noAttributes.${ctx.label}`);
  // Per row: the context nodes that carry the row's attribute (rows without any stay undefined).
  const build = (doc: CiiDoc): readonly (XmlElement[] | undefined)[] => {
    const out: (XmlElement[] | undefined)[] = new Array(table.length).fill(undefined);
    const nodes = doc.nodes(ctx);
    let any = false;
    for (let i = 0; i < nodes.length; i++) {
      const el = nodes[i]!;
      const as = el.attributes;
      for (let k = 0; k < as.length; k++) {
        const a = as[k]!;
        if (a.ns !== '') continue;
        const rows = rowsByName.get(a.local);
        if (rows) for (let r = 0; r < rows.length; r++) (out[rows[r]!] ??= []).push(el);
        if (rows) any = true;
      }
    }
    return any ? out : NO_ROWS;
  };
  const quiet = (doc: CiiDoc): boolean => doc.memo(key, build) === NO_ROWS;
  return table.map(([id, flag, name], row) => ({
    id,
    flag: FLAG[flag],
    ruleset: 'en16931' as const,
    message: templateTexts(flag === 'f' ? 'template.attribute.must' : 'template.attribute.should', { name }),
    quiet,
    check(doc: CiiDoc, fail: (el: XmlElement | null) => void) {
      const els = doc.memo(key, build)[row];
      if (els) for (let i = 0; i < els.length; i++) fail(els[i]!);
    },
  }));
}
