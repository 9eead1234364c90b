/**
 * The model path: the text layer → Invoice JSON through an OpenAI-compatible model (@kontor/ai) with a JSON-schema
 * answer format, validated against the invoice schema and the arithmetic of the document; a bounded repair loop
 * sends the findings back. Afterwards deterministic back-fills: an IBAN or VAT ID is only kept when it is printed
 * in the document (and its check digits hold), else the one the text path read, else none; required fields the model
 * left empty get the text path's value or a placeholder. Scans (no text layer) are not sent: page images for a
 * vision model are not implemented.
 */
import { AiError, parseJsonContent, type ChatMessage, type ModelProvider } from '@kontor/ai';
import { isValidIban, parseInvoice, PLACEHOLDER_DATE, PLACEHOLDER_TEXT, type InvoiceInput } from '@kontor/cii';
import { Big, type Finding, type Lang } from '@kontor/xml';
import { checkVatSyntax } from '@kontor/vies';
import { ZugferdError } from '../errors';
import { msg } from '../messages';
import type { TextExtraction } from './text-extract';
import type { ExtractionIssue, ExtractionResult } from './types';
import { findAmounts, parseNumberText } from './values';

type Json = Record<string, unknown>;

export interface ModelExtractOptions {
  model: ModelProvider;
  /** Answers sent back with findings, after the first (default 2). */
  maxRepairRounds?: number;
  /** Page images (data URLs) of a scan, for a vision model; used when the text layer is empty. */
  images?: string[];
  signal?: AbortSignal;
  /** Language of the issue messages (default en); the model itself is always prompted in English. */
  lang?: Lang | undefined;
}

const str = { type: 'string' };
const num = { type: 'number' };
const party = {
  type: 'object',
  properties: {
    name: str,
    vatId: str,
    taxNumber: str,
    registrationId: str,
    address: { type: 'object', properties: { line1: str, line2: str, postalCode: str, city: str, countryCode: str } },
    contact: { type: 'object', properties: { name: str, email: str, phone: str } },
  },
  required: ['name'],
};

/** The answer format: the Invoice of spec §2.1, reduced to what a printed invoice shows. */
export const EXTRACTION_JSON_SCHEMA: Record<string, unknown> = {
  type: 'object',
  properties: {
    invoiceNumber: str,
    documentTypeCode: { type: 'string', enum: ['380', '381', '384', '383', '386', '326', '389', '875', '876', '877'] },
    issueDate: { type: 'string', description: 'YYYY-MM-DD' },
    dueDate: str,
    deliveryDate: str,
    currency: str,
    buyerReference: str,
    purchaseOrderReference: str,
    contractReference: str,
    precedingInvoiceNumber: str,
    seller: party,
    buyer: party,
    lines: {
      type: 'array',
      items: {
        type: 'object',
        properties: { name: str, quantity: num, unitCode: str, unitPriceNet: num, vatRatePercent: num, lineNetAmount: num, sellerArticleId: str },
        required: ['name', 'quantity', 'unitPriceNet', 'vatRatePercent', 'lineNetAmount'],
      },
    },
    vatBreakdown: {
      type: 'array',
      items: { type: 'object', properties: { ratePercent: num, basisAmount: num, taxAmount: num, categoryCode: str }, required: ['ratePercent', 'basisAmount', 'taxAmount'] },
    },
    totalNet: num,
    totalVat: num,
    totalGross: num,
    paidAmount: num,
    payment: { type: 'object', properties: { iban: str, bic: str, reference: str, terms: str, accountName: str } },
  },
  required: ['invoiceNumber', 'issueDate', 'seller', 'buyer', 'lines', 'vatBreakdown', 'totalNet', 'totalVat', 'totalGross'],
};

const SYSTEM_PROMPT = [
  'You read invoices. Return ONE JSON object following the given schema (EN 16931 invoice: seller, buyer, lines, vatBreakdown, totals).',
  'Rules: copy values exactly as printed; dates as YYYY-MM-DD; amounts, quantities and rates as JSON numbers with a dot as decimal separator;',
  'countryCode ISO 3166 alpha-2; unitCode UN/ECE rec 20 (C62 piece, HUR hour, DAY day, KGM kg, LS lump sum);',
  'never invent data: leave a property out when the document does not show it (especially IBAN, VAT IDs and amounts).',
  'lineNetAmount = quantity × unitPriceNet (after line allowances); totalNet = sum of lineNetAmount (± document allowances/charges); totalGross = totalNet + totalVat.',
].join(' ');

/** A finding of the extraction check: the shared Finding (warning: sent back to the model; an error: the schema's). */
export interface CheckFinding extends Finding {
  /** printed like this in the document: reported, not sent back for repair */
  asPrinted?: boolean;
}

function numberish(v: unknown): unknown {
  if (typeof v === 'string') {
    const d = parseNumberText(v.replace(/[€$£%]|EUR|USD/g, '').trim());
    return d ? Number(d.toString()) : v;
  }
  return v;
}

/** Models write numbers as strings now and then; convert the numeric fields, nothing else. */
function coerce(inv: Json): Json {
  for (const k of ['totalNet', 'totalVat', 'totalGross', 'paidAmount']) if (k in inv) inv[k] = numberish(inv[k]);
  if (Array.isArray(inv.lines))
    for (const l of inv.lines as Json[]) if (l && typeof l === 'object') for (const k of ['quantity', 'unitPriceNet', 'vatRatePercent', 'lineNetAmount']) if (k in l) l[k] = numberish(l[k]);
  if (Array.isArray(inv.vatBreakdown))
    for (const b of inv.vatBreakdown as Json[]) if (b && typeof b === 'object') for (const k of ['ratePercent', 'basisAmount', 'taxAmount']) if (k in b) b[k] = numberish(b[k]);
  // nulls mean "not shown": drop them so that optional fields stay optional
  const dropNulls = (o: unknown): void => {
    if (Array.isArray(o)) o.forEach(dropNulls);
    else if (o && typeof o === 'object') for (const [k, v] of Object.entries(o)) v === null ? delete (o as Json)[k] : dropNulls(v);
  };
  dropNulls(inv);
  return inv;
}

const compact = (s: string) => s.replace(/[\s.\-/]/g, '').toUpperCase();

const big = (v: unknown): Big | undefined => (typeof v === 'number' && Number.isFinite(v) ? new Big(v) : undefined);

/**
 * Schema issues plus the document's arithmetic, as findings a model can act on.
 * @example
 * ```ts
 * const findings = checkExtractedInvoice(candidateJson, documentText);
 * // schema errors plus arithmetic that does not add up (line sums, VAT, totals), as Finding[] a model can repair
 * ```
 */
export function checkExtractedInvoice(inv: Json, documentText?: string): CheckFinding[] {
  const printedText = documentText !== undefined ? compact(documentText) : undefined;
  const out: CheckFinding[] = [];
  const parsed = parseInvoice(inv);
  for (const i of parsed.issues) if (i.severity === 'error' && i.code !== 'EXTRACTION_UNCERTAIN') out.push({ code: i.code, severity: 'error', message: i.message, path: i.path });
  const lines = Array.isArray(inv.lines) ? (inv.lines as Json[]) : [];
  let sum = new Big(0);
  lines.forEach((l, i) => {
    const q = big(l.quantity);
    const p = big(l.unitPriceNet);
    const a = big(l.lineNetAmount);
    if (a) sum = sum.plus(a);
    if (q && p && a && !q.times(p).round(2, Big.roundHalfUp).eq(a))
      out.push({
        severity: 'warning',
        code: 'LINE_AMOUNT_MISMATCH',
        message: `quantity × unitPriceNet = ${q.times(p).round(2, Big.roundHalfUp).toFixed(2)}, lineNetAmount is ${a.toFixed(2)}`,
        path: `lines.${i}.lineNetAmount`,
      });
  });
  const net = big(inv.totalNet);
  const vat = big(inv.totalVat);
  const gross = big(inv.totalGross);
  if (net && lines.length > 0 && !sum.eq(net) && !Array.isArray(inv.allowanceCharges))
    out.push({ severity: 'warning', code: 'TOTALS_MISMATCH', message: `The lines add up to ${sum.toFixed(2)}, totalNet is ${net.toFixed(2)}`, path: 'totalNet' });
  if (net && vat && gross && !net.plus(vat).eq(gross))
    out.push({
      severity: 'warning',
      code: 'TOTALS_MISMATCH',
      message: `totalNet ${net.toFixed(2)} + totalVat ${vat.toFixed(2)} = ${net.plus(vat).toFixed(2)}, totalGross is ${gross.toFixed(2)}`,
      path: 'totalGross',
    });
  const vb = Array.isArray(inv.vatBreakdown) ? (inv.vatBreakdown as Json[]) : [];
  if (vat && vb.length > 0) {
    const t = vb.reduce((s, b) => s.plus(big(b.taxAmount) ?? 0), new Big(0));
    if (!t.eq(vat)) out.push({ severity: 'warning', code: 'VAT_TOTAL_MISMATCH', message: `The VAT breakdown adds up to ${t.toFixed(2)}, totalVat is ${vat.toFixed(2)}`, path: 'totalVat' });
  }
  const pay = inv.payment as Json | undefined;
  if (pay && typeof pay.iban === 'string' && !isValidIban(pay.iban))
    out.push({ severity: 'warning', code: 'IBAN_CHECKSUM', message: `IBAN ${pay.iban} fails its check digits; copy it exactly or leave it out`, path: 'payment.iban' });
  for (const p of ['seller', 'buyer']) {
    const v = (inv[p] as Json | undefined)?.vatId;
    if (typeof v === 'string') {
      const r = checkVatSyntax(v);
      if (!r.valid)
        out.push({ severity: 'warning', code: 'VAT_ID_INVALID', message: `${p}.vatId ${v}: ${r.message}`, path: `${p}.vatId`, ...(printedText?.includes(compact(v)) ? { asPrinted: true } : {}) });
    }
  }
  return out;
}

/**
 * @example
 * ```ts
 * const layer = await readTextLayer(bytes);
 * const r = await extractWithModel(textLayerToPlainText(layer), extractFromTextLayer(layer), { model, maxRepairRounds: 2 });
 * ```
 */
export async function extractWithModel(text: string, deterministic: TextExtraction, opts: ModelExtractOptions): Promise<ExtractionResult> {
  const lang = opts.lang ?? 'en';
  const issues: ExtractionIssue[] = [];
  const scan = text.replace(/--- page \d+ ---/g, '').trim() === '';
  if (scan && !(opts.images && opts.images.length > 0)) {
    // Nothing to read for a text model; page images for vision models are not implemented.
    return {
      invoice: deterministic.invoice as InvoiceInput,
      issues: [...deterministic.issues, { code: 'SCAN_NOT_READABLE', severity: 'error', message: msg('SCAN_NOT_READABLE', lang) }],
      repairedPaths: deterministic.repairedPaths,
      source: 'llm',
    };
  }
  const maxRounds = Math.max(0, opts.maxRepairRounds ?? 2);
  const messages: ChatMessage[] = [
    { role: 'system', content: SYSTEM_PROMPT },
    scan
      ? {
          role: 'user',
          content: [
            { type: 'text', text: 'The invoice is a scan: read it from these page images.' },
            ...opts.images!.map((url) => ({ type: 'image_url' as const, image_url: { url, detail: 'high' as const } })),
          ],
        }
      : { role: 'user', content: `Invoice text (one printed line per line, table cells separated by two spaces):\n\n${text}` },
  ];
  let candidate: Json | undefined;
  let findings: CheckFinding[] = [];
  let rounds = 0;
  for (let round = 0; round <= maxRounds; round++) {
    rounds = round;
    let answer;
    try {
      answer = await opts.model.complete({
        messages,
        responseFormat: { type: 'json_schema', json_schema: { name: 'invoice', schema: EXTRACTION_JSON_SCHEMA } },
        temperature: 0,
        ...(opts.signal ? { signal: opts.signal } : {}),
      });
    } catch (e) {
      if (e instanceof AiError) throw new ZugferdError('MODEL_FAILED', `The model provider failed: ${e.message}`, { details: [{ code: e.code, severity: 'error', message: e.message }], cause: e });
      throw e;
    }
    if (answer.refusal !== undefined)
      throw new ZugferdError('MODEL_FAILED', `The model declined to read the invoice: ${answer.refusal}`, { details: [{ code: 'AI_REFUSED', severity: 'error', message: answer.refusal }] });
    let parsed: unknown;
    try {
      parsed = parseJsonContent(answer.content);
    } catch {
      parsed = undefined;
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      findings = [{ code: 'MODEL_JSON_INVALID', severity: 'error', message: 'The answer was not a JSON object' }];
      messages.push(
        { role: 'assistant', content: answer.content.slice(0, 4000) },
        { role: 'user', content: 'That was not a valid JSON object. Answer again with only the JSON object of the schema.' },
      );
      continue;
    }
    candidate = coerce(parsed as Json);
    findings = checkExtractedInvoice(candidate, text).filter((f) => !f.asPrinted);
    if (findings.length === 0) break;
    if (round < maxRounds) {
      messages.push(
        { role: 'assistant', content: JSON.stringify(candidate).slice(0, 20000) },
        {
          role: 'user',
          content: `Check these findings against the document and answer with the corrected JSON object (do not invent values; leave out what is not printed):\n${findings.map((f) => `- ${f.code}${f.path ? ` at ${f.path}` : ''}: ${f.message}`).join('\n')}`,
        },
      );
    }
  }
  if (!candidate)
    throw new ZugferdError('MODEL_FAILED', `The model gave no usable JSON after ${rounds + 1} answers`, {
      details: [{ code: 'MODEL_JSON_INVALID', severity: 'error', message: 'no JSON object in any answer' }],
    });

  const repaired: string[] = [];
  const inv = candidate;
  const det = deterministic.invoice;
  const docText = compact(text);

  // back-fills: IBAN and VAT IDs only as printed (and valid), else the text path's, else none
  const pay = (inv.payment ?? {}) as Json;
  if (typeof pay.iban === 'string') {
    const iban = pay.iban.replace(/\s+/g, '').toUpperCase();
    if (!isValidIban(iban) || (!scan && !docText.includes(iban))) {
      const detIban = (det.payment as Json | undefined)?.iban;
      if (typeof detIban === 'string') pay.iban = detIban;
      else delete pay.iban;
      issues.push({
        code: 'IBAN_NOT_IN_DOCUMENT',
        severity: 'warning',
        message: msg('IBAN_NOT_IN_DOCUMENT', lang, { iban, outcome: { key: typeof detIban === 'string' ? 'TOOK_PRINTED' : 'LEFT_OUT' } }),
        path: 'payment.iban',
      });
    } else {
      pay.iban = iban;
      if (scan) issues.push({ code: 'READ_FROM_IMAGE', severity: 'warning', message: msg('IBAN_FROM_IMAGE', lang, { iban }), path: 'payment.iban' });
    }
  } else if (typeof (det.payment as Json | undefined)?.iban === 'string') pay.iban = (det.payment as Json).iban;
  if (Object.keys(pay).length > 0) inv.payment = pay;
  for (const p of ['seller', 'buyer']) {
    const party = (inv[p] ?? {}) as Json;
    inv[p] = party;
    const detVat = ((det[p] as Json | undefined) ?? {}).vatId;
    if (typeof party.vatId === 'string') {
      const r = checkVatSyntax(party.vatId);
      const norm = r.valid ? r.normalized : compact(party.vatId);
      if (scan ? !r.valid : !docText.includes(norm) && !docText.includes(norm.slice(2))) {
        if (typeof detVat === 'string') party.vatId = detVat;
        else delete party.vatId;
        issues.push({
          code: 'VAT_ID_NOT_IN_DOCUMENT',
          severity: 'warning',
          message: msg('VAT_ID_NOT_IN_DOCUMENT', lang, { party: p, vatId: norm, outcome: { key: typeof detVat === 'string' ? 'TOOK_PRINTED' : 'LEFT_OUT' } }),
          path: `${p}.vatId`,
        });
      } else party.vatId = norm;
    } else if (typeof detVat === 'string') party.vatId = detVat;
  }
  // amounts the document does not show are reported (a model must not make up totals)
  const printed = new Set(findAmounts(text).map((a) => a.value.abs().toFixed(2)));
  for (const k of scan ? [] : ['totalNet', 'totalGross']) {
    const v = big(inv[k]);
    if (v && !v.eq(0) && !printed.has(v.abs().toFixed(2)))
      issues.push({ code: 'AMOUNT_NOT_IN_DOCUMENT', severity: 'warning', message: msg('AMOUNT_NOT_IN_DOCUMENT', lang, { field: k, amount: v.toFixed(2) }), path: k });
  }

  // required fields: the text path's value, else a placeholder
  const fill = (path: string, kind: 'text' | 'date' | 'amount') => {
    const parts = path.split('.');
    let o: Json = inv;
    for (const q of parts.slice(0, -1)) o = (o[q] ??= {}) as Json;
    const key = parts[parts.length - 1]!;
    const cur = o[key];
    const ok = kind === 'amount' ? typeof cur === 'number' && Number.isFinite(cur) : typeof cur === 'string' && cur.trim() !== '' && (kind !== 'date' || /^\d{4}-\d{2}-\d{2}$/.test(cur));
    if (ok) return;
    let dv: unknown = det;
    for (const q of parts) dv = dv && typeof dv === 'object' ? (dv as Json)[q] : undefined;
    const placeholder = kind === 'text' ? PLACEHOLDER_TEXT : kind === 'date' ? PLACEHOLDER_DATE : 0;
    if (dv !== undefined && dv !== placeholder && !deterministic.repairedPaths.includes(path)) {
      o[key] = dv;
      return;
    }
    o[key] = placeholder;
    repaired.push(path);
    issues.push({ code: 'EXTRACTION_UNCERTAIN', severity: kind === 'amount' ? 'warning' : 'error', message: msg('FIELD_PLACEHOLDER', lang, { path }), path });
  };
  fill('invoiceNumber', 'text');
  fill('issueDate', 'date');
  fill('seller.name', 'text');
  fill('buyer.name', 'text');
  fill('totalNet', 'amount');
  fill('totalVat', 'amount');
  fill('totalGross', 'amount');
  if (!Array.isArray(inv.lines) || inv.lines.length === 0) {
    inv.lines = [{ name: PLACEHOLDER_TEXT, quantity: 0, unitPriceNet: 0, vatRatePercent: 0, lineNetAmount: 0 }];
    for (const f of ['name', 'quantity', 'unitPriceNet', 'vatRatePercent', 'lineNetAmount']) repaired.push(`lines.0.${f}`);
    issues.push({ code: 'EXTRACTION_UNCERTAIN', severity: 'error', message: msg('NO_LINE_READ', lang), path: 'lines.0.name' });
  } else {
    (inv.lines as Json[]).forEach((_, i) => {
      fill(`lines.${i}.name`, 'text');
      for (const f of ['quantity', 'unitPriceNet', 'vatRatePercent', 'lineNetAmount']) fill(`lines.${i}.${f}`, 'amount');
    });
  }
  if (!Array.isArray(inv.vatBreakdown) || inv.vatBreakdown.length === 0) {
    const dvb = det.vatBreakdown;
    if (Array.isArray(dvb) && !deterministic.repairedPaths.includes('vatBreakdown.0.ratePercent')) inv.vatBreakdown = dvb;
    else {
      inv.vatBreakdown = [{ ratePercent: 0, basisAmount: 0, taxAmount: 0 }];
      for (const f of ['ratePercent', 'basisAmount', 'taxAmount']) repaired.push(`vatBreakdown.0.${f}`);
      issues.push({ code: 'EXTRACTION_UNCERTAIN', severity: 'error', message: msg('NO_VAT_BREAKDOWN_READ', lang), path: 'vatBreakdown.0.ratePercent' });
    }
  }

  const remaining = checkExtractedInvoice(inv, text).filter((f) => f.code !== 'EXTRACTION_UNCERTAIN');
  for (const f of remaining) issues.push({ code: f.code, severity: 'warning', message: f.message, ...(f.path ? { path: f.path } : {}) });
  issues.unshift({
    code: 'MODEL_USED',
    severity: 'warning',
    message: scan
      ? msg('MODEL_USED_IMAGES', lang, { pages: opts.images!.length, model: opts.model.model, answers: rounds + 1, left: remaining.length })
      : msg('MODEL_USED_TEXT', lang, { model: opts.model.model, answers: rounds + 1, left: remaining.length }),
  });
  if (deterministic.issues.some((i) => i.code === 'PDF_ENCRYPTED_READABLE')) issues.push({ code: 'PDF_ENCRYPTED_READABLE', severity: 'warning', message: msg('PDF_ENCRYPTED_READABLE', lang) });
  return { invoice: inv as InvoiceInput, issues, repairedPaths: repaired, source: 'llm' };
}
