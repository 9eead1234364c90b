/** German number formatting for finding messages ("1.234,56 EUR"); exact, from the decimal string. */
import { Big } from '@kontor/xml';

export function fmtAmount(value: Big | string, currency?: string, minDp = 2): string {
  const b = value instanceof Big ? value : new Big(value);
  let s = b.abs().toFixed();
  let [int, frac = ''] = s.split('.');
  if (frac.length < minDp) frac = frac.padEnd(minDp, '0');
  int = int!.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  s = `${b.lt(0) ? '-' : ''}${int}${frac ? `,${frac}` : ''}`;
  return currency ? `${s} ${currency}` : s;
}

/** Minor units per ISO 4217 where they differ from 2. */
const minorUnits: Record<string, number> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
};

export function currencyDecimals(ccy: string): number {
  return minorUnits[ccy] ?? 2;
}
