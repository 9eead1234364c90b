/** Type tests of @kontor/xml's shared foundations (vitest typecheck mode): the shapes every package builds on. */
import { describe, expectTypeOf, it } from 'vitest';
import { countFindings, isKontorError, KontorError, type KontorXmlError, verdictOf, type Finding, type Lang, type Severity, type Verdict, type XmlErrorCode } from '../src/index';

describe('@kontor/xml public types', () => {
  it('Verdict is exactly the three values, and verdictOf returns one', () => {
    expectTypeOf<Verdict>().toEqualTypeOf<'valid' | 'valid_with_warnings' | 'invalid'>();
    expectTypeOf(verdictOf).returns.toEqualTypeOf<Verdict>();
    expectTypeOf<Severity>().toEqualTypeOf<'error' | 'warning' | 'info'>();
    expectTypeOf<Lang>().toEqualTypeOf<'de' | 'en'>();
  });

  it('a Finding needs code, severity and message; the rest is optional', () => {
    expectTypeOf<{ code: 'BR-CO-13'; severity: 'error'; message: string }>().toExtend<Finding>();
    expectTypeOf<{ code: string; message: string }>().not.toExtend<Finding>();
    expectTypeOf<{ code: string; severity: 'fatal'; message: string }>().not.toExtend<Finding>();
    expectTypeOf<Finding['line']>().toEqualTypeOf<number | undefined>();
    expectTypeOf(countFindings).returns.toEqualTypeOf<{ errorCount: number; warningCount: number; infoCount: number }>();
  });

  it('KontorError carries a closed code union; the guard narrows to it', () => {
    expectTypeOf<KontorXmlError>().toExtend<KontorError<XmlErrorCode>>();
    expectTypeOf<KontorXmlError['code']>().toEqualTypeOf<XmlErrorCode>();
    expectTypeOf<string>().not.toExtend<XmlErrorCode>();
    const e: unknown = new Error('x');
    if (isKontorError(e)) expectTypeOf(e.code).toEqualTypeOf<string>();
    if (isKontorError(e, ['XML_TOO_LARGE', 'XML_TOO_DEEP'])) expectTypeOf(e.code).toEqualTypeOf<'XML_TOO_LARGE' | 'XML_TOO_DEEP'>();
  });

  it('KontorError constructor options reject unknown keys', () => {
    // @ts-expect-error — `detail` is not an option (it is `details`)
    new KontorError('X', 'message', { detail: 1 });
  });
});
