/** The internal failures of the DNS and XML readers are PeppolErrors with codes, so nothing unmapped leaves the package. */
import { isKontorError } from '@kontor/xml';
import { describe, expect, it } from 'vitest';
import { PeppolError } from '../errors';
import { DnsQueryError } from '../sml/dnsClient';
import { decodeResponse, DnsFormatError, encodeQuery } from '../sml/dnsWire';
import { readXml, XmlReadError } from './xml';

describe('peppol internal errors', () => {
  it('are PeppolErrors with the code the public functions report', () => {
    const q = new DnsQueryError('TIMEOUT', 'no answer');
    expect(q).toBeInstanceOf(PeppolError);
    expect(q).toMatchObject({ name: 'PeppolError', code: 'SML_UNAVAILABLE', kind: 'TIMEOUT', details: { kind: 'TIMEOUT' } });
    expect(isKontorError(new DnsFormatError('bad'), ['SML_UNAVAILABLE'])).toBe(true);
    expect(isKontorError(new XmlReadError('bad', { line: 1, column: 2 }), ['SMP_INVALID_RESPONSE'])).toBe(true);
  });

  it('thrown by the real readers', () => {
    expect(() => decodeResponse(Buffer.from([0, 1, 2]))).toThrow(DnsFormatError);
    expect(() => encodeQuery(1, `${'a'.repeat(64)}.example`, 35)).toThrow(expect.objectContaining({ code: 'SML_UNAVAILABLE' }));
    const e = (() => {
      try {
        readXml('<!DOCTYPE a><a/>');
      } catch (x) {
        return x;
      }
    })();
    expect(e).toBeInstanceOf(XmlReadError);
    expect(e).toMatchObject({ code: 'SMP_INVALID_RESPONSE', location: { line: 1 } });
  });
});
