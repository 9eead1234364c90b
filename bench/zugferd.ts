/**
 * @kontor/zugferd: typeset 1-page and 20+-page (500 lines) invoices, embed into a 2-page PDF. References for the
 * embed job (same supplied PDF, same invoice, interleaved A,B,A,B after a warm-up of both, medians ± half the IQR):
 * npm node-zugferd (CII EN 16931 into the PDF, attach + metadata; no PDF/A conversion or check, no validation:
 * `strict: false`) and npm @e-invoice-eu/core (Factur-X EN 16931 into a supplied PDF). Neither typesets, so the
 * typeset rows have no reference. Our times include our own check of the result (PDF/A-3 clauses + native
 * EN 16931 rules), which the references do not do; the supplied pages are checked once (on load).
 */
import type { InvoiceInput } from '@kontor/cii';
import { invoiceWith, toEInvoiceEu } from './lib/einvoice-eu';
import { embedInvoice, typesetInvoice } from '@kontor/zugferd';
import { fmtStats, interleaved, mb, medianMs, peakRss, ratio, type BenchRow } from './harness';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const now = new Date('2025-03-10T10:00:00Z');
const plainPdfs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared/corpus/pdf/plain');

async function referenceEmbed(): Promise<((pdf: Uint8Array, inv: InvoiceInput) => Promise<unknown>) | null> {
  try {
    const mod = (await import('@e-invoice-eu/core')) as { InvoiceService: new (logger: unknown) => { generate(i: unknown, o: unknown): Promise<unknown> } };
    const quiet = { log() {}, warn() {}, error() {} };
    const svc = new mod.InvoiceService(quiet);
    return (pdf, inv) => svc.generate(toEInvoiceEu(inv), { format: 'Factur-X-EN16931', lang: 'de-de', pdf: { buffer: pdf, filename: 'visual.pdf', mimetype: 'application/pdf' }, noWarnings: true });
  } catch {
    return null;
  }
}

/** The same invoice in node-zugferd's EN 16931 profile data (its own shape: transaction / tradeAgreement / tradeSettlement). */
function toNodeZugferd(inv: InvoiceInput): unknown {
  const cur = inv.currency ?? 'EUR';
  const amt = (n: number) => n.toFixed(2);
  const party = (p: InvoiceInput['seller']) => ({
    name: p.name,
    postalAddress: { countryCode: p.address?.countryCode ?? 'DE', city: p.address?.city, line1: p.address?.line1, postCode: p.address?.postalCode },
    ...(p.vatId ? { taxRegistration: { vatIdentifier: p.vatId } } : {}),
    ...(p.electronicAddress ? { electronicAddress: { schemeIdentifier: 'EM', value: p.electronicAddress.id } } : {}),
  });
  return {
    number: inv.invoiceNumber,
    typeCode: '380',
    issueDate: new Date(`${inv.issueDate}T00:00:00Z`),
    transaction: {
      line: inv.lines.map((l, i) => ({
        identifier: String(i + 1),
        tradeProduct: { name: l.name },
        tradeAgreement: { netTradePrice: { chargeAmount: String(l.unitPriceNet) } },
        tradeDelivery: { billedQuantity: { amount: String(l.quantity), unitMeasureCode: l.unitCode ?? 'C62' } },
        tradeSettlement: { tradeTax: { typeCode: 'VAT', categoryCode: 'S', rateApplicablePercent: String(l.vatRatePercent) }, monetarySummation: { lineTotalAmount: amt(l.lineNetAmount) } },
      })),
      tradeAgreement: { buyerReference: 'BENCH', seller: party(inv.seller), buyer: party(inv.buyer) },
      tradeDelivery: {},
      tradeSettlement: {
        currencyCode: cur,
        paymentInstruction: { typeCode: '58', transfers: [{ paymentAccountIdentifier: inv.payment!.iban }] },
        vatBreakdown: inv.vatBreakdown.map((b) => ({
          typeCode: 'VAT',
          calculatedAmount: amt(b.taxAmount),
          basisAmount: amt(b.basisAmount),
          categoryCode: b.categoryCode ?? 'S',
          rateApplicablePercent: String(b.ratePercent),
        })),
        monetarySummation: {
          lineTotalAmount: amt(inv.totalNet),
          taxBasisTotalAmount: amt(inv.totalNet),
          taxTotal: { amount: amt(inv.totalVat), currencyCode: cur },
          grandTotalAmount: amt(inv.totalGross),
          duePayableAmount: amt(inv.totalGross),
        },
      },
    },
  };
}

/** node-zugferd's embed of the same invoice into the same PDF, or null when it is not installed. */
async function nodeZugferdEmbed(): Promise<((pdf: Uint8Array, inv: InvoiceInput) => Promise<unknown>) | null> {
  try {
    // specifiers as values: node-zugferd's profile types are too deep for tsc, and it is resolved at run time anyway
    const [lib, profile] = ['node-zugferd', 'node-zugferd/profile/en16931'];
    const { zugferd } = (await import(lib)) as { zugferd(o: unknown): { create(d: unknown): { embedInPdf(pdf: Uint8Array, o: unknown): Promise<unknown> } } };
    const { EN16931 } = (await import(profile)) as { EN16931: unknown };
    const invoicer = zugferd({ profile: EN16931, strict: false, logger: { level: 'error' } });
    return (pdf, inv) => invoicer.create(toNodeZugferd(inv)).embedInPdf(pdf, { metadata: { title: `Rechnung ${inv.invoiceNumber}` } });
  } catch {
    return null;
  }
}

const timed = async (fn: () => Promise<unknown>): Promise<number> => {
  const s = performance.now();
  await fn();
  return performance.now() - s;
};

/** CPU time (user + system) of one run in ms: steadier than wall time while other work shares the cores. */
const cpuTimed = async (fn: () => Promise<unknown>): Promise<number> => {
  const s = process.cpuUsage();
  await fn();
  const d = process.cpuUsage(s);
  return (d.user + d.system) / 1000;
};

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const one = invoiceWith(3);
  const big = invoiceWith(500);
  const r1 = await typesetInvoice(one, { now });
  const ms1 = await medianMs(() => typesetInvoice(one, { now }), 7, 2);
  rows.push({
    case: `zugferd typeset ${r1.pages} page (3 lines), incl. own check`,
    ours: `${ms1.toFixed(0)} ms`,
    reference: 'n/a (no JS peer typesets)',
    ratio: 'n/a',
    inputSize: mb(r1.pdf.byteLength),
    peakRss: peakRss(),
  });
  const r500 = await typesetInvoice(big, { now });
  const ms500 = await medianMs(() => typesetInvoice(big, { now }), 3, 1);
  rows.push({
    case: `zugferd typeset ${r500.pages} pages (500 lines), incl. own check`,
    ours: `${ms500.toFixed(0)} ms`,
    reference: 'n/a',
    ratio: 'n/a',
    inputSize: mb(r500.pdf.byteLength),
    peakRss: peakRss(),
  });
  const msNoCheck = await medianMs(
    async () => {
      // the share of our own check: typeset minus check, measured by checking alone
      const { checkHybrid } = await import('@kontor/zugferd');
      await checkHybrid(r500.pdf, { xml: r500.xml });
    },
    3,
    1,
  );
  rows.push({
    case: 'zugferd own check of the 500-line PDF (PDF/A-3 + EN 16931)',
    ours: `${msNoCheck.toFixed(0)} ms`,
    reference: '',
    ratio: '',
    inputSize: mb(r500.pdf.byteLength),
    peakRss: peakRss(),
  });

  // a 2-page visual invoice: a typeset one with enough lines (its own factur-x.xml gets replaced)
  let visual = (await typesetInvoice(invoiceWith(30), { now })).pdf;
  for (let n = 20; n <= 60; n += 5) {
    const t = await typesetInvoice(invoiceWith(n), { now });
    if (t.pages === 2) {
      visual = t.pdf;
      break;
    }
  }
  const e = await embedInvoice(visual, one, { now });
  const ours = () => timed(() => embedInvoice(visual, one, { now }));
  const nz = await nodeZugferdEmbed();
  let nzNote = 'node-zugferd not installed';
  if (nz) {
    try {
      await nz(visual, one);
      const r = await interleaved(ours, () => timed(() => nz(visual, one)), 21, 3);
      rows.push({
        case: `zugferd embed into a ${e.pages}-page PDF, incl. own check (vs node-zugferd, no PDF/A, no check)`,
        ours: fmtStats(r.a),
        reference: `${fmtStats(r.b)} (node-zugferd)`,
        ratio: ratio(r.a.median, r.b.median),
        inputSize: mb(visual.byteLength),
        peakRss: peakRss(),
      });
      const c = await interleaved(
        () => cpuTimed(() => embedInvoice(visual, one, { now })),
        () => cpuTimed(() => nz(visual, one)),
        21,
        3,
      );
      rows.push({
        case: `  same, CPU time per embed (user + system, GC threads included)`,
        ours: fmtStats(c.a),
        reference: `${fmtStats(c.b)} (node-zugferd)`,
        ratio: ratio(c.a.median, c.b.median),
        inputSize: mb(visual.byteLength),
        peakRss: peakRss(),
      });
      nzNote = '';
    } catch (err) {
      nzNote = `node-zugferd failed: ${(err as Error).message.slice(0, 60)}`;
    }
  }
  if (nzNote)
    rows.push({
      case: `zugferd embed into a ${e.pages}-page PDF, incl. own check`,
      ours: `${(await medianMs(() => embedInvoice(visual, one, { now }), 7, 2)).toFixed(1)} ms`,
      reference: nzNote,
      ratio: 'n/a',
      inputSize: mb(visual.byteLength),
      peakRss: peakRss(),
    });
  // Supplied PDFs from elsewhere (../shared/corpus/pdf/plain) that both sides accept: a 410 KB print layout with
  // embedded CID fonts (the load check reads their programs), unembedded Arial (we embed Liberation Sans: the
  // substitution, then the check), unembedded Helvetica plus earlier attachments (622 KB).
  if (nz) {
    for (const rel of ['horstoeko/00_ZugferdDocumentPdfBuilder_PrintLayout.pdf', 'zugferd-csharp/not-embedded.pdf', 'pdf-lib/add_attachments.pdf']) {
      const file = path.join(plainPdfs, rel);
      if (!existsSync(file)) {
        rows.push({ case: `zugferd embed into ${rel}`, ours: 'skipped: ../shared/corpus/pdf/plain missing', reference: '', ratio: '', inputSize: '', peakRss: '' });
        continue;
      }
      const supplied = new Uint8Array(readFileSync(file));
      try {
        const r = await interleaved(
          () => timed(() => embedInvoice(supplied, one, { now })),
          () => timed(() => nz(supplied, one)),
          21,
          3,
        );
        rows.push({
          case: `zugferd embed into a supplied PDF (${rel}), incl. own check (vs node-zugferd, no PDF/A, no check)`,
          ours: fmtStats(r.a),
          reference: `${fmtStats(r.b)} (node-zugferd)`,
          ratio: ratio(r.a.median, r.b.median),
          inputSize: mb(supplied.byteLength),
          peakRss: peakRss(),
        });
      } catch (err) {
        rows.push({ case: `zugferd embed into ${rel}`, ours: '', reference: `failed: ${(err as Error).message.slice(0, 60)}`, ratio: 'n/a', inputSize: mb(supplied.byteLength), peakRss: '' });
      }
    }
  }
  const ref = await referenceEmbed();
  if (ref) {
    try {
      await ref(visual, one);
      const r = await interleaved(ours, () => timed(() => ref(visual, one)), 7, 2);
      rows.push({
        case: `zugferd embed into a ${e.pages}-page PDF, incl. own check (vs @e-invoice-eu/core)`,
        ours: fmtStats(r.a),
        reference: `${fmtStats(r.b)} (@e-invoice-eu/core 2.3.4)`,
        ratio: ratio(r.a.median, r.b.median),
        inputSize: mb(visual.byteLength),
        peakRss: peakRss(),
      });
    } catch (err) {
      rows.push({ case: 'zugferd embed vs @e-invoice-eu/core', ours: '', reference: `failed: ${(err as Error).message.slice(0, 60)}`, ratio: 'n/a', inputSize: '', peakRss: '' });
    }
  }
  return rows;
}
