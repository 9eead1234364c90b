/**
 * The one error table: every code of every library error class maps to a documented status and the §7 envelope
 * {error, code, details}; only programming / installation faults answer 500; README "Errors" lists exactly the table.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AiError } from '@kontor/ai';
import { BankdataError } from '@kontor/bankdata';
import { CamtError } from '@kontor/camt';
import { CiiError } from '@kontor/cii';
import { Pain001Error } from '@kontor/pain001';
import { Pdfa3Error } from '@kontor/pdfa3';
import { PeppolError } from '@kontor/peppol';
import { ViesError } from '@kontor/vies';
import { KontorError, KontorXmlError } from '@kontor/xml';
import { ZugferdError } from '@kontor/zugferd';
import { ERROR_TABLE } from './error-table';
import { ApiError, toApiError } from './errors';
import { reviveError, serializeError } from '../workers/protocol';

const here = path.dirname(fileURLToPath(import.meta.url));

// The classes the table is keyed by (by name); a class missing here or there fails the first test.
const CLASSES = { Pain001Error, CamtError, ZugferdError, CiiError, Pdfa3Error, KontorXmlError, ViesError, PeppolError, AiError, BankdataError } as const;
type ClassName = keyof typeof CLASSES;

/** Codes that are a fault of the call or of the installation, never of the client's input: 500 internal_error. */
const PROGRAMMING = new Set(['INVALID_ARGUMENT', 'BANKDATA_INVALID_ARGUMENT', 'AI_CONFIG_INVALID', 'SCHEMA_UNKNOWN', 'SCHEMA_ENGINE_NOT_LOADED', 'INVALID_DATE', 'FONT_UNAVAILABLE']);
/** Statuses spec §7 documents for library errors (503: the SML or an installation part is unavailable). */
const DOCUMENTED = new Set([400, 413, 422, 500, 502, 503]);

const rows = Object.entries(ERROR_TABLE).flatMap(([cls, byCode]) => Object.keys(byCode).map((code) => [cls as ClassName, code] as const));

function make(cls: ClassName, code: string): KontorError {
  const C = CLASSES[cls] as unknown as new (code: string, message: string, options?: object) => KontorError;
  return new C(code, `the ${code} message`, { location: { line: 3, column: 7 } });
}

describe('the one error table', () => {
  it('covers every library error class, each with its own name', () => {
    expect(Object.keys(ERROR_TABLE).sort()).toEqual(Object.keys(CLASSES).sort());
    for (const cls of Object.keys(CLASSES) as ClassName[]) expect(make(cls, 'INVALID_ARGUMENT').name).toBe(cls);
    expect(rows.length).toBeGreaterThan(80);
  });

  it.each(rows)('%s %s → a documented status and the §7 envelope', (cls, code) => {
    const e = make(cls, code);
    const api = toApiError(e);
    expect(api).toBeInstanceOf(ApiError);
    expect(DOCUMENTED.has(api.status)).toBe(true);
    expect(api.status === 500).toBe(PROGRAMMING.has(code));
    if (api.status === 500) {
      // no internals leak: the library message stays in the log
      expect(api).toMatchObject({ code: 'internal_error', message: 'Internal server error', details: null });
      return;
    }
    expect(typeof api.message).toBe('string');
    expect(api.message.length).toBeGreaterThan(0);
    expect(api.details).not.toBeUndefined();
    const expectedCode = {
      400: 'invalid_input',
      413: 'payload_too_large',
      422: api.code === 'input_too_complex' ? 'input_too_complex' : 'invalid_input',
      502: 'upstream_error',
      503: 'service_unavailable',
    }[api.status as 400];
    expect(api.code).toBe(expectedCode);
  });

  it('keeps the details each endpoint documents', () => {
    const issue = { code: 'IBAN_CHECKSUM', severity: 'error' as const, message: 'bad', path: 'payments.0.creditorIban' };
    expect(toApiError(new Pain001Error('RUN_RULES_VIOLATED', 'rules', { details: [issue] }))).toMatchObject({ status: 422, code: 'invalid_input', details: [issue] });
    expect(toApiError(new Pain001Error('INPUT_TOO_LARGE', 'big'))).toMatchObject({ status: 413, details: { maxBytes: expect.any(Number) } });
    expect(toApiError(new CamtError('ZIP_LIMIT_EXCEEDED', 'bomb'))).toMatchObject({
      status: 413,
      code: 'payload_too_large',
      details: { maxBytes: expect.any(Number), issues: [{ code: 'ZIP_LIMIT_EXCEEDED' }] },
    });
    expect(toApiError(new CamtError('NO_SUPPORTED_FILES', 'none', { details: { skipped: [{ name: 'a.txt', code: 'NOT_XML', reason: 'not XML' }] } })).details).toEqual([
      { code: 'NO_SUPPORTED_FILES', severity: 'error', message: 'none' },
      { code: 'NOT_XML', severity: 'error', message: 'not XML', path: 'a.txt' },
    ]);
    const syntax = new ViesError('VAT_SYNTAX', 'checksum', { details: { valid: false, code: 'VAT_CHECKSUM', message: 'check digit wrong' } as never });
    expect(toApiError(syntax)).toMatchObject({ status: 400, message: 'Not a VAT ID: check digit wrong', details: [{ code: 'VAT_CHECKSUM', path: 'vatId' }] });
    expect(toApiError(new PeppolError('PARTICIPANT_INVALID', 'gln', { details: { reason: 'PARTICIPANT_GLN_CHECKSUM' } }))).toMatchObject({
      status: 400,
      details: [{ code: 'PARTICIPANT_GLN_CHECKSUM', path: 'participant' }],
    });
    expect(toApiError(new PeppolError('SML_UNAVAILABLE', 'dns'))).toMatchObject({ status: 503, code: 'service_unavailable', headers: { 'Retry-After': '30' } });
    const findings = [{ code: 'BR-CO-13', severity: 'error' as const, message: 'sum' }];
    expect(toApiError(new ZugferdError('INVOICE_INVALID', 'x', { details: findings }))).toMatchObject({ status: 400, message: 'The invoice was rejected: BR-CO-13', details: findings });
    expect(toApiError(new CiiError('INVOICE_INVALID', 'x', { details: findings }))).toMatchObject({ status: 400, message: 'The invoice was rejected: BR-CO-13', details: findings });
    expect(toApiError(new KontorXmlError('XML_DOCTYPE_FORBIDDEN', 'no DTD', { location: { line: 2, column: 1 } }))).toMatchObject({
      status: 400,
      details: [{ code: 'XML_DOCTYPE_FORBIDDEN', location: { line: 2, column: 1 } }],
    });
    expect(toApiError(new Pdfa3Error('PDF_UNREADABLE', 'broken'))).toMatchObject({ status: 400, details: [{ code: 'PDF_UNREADABLE', path: 'pdf' }] });
  });

  it('an unknown class or code of a library error is a 500, not a guess', () => {
    expect(toApiError(new KontorError('SOMETHING_NEW', 'x'))).toMatchObject({ status: 500, code: 'internal_error' });
    expect(toApiError(new CamtError('NOT_A_CAMT_CODE' as never, 'x'))).toMatchObject({ status: 500, code: 'internal_error' });
  });

  it('a library error that crossed the worker-thread boundary maps exactly like the original', () => {
    for (const [cls, code] of rows) {
      const e = make(cls, code);
      const back = reviveError(structuredClone(serializeError(e)), {});
      const a = toApiError(e);
      const b = toApiError(back);
      expect([b.status, b.code, b.message, b.details]).toEqual([a.status, a.code, a.message, a.details]);
    }
  });

  it('README "Errors" documents exactly this table', () => {
    const readme = readFileSync(path.resolve(here, '../../../../README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('### Errors'));
    const documented = new Map<string, string>();
    for (const m of section.matchAll(/^\| `(\w+)` \| `(\w+)` \| (\d{3}) \| `(\w+)` \|/gm)) documented.set(`${m[1]} ${m[2]}`, `${m[3]} ${m[4]}`);
    const actual = new Map(
      rows.map(([cls, code]) => {
        const api = toApiError(make(cls, code));
        return [`${cls} ${code}`, `${api.status} ${api.code}`] as const;
      }),
    );
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(actual));
  });
});
