/**
 * camt.086 rules (quantity x unit price, taxes per service and per region, references between services and tax
 * regions) and the totals of spec §2.8: per price currency and per differing settlement currency.
 */
import { Big, fractionDigits, roundHalfUp } from '@kontor/xml';
import type { BillingStatement, CamtFinding, PriceCurrencyTotal, SettlementTotal, SignedAmount, StatementFacts } from '../model/types';
import { currencyDecimals, fmtAmount } from '../internal/format';
import { ibanText } from './iban';
import { sayer, type CamtMessageKey } from '../messages';
import { ibanProblem, type Lang } from '@kontor/xml';

const NOT_CHARGED = new Set(['WVED', 'FREE']);

/** A rate of 0.19 is a fraction; producers that write 19 mean percent. */
function rateFactor(rate: string): Big {
  const r = new Big(rate);
  return r.gt(1) ? r.div(100) : r;
}

/** True when `computed`, rounded half-up to the stated precision (at least the currency's), equals `stated`. */
function agrees(computed: Big, stated: SignedAmount): boolean {
  const dp = Math.max(fractionDigits(stated.amount), currencyDecimals(stated.currency));
  return roundHalfUp(computed, dp).eq(new Big(stated.amount));
}

export function checkBillingStatement(s: BillingStatement, index: number, emit: (f: CamtFinding) => void, lang: Lang = 'de'): void {
  const p = `statements[${index}]`;
  const say = sayer(lang);
  const f = (code: string, severity: CamtFinding['severity'], key: CamtMessageKey, params: Record<string, string | number>, path: string, location?: { line: number; column: number }) =>
    emit({ code, severity, message: say(key, params), path, ...(location ? { line: location.line, column: location.column } : {}) });
  if (!s.account.iban && !s.account.otherId) f('CAMT_ACCOUNT_MISSING', 'error', 'BILLING_ACCOUNT_MISSING', {}, `${p}.account`, s.location);
  if (s.account.iban) {
    const prob = ibanProblem(s.account.iban);
    if (prob) f('CAMT_ACCOUNT_IBAN_INVALID', 'error', 'BILLING_ACCOUNT_IBAN_INVALID', { problem: ibanText(s.account.iban, prob, lang) }, `${p}.account.iban`, s.location);
  }
  if (s.period?.from && s.period.to && s.period.from > s.period.to) {
    f('CAMT_PERIOD_INVALID', 'error', 'BILLING_PERIOD_INVALID', { from: s.period.from, to: s.period.to }, `${p}.period`, s.location);
  }
  const regions = new Set(s.taxRegions.map((r) => r.number).filter((n): n is string => !!n));
  s.services.forEach((svc, i) => {
    const sp = `${p}.services[${i}]`;
    const L = svc.location;
    const label = say('SERVICE_LABEL', { service: svc.code ?? i + 1 });
    const amt = svc.amount;
    const up = svc.unitPrice;
    const ccyMismatch = !!amt && ((up && up.currency !== amt.currency) || (svc.priceCurrency && svc.priceCurrency !== amt.currency));
    if (ccyMismatch) {
      f(
        'CAMT086_PRICE_CURRENCY_MISMATCH',
        'warning',
        'PRICE_CURRENCY_MISMATCH',
        { label, currency: amt!.currency, priceCurrency: up?.currency ?? svc.priceCurrency ?? '' },
        `${sp}.amount.currency`,
        L,
      );
    } else if (amt && up && svc.volume !== undefined && (svc.priceMethod === undefined || svc.priceMethod === 'UPRC')) {
      const computed = new Big(svc.volume).times(new Big(up.amount));
      if (!agrees(computed, amt)) {
        f(
          'CAMT086_QUANTITY_PRICE_MISMATCH',
          'error',
          'QUANTITY_PRICE_MISMATCH',
          { label, volume: svc.volume, price: fmtAmount(up.amount, up.currency), computed: fmtAmount(computed, amt.currency), stated: fmtAmount(amt.amount, amt.currency) },
          `${sp}.amount`,
          L,
        );
      }
    }
    const sttlCcy = s.account.settlementCurrency;
    if (svc.settlementAmount && sttlCcy && svc.settlementAmount.currency !== sttlCcy) {
      f('CAMT086_SETTLEMENT_CURRENCY', 'warning', 'SETTLEMENT_CURRENCY', { label, currency: svc.settlementAmount.currency, settlementCurrency: sttlCcy }, `${sp}.settlementAmount.currency`, L);
    }
    if (svc.taxRegion && regions.size && !regions.has(svc.taxRegion)) {
      f('CAMT086_TAX_REGION_UNKNOWN', 'warning', 'TAX_REGION_UNKNOWN', { label, region: svc.taxRegion }, `${sp}.taxRegion`, L);
    }
    const tax = svc.tax;
    if (!tax) return;
    const taxIsZero = tax.taxIds.every((t) => !t.amount || new Big(t.amount.amount).eq(0)) && (!tax.pricingAmount || new Big(tax.pricingAmount.amount).eq(0));
    if ((svc.taxDesignation === 'XMPT' || svc.taxDesignation === 'ZERO') && !taxIsZero) {
      f('CAMT086_TAX_ON_EXEMPT', 'warning', svc.taxDesignation === 'XMPT' ? 'TAX_ON_EXEMPT' : 'TAX_ON_ZERO_RATED', { label }, `${sp}.tax`, L);
    }
    const base = tax.method === 'D' ? amt : tax.chargeHostAmount;
    let hostSum = new Big(0);
    let pricingSum = new Big(0);
    let hostAll = true;
    let pricingAll = true;
    tax.taxIds.forEach((ti, j) => {
      const stated = tax.method === 'D' ? ti.pricingAmount : ti.amount;
      if (ti.amount) hostSum = hostSum.plus(new Big(ti.amount.amount));
      else hostAll = false;
      if (ti.pricingAmount) pricingSum = pricingSum.plus(new Big(ti.pricingAmount.amount));
      else pricingAll = false;
      if (ti.rate === undefined || !stated || !base || base.currency !== stated.currency) return;
      const computed = new Big(base.amount).times(rateFactor(ti.rate));
      if (!agrees(computed, stated)) {
        f(
          'CAMT086_TAX_RATE_MISMATCH',
          'error',
          'TAX_RATE_MISMATCH',
          { label, rate: ti.rate, base: fmtAmount(base.amount, base.currency), computed: fmtAmount(roundHalfUp(computed, 2), stated.currency), stated: fmtAmount(stated.amount, stated.currency) },
          `${sp}.tax.taxIds[${j}]`,
          L,
        );
      }
    });
    if (tax.method !== 'D' && hostAll && tax.hostAmount && tax.taxIds.length && !hostSum.eq(new Big(tax.hostAmount.amount))) {
      f(
        'CAMT086_TAX_TOTAL_MISMATCH',
        'error',
        'TAX_TOTAL_MISMATCH',
        { label, sum: fmtAmount(hostSum, tax.hostAmount.currency), stated: fmtAmount(tax.hostAmount.amount, tax.hostAmount.currency) },
        `${sp}.tax.hostAmount`,
        L,
      );
    }
    if (pricingAll && tax.pricingAmount && tax.taxIds.length && !pricingSum.eq(new Big(tax.pricingAmount.amount))) {
      f(
        'CAMT086_TAX_TOTAL_MISMATCH',
        'error',
        'TAX_TOTAL_MISMATCH',
        { label, sum: fmtAmount(pricingSum, tax.pricingAmount.currency), stated: fmtAmount(tax.pricingAmount.amount, tax.pricingAmount.currency) },
        `${sp}.tax.pricingAmount`,
        L,
      );
    }
  });
  s.taxRegions.forEach((r, i) => {
    const rp = `${p}.taxRegions[${i}]`;
    const L = r.location;
    const label = say('REGION_LABEL', { region: r.number ?? i + 1 });
    const mc = r.methodC;
    if (!mc) return;
    mc.services.forEach((sd, j) => {
      if (!sd.amount || !sd.unitPrice || sd.volume === undefined || sd.amount.currency !== sd.unitPrice.currency) return;
      const computed = new Big(sd.volume).times(new Big(sd.unitPrice.amount));
      if (!agrees(computed, sd.amount)) {
        f(
          'CAMT086_QUANTITY_PRICE_MISMATCH',
          'error',
          'REGION_QUANTITY_PRICE_MISMATCH',
          {
            label,
            service: sd.code ?? j + 1,
            volume: sd.volume,
            price: fmtAmount(sd.unitPrice.amount, sd.unitPrice.currency),
            computed: fmtAmount(computed, sd.amount.currency),
            stated: fmtAmount(sd.amount.amount, sd.amount.currency),
          },
          `${rp}.methodC.services[${j}].amount`,
          sd.location ?? L,
        );
      }
    });
    const hosts = mc.conversions.map((c) => c.host);
    if (mc.taxableHostAmount && hosts.length && hosts.every((h) => h && h.currency === mc.taxableHostAmount!.currency)) {
      const sum = hosts.reduce((a, h) => a.plus(new Big(h!.amount)), new Big(0));
      if (!sum.eq(new Big(mc.taxableHostAmount.amount))) {
        f(
          'CAMT086_TAXABLE_TOTAL_MISMATCH',
          'error',
          'TAXABLE_TOTAL_MISMATCH',
          { label, sum: fmtAmount(sum, mc.taxableHostAmount.currency), stated: fmtAmount(mc.taxableHostAmount.amount, mc.taxableHostAmount.currency) },
          `${rp}.methodC.taxableHostAmount`,
          L,
        );
      }
    }
    let taxSum = new Big(0);
    let all = true;
    mc.taxIds.forEach((ti, j) => {
      if (!ti.amount) {
        all = false;
        return;
      }
      taxSum = taxSum.plus(new Big(ti.amount.amount));
      const base = mc.taxableHostAmount;
      if (ti.rate === undefined || !base || base.currency !== ti.amount.currency) return;
      const computed = new Big(base.amount).times(rateFactor(ti.rate));
      if (!agrees(computed, ti.amount)) {
        f(
          'CAMT086_TAX_RATE_MISMATCH',
          'error',
          'TAX_RATE_MISMATCH',
          {
            label,
            rate: ti.rate,
            base: fmtAmount(base.amount, base.currency),
            computed: fmtAmount(roundHalfUp(computed, 2), ti.amount.currency),
            stated: fmtAmount(ti.amount.amount, ti.amount.currency),
          },
          `${rp}.methodC.taxIds[${j}].amount`,
          L,
        );
      }
    });
    if (all && mc.totalTax && mc.taxIds.length && !taxSum.eq(new Big(mc.totalTax.amount))) {
      f(
        'CAMT086_TAX_TOTAL_MISMATCH',
        'error',
        'TAX_TOTAL_MISMATCH',
        { label, sum: fmtAmount(taxSum, mc.totalTax.currency), stated: fmtAmount(mc.totalTax.amount, mc.totalTax.currency) },
        `${rp}.methodC.totalTax`,
        L,
      );
    }
    if (mc.totalTax && r.taxDue && mc.totalTax.currency === r.taxDue.currency && !new Big(mc.totalTax.amount).eq(new Big(r.taxDue.amount))) {
      f(
        'CAMT086_TAX_DUE_MISMATCH',
        'error',
        'TAX_DUE_MISMATCH',
        { label, computed: fmtAmount(mc.totalTax.amount, mc.totalTax.currency), due: fmtAmount(r.taxDue.amount, r.taxDue.currency) },
        `${rp}.taxDue`,
        L,
      );
    }
  });
}

export function billingFacts(s: BillingStatement, index: number, file: string): StatementFacts {
  const fact: StatementFacts = { file, path: `statements[${index}]`, message: 'camt.086' };
  if (s.id) fact.id = s.id;
  const acct = s.account.iban ?? s.account.otherId;
  if (acct) fact.account = acct;
  if (s.account.currency) fact.currency = s.account.currency;
  if (s.period?.from) fact.from = s.period.from;
  if (s.period?.to) fact.to = s.period.to;
  return fact;
}

/** Totals per price currency and per differing settlement currency over all billing statements of a file. */
export function billingTotals(statements: readonly BillingStatement[]): { totals: PriceCurrencyTotal[]; settlementTotals: SettlementTotal[] } {
  const per = new Map<string, { services: number; net: Big; waived: Big; tax: Big }>();
  const get = (ccy: string) => {
    let x = per.get(ccy);
    if (!x) per.set(ccy, (x = { services: 0, net: new Big(0), waived: new Big(0), tax: new Big(0) }));
    return x;
  };
  const settle = new Map<string, { value: Big; services: number }>();
  for (const s of statements) {
    for (const svc of s.services) {
      const amt = svc.amount;
      if (!amt) continue;
      const x = get(amt.currency);
      x.services++;
      const waived = !!svc.paymentMethod && NOT_CHARGED.has(svc.paymentMethod);
      if (waived) x.waived = x.waived.plus(new Big(amt.amount));
      else x.net = x.net.plus(new Big(amt.amount));
      const tax = svc.tax?.pricingAmount;
      if (tax && !waived) get(tax.currency).tax = get(tax.currency).tax.plus(new Big(tax.amount));
      const st = svc.settlementAmount;
      if (st && st.currency !== amt.currency && !waived) {
        const y = settle.get(st.currency) ?? { value: new Big(0), services: 0 };
        y.value = y.value.plus(new Big(st.amount));
        y.services++;
        settle.set(st.currency, y);
      }
    }
    for (const r of s.taxRegions) {
      const tt = r.methodC?.totalTax ?? r.taxDue;
      if (tt) get(tt.currency).tax = get(tt.currency).tax.plus(new Big(tt.amount));
    }
  }
  const totals = [...per.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, x]) => ({ currency, services: x.services, net: x.net.toFixed(), waived: x.waived.toFixed(), tax: x.tax.toFixed(), gross: x.net.plus(x.tax).toFixed() }));
  const settlementTotals = [...settle.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, y]) => ({ value: y.value.toFixed(), currency, services: y.services }));
  return { totals, settlementTotals };
}
