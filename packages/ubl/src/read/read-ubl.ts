/**
 * readUbl: a UBL 2.1 Invoice or CreditNote → the EN 16931 invoice model of @kontor/cii. The UBL tree is bound to
 * the CII tree carrying the same business terms (../binding/to-cii) and read by the one CII reader, so both
 * syntaxes fill the model identically. `unsupported` lists the UBL elements the model cannot hold (elements the
 * binding does not carry, and what the CII reader reports), with their UBL line.
 */
import { KontorXmlError, parseXml, type Lang, type XmlElement, type XmlInput, type XmlLimits, type Finding } from '@kontor/xml';
import { msg } from '../messages';
import { readCii, type ReadCiiResult, type UnsupportedElement } from '@kontor/cii';
import { bindUbl, serializeTree, ublKind, type UblDocumentKind } from '../binding/to-cii';

export interface ReadUblOptions {
  limits?: Partial<XmlLimits>;
  /** Language of the reader's own findings and notes (default en). */
  lang?: Lang | undefined;
}

export interface ReadUblResult extends Omit<ReadCiiResult, 'profileName'> {
  documentKind: UblDocumentKind | null;
  /** PEPPOL for Peppol BIS Billing 3.0, XRECHNUNG for XRechnung 3.0 (also its extension and CVD), else EN 16931 / unknown. */
  profileName: 'EN 16931' | 'XRECHNUNG' | 'PEPPOL' | 'unknown';
}

function positionPath(el: XmlElement): string {
  const parts: string[] = [];
  for (let e: XmlElement | null = el; e; e = e.parent) {
    const p: XmlElement | null = e.parent;
    let idx = 1;
    if (p)
      for (const s of p.children as XmlElement[]) {
        if (s === e) break;
        if (s.local === e.local && s.ns === e.ns) idx++;
      }
    parts.push(`${e.prefix ? `${e.prefix}:` : ''}${e.local}[${idx}]`);
  }
  return `/${parts.reverse().join('/')}`;
}

/** Topmost UBL elements neither used by the binding nor holding anything that was. */
function notCarried(root: XmlElement, used: ReadonlySet<XmlElement>, lang: Lang): UnsupportedElement[] {
  const carried = new Map<XmlElement, boolean>();
  const mark = (e: XmlElement): boolean => {
    let any = used.has(e);
    for (const c of e.children) if (mark(c)) any = true;
    carried.set(e, any);
    return any;
  };
  mark(root);
  const out: UnsupportedElement[] = [];
  const walk = (e: XmlElement): void => {
    for (const c of e.children) {
      if (!carried.get(c)) out.push({ path: positionPath(c), reason: msg('NOT_IN_MODEL', lang, { name: c.name }), line: c.line });
      else walk(c);
    }
  };
  walk(root);
  return out;
}

/**
 * Reads a UBL Invoice or CreditNote. Never throws on bad input: problems are findings.
 * @example
 * ```ts
 * const r = readUbl(await readFile('peppol-invoice.xml'));
 * if (r.invoice) console.log(r.documentKind, r.profileName, r.invoice.invoiceNumber); // 'Invoice' 'PEPPOL' 'RE-1'
 * ```
 */
export function readUbl(xml: XmlInput, opts: ReadUblOptions = {}): ReadUblResult {
  const lang = opts.lang ?? 'en';
  const empty: ReadUblResult = {
    invoice: null,
    profile: null,
    profileName: 'unknown',
    guideline: null,
    businessProcess: null,
    attachments: [],
    unsupported: [],
    findings: [],
    issues: [],
    documentKind: null,
  };
  let root: XmlElement;
  try {
    root = parseXml(xml, opts.limits ?? {}).root;
  } catch (e) {
    if (!(e instanceof KontorXmlError)) throw e;
    const f: Finding = { code: e.code, severity: 'error', message: e.message };
    if (e.location) {
      f.line = e.location.line;
      f.column = e.location.column;
    }
    empty.findings.push(f);
    return empty;
  }
  const kind = ublKind(root);
  if (!kind) {
    empty.findings.push({ code: 'NOT_UBL', severity: 'error', message: msg('NOT_UBL', lang, { root: root.name, ns: root.ns || { key: 'NO_NAMESPACE' } }), line: root.line, column: root.column });
    return empty;
  }
  const { tree, used } = bindUbl(root);
  const r = readCii(serializeTree(tree), { limits: { ...(opts.limits ?? {}), maxBytes: Number.MAX_SAFE_INTEGER }, lang });
  const guideline = r.guideline;
  const profileName: ReadUblResult['profileName'] =
    guideline === null
      ? 'unknown'
      : /xrechnung_3/.test(guideline)
        ? 'XRECHNUNG'
        : /poacc:billing:3\.0/.test(guideline)
          ? 'PEPPOL'
          : guideline.startsWith('urn:cen.eu:en16931:2017')
            ? 'EN 16931'
            : 'unknown';
  // The CII reader's unsupported entries name CII paths of the bound tree; our own list names UBL paths.
  return { ...r, profileName, documentKind: kind, unsupported: [...notCarried(root, used, lang), ...r.unsupported.map((u) => ({ path: `(as CII) ${u.path}`, reason: u.reason }))] };
}
