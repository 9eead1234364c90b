/**
 * The page layout of a typeset invoice (A4, DIN 5008 form B): letterhead with logo, return address and recipient
 * in the window field (20 mm from the left, 45 mm from the top), information block on the right, the line table
 * with repeated header and carried-forward subtotals across pages, totals with VAT breakdown, payment
 * instructions (transfer, Skonto, SEPA direct debit), notes, and a footer with page x of y on every page.
 */
import Big from 'big.js';
import type { PDFImage } from 'pdf-lib';
import type { Invoice, InvoiceTotals } from '@kontor/cii';
import type { Lang } from '../types';
import { ACCENT, type Canvas, FILL, INK, MM, MUTED, PAGE_HEIGHT, PAGE_WIDTH, RULE, type TextStyle } from './canvas';
import { addDays, countryName, formatDate, formatIban, formatMoney, formatNumber, formatPercent, labelsFor, unitLabel, type Labels } from './i18n';
import { drawSeal } from './seal';
import { readDiscountStages } from '@kontor/cii';

export interface LayoutInput {
  invoice: Invoice;
  totals: InvoiceTotals;
  lang: Lang;
  logo?: PDFImage;
  watermark: boolean;
  /** File names (and descriptions) of the embedded supporting documents. */
  attachments: { filename: string; description?: string }[];
}

const LEFT = 25 * MM;
const RIGHT = PAGE_WIDTH - 20 * MM;
const WIDTH = RIGHT - LEFT;
/** the footer rule when the footer has at most five lines per column and no legal details */
const FOOTER_RULE_DEFAULT = PAGE_HEIGHT - 26 * MM;
const FOOTER_BOTTOM = PAGE_HEIGHT - 8 * MM;
const FOOTER_SIZE = 7;
const FOOTER_LH = 9;
const CONT_TOP = 27 * MM;

const BODY: TextStyle = { size: 9 };
const SMALL: TextStyle = { size: 7.5, color: MUTED };
const LINE_H = 9 * 1.3;
const SMALL_H = 7.5 * 1.25;

// table columns: right edges for numbers, left edges for text
const COL = {
  pos: LEFT + 1.5 * MM,
  desc: LEFT + 11 * MM,
  qtyRight: LEFT + 96 * MM,
  unit: LEFT + 98 * MM,
  priceRight: LEFT + 131 * MM,
  vatRight: LEFT + 143 * MM,
  amountRight: RIGHT - 1.5 * MM,
};
const DESC_WIDTH = COL.qtyRight - 13 * MM - COL.desc;

const big = (n: number | Big | undefined): Big => (n instanceof Big ? n : new Big(n ?? 0));

interface RowPart {
  height: number;
  draw: (top: number) => void;
}

interface Row {
  parts: RowPart[];
  /** all parts plus the bottom padding */
  height: number;
}

const PAD = 1.8;

export function layoutInvoice(c: Canvas, input: LayoutInput): void {
  new InvoiceLayout(c, input).run();
}

class InvoiceLayout {
  private readonly L: Labels;
  private readonly inv: Invoice;
  private readonly lang: Lang;
  private readonly cur: string;
  private carried = new Big(0);
  /** the footer (same on every page): wrapped columns, then the legal details (BT-33) over the full width */
  private readonly footer: { cols: [number, number, string[]][]; legal: string[] };
  private readonly footerRule: number;
  private readonly contentBottom: number;

  constructor(
    private readonly c: Canvas,
    private readonly input: LayoutInput,
  ) {
    this.L = labelsFor(input.lang);
    this.inv = input.invoice;
    this.lang = input.lang;
    this.cur = input.invoice.currency;
    this.footer = this.footerContent();
    const colLines = Math.max(0, ...this.footer.cols.map(([, , l]) => l.length));
    const height = 2.5 * MM + colLines * FOOTER_LH + (this.footer.legal.length ? 1.5 * MM + this.footer.legal.length * FOOTER_LH : 0);
    this.footerRule = Math.min(FOOTER_RULE_DEFAULT, FOOTER_BOTTOM - height);
    this.contentBottom = this.footerRule - 7 * MM;
  }

  private money(v: number | Big | undefined): string {
    return formatMoney(big(v), this.cur, this.lang);
  }
  private amount(v: number | Big | undefined): string {
    return formatNumber(big(v), this.lang, 2, 2);
  }
  private date(iso: string | undefined): string {
    return iso ? formatDate(iso, this.lang) : '';
  }
  private title(): string {
    return this.L.documentTitles[this.inv.documentTypeCode] ?? this.L.documentTitles['380']!;
  }

  run(): void {
    this.firstPage();
    this.table();
    this.totalsBlock();
    this.exemptions();
    this.termsBlock();
    this.paymentBlock();
    this.notesBlock();
    this.attachmentsBlock();
    this.hint();
    this.footers();
  }

  // ---------------------------------------------------------------- pages

  private newPage(continuation: boolean): number {
    const p = this.c.addPage();
    if (this.input.watermark) drawSeal(this.c, this.L);
    this.foldMarks();
    if (continuation) {
      const right = `${this.title()} ${this.L.number} ${this.inv.invoiceNumber} · ${this.date(this.inv.issueDate)}`;
      const rightW = Math.min(this.c.regular.width(right, 8), WIDTH * 0.55);
      const rightLines = this.c.regular.wrap(right, 8, rightW);
      const leftLines = this.c.bold.wrap(this.inv.seller.name, 8, WIDTH - rightW - 6 * MM);
      let y = 10 * MM;
      for (const l of rightLines) {
        this.c.text(l, RIGHT, y, { size: 8, align: 'right' });
        y += 10;
      }
      let yl = 10 * MM;
      for (const l of leftLines) {
        this.c.text(l, LEFT, yl, { size: 8, bold: true });
        yl += 10;
      }
      const rule = Math.max(y, yl) + 1.5 * MM;
      this.c.line(LEFT, rule, RIGHT, rule, 0.5, RULE);
      this.c.y = Math.max(CONT_TOP, rule + 5 * MM);
    }
    return p;
  }

  private foldMarks(): void {
    // DIN 5008 form B: fold marks at 105 mm and 210 mm, hole mark at 148.5 mm
    for (const top of [105, 210]) this.c.line(4 * MM, top * MM, 8 * MM, top * MM, 0.4, RULE);
    this.c.line(4 * MM, 148.5 * MM, 10 * MM, 148.5 * MM, 0.4, RULE);
  }

  /** Makes room for `height` points; starts a continuation page when the current one is full. */
  private ensure(height: number): void {
    if (this.c.y + height > this.contentBottom) this.newPage(true);
  }

  private paragraph(text: string, style: TextStyle = BODY, x = LEFT, width = WIDTH): void {
    const lh = style.size * 1.3;
    for (const line of this.c.font(style).wrap(text, style.size, width)) {
      this.ensure(lh);
      this.c.text(line, x, this.c.y, style);
      this.c.y += lh;
    }
  }

  private heading(text: string, keepWith: number): void {
    this.ensure(14 + keepWith);
    this.c.text(text, LEFT, this.c.y, { size: 10, bold: true, color: ACCENT });
    this.c.y += 14;
  }

  // ---------------------------------------------------------------- first page

  private firstPage(): void {
    this.newPage(false);
    const s = this.inv.seller;
    const logo = this.input.logo;
    let textRight = RIGHT;
    if (logo) {
      const boxW = 70 * MM;
      const boxH = 26 * MM;
      const scale = Math.min(boxW / logo.width, boxH / logo.height);
      const w = logo.width * scale;
      const h = logo.height * scale;
      this.c.image(logo, RIGHT - w, 12 * MM, w, h);
      textRight = RIGHT - w - 8 * MM;
    }
    const headWidth = Math.max(60 * MM, textRight - LEFT);
    let y = 13 * MM;
    const nameSize = this.c.bold.wrap(s.name, 15, headWidth).length <= 2 ? 15 : 11;
    for (const line of this.c.bold.wrap(s.name, nameSize, headWidth)) {
      this.c.text(line, LEFT, y, { size: nameSize, bold: true, color: ACCENT });
      y += nameSize + 2;
    }
    const addr = [
      s.address.line1,
      s.address.line2,
      [s.address.postalCode, s.address.city].filter(Boolean).join(' '),
      s.address.countryCode !== 'DE' || this.lang === 'en' ? countryName(s.address.countryCode ?? 'DE', this.lang) : undefined,
    ]
      .filter((x): x is string => !!x && x.trim() !== '')
      .join(' · ');
    const contact = [s.contact?.phone ? `${this.L.phone} ${s.contact.phone}` : '', s.contact?.email ? `${this.L.email} ${s.contact.email}` : ''].filter(Boolean).join(' · ');
    for (const t of [addr, contact]) {
      if (!t) continue;
      for (const line of this.c.regular.wrap(t, 8.5, headWidth)) {
        this.c.text(line, LEFT, y, { size: 8.5, color: MUTED });
        y += 11;
      }
    }

    // window field: return address (Rücksendeangabe) above the recipient
    // the return address drops the street, then the city, rather than being cut; a very long name wraps
    const cityPart = [s.address.postalCode, s.address.city].filter(Boolean).join(' ');
    const variants = [[s.name, s.address.line1, cityPart], [s.name, cityPart], [s.name]].map((v) => v.filter((x) => x && x.trim()).join(' · '));
    const ret = variants.find((v) => this.c.regular.width(v, 7) <= 80 * MM) ?? variants.find((v) => this.c.regular.width(v, 6) <= 80 * MM) ?? variants[2]!;
    const retSize = this.c.regular.width(ret, 7) <= 80 * MM ? 7 : 6;
    const retLines = this.c.regular.wrap(ret, retSize, 80 * MM);
    retLines.forEach((l, k) => this.c.text(l, LEFT, 56 * MM - (retLines.length - 1 - k) * (retSize + 1), { size: retSize, color: MUTED }));
    this.c.line(LEFT, 59.3 * MM, LEFT + 80 * MM, 59.3 * MM, 0.3, RULE);
    this.recipient();
    const infoBottom = this.infoBlock();

    this.c.y = Math.max(100 * MM, infoBottom + 8 * MM);
    for (const line of this.c.bold.wrap(`${this.title()} ${this.L.number} ${this.inv.invoiceNumber}`, 15, WIDTH)) {
      this.c.text(line, LEFT, this.c.y, { size: 15, bold: true });
      this.c.y += 19;
    }
    this.c.y += 3;
    const d = this.inv.delivery;
    if (d && (d.name || d.address)) {
      const a = d.address;
      const parts = [
        d.name,
        a?.line1,
        a?.line2,
        [a?.postalCode, a?.city].filter(Boolean).join(' '),
        a?.countryCode && a.countryCode !== this.inv.seller.address.countryCode ? countryName(a.countryCode, this.lang) : undefined,
      ];
      this.labelled(this.L.delivery, parts.filter((x): x is string => !!x && x.trim() !== '').join(', '));
    }
    if (this.inv.payee) this.labelled(this.L.payee, this.inv.payee.name);
    this.c.y += 4;
  }

  private labelled(label: string, value: string): void {
    const lw = this.c.bold.width(`${label}: `, 9);
    const lines = this.c.regular.wrap(value, 9, WIDTH - lw);
    this.c.text(`${label}:`, LEFT, this.c.y, { size: 9, bold: true });
    for (const l of lines) {
      this.c.text(l, LEFT + lw, this.c.y, BODY);
      this.c.y += LINE_H;
    }
  }

  private recipient(): void {
    const b = this.inv.buyer;
    const raw: string[] = [b.name];
    if (b.contact?.name) raw.push(`${this.lang === 'de' ? 'z. Hd.' : 'Attn.'} ${b.contact.name}`);
    if (b.address.line1) raw.push(b.address.line1);
    if (b.address.line2) raw.push(b.address.line2);
    const cityLine = [b.address.postalCode, b.address.city].filter(Boolean).join(' ');
    if (cityLine) raw.push(cityLine);
    const country = b.address.countryCode ?? 'DE';
    if (country !== (this.inv.seller.address.countryCode ?? 'DE')) raw.push(countryName(country, this.lang).toLocaleUpperCase(this.lang));
    // every line wrapped, never cut; the size shrinks until the address fits the 40 mm address zone
    let size = 10;
    let lines = raw.flatMap((l) => this.c.regular.wrap(l, size, 80 * MM));
    while (size > 6.5 && lines.length * size * 1.2 > 34 * MM) {
      size -= 0.5;
      lines = raw.flatMap((l) => this.c.regular.wrap(l, size, 80 * MM));
    }
    const lh = size * 1.2;
    let y = 63.5 * MM;
    for (const l of lines) {
      this.c.text(l, LEFT, y, { size });
      y += lh;
    }
  }

  /** The information block right of the window (from 50 mm); returns its bottom edge. */
  private infoBlock(): number {
    const inv = this.inv;
    const L = this.L;
    const rows: [string, string][] = [];
    rows.push([L.invoiceNo, inv.invoiceNumber]);
    rows.push([L.invoiceDate, this.date(inv.issueDate)]);
    if (inv.deliveryDate) rows.push([L.deliveryDate, this.date(inv.deliveryDate)]);
    if (inv.invoicingPeriod && (inv.invoicingPeriod.start || inv.invoicingPeriod.end)) {
      rows.push([L.servicePeriod, [this.date(inv.invoicingPeriod.start), this.date(inv.invoicingPeriod.end)].filter(Boolean).join(' – ')]);
    }
    if (inv.dueDate) rows.push([L.dueDate, this.date(inv.dueDate)]);
    if (inv.buyerReference) rows.push([/^\d{2,12}(-[A-Za-z0-9]{1,30})?-\d{2}$/.test(inv.buyerReference) ? 'Leitweg-ID' : L.buyerReference, inv.buyerReference]);
    if (inv.purchaseOrderReference) rows.push([L.purchaseOrder, inv.purchaseOrderReference]);
    if (inv.contractReference) rows.push([L.contract, inv.contractReference]);
    if (inv.projectReference) rows.push([L.project, inv.projectReference]);
    if (inv.costCenter) rows.push([L.costCenter, inv.costCenter]);
    if (inv.despatchAdviceRef) rows.push([L.despatchAdvice, inv.despatchAdviceRef]);
    if (inv.receivingAdviceRef) rows.push([L.receivingAdvice, inv.receivingAdviceRef]);
    if (inv.precedingInvoiceNumber) rows.push([L.precedingInvoice, [inv.precedingInvoiceNumber, inv.precedingInvoiceDate ? this.date(inv.precedingInvoiceDate) : ''].filter(Boolean).join(' / ')]);
    if (inv.seller.customerAssignedId) rows.push([L.supplierNo, inv.seller.customerAssignedId]);
    if (inv.buyer.vatId) rows.push([L.buyerVatId, inv.buyer.vatId]);
    else if (inv.buyer.registrationId) rows.push([L.buyerRegistration, inv.buyer.registrationId]);
    if (inv.buyer.gln) rows.push([L.buyerGln, inv.buyer.gln]);
    if (inv.seller.contact?.name) rows.push([L.contact, inv.seller.contact.name]);

    const x = 125 * MM;
    const labelW = 29 * MM;
    const valueW = RIGHT - x - labelW;
    let y = 50 * MM;
    for (const [label, value] of rows) {
      const lines = this.c.regular.wrap(value, 8.5, valueW);
      this.c.text(label, x, y + 0.5, { size: 7.5, color: MUTED });
      for (const l of lines) {
        this.c.text(l, x + labelW, y, { size: 8.5, bold: label === L.invoiceNo });
        y += 11;
      }
      if (lines.length === 0) y += 11;
    }
    return y;
  }

  // ---------------------------------------------------------------- line table

  private tableHeader(): void {
    const h = 6.5 * MM;
    this.c.rect(LEFT, this.c.y, WIDTH, h, FILL);
    const t = this.c.y + (h - 8) / 2 + 0.5;
    const st: TextStyle = { size: 7.5, bold: true };
    this.c.text(this.L.colPos, COL.pos, t, st);
    this.c.text(this.L.colDescription, COL.desc, t, st);
    this.c.text(this.L.colQuantity, COL.qtyRight, t, { ...st, align: 'right' });
    this.c.text(this.L.colUnit, COL.unit, t, st);
    this.c.text(`${this.L.colUnitPrice} ${this.cur}`, COL.priceRight, t, { ...st, align: 'right' });
    this.c.text(this.L.colVat, COL.vatRight, t, { ...st, align: 'right' });
    this.c.text(`${this.L.colAmount} ${this.cur}`, COL.amountRight, t, { ...st, align: 'right' });
    this.c.y += h + 1.5;
  }

  private carriedRow(label: string): void {
    const h = LINE_H + 3;
    this.c.text(label, COL.desc, this.c.y + 1.5, { size: 8.5, bold: true, color: MUTED });
    this.c.text(this.amount(this.carried), COL.amountRight, this.c.y + 1.5, { size: 8.5, bold: true, color: MUTED, align: 'right' });
    this.c.y += h;
  }

  /** One table row as parts: the first carries the numbers, the others are further description lines. */
  private lineRow(index: number): Row {
    const line = this.inv.lines[index]!;
    const c = this.c;
    const name = c.regular.wrap(line.name, 9, DESC_WIDTH);
    const details: string[] = [];
    const ids = [
      line.sellerArticleId ? `${this.L.articleNo}\u00a0${line.sellerArticleId}` : '',
      line.buyerArticleId ? `${this.L.buyerArticleNo}\u00a0${line.buyerArticleId}` : '',
      line.globalArticleId ? `${this.L.gtin}\u00a0${line.globalArticleId}` : '',
    ].filter(Boolean);
    if (ids.length) details.push(...c.regular.wrap(ids.join(' · '), 7.5, DESC_WIDTH));
    for (const ac of line.allowanceCharges ?? []) {
      const kind = ac.charge ? this.L.charge : this.L.allowance;
      const reason = [ac.reason, ac.reasonCode && !ac.reason ? ac.reasonCode : ''].filter(Boolean).join(' ');
      const pct =
        ac.percent !== undefined
          ? ` ${this.L.percentOf(formatPercent(ac.percent, this.lang), this.money(ac.basisAmount ?? big(line.quantity).times(big(line.unitPriceNet)).round(2, Big.roundHalfUp)))}`
          : '';
      const sign = ac.charge ? '+' : '-';
      details.push(...c.regular.wrap(`${kind}${reason ? ` (${reason})` : ''}${pct}: ${sign}${this.money(ac.amount ?? 0)}`, 7.5, DESC_WIDTH));
    }
    const parts: RowPart[] = [];
    name.forEach((l, k) => {
      const first = k === 0;
      parts.push({
        height: LINE_H + (first ? PAD : 0),
        draw: (top) => {
          const t = top + (first ? PAD : 0);
          c.text(l, COL.desc, t, BODY);
          if (!first) return;
          c.text(String(index + 1), COL.pos, t, BODY);
          c.text(formatNumber(line.quantity, this.lang, 0, 4), COL.qtyRight, t, { ...BODY, align: 'right' });
          c.text(c.regular.truncate(unitLabel(line.unitCode, this.lang), 8, COL.priceRight - 20 * MM - COL.unit), COL.unit, t + 0.5, { size: 8 });
          c.text(formatNumber(line.unitPriceNet, this.lang, 2, 4), COL.priceRight, t, { ...BODY, align: 'right' });
          const vat = line.categoryCode && line.categoryCode !== 'S' && big(line.vatRatePercent).eq(0) ? line.categoryCode : formatPercent(line.vatRatePercent, this.lang);
          c.text(vat, COL.vatRight, t, { ...BODY, align: 'right' });
          c.text(this.amount(line.lineNetAmount), COL.amountRight, t, { ...BODY, align: 'right' });
        },
      });
    });
    for (const l of details) parts.push({ height: SMALL_H, draw: (top) => c.text(l, COL.desc, top, SMALL) });
    return { parts, height: parts.reduce((h, p) => h + p.height, 0) + PAD };
  }

  private pageBreakInTable(carry: boolean): void {
    if (carry) this.carriedRow(this.L.carriedForward);
    this.newPage(true);
    this.tableHeader();
    if (carry) this.carriedRow(this.L.carriedOver);
  }

  private table(): void {
    this.ensure(6.5 * MM + 30);
    this.tableHeader();
    const carryH = LINE_H + 3;
    const pageRoom = this.contentBottom - CONT_TOP - 6.5 * MM - 2 * carryH - 10;
    const n = this.inv.lines.length;
    let rowsOnPage = 0;
    for (let i = 0; i < n; i++) {
      const row = this.lineRow(i);
      const amount = big(this.inv.lines[i]!.lineNetAmount);
      // keep room for the carried-forward row, unless this is the last line (the totals may move on alone)
      const reserve = i < n - 1 ? carryH : 0;
      const fits = this.c.y + row.height + reserve <= this.contentBottom;
      // a row moves on whole when it fits on a page and the table already has a row here; else it is split
      // between description lines (no page with a table header and no row)
      const split = !fits && (row.height > pageRoom || rowsOnPage === 0);
      if (!fits && !split) {
        this.pageBreakInTable(i > 0);
        rowsOnPage = 0;
      }
      let started = false;
      for (const p of row.parts) {
        if (split && this.c.y + p.height + carryH > this.contentBottom) {
          this.pageBreakInTable(i > 0 || started);
          rowsOnPage = 0;
        }
        p.draw(this.c.y);
        this.c.y += p.height;
        if (!started) {
          started = true;
          this.carried = this.carried.plus(amount);
        }
      }
      this.c.y += PAD;
      this.c.line(LEFT, this.c.y, RIGHT, this.c.y, 0.25, RULE);
      rowsOnPage++;
    }
    this.c.y += 3 * MM;
  }

  // ---------------------------------------------------------------- totals

  private totalsBlock(): void {
    const inv = this.inv;
    const t = this.input.totals;
    const L = this.L;
    const x = 82 * MM;
    const labelW = RIGHT - x - 32 * MM;
    type TRow = { label: string; value: string; bold?: boolean; ruleAbove?: boolean; size?: number };
    const rows: TRow[] = [];
    const acs = inv.allowanceCharges ?? [];
    const rates = new Set(inv.vatBreakdown.map((b) => `${b.categoryCode}|${b.ratePercent}`));
    rows.push({ label: L.lineTotal, value: this.money(t.lineTotal) });
    for (const ac of acs) {
      const kind = ac.charge ? L.charge : L.allowance;
      const reason = ac.reason ?? ac.reasonCode;
      const pct =
        ac.percent !== undefined && ac.basisAmount !== undefined
          ? `, ${L.percentOf(formatPercent(ac.percent, this.lang), this.money(ac.basisAmount))}`
          : ac.percent !== undefined
            ? `, ${formatPercent(ac.percent, this.lang)}`
            : '';
      const vat = rates.size > 1 && ac.ratePercent !== undefined ? `, ${L.colVat}\u00a0${formatPercent(ac.ratePercent, this.lang)}` : '';
      rows.push({ label: `${kind}${reason ? `: ${reason}` : ''}${pct}${vat}`, value: `${ac.charge ? '+' : '-'}${this.money(ac.amount ?? 0)}` });
    }
    if (acs.length) rows.push({ label: L.netTotal, value: this.money(inv.totalNet), ruleAbove: true });
    else rows[0] = { label: L.netTotal, value: this.money(inv.totalNet) };
    for (const b of inv.vatBreakdown) {
      const rated = big(b.ratePercent).gt(0) || b.categoryCode === 'S';
      const label = rated ? L.vatOn(formatPercent(b.ratePercent, this.lang), this.money(b.basisAmount)) : L.categoryOn(L.categoryNames[b.categoryCode] ?? b.categoryCode, this.money(b.basisAmount));
      rows.push({ label, value: this.money(b.taxAmount) });
    }
    rows.push({ label: L.grandTotal, value: this.money(inv.totalGross), bold: true, ruleAbove: true, size: 10 });
    const paid = big(inv.paidAmount);
    const due = big(inv.totalGross).minus(paid);
    if (paid.gt(0)) {
      rows.push({ label: L.paid, value: `-${this.money(paid)}` });
      rows.push({ label: L.balanceDue, value: this.money(due), bold: true, ruleAbove: true, size: 10 });
    }
    if (inv.taxCurrencyCode && inv.totalVatInTaxCurrency !== undefined) {
      rows.push({ label: L.vatInTaxCurrency(inv.taxCurrencyCode), value: formatMoney(big(inv.totalVatInTaxCurrency), inv.taxCurrencyCode, this.lang) });
    }
    const laid = rows.map((r) => ({ ...r, lines: this.c.font({ size: r.size ?? 9, bold: !!r.bold }).wrap(r.label, r.size ?? 9, labelW) }));
    const height = laid.reduce((h, r) => h + r.lines.length * (r.size ?? 9) * 1.35 + (r.ruleAbove ? 4 : 0) + 1.5, 0);
    // keep the block together unless it is taller than most of a page (many VAT rates or allowances)
    const together = height + 4 < (this.contentBottom - CONT_TOP) * 0.8;
    if (together) this.ensure(height + 4);
    for (const r of laid) {
      const size = r.size ?? 9;
      if (!together) this.ensure(r.lines.length * size * 1.35 + (r.ruleAbove ? 4 : 0) + 1.5);
      if (r.ruleAbove) {
        this.c.line(x, this.c.y + 1, RIGHT, this.c.y + 1, r.bold ? 0.8 : 0.4, r.bold ? INK : RULE);
        this.c.y += 4;
      }
      const top = this.c.y;
      for (const l of r.lines) {
        this.c.text(l, x, this.c.y, { size, bold: !!r.bold });
        this.c.y += size * 1.35;
      }
      this.c.text(r.value, RIGHT, top, { size, bold: !!r.bold, align: 'right' });
      this.c.y += 1.5;
    }
    this.c.y += 5 * MM;
  }

  private exemptions(): void {
    const texts: string[] = [];
    for (const b of this.inv.vatBreakdown) {
      if (b.exemptionReason || b.exemptionReasonCode) {
        const name = this.L.categoryNames[b.categoryCode] ?? b.categoryCode;
        const t = [b.exemptionReason, b.exemptionReasonCode ? `(${b.exemptionReasonCode})` : ''].filter(Boolean).join(' ');
        texts.push(`${name}: ${t}`);
      }
    }
    const unique = [...new Set(texts)];
    if (!unique.length) return;
    this.ensure(LINE_H * 2);
    for (const t of unique) this.paragraph(t, { size: 8.5 });
    this.c.y += 3 * MM;
  }

  // ---------------------------------------------------------------- payment

  private paymentBlock(): void {
    const inv = this.inv;
    const p = inv.payment;
    const L = this.L;
    const paras: string[] = [];
    const table: [string, string][] = [];
    const due = big(inv.totalGross).minus(big(inv.paidAmount));
    const credit = inv.documentTypeCode === '381';
    // self-billing (389): the buyer issued the document and pays the seller
    const selfBilled = inv.documentTypeCode === '389';
    const means = p?.meansCode;
    const directDebit = means === '59' || means === '49';
    if (due.lte(0) && big(inv.totalGross).gt(0)) paras.push(L.paidInFull);
    else if (credit) paras.push(L.creditNote);
    else if (directDebit) {
      paras.push(L.directDebit(this.money(due), p?.debitedIban ? formatIban(p.debitedIban) : '', inv.dueDate ? this.date(inv.dueDate) : undefined));
      if (p?.mandateId) table.push([L.mandate, p.mandateId]);
      if (p?.creditorId) table.push([L.creditorId, p.creditorId]);
    } else {
      // with own terms the due date stands in the information block and the terms block says the rest
      if (inv.dueDate && !p?.terms && !selfBilled) paras.push(L.payBy(this.date(inv.dueDate)));
      for (const s of readDiscountStages(p)) {
        const basis = s.basisAmount !== undefined ? big(s.basisAmount) : due;
        const discount = basis.times(big(s.percent)).div(100).round(2, Big.roundHalfUp);
        const until = addDays(inv.issueDate, s.days);
        paras.push(L.skonto(formatPercent(s.percent, this.lang), s.days, until ? this.date(until) : undefined, this.money(discount), this.money(due.minus(discount))));
      }
      if (p?.iban) {
        paras.push(selfBilled ? L.selfBilled : L.transfer);
        table.push([L.accountHolder, p.accountName ?? inv.payee?.name ?? inv.seller.name]);
        table.push([L.iban, formatIban(p.iban)]);
        if (p.bic) table.push([L.bic, p.bic]);
        table.push([L.reference, p.reference ?? inv.invoiceNumber]);
      } else if (means === '48' || means === '54' || means === '55') {
        paras.push(L.card(p?.cardNumber ? `****${p.cardNumber}` : '', p?.cardHolder));
      } else if (means === '10') {
        paras.push(L.cash);
      }
      if (p?.reference && !p.iban) table.push([L.reference, p.reference]);
    }
    if (p?.meansText) paras.push(p.meansText);
    if (!paras.length && !table.length) return;

    const lineCount = paras.reduce((n, t) => n + this.c.regular.wrap(t, 9, WIDTH).length, 0) + table.length;
    this.heading(L.paymentTitle, Math.min(lineCount, 8) * LINE_H);
    for (const t of paras) {
      this.paragraph(t);
      this.c.y += 2;
    }
    if (table.length) {
      const lw = Math.max(...table.map(([k]) => this.c.regular.width(k, 9))) + 4 * MM;
      this.ensure(table.length * LINE_H);
      for (const [k, v] of table) {
        const lines = this.c.bold.wrap(v, 9, WIDTH - lw);
        this.ensure(LINE_H * lines.length);
        this.c.text(k, LEFT, this.c.y, { size: 9, color: MUTED });
        for (const l of lines) {
          this.c.text(l, LEFT + lw, this.c.y, { size: 9, bold: true });
          this.c.y += LINE_H;
        }
      }
    }
    this.c.y += 4 * MM;
  }

  /** BT-20 free text in its own block (the Skonto markers are machine data and never printed). */
  private termsBlock(): void {
    // Skonto markers typed into the terms are machine data (printed as sentences by the payment block)
    const terms = this.inv.payment?.terms
      ?.split(/\r?\n/)
      .filter((l) => !/^#SKONTO#/i.test(l.trim()))
      .join('\n')
      .trim();
    if (!terms) return;
    this.heading(this.L.termsTitle, Math.min(this.c.regular.wrap(terms, 9, WIDTH).length, 4) * LINE_H);
    this.paragraph(terms);
    this.c.y += 4 * MM;
  }

  private notesBlock(): void {
    const notes = (this.inv.notes ?? []).map((n) => (typeof n === 'string' ? n : n.text)).filter((t) => t.trim() !== '');
    if (!notes.length) return;
    this.heading(this.L.notes, LINE_H * 2);
    for (const n of notes) {
      this.paragraph(n);
      this.c.y += 3;
    }
    this.c.y += 3 * MM;
  }

  private attachmentsBlock(): void {
    const a = this.input.attachments;
    if (!a.length) return;
    this.heading(this.L.attachments, LINE_H);
    for (const f of a) this.paragraph(f.description && f.description !== f.filename ? `${f.filename} – ${f.description}` : f.filename);
    this.c.y += 3 * MM;
  }

  private hint(): void {
    const lines = this.c.regular.wrap(this.L.hybridHint, SMALL.size, WIDTH);
    if (this.c.y + lines.length * SMALL_H > this.contentBottom) {
      // no page of its own for one line: it goes on the page-number line of the last page, left of the number
      const room = WIDTH - this.c.regular.width(this.L.page(99, 99), 8) - 4 * MM;
      const size = [7.5, 7, 6.5, 6].find((sz) => this.c.regular.width(this.L.hybridHint, sz) <= room);
      if (size !== undefined) {
        this.c.text(this.L.hybridHint, LEFT, this.footerRule - 5 * MM, { ...SMALL, size });
        return;
      }
    }
    this.ensure(lines.length * SMALL_H);
    this.paragraph(this.L.hybridHint, SMALL);
  }

  // ---------------------------------------------------------------- footer

  /** Footer columns (seller, contact, tax and bank) and the legal details, each wrapped to its width. */
  private footerContent(): { cols: [number, number, string[]][]; legal: string[] } {
    const s = this.inv.seller;
    const L = this.L;
    const p = this.inv.payment;
    const col1 = [
      s.name,
      s.address.line1,
      s.address.line2,
      [s.address.postalCode, s.address.city].filter(Boolean).join(' '),
      s.address.countryCode && (s.address.countryCode !== 'DE' || this.lang === 'en') ? countryName(s.address.countryCode, this.lang) : undefined,
    ];
    const col2 = [
      s.contact?.name,
      s.contact?.phone ? `${L.phone} ${s.contact.phone}` : undefined,
      s.contact?.email ? `${L.email} ${s.contact.email}` : undefined,
      s.electronicAddress ? `${L.eAddress} ${s.electronicAddress.id}` : undefined,
      s.gln ? `${L.gln} ${s.gln}` : undefined,
    ];
    const col3 = [
      s.vatId ? `${L.vatId} ${s.vatId}` : undefined,
      s.taxNumber ? `${L.taxNumber} ${s.taxNumber}` : undefined,
      s.registrationId ? `${L.registration} ${s.registrationId}` : undefined,
      p?.iban ? `${L.iban} ${formatIban(p.iban)}` : undefined,
      p?.iban && p.bic ? `${L.bic} ${p.bic}` : undefined,
    ];
    const wrapCol = (entries: (string | undefined)[], w: number, firstBold: boolean): string[] =>
      entries
        .filter((l): l is string => !!l && l.trim() !== '')
        .flatMap((l, k) =>
          this.c
            .font({ size: FOOTER_SIZE, bold: firstBold && k === 0 })
            .wrap(l, FOOTER_SIZE, w)
            .map((x) => (firstBold && k === 0 ? `\u0000${x}` : x)),
        );
    const cols: [number, number, string[]][] = [
      [LEFT, 50 * MM, wrapCol(col1, 50 * MM, true)],
      [LEFT + 52 * MM, 58 * MM, wrapCol(col2, 58 * MM, false)],
      [LEFT + 112 * MM, WIDTH - 112 * MM, wrapCol(col3, WIDTH - 112 * MM, false)],
    ];
    const legal = s.legalInfo?.trim() ? this.c.regular.wrap(s.legalInfo.trim(), FOOTER_SIZE, WIDTH) : [];
    return { cols, legal };
  }

  private footers(): void {
    const L = this.L;
    const total = this.c.pages.length;
    const rule = this.footerRule;
    this.c.pages.forEach((_, page) => {
      this.c.line(LEFT, rule, RIGHT, rule, 0.5, RULE, page);
      this.c.text(L.page(page + 1, total), RIGHT, rule - 5 * MM, { size: 8, color: MUTED, align: 'right' }, page);
      let bottom = rule + 2.5 * MM;
      for (const [x, , lines] of this.footer.cols) {
        let y = rule + 2.5 * MM;
        for (const raw of lines) {
          // a leading NUL marks the seller name (bold, ink); it is never printed
          const bold = raw.startsWith('\u0000');
          this.c.text(bold ? raw.slice(1) : raw, x, y, { size: FOOTER_SIZE, color: bold ? INK : MUTED, bold }, page);
          y += FOOTER_LH;
        }
        bottom = Math.max(bottom, y);
      }
      let y = bottom + 1.5 * MM;
      for (const l of this.footer.legal) {
        this.c.text(l, LEFT, y, { size: FOOTER_SIZE, color: MUTED }, page);
        y += FOOTER_LH;
      }
    });
  }
}
