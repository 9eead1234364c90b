import { PDFArray, PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { CREATED, MODIFIED } from '../../test/fixtures';
import { checkPdfA3 } from '../check/check-pdfa3';
import type { Pdfa3Error } from '../errors';
import { readEmbeddedFiles } from '../read/embedded-files';
import { attachFile, nameTreeEntries } from './attach-file';
import { makePdfA3 } from './make-pdfa3';
import { savePdfA3 } from './save';

const enc = (s: string) => new TextEncoder().encode(s);

async function docWith(...names: string[]): Promise<PDFDocument> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.addPage();
  for (const n of names) attachFile(doc, { name: n, data: enc(`data of ${n}`), mimeType: 'text/plain', relationship: 'Supplement', modDate: MODIFIED });
  return doc;
}

describe('attachFile', () => {
  it('embeds with Subtype, Params, F/UF, Desc, AFRelationship, in the name tree and /AF; readable back', async () => {
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.addPage();
    const xml = enc('<a>ü</a>');
    attachFile(doc, { name: 'factur-x.xml', data: xml, mimeType: 'text/xml', description: 'Invoice', relationship: 'Alternative', creationDate: CREATED, modDate: MODIFIED });
    attachFile(doc, { name: 'Übersicht.csv', data: enc('a;b'), mimeType: 'text/csv', relationship: 'Supplement', modDate: MODIFIED });
    makePdfA3(doc, { title: 't', createDate: CREATED, modifyDate: MODIFIED, conformance: 'B' });
    const bytes = await savePdfA3(doc);
    expect(Buffer.from(bytes).toString('latin1')).toContain('/Subtype /text#2Fxml');
    const files = await readEmbeddedFiles(bytes);
    expect(files.map((f) => ({ ...f, data: Buffer.from(f.data).toString('utf8') }))).toEqual([
      {
        name: 'factur-x.xml',
        key: 'factur-x.xml',
        mimeType: 'text/xml',
        relationship: 'Alternative',
        associated: true,
        description: 'Invoice',
        size: xml.length,
        data: '<a>ü</a>',
        creationDate: CREATED,
        modDate: MODIFIED,
        checksumValid: true,
      },
      { name: 'Übersicht.csv', key: 'Übersicht.csv', mimeType: 'text/csv', relationship: 'Supplement', associated: true, size: 3, data: 'a;b', modDate: MODIFIED, checksumValid: true },
    ]);
    expect((await checkPdfA3(bytes)).passed).toBe(true);
  });

  it('keeps the name tree sorted by key bytes', async () => {
    const doc = await docWith('zeta.txt', 'Alpha.txt', 'beta.txt');
    const tree = doc.catalog.lookup(PDFName.of('Names'), PDFDict).lookup(PDFName.of('EmbeddedFiles'), PDFDict);
    expect(nameTreeEntries(doc, tree).map(([k]) => k.decodeText())).toEqual(['Alpha.txt', 'beta.txt', 'zeta.txt']);
    expect(doc.catalog.lookup(PDFName.of('AF'), PDFArray).size()).toBe(3);
  });

  it('refuses duplicates unless replace is set, and replaces in the name tree and /AF', async () => {
    const doc = await docWith('a.txt');
    expect(() => attachFile(doc, { name: 'a.txt', data: enc('2'), mimeType: 'text/plain', relationship: 'Data', modDate: MODIFIED })).toThrow(
      expect.objectContaining({ code: 'DUPLICATE_ATTACHMENT' }),
    );
    const objectsBefore = doc.context.enumerateIndirectObjects().length;
    attachFile(doc, { name: 'a.txt', data: enc('2'), mimeType: 'text/plain', relationship: 'Data', modDate: MODIFIED, replace: true });
    expect(doc.catalog.lookup(PDFName.of('AF'), PDFArray).size()).toBe(1);
    // the old spec, its stream and the old tree root are gone; new spec, stream and tree root added
    expect(doc.context.enumerateIndirectObjects().length).toBe(objectsBefore);
    const specs = doc.context.enumerateIndirectObjects().filter(([, o]) => o instanceof PDFDict && o.get(PDFName.of('Type')) === PDFName.of('Filespec'));
    expect(specs).toHaveLength(1);
    const files = await readEmbeddedFiles(await doc.save({ useObjectStreams: false }));
    expect(files.map((f) => [f.name, f.relationship, Buffer.from(f.data).toString()])).toEqual([['a.txt', 'Data', '2']]);
  });

  it('validates MIME type, relationship and dates', async () => {
    const doc = await docWith();
    const code = (o: Partial<Parameters<typeof attachFile>[1]>) => {
      try {
        attachFile(doc, { name: 'x', data: enc('x'), mimeType: 'text/plain', relationship: 'Data', modDate: MODIFIED, ...o });
        return 'none';
      } catch (e) {
        return (e as Pdfa3Error).code;
      }
    };
    expect(code({ mimeType: 'text/xml; charset=utf-8' })).toBe('INVALID_MIME_TYPE');
    expect(code({ mimeType: 'xml' })).toBe('INVALID_MIME_TYPE');
    expect(code({ relationship: 'Other' as 'Data' })).toBe('INVALID_ARGUMENT');
    expect(code({ modDate: new Date('x') })).toBe('INVALID_DATE');
    expect(code({ name: '' })).toBe('INVALID_ARGUMENT');
  });
});
