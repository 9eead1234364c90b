import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkInvoiceJsonSize, checkJsonShape, INVOICE_JSON_MAX_DEPTH, parseInvoice } from './parse';

const fixture = JSON.parse(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/01-minimal-en16931.json'), 'utf8')) as Record<string, unknown>;
const invoice = (fixture.invoice ?? fixture) as Record<string, unknown> & { lines: Record<string, unknown>[] };
const clone = () => structuredClone(invoice);

/** [[[…1…]]] nested `depth` times, built without recursion. */
function deepArray(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

describe('invoice JSON limits', () => {
  it('a 10,000-deep array is a clean TOO_DEEP issue with its path, as text and as a value (regression: stack overflow)', () => {
    const text = JSON.stringify(invoice).replace('"lines":', `"notes":${'['.repeat(10_000)}1${']'.repeat(10_000)},"lines":`);
    for (const input of [text, { ...clone(), notes: deepArray(10_000) }]) {
      const r = parseInvoice(input);
      expect(r.ok).toBe(false);
      expect(r.issues).toHaveLength(1);
      expect(r.issues[0]).toMatchObject({ code: 'TOO_DEEP', severity: 'error' });
      expect(r.issues[0]!.path).toBe(['notes', ...Array(INVOICE_JSON_MAX_DEPTH - 1).fill('0')].join('.'));
    }
  });

  it('measures the size of a deep or huge value without recursion and stops at the limit', () => {
    expect(checkInvoiceJsonSize({ a: deepArray(100_000) })).toEqual({ ok: true, bytes: 200_007, limit: 1_000_000 });
    for (const v of [invoice, { a: [1, 'ä€', null, undefined, true, { b: undefined, c: -0.5e-7 }], d: 'x"\\\n' }]) {
      expect(checkInvoiceJsonSize(v).bytes).toBe(Buffer.byteLength(JSON.stringify(v)));
    }
    const cyclic: Record<string, unknown> = { a: 'x'.repeat(100) };
    cyclic.self = cyclic;
    const r = checkInvoiceJsonSize(cyclic, 10_000);
    expect(r.ok).toBe(false);
    expect(r.bytes).toBeGreaterThan(10_000);
    expect(r.bytes).toBeLessThan(10_500);
  });

  it('non-finite numbers (1e400 parses as Infinity) are issues with their path, not a thrown error', () => {
    const text = JSON.stringify(invoice).replace(/"unitPriceNet":[0-9.]+/, '"unitPriceNet":1e400');
    expect(text).toContain('1e400');
    const r = parseInvoice(text);
    expect(r).toEqual({ ok: false, issues: [expect.objectContaining({ code: 'INVALID_NUMBER', path: 'lines.0.unitPriceNet' })] });
    const v = clone();
    v.lines[0]!.quantity = -Infinity;
    (v as Record<string, unknown>).totalNet = Number.NaN;
    expect(
      checkJsonShape(v)
        .map((i) => i.path)
        .sort(),
    ).toEqual(['lines.0.quantity', 'totalNet']);
  });

  it('a missing lineNetAmount is reported as missing (BR-24), not as an unknown property', () => {
    const v = clone();
    delete v.lines[0]!.lineNetAmount;
    expect(parseInvoice(v).issues).toEqual([{ code: 'BR-24', severity: 'error', message: 'Required field "lineNetAmount" is missing', path: 'lines.0.lineNetAmount' }]);
    expect(parseInvoice(v, { lang: 'de' }).issues).toEqual([{ code: 'BR-24', severity: 'error', message: 'Das Pflichtfeld „lineNetAmount“ fehlt', path: 'lines.0.lineNetAmount' }]);
    const extra = clone();
    extra.lines[0]!.lineNetAmountt = 1;
    expect(parseInvoice(extra).issues).toEqual([expect.objectContaining({ code: 'UNKNOWN_PROPERTY', message: 'Unknown property "lineNetAmountt"', path: 'lines.0.lineNetAmountt' })]);
  });

  it('the fixture itself passes', () => {
    expect(parseInvoice(clone())).toMatchObject({ ok: true, issues: [] });
  });
});
