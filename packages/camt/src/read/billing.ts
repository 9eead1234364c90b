/** camt.086 (BankServicesBillingStatement .01-.05): maps the kept children of a BllgStmt into the model. */
import type { XmlElement } from '@kontor/xml';
import type { BillingBalance, BillingService, BillingStatement, ServiceTax, ServiceTaxId, SignedAmount, TaxRegion, TaxRegionService } from '../model/types';
import { decimalText, loc, readAccountId, readBic, readSigned, t, type Issue } from './common';

export function newBillingStatement(el: { line: number; column: number }, group: { groupId?: string | undefined; sender?: string | undefined; receiver?: string | undefined }): BillingStatement {
  const s: BillingStatement = { account: {}, services: [], taxRegions: [], balances: [], compensations: [], location: { line: el.line, column: el.column } };
  if (group.groupId) s.groupId = group.groupId;
  if (group.sender) s.sender = group.sender;
  if (group.receiver) s.receiver = group.receiver;
  return s;
}

function dec(el: XmlElement | undefined, local: string, path: string, issue: Issue): string | undefined {
  const c = el?.child(local);
  if (!c) return undefined;
  const v = decimalText(c.text);
  if (v === undefined) issue('CAMT_DECIMAL_INVALID', 'error', 'DECIMAL_INVALID', { value: c.text.trim(), element: local }, c, path);
  return v;
}

function readServiceTax(clctn: XmlElement | undefined, path: string, issue: Issue): ServiceTax | undefined {
  if (!clctn) return undefined;
  const a = clctn.child('MtdA');
  const b = clctn.child('MtdB');
  const d = clctn.child('MtdD');
  const m = a ?? b ?? d;
  if (!m) return undefined;
  const tax: ServiceTax = { method: a ? 'A' : b ? 'B' : 'D', taxIds: [] };
  if (d) {
    const p = readSigned(d.child('SvcTaxPricAmt'), `${path}.pricingAmount`, issue);
    if (p) tax.pricingAmount = p;
  } else {
    const h = readSigned(m.child('SvcChrgHstAmt'), `${path}.chargeHostAmount`, issue);
    if (h) tax.chargeHostAmount = h;
    const st = m.child('SvcTax');
    const hst = readSigned(st?.child('HstAmt'), `${path}.hostAmount`, issue);
    if (hst) tax.hostAmount = hst;
    const pr = readSigned(st?.child('PricgAmt'), `${path}.pricingAmount`, issue);
    if (pr) tax.pricingAmount = pr;
  }
  m.elements('TaxId').forEach((ti, i) => {
    const p = `${path}.taxIds[${i}]`;
    const x: ServiceTaxId = {};
    const nb = t(ti, 'Nb');
    if (nb) x.number = nb;
    const desc = t(ti, 'Desc');
    if (desc) x.description = desc;
    const rate = dec(ti, 'Rate', `${p}.rate`, issue);
    if (rate) x.rate = rate;
    const hst = readSigned(ti.child('HstAmt'), `${p}.amount`, issue);
    if (hst) x.amount = hst;
    const pr = readSigned(ti.child('PricgAmt'), `${p}.pricingAmount`, issue);
    if (pr) x.pricingAmount = pr;
    tax.taxIds.push(x);
  });
  return tax;
}

export function readService(svc: XmlElement, path: string, issue: Issue): BillingService {
  const s: BillingService = { location: loc(svc)! };
  const dtl = svc.child('SvcDtl');
  const bk = dtl?.child('BkSvc');
  const code = t(bk, 'Id');
  if (code) s.code = code;
  const desc = t(bk, 'Desc');
  if (desc) s.description = desc;
  const sub = bk?.child('SubSvc');
  if (sub) {
    const issuer = t(sub, 'Issr', 'Cd') ?? t(sub, 'Issr', 'Prtry');
    const id = t(sub, 'Id');
    s.subService = { ...(issuer ? { issuer } : {}), ...(id ? { id } : {}) };
  }
  const cmon = bk?.child('CmonCd');
  if (cmon) {
    const issuer = t(cmon, 'Issr');
    const id = t(cmon, 'Id');
    s.commonCode = { ...(issuer ? { issuer } : {}), ...(id ? { id } : {}) };
  }
  const svcTp = t(bk, 'SvcTp');
  if (svcTp) s.serviceType = svcTp;
  const vol = dec(dtl, 'Vol', `${path}.volume`, issue);
  if (vol) s.volume = vol;
  const pric = svc.child('Pric');
  const pccy = t(pric, 'Ccy');
  if (pccy) s.priceCurrency = pccy;
  const up = readSigned(pric?.child('UnitPric'), `${path}.unitPrice`, issue);
  if (up) s.unitPrice = up;
  const mtd = t(pric, 'Mtd');
  if (mtd) s.priceMethod = mtd;
  const pm = t(svc, 'PmtMtd');
  if (pm) s.paymentMethod = pm;
  const amt = readSigned(svc.child('OrgnlChrgPric'), `${path}.amount`, issue);
  if (amt) s.amount = amt;
  const sttl = readSigned(svc.child('OrgnlChrgSttlmAmt'), `${path}.settlementAmount`, issue);
  if (sttl) s.settlementAmount = sttl;
  const bra = readSigned(svc.child('BalReqrdAcctAmt'), `${path}.balanceRequired`, issue);
  if (bra) s.balanceRequired = bra;
  const td = svc.child('TaxDsgnt');
  const tdc = t(td, 'Cd');
  if (tdc) s.taxDesignation = tdc;
  const rgn = t(td, 'Rgn');
  if (rgn) s.taxRegion = rgn;
  const tax = readServiceTax(svc.child('TaxClctn'), `${path}.tax`, issue);
  if (tax) s.tax = tax;
  return s;
}

export function readTaxRegion(el: XmlElement, path: string, issue: Issue): TaxRegion {
  const r: TaxRegion = { location: loc(el)! };
  const set = (k: 'number' | 'name' | 'customerTaxId' | 'pointDate' | 'invoiceNumber', local: string) => {
    const v = t(el, local);
    if (v) r[k] = v;
  };
  set('number', 'RgnNb');
  set('name', 'RgnNm');
  set('customerTaxId', 'CstmrTaxId');
  set('pointDate', 'PtDt');
  set('invoiceNumber', 'InvcNb');
  const vat = t(el, 'SndgFI', 'VATRegnNb');
  if (vat) r.vatRegistration = vat;
  const treg = t(el, 'SndgFI', 'TaxRegnNb');
  if (treg) r.taxRegistration = treg;
  const mc = el.child('MtdC');
  if (mc) {
    const p = `${path}.methodC`;
    const services: TaxRegionService[] = mc.elements('SvcDtl').map((sd, i) => {
      const sp = `${p}.services[${i}]`;
      const x: TaxRegionService = { location: loc(sd)! };
      const code = t(sd, 'BkSvc', 'Id');
      if (code) x.code = code;
      const desc = t(sd, 'BkSvc', 'Desc');
      if (desc) x.description = desc;
      const vol = dec(sd, 'Vol', `${sp}.volume`, issue);
      if (vol) x.volume = vol;
      const up = readSigned(sd.child('UnitPric'), `${sp}.unitPrice`, issue);
      if (up) x.unitPrice = up;
      const amt = readSigned(sd.child('SvcChrgAmt'), `${sp}.amount`, issue);
      if (amt) x.amount = amt;
      return x;
    });
    const tc = mc.child('TaxClctn');
    const methodC: NonNullable<TaxRegion['methodC']> = { services, conversions: [], taxIds: [] };
    const hc = t(tc, 'HstCcy');
    if (hc) methodC.hostCurrency = hc;
    (tc?.elements('TaxblSvcChrgConvs') ?? []).forEach((cv, i) => {
      const c: { source?: SignedAmount; host?: SignedAmount } = {};
      const src = readSigned(cv.child('SrcAmt'), `${p}.conversions[${i}].source`, issue);
      if (src) c.source = src;
      const hst = readSigned(cv.child('HstAmt'), `${p}.conversions[${i}].host`, issue);
      if (hst) c.host = hst;
      methodC.conversions.push(c);
    });
    const tth = readSigned(tc?.child('TtlTaxblSvcChrgHstAmt'), `${p}.taxableHostAmount`, issue);
    if (tth) methodC.taxableHostAmount = tth;
    (tc?.elements('TaxId') ?? []).forEach((ti, i) => {
      const x: { number?: string; description?: string; rate?: string; amount?: SignedAmount } = {};
      const nb = t(ti, 'Nb');
      if (nb) x.number = nb;
      const desc = t(ti, 'Desc');
      if (desc) x.description = desc;
      const rate = dec(ti, 'Rate', `${p}.taxIds[${i}].rate`, issue);
      if (rate) x.rate = rate;
      const amt = readSigned(ti.child('TtlTaxAmt'), `${p}.taxIds[${i}].amount`, issue);
      if (amt) x.amount = amt;
      methodC.taxIds.push(x);
    });
    const tt = readSigned(tc?.child('TtlTax'), `${p}.totalTax`, issue);
    if (tt) methodC.totalTax = tt;
    r.methodC = methodC;
  }
  const sa = readSigned(el.child('SttlmAmt'), `${path}.settlementAmount`, issue);
  if (sa) r.settlementAmount = sa;
  const due = readSigned(el.child('TaxDueToRgn'), `${path}.taxDue`, issue);
  if (due) r.taxDue = due;
  return r;
}

export function readBillingBalance(el: XmlElement, path: string, issue: Issue): BillingBalance | undefined {
  const v = readSigned(el.child('Val'), `${path}.amount`, issue);
  if (!v) return undefined;
  const b: BillingBalance = { type: t(el, 'Tp', 'Cd') ?? t(el, 'Tp', 'Prtry') ?? '', amount: v.amount, currency: v.currency, location: loc(el)! };
  const ct = t(el, 'CcyTp');
  if (ct) b.currencyType = ct;
  return b;
}

/** Applies one kept child of BllgStmt to the statement being built. */
export function applyBillingChild(s: BillingStatement, el: XmlElement, path: string, issue: Issue): void {
  switch (el.local) {
    case 'StmtId':
      s.id = el.text.trim();
      break;
    case 'Sts':
      s.status = el.text.trim();
      break;
    case 'CreDtTm':
      s.createdAt = el.text.trim();
      break;
    case 'FrToDt': {
      const from = t(el, 'FrDt');
      const to = t(el, 'ToDt');
      s.period = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
      break;
    }
    case 'AcctChrtcs': {
      const cash = el.child('CshAcct');
      Object.assign(s.account, readAccountId(cash));
      const set = (k: 'level' | 'balanceCurrency' | 'settlementCurrency' | 'hostCurrency' | 'compensationMethod', v: string | undefined) => {
        if (v) s.account[k] = v;
      };
      const ccy = t(cash, 'Ccy');
      if (ccy) s.account.currency = ccy;
      const nm = t(cash, 'Nm');
      if (nm) s.account.name = nm;
      set('level', t(el, 'AcctLvl'));
      set('balanceCurrency', t(el, 'AcctBalCcyCd'));
      set('settlementCurrency', t(el, 'SttlmCcyCd'));
      set('hostCurrency', t(el, 'HstCcyCd'));
      set('compensationMethod', t(el, 'CompstnMtd'));
      if (!s.account.currency && s.account.balanceCurrency) s.account.currency = s.account.balanceCurrency;
      const fin = el.child('AcctSvcr')?.child('FinInstnId');
      const bic = readBic(fin);
      if (bic) s.account.servicerBic = bic;
      const svNm = t(fin, 'Nm');
      if (svNm) s.account.servicerName = svNm;
      const dbt = el.child('DbtAcct');
      const dbtId = t(dbt, 'IBAN') ?? t(dbt, 'Othr', 'Id');
      if (dbtId) s.account.debitAccount = dbtId;
      break;
    }
    case 'Bal': {
      const b = readBillingBalance(el, `${path}.balances[${s.balances.length}]`, issue);
      if (b) s.balances.push(b);
      break;
    }
    case 'Compstn': {
      const b = readBillingBalance(el, `${path}.compensations[${s.compensations.length}]`, issue);
      if (b) s.compensations.push(b);
      break;
    }
    case 'Svc':
      s.services.push(readService(el, `${path}.services[${s.services.length}]`, issue));
      break;
    case 'TaxRgn':
      s.taxRegions.push(readTaxRegion(el, `${path}.taxRegions[${s.taxRegions.length}]`, issue));
      break;
    default:
      // RateData, CcyXchg, BalAdjstmnt, SvcAdjstmnt: not part of the normalised model.
      break;
  }
}
