/** The internal failures of the PDF readers are Pdfa3Errors with codes: should one pass a public function, it maps like any library error. */
import { isKontorError } from '@kontor/xml';
import { describe, expect, it } from 'vitest';
import { Pdfa3Error } from '../errors';
import { readPdfInfo } from '../read/pdf-info';
import { CffError, parseCff } from './cff';
import { ContentLimitError, ContentParseError, tokenizeContent } from './content';
import { StreamLimitError, UnsupportedFilterError } from './decode';
import { StreamTooLargeError } from './pdf';

describe('pdfa3 internal errors', () => {
  it('are Pdfa3Errors with the code of what went wrong', () => {
    const cases: [Error, string][] = [
      [new StreamLimitError('x'), 'PDF_STREAM_TOO_LARGE'],
      [new StreamTooLargeError('x'), 'PDF_STREAM_TOO_LARGE'],
      [new UnsupportedFilterError('x'), 'PDF_UNREADABLE'],
      [new CffError('x'), 'PDF_UNREADABLE'],
      [new ContentParseError('x'), 'PDF_UNREADABLE'],
      [new ContentLimitError('x'), 'PDF_UNREADABLE'],
    ];
    for (const [e, code] of cases) {
      expect(e).toBeInstanceOf(Pdfa3Error);
      expect(e.name).toBe('Pdfa3Error');
      expect(isKontorError(e, [code])).toBe(true);
    }
  });

  it('thrown by the real parsers', () => {
    expect(() => parseCff(new Uint8Array([1, 0, 4]))).toThrow(CffError);
    expect(() => tokenizeContent(new TextEncoder().encode('<< /A 1'))).toThrow(expect.objectContaining({ code: 'PDF_UNREADABLE' }));
  });

  it('a reader refuses unreadable bytes with a Pdfa3Error, never a bare Error', async () => {
    const e = await readPdfInfo(new TextEncoder().encode('%PDF-1.7\nnot a PDF body\n%%EOF\n')).catch((x: unknown) => x);
    expect(isKontorError(e, ['PDF_UNREADABLE', 'PDF_ENCRYPTED'])).toBe(true);
  });
});
