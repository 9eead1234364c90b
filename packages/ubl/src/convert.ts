/**
 * Syntax detection and conversion between CII and UBL through the EN 16931 model: read (readCii / readUbl), then
 * write (generateCii / generateUbl). What the model cannot hold is reported in `unsupported` (nothing is dropped
 * silently); the written document is checked like any generated invoice (`findings`). CII that the model's writer
 * refuses (its checks are stricter than the official rules) is converted to UBL element by element instead.
 */
import { KontorXmlError, parseXml, type Lang, type XmlInput, type XmlLimits, type Finding } from '@kontor/xml';
import { msg } from './messages';
import { readCii, generateCii, type UnsupportedElement, type InvoiceProfile } from '@kontor/cii';
import { readUbl } from './read/read-ubl';
import { generateUbl } from './write/write-ubl';
import { ciiTreeToUbl } from './write/cii-to-ubl';
import { ublKind, ublToCiiTree, serializeTree } from './binding/to-cii';

export type InvoiceSyntax = 'cii' | 'ubl';

const CII_ROOT_NS = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';

/**
 * 'cii' for a CII CrossIndustryInvoice, 'ubl' for a UBL 2.1 Invoice/CreditNote, undefined otherwise (or unreadable).
 * @example
 * ```ts
 * detectInvoiceSyntax('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>'); // 'ubl'
 * detectInvoiceSyntax('<a/>');                                                                     // undefined
 * ```
 */
export function detectInvoiceSyntax(xml: XmlInput, limits: Partial<XmlLimits> = {}): InvoiceSyntax | undefined {
  try {
    const root = parseXml(xml, limits).root;
    if (ublKind(root)) return 'ubl';
    if (root.local === 'CrossIndustryInvoice' && root.ns === CII_ROOT_NS) return 'cii';
    return undefined;
  } catch (e) {
    if (e instanceof KontorXmlError) return undefined;
    throw e;
  }
}

export interface ConvertOptions {
  to: InvoiceSyntax;
  /** Profile of the output (default: the one read; XRechnung stays XRechnung). */
  profile?: InvoiceProfile;
  limits?: Partial<XmlLimits>;
  /** Language of the findings (default en). */
  lang?: Lang | undefined;
}

export interface ConvertResult {
  ok: boolean;
  /** The syntax read; undefined when the input is neither CII nor UBL. */
  from: InvoiceSyntax | undefined;
  to: InvoiceSyntax;
  xml?: string;
  /** Source elements the model (and so the output) does not carry. */
  unsupported: UnsupportedElement[];
  /** Reading problems, invoice issues and the checks of the written invoice. */
  findings: Finding[];
}

/**
 * Converts a CII or UBL invoice to the other syntax (or re-writes it in the same one) through the model.
 * @example
 * ```ts
 * const r = convertInvoice(await readFile('xrechnung-cii.xml'), { to: 'ubl' });
 * if (r.ok) await writeFile('xrechnung-ubl.xml', r.xml!);
 * console.log(r.from, '→', r.to, r.unsupported.length); // 'cii' → 'ubl' 0
 * ```
 */
export function convertInvoice(xml: XmlInput, opts: ConvertOptions): ConvertResult {
  const lang = opts.lang ?? 'en';
  const from = detectInvoiceSyntax(xml, opts.limits ?? {});
  if (from === undefined) {
    return { ok: false, from, to: opts.to, unsupported: [], findings: [{ code: 'UNKNOWN_SYNTAX', severity: 'error', message: msg('UNKNOWN_SYNTAX', lang) }] };
  }
  const r = from === 'ubl' ? readUbl(xml, { ...(opts.limits ? { limits: opts.limits } : {}), lang }) : readCii(xml, { ...(opts.limits ? { limits: opts.limits } : {}), lang });
  const findings: Finding[] = [...r.findings];
  if (!r.invoice) return { ok: false, from, to: opts.to, unsupported: r.unsupported, findings };
  const profile = opts.profile ?? r.profile ?? 'en16931';
  const invoice = { ...r.invoice, profile };
  const g = opts.to === 'ubl' ? generateUbl(invoice, { profile, lang }) : generateCii(invoice, { profile, lang });
  for (const f of g.findings) findings.push(f);
  const out: ConvertResult = { ok: g.ok, from, to: opts.to, unsupported: r.unsupported, findings };
  if (g.ok && g.xml !== undefined) out.xml = g.xml;
  else if (from === 'cii' && opts.to === 'ubl') {
    // The model's writer checks are stricter than the official rules (e.g. BT-131 to the cent where R120 allows slack,
    // fields the model requires): a CII file it will not re-generate is still converted, element by element through
    // the syntax binding, keeping its amounts exactly. The writer's findings stay in the result, marked as such.
    for (const f of findings) if (f.severity === 'error') f.severity = 'warning';
    findings.push({ code: 'CONVERTED_BY_SYNTAX_BINDING', severity: 'info', message: msg('CONVERTED_BY_SYNTAX_BINDING', lang) });
    out.xml = ciiTreeToUbl(parseXml(xml, opts.limits ?? {}).root);
    out.ok = true;
  } else if (from === 'ubl' && opts.to === 'cii') {
    // Likewise UBL → CII: the bound CII tree (the one the validation runs on), serialised.
    for (const f of findings) if (f.severity === 'error') f.severity = 'warning';
    findings.push({ code: 'CONVERTED_BY_SYNTAX_BINDING', severity: 'info', message: msg('CONVERTED_BY_SYNTAX_BINDING', lang) });
    out.xml = serializeTree(ublToCiiTree(parseXml(xml, opts.limits ?? {}).root));
    out.ok = true;
  }
  return out;
}
