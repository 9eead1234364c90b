import { describe, expect, it } from 'vitest';
import { catalogueProblems } from '@kontor/xml';
import { messages } from './messages';
import { validateInvoiceXml, verifyInvoicePdf } from './index';

const BAD_CII = '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"><a></rsm:CrossIndustryInvoice>';

describe('the @kontor/zugferd message catalogue', () => {
  it('has a German and an English text with the same placeholders for every key', () => {
    expect(catalogueProblems(messages)).toEqual([]);
  });

  it('the same unreadable XML gives the same report codes in de and en, each in its language', async () => {
    const en = await validateInvoiceXml(BAD_CII);
    const de = await validateInvoiceXml(BAD_CII, { lang: 'de' });
    expect(de.result.authoritative.findings.map((f) => f.code)).toEqual(en.result.authoritative.findings.map((f) => f.code));
    expect(de.result.authoritative.verdict).toBe('invalid');
    expect(en.result.authoritative.findings[0]!.message).toMatch(/^The invoice XML cannot be read/);
    expect(de.result.authoritative.findings[0]!.message).toMatch(/^Das Rechnungs-XML kann nicht gelesen werden/);
    expect(en.summary).toMatch(/^Invalid CII invoice/);
    expect(de.summary).toMatch(/^Ungültige CII-Rechnung/);
  });

  it('the same non-PDF gives the same structure finding in de and en', async () => {
    const bytes = new TextEncoder().encode('hello');
    const [en, de] = await Promise.all([verifyInvoicePdf(bytes), verifyInvoicePdf(bytes, { lang: 'de' })]);
    expect(de.result.authoritative.findings.map((f) => [f.code, f.severity])).toEqual(en.result.authoritative.findings.map((f) => [f.code, f.severity]));
    expect(en.result.authoritative.findings[0]).toMatchObject({ code: 'NOT_A_PDF', message: 'The file is not a PDF (no %PDF- header)', location: null });
    expect(de.result.authoritative.findings[0]).toMatchObject({ code: 'NOT_A_PDF', message: 'Die Datei ist kein PDF (kein %PDF-Kopf)' });
    expect(de.summary).toMatch(/^Ungültige E-Rechnung \(PDF\): 1 Fehler, 0 Warnung\(en\)/);
    expect(en.summary).toMatch(/^Invalid e-invoice PDF: 1 error, 0 warnings/);
  });
});

describe('extraction issues in de and en', () => {
  it('the same print gives the same issue codes and paths in both languages, each in its language', async () => {
    const { extractFromTextLayer } = await import('./extract/text-extract');
    const { groupLines } = await import('./extract/text-layer');
    const runs = [
      { str: 'Muster GmbH', x: 70, y: 790, width: 55, size: 10 },
      { str: 'Rechnungsnummer', x: 350, y: 690, width: 75, size: 10 },
      { str: 'R-17', x: 440, y: 690, width: 20, size: 10 },
    ];
    const layer = { pages: [{ number: 1, width: 595, height: 842, lines: groupLines(runs, 1) }], runCount: runs.length, encrypted: false, truncated: false };
    const en = extractFromTextLayer(layer);
    const de = extractFromTextLayer(layer, 'de');
    expect(de.issues.map((i) => [i.code, i.severity, i.path])).toEqual(en.issues.map((i) => [i.code, i.severity, i.path]));
    const date = (r: typeof en) => r.issues.find((i) => i.path === 'issueDate')!.message;
    expect(date(en)).toBe('No invoice date (BT-2) found; placeholder set, please correct');
    expect(date(de)).toBe('Rechnungsdatum (BT-2) nicht gefunden; Platzhalter gesetzt, bitte korrigieren');
    expect(de.issues[0]!.message).toMatch(/^Deterministisch aus der Textebene/);
  });
});

describe('the PDF path refusals in de and en', () => {
  it('logo, attachment and profile refusals keep their codes and speak the language asked for', async () => {
    const { checkLogo, checkSvgLogo } = await import('./typeset/logo');
    const { checkAttachments, checkInvoiceForPdf } = await import('./internal/invoice');
    const refusal = (f: () => unknown): { code: string; message: string; details: unknown } => {
      try {
        f();
      } catch (e) {
        return e as { code: string; message: string; details: unknown };
      }
      throw new Error('no refusal');
    };
    expect(refusal(() => checkLogo(new Uint8Array(0)))).toMatchObject({ code: 'LOGO_INVALID', message: 'The logo is empty' });
    expect(refusal(() => checkLogo(new Uint8Array(0), undefined, undefined, 'de'))).toMatchObject({ code: 'LOGO_INVALID', message: 'Das Logo ist leer' });
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>x()</script></svg>');
    expect(refusal(() => checkSvgLogo(svg, 'de'))).toMatchObject({ code: 'LOGO_UNSAFE', message: expect.stringMatching(/Skripte sind nicht erlaubt/) });
    const att = [{ filename: 'factur-x.xml', data: new Uint8Array([1]) }];
    const en = refusal(() => checkAttachments(att));
    const de = refusal(() => checkAttachments(att, undefined, 'de'));
    expect([en.code, de.code]).toEqual(['ATTACHMENT_INVALID', 'ATTACHMENT_INVALID']);
    expect(de.message).toBe('attachments.0: der Name factur-x.xml ist dem Rechnungs-XML vorbehalten');
    expect(refusal(() => checkInvoiceForPdf({ profile: 'xrechnung' }, [], 'en', 'de'))).toMatchObject({
      code: 'PROFILE_NOT_SUPPORTED',
      message: expect.stringMatching(/^Das Profil xrechnung gibt es nur als XML/),
    });
  });
});
