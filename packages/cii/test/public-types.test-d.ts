/** Type tests of @kontor/cii's public types (vitest typecheck mode): results narrow on `ok`, codes are closed, findings are Finding. */
import type { Finding, KontorError, Verdict } from '@kontor/xml';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type CiiError,
  generateCii,
  parseInvoice,
  prepareInvoice,
  readCii,
  validateCii,
  type CiiErrorCode,
  type GenerateCiiResult,
  type Invoice,
  type InvoiceIssue,
  type RuleFinding,
} from '../src/index';
import { runRules, type RuleDef } from '../src/rules/index';

describe('@kontor/cii public types', () => {
  it("generateCii's result narrows on ok: xml on success, stage on failure", () => {
    const r = generateCii({});
    expectTypeOf(r).toEqualTypeOf<GenerateCiiResult>();
    if (r.ok) {
      expectTypeOf(r.xml).toEqualTypeOf<string>();
      expectTypeOf(r.bytes).toEqualTypeOf<number>();
      expectTypeOf(r.invoice).toEqualTypeOf<Invoice>();
    } else {
      expectTypeOf(r.stage).toEqualTypeOf<'input' | 'gate'>();
      expectTypeOf(r.xml).toEqualTypeOf<undefined>();
    }
    expectTypeOf(r.findings).toEqualTypeOf<Finding[]>();
  });

  it('parseInvoice narrows on ok to a schema-checked Invoice; its issues are Findings with a path', () => {
    const r = parseInvoice('{}');
    if (r.ok) expectTypeOf(r.invoice).toEqualTypeOf<Invoice>();
    else expectTypeOf(r.invoice).toEqualTypeOf<Invoice | undefined>();
    expectTypeOf<InvoiceIssue>().toExtend<Finding>();
    expectTypeOf<InvoiceIssue['path']>().toEqualTypeOf<string>();
    // @ts-expect-error — there is no `success` any more (docs/conventions.md: results use ok)
    void r.success;
  });

  it('CiiError is a KontorError with the closed CiiErrorCode union', () => {
    expectTypeOf<CiiError>().toExtend<KontorError<CiiErrorCode>>();
    expectTypeOf<CiiError['code']>().toEqualTypeOf<CiiErrorCode>();
    expectTypeOf<CiiErrorCode>().toEqualTypeOf<'INVOICE_INVALID' | 'INVALID_ARGUMENT' | 'INVALID_ATTACHMENT'>();
    expectTypeOf<CiiError['details']>().toEqualTypeOf<Finding[]>();
  });

  it('validation and check results speak the shared vocabulary', () => {
    const v = validateCii('<x/>');
    expectTypeOf(v.verdict).toEqualTypeOf<Verdict>();
    expectTypeOf(v.findings).toEqualTypeOf<RuleFinding[]>();
    expectTypeOf<RuleFinding>().toExtend<Finding>();
    expectTypeOf(readCii('<x/>').findings).items.toExtend<Finding>();
    expectTypeOf(prepareInvoice).returns.toHaveProperty('findings').items.toExtend<Finding>();
    expectTypeOf(runRules).parameter(0).toEqualTypeOf<readonly RuleDef[]>();
  });

  it('option objects reject unknown keys', () => {
    // @ts-expect-error — a typo in an option is a compile error, not a silently ignored key
    generateCii({}, { profil: 'xrechnung' });
    // @ts-expect-error — profile is a closed union
    validateCii('<x/>', { profile: 'peppol' });
  });
});
