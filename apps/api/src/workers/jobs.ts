/**
 * The heavy jobs the API hands to its worker threads, by name. Each takes plain data (bytes as Uint8Array) and
 * returns plain data ready for the response (results already converted to JSON shape), so nothing but clonable
 * values crosses the thread boundary. Library errors propagate as thrown; the worker entry serialises them.
 *
 * Per-thread services (schema store, bank directory) are built lazily from the WorkerSetup, once per thread.
 * Each library is imported when its first job arrives (the worker bundle is split per library): a thread that only
 * parses statements starts in a fraction of the time of one that also loads the PDF stack.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { SchemaStore, xsdCheckToJson } from '@kontor/xml';
import type { BankDirectory } from '@kontor/bankdata';
import type { CiiAttachment } from '@kontor/cii';
import type { EngineEndpoint, InvoiceAttachment, LogoMime } from '@kontor/zugferd';
import type { WorkerSetup } from './protocol';
import { createOutboundFetch } from '../platform/outbound';
import { berlinDay } from '../platform/time';

export interface JobContext {
  setup: WorkerSetup;
  schemaStore(): SchemaStore;
  bankDirectory(): Promise<BankDirectory | null>;
}

const camt = () => import('@kontor/camt');
const pain001 = () => import('@kontor/pain001');
const cii = () => import('@kontor/cii');
const zugferd = () => import('@kontor/zugferd');

/** A job's answer: the value, and any ArrayBuffers in it to transfer instead of copy. */
export interface JobOutput {
  value: unknown;
  transfer?: ArrayBuffer[];
}

export function jobContext(setup: WorkerSetup): JobContext {
  let store: SchemaStore | undefined;
  let dir: BankDirectory | null | undefined;
  return {
    setup,
    schemaStore: () => (store ??= new SchemaStore({ dir: setup.schemaDir })),
    bankDirectory: async () => {
      if (dir !== undefined) return dir;
      const { BankDirectory } = await import('@kontor/bankdata');
      try {
        const bytes = readFileSync(setup.bankdataFile);
        dir = BankDirectory.open(bytes, { dataDate: berlinDay(statSync(setup.bankdataFile).mtime), source: path.basename(setup.bankdataFile) });
      } catch {
        dir = null;
      }
      return dir;
    },
  };
}

export interface StatementsInput {
  bytes: Uint8Array;
  filename?: string;
  /** Language of findings, notes and summary (Accept-Language; default de). */
  lang?: 'de' | 'en';
}
export interface PaymentValidateInput {
  bytes: Uint8Array;
  filename?: string;
  profile: 'auto' | 'sct' | 'axz';
  /** Language of findings, notes and summary (Accept-Language; default de). */
  lang?: 'de' | 'en';
}
export interface PaymentGenerateInput {
  run: unknown;
  /** ISO time of the request (the service's clock). */
  now: string;
  /** Language of the issue list and warnings (Accept-Language; default de). */
  lang?: 'de' | 'en';
}
export interface CiiGenerateInput {
  invoice: unknown;
  attachments: CiiAttachment[];
  /** Language of the warning messages. */
  lang?: 'de' | 'en';
  /** Language of the finding messages (Accept-Language; default en). */
  findingsLang?: 'de' | 'en';
}
export interface PdfPrecheckInput {
  invoice: unknown;
  attachments: InvoiceAttachment[];
  logo?: Uint8Array;
  logoMime?: LogoMime;
  /** Language of the warning messages. */
  lang: 'de' | 'en';
  /** Language of the finding messages (Accept-Language; default en). */
  findingsLang?: 'de' | 'en';
}
export interface PdfCreateInput {
  invoice: unknown;
  attachments: InvoiceAttachment[];
  pdf?: Uint8Array;
  logo?: Uint8Array;
  logoMime?: LogoMime;
  lang: 'de' | 'en';
  watermark: boolean;
  now: string;
}

/** Received invoices (POST /verify, POST /invoices/validate); the optional external engines travel as plain data. */
export interface VerifyInput {
  bytes: Uint8Array;
  kosit?: EngineEndpoint;
  verapdf?: EngineEndpoint;
  /** Language of the report's texts (Accept-Language; default en). */
  lang?: 'de' | 'en';
}
export interface InvoiceValidateInput {
  bytes: Uint8Array;
  profile: 'auto' | 'en16931' | 'xrechnung';
  filename?: string;
  kosit?: EngineEndpoint;
  /** Language of the report's texts (Accept-Language; default en). */
  lang?: 'de' | 'en';
}

/** A configured external engine gets the service's guarded outbound fetch (its base URL is a trusted origin). */
function guarded(ep: EngineEndpoint | undefined): EngineEndpoint | undefined {
  if (!ep) return undefined;
  return { ...ep, fetch: createOutboundFetch({ trustedOrigins: [ep.url], timeoutMs: (ep.timeoutMs ?? 30_000) + 1_000, maxResponseBytes: 64 * 1024 * 1024 }) };
}

const owned = (u: Uint8Array): ArrayBuffer[] => (u.byteOffset === 0 && u.byteLength === u.buffer.byteLength && u.buffer instanceof ArrayBuffer ? [u.buffer] : []);

export const jobs: Record<string, (input: never, ctx: JobContext) => Promise<JobOutput>> = {
  async 'statements.validate'(i: StatementsInput, ctx) {
    const { validateStatements, describeValidation: describeStatementValidation, validationResultToJson } = await camt();
    const lang = i.lang ?? 'de';
    const r = await validateStatements(i.bytes, { ...(i.filename ? { filename: i.filename } : {}), schemaStore: ctx.schemaStore(), lang });
    return { value: { summary: describeStatementValidation(r, lang), result: validationResultToJson(r), schemaChecked: r.schemaChecked } };
  },
  async 'statements.parse'(i: StatementsInput) {
    const { parseStatements, describeParse, parseResultToJson } = await camt();
    const lang = i.lang ?? 'de';
    const r = await parseStatements(i.bytes, { ...(i.filename ? { filename: i.filename } : {}), lang });
    return { value: { summary: describeParse(r, lang), result: parseResultToJson(r) } };
  },
  async 'payments.validate'(i: PaymentValidateInput, ctx) {
    const { validatePain001, describeValidation: describePaymentValidation } = await pain001();
    const lang = i.lang ?? 'de';
    const r = await validatePain001(i.bytes, { profile: i.profile, schemaStore: ctx.schemaStore(), lang });
    // The xsd object in the spec's JSON shape (§2.6: line/column/location null when unknown).
    return { value: { summary: describePaymentValidation(r, i.filename, lang), result: { ...r, xsd: xsdCheckToJson(r.xsd) }, schemaChecked: r.schemaChecked } };
  },
  async 'payments.sct'(i: PaymentGenerateInput, ctx) {
    const { generateSct } = await pain001();
    const dir = await ctx.bankDirectory();
    const now = new Date(i.now);
    return { value: await generateSct(i.run, { schemaStore: ctx.schemaStore(), now: () => now, lang: i.lang ?? 'de', ...(dir ? { bankDirectory: dir } : {}) }) };
  },
  async 'payments.axz'(i: PaymentGenerateInput, ctx) {
    const { generateAxz } = await pain001();
    const dir = await ctx.bankDirectory();
    const now = new Date(i.now);
    return { value: await generateAxz(i.run, { schemaStore: ctx.schemaStore(), now: () => now, lang: i.lang ?? 'de', ...(dir ? { bankDirectory: dir } : {}) }) };
  },
  /** Validate the invoice data, write the CII XML and run the library's authoritative gate on it (before billing). */
  async 'cii.generate'(i: CiiGenerateInput, ctx) {
    const { generateCii } = await cii();
    const r = generateCii(i.invoice, {
      attachmentsMode: 'embedded',
      attachments: i.attachments,
      schemaStore: ctx.schemaStore(),
      ...(i.findingsLang ? { lang: i.findingsLang } : {}),
      ...(i.lang ? { warningLang: i.lang } : {}),
    });
    return { value: { ok: r.ok, stage: r.stage, gate: r.gate, xml: r.xml, bytes: r.bytes, findings: r.findings, warnings: r.warnings } };
  },
  /** The same for UBL 2.1 (POST /invoices?format=xml&syntax=ubl): generateUbl gates the UBL it writes. */
  async 'ubl.generate'(i: CiiGenerateInput, ctx) {
    const { generateUbl } = await import('@kontor/ubl');
    const r = generateUbl(i.invoice, {
      attachmentsMode: 'embedded',
      attachments: i.attachments,
      schemaStore: ctx.schemaStore(),
      ...(i.findingsLang ? { lang: i.findingsLang } : {}),
      ...(i.lang ? { warningLang: i.lang } : {}),
    });
    return { value: { ok: r.ok, stage: r.stage, gate: r.gate, xml: r.xml, bytes: r.bytes, findings: r.findings, warnings: r.warnings } };
  },
  async 'pdf.precheck'(i: PdfPrecheckInput) {
    const { checkInvoiceForPdf, checkLogo } = await zugferd();
    const warnings = checkInvoiceForPdf(i.invoice, i.attachments, i.lang, i.findingsLang ?? 'en').invoiceWarnings;
    const logoMime = i.logo ? checkLogo(i.logo, i.logoMime, undefined, i.findingsLang ?? 'en') : undefined;
    return { value: { warnings, ...(logoMime ? { logoMime } : {}) } };
  },
  async 'invoice.verify'(i: VerifyInput, ctx) {
    const kosit = guarded(i.kosit);
    const verapdf = guarded(i.verapdf);
    const { verifyInvoicePdf } = await zugferd();
    return { value: await verifyInvoicePdf(i.bytes, { schemaStore: ctx.schemaStore(), ...(kosit ? { kosit } : {}), ...(verapdf ? { verapdf } : {}), ...(i.lang ? { lang: i.lang } : {}) }) };
  },
  /** POST /extractions: embedded e-invoice, else text layer + deterministic text path (the model call runs on the main thread). */
  async 'invoice.extract'(i: { bytes: Uint8Array; renderScans?: boolean; lang?: 'de' | 'en' }) {
    const { prepareExtraction } = await import('@kontor/zugferd');
    return { value: await prepareExtraction(i.bytes, { renderScans: i.renderScans === true, ...(i.lang ? { lang: i.lang } : {}) }) };
  },
  async 'invoice.validate'(i: InvoiceValidateInput, ctx) {
    const kosit = guarded(i.kosit);
    const { validateInvoiceXml } = await zugferd();
    return {
      value: await validateInvoiceXml(i.bytes, {
        profile: i.profile,
        schemaStore: ctx.schemaStore(),
        ...(i.filename ? { filename: i.filename } : {}),
        ...(kosit ? { kosit } : {}),
        ...(i.lang ? { lang: i.lang } : {}),
      }),
    };
  },
  async 'pdf.create'(i: PdfCreateInput, ctx) {
    const { embedInvoice, typesetInvoice } = await zugferd();
    const now = new Date(i.now);
    const r = i.pdf
      ? await embedInvoice(i.pdf, i.invoice, { now, lang: i.lang, attachments: i.attachments, schemaStore: ctx.schemaStore() })
      : await typesetInvoice(i.invoice, {
          now,
          lang: i.lang,
          watermark: i.watermark,
          attachments: i.attachments,
          schemaStore: ctx.schemaStore(),
          ...(i.logo ? { logo: { bytes: i.logo, ...(i.logoMime ? { mime: i.logoMime } : {}) } } : {}),
        });
    const pdf = r.pdf instanceof Uint8Array ? r.pdf : new Uint8Array(r.pdf);
    return { value: { pdf }, transfer: owned(pdf) };
  },
};
