/**
 * Type tests across the published packages (vitest typecheck mode; docs/conventions.md "Shapes"): every error class
 * is a KontorError with a closed code union, validation results carry the three-valued Verdict and findings that
 * are the shared Finding, results narrow on their discriminant, and option objects refuse unknown keys.
 * Imports go through each package's public entry point, as a user's would.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { Finding, KontorError, Verdict } from '../../xml/src/index';
import type { AiError, AiErrorCode } from '../../ai/src/index';
import type { BankdataError, BankdataErrorCode } from '../../bankdata/src/index';
import { type CamtError, parseStatements, validateStatements, type CamtErrorCode, type StatementValidationResult } from '../../camt/src/index';
import { type Pain001Error, validatePain001, generateSct, type Pain001ErrorCode, type Pain001ValidationResult } from '../../pain001/src/index';
import { type Pdfa3Error, checkPdfA3, type Pdfa3ErrorCode } from '../../pdfa3/src/index';
import { type PeppolError, tryParseParticipant, type ParticipantId, type PeppolErrorCode } from '../../peppol/src/index';
import { generateUbl, validateUbl, convertInvoice } from '../../ubl/src/index';
import { type ViesError, checkVatSyntax, createViesClient, type ViesErrorCode } from '../../vies/src/index';
import type { ZugferdError, HybridCheck, ZugferdErrorCode } from '../../zugferd/src/index';

describe('error classes: one base, closed code unions', () => {
  it('each package error is a KontorError whose code is its own union, not string', () => {
    expectTypeOf<AiError>().toExtend<KontorError<AiErrorCode>>();
    expectTypeOf<BankdataError>().toExtend<KontorError<BankdataErrorCode>>();
    expectTypeOf<CamtError>().toExtend<KontorError<CamtErrorCode>>();
    expectTypeOf<Pain001Error>().toExtend<KontorError<Pain001ErrorCode>>();
    expectTypeOf<Pdfa3Error>().toExtend<KontorError<Pdfa3ErrorCode>>();
    expectTypeOf<PeppolError>().toExtend<KontorError<PeppolErrorCode>>();
    expectTypeOf<ViesError>().toExtend<KontorError<ViesErrorCode>>();
    expectTypeOf<ZugferdError>().toExtend<KontorError<ZugferdErrorCode>>();
    expectTypeOf<CamtError['code']>().toEqualTypeOf<CamtErrorCode>();
    expectTypeOf<Pain001Error['code']>().toEqualTypeOf<Pain001ErrorCode>();
    expectTypeOf<ZugferdError['code']>().toEqualTypeOf<ZugferdErrorCode>();
    expectTypeOf<string>().not.toExtend<AiErrorCode>();
    expectTypeOf<string>().not.toExtend<BankdataErrorCode>();
    expectTypeOf<string>().not.toExtend<CamtErrorCode>();
    expectTypeOf<string>().not.toExtend<Pain001ErrorCode>();
    expectTypeOf<string>().not.toExtend<Pdfa3ErrorCode>();
    expectTypeOf<string>().not.toExtend<PeppolErrorCode>();
    expectTypeOf<string>().not.toExtend<ViesErrorCode>();
    expectTypeOf<string>().not.toExtend<ZugferdErrorCode>();
  });
});

describe('validation results: Verdict and Finding everywhere', () => {
  it('pain.001, camt, UBL, PDF/A-3 and hybrid checks give the three-valued verdict and shared findings', () => {
    expectTypeOf<Pain001ValidationResult['verdict']>().toEqualTypeOf<Verdict>();
    expectTypeOf<Pain001ValidationResult['findings']>().items.toExtend<Finding>();
    expectTypeOf(validatePain001).returns.resolves.toEqualTypeOf<Pain001ValidationResult>();
    expectTypeOf<StatementValidationResult['verdict']>().toEqualTypeOf<Verdict>();
    expectTypeOf<StatementValidationResult['deliveryFindings']>().items.toExtend<Finding>();
    expectTypeOf(validateStatements).returns.resolves.toEqualTypeOf<StatementValidationResult>();
    expectTypeOf(validateUbl).returns.toHaveProperty('verdict').toEqualTypeOf<Verdict>();
    expectTypeOf(validateUbl).returns.toHaveProperty('findings').items.toExtend<Finding>();
    expectTypeOf(checkPdfA3).returns.resolves.toHaveProperty('findings').items.toExtend<Finding>();
    expectTypeOf<HybridCheck['verdict']>().toEqualTypeOf<Verdict>();
  });
});

describe('discriminated results', () => {
  it('generateUbl narrows on ok like generateCii', () => {
    const r = generateUbl({});
    if (r.ok) expectTypeOf(r.xml).toEqualTypeOf<string>();
    else expectTypeOf(r.stage).toEqualTypeOf<'input' | 'gate'>();
  });

  it('tryParseParticipant narrows on ok; checkVatSyntax narrows on valid', () => {
    const p = tryParseParticipant('0204:04011000-1234512345-06');
    if (p.ok) expectTypeOf(p.participant).toEqualTypeOf<ParticipantId>();
    else expectTypeOf(p.message).toEqualTypeOf<string>();
    const v = checkVatSyntax('DE136695976');
    if (v.valid) expectTypeOf(v.normalized).toEqualTypeOf<string>();
    else expectTypeOf(v.code).toExtend<string>();
  });

  it('absence is undefined, not null (convertInvoice.from, detect functions)', () => {
    expectTypeOf(convertInvoice).returns.toHaveProperty('from').toEqualTypeOf<'cii' | 'ubl' | undefined>();
  });
});

describe('option objects reject unknown keys', () => {
  it('a misspelt option is a compile error', () => {
    // @ts-expect-error — `allowUncheked` is not an option
    void generateSct({}, { allowUncheked: true });
    // @ts-expect-error — `lang` takes 'de' | 'en' only
    void validatePain001('<x/>', { lang: 'fr' });
    // @ts-expect-error — `profil` is not an option of validateUbl
    validateUbl('<x/>', { profil: 'xrechnung' });
    // @ts-expect-error — `maxByte` is not an option (it is `maxBytes`)
    void parseStatements('<x/>', { maxByte: 1000 });
    // @ts-expect-error — `timeout` is not an option (it is `timeoutMs`)
    createViesClient({ baseUrl: 'http://127.0.0.1:1', timeout: 1000 });
  });
});
