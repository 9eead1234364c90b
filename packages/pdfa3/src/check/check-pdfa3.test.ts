import { PDFArray, PDFDict, type PDFDocument, PDFName, PDFNumber, type PDFStream, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { buildSample, buildSampleDoc } from '../../test/fixtures';
import { savePdfA3 } from '../write/save';
import { checkPdfA3, CHECKED_CLAUSES } from './check-pdfa3';

const rules = async (bytes: Uint8Array, part?: 2 | 3) => {
  const r = await checkPdfA3(bytes, part ? { part } : {});
  return r.findings.filter((f) => f.severity === 'error').map((f) => f.rule ?? f.code);
};

/** Builds the sample, lets `mutate` change it, saves with a trailer ID. */
async function mutated(mutate: (doc: PDFDocument) => void | Promise<void>): Promise<Uint8Array> {
  const doc = await buildSampleDoc();
  await doc.flush();
  await mutate(doc);
  return savePdfA3(doc);
}

const enc = (s: string) => new TextEncoder().encode(s);
const replaceBytes = (b: Uint8Array, from: string, to: string) => {
  const t = Buffer.from(b).toString('latin1');
  expect(t).toContain(from);
  return new Uint8Array(Buffer.from(t.replace(from, to), 'latin1'));
};

describe('checkPdfA3 on constructed files', () => {
  it('passes the clean sample', async () => {
    expect(await rules(await buildSample())).toEqual([]);
  });

  it('gives the house verdict beside passed: valid for the clean sample, invalid with an error finding', async () => {
    const clean = await checkPdfA3(await buildSample());
    expect(clean).toMatchObject({ passed: true, verdict: 'valid' });
    const bad = await checkPdfA3(replaceBytes(await buildSample(), '%PDF-1.7', '%PDF-2.0'));
    expect(bad).toMatchObject({ passed: false, verdict: 'invalid' });
    expect((await checkPdfA3(new Uint8Array([1, 2, 3]))).verdict).toBe('invalid');
  });

  it('file structure: header, binary comment, trailer ID, data after EOF (6.1.2, 6.1.3)', async () => {
    const good = await buildSample();
    expect(await rules(replaceBytes(good, '%PDF-1.7', '%PDF-2.0'))).toContain('6.1.2-1');
    const noBinary = new Uint8Array(good);
    noBinary.set(enc('%abcd'), 9);
    expect(await rules(noBinary)).toContain('6.1.2-2');
    expect(await rules(replaceBytes(good, '/ID [', '/XX ['))).toContain('6.1.3-1');
    expect(await rules(new Uint8Array([...good, ...enc('\ngarbage')]))).toContain('6.1.3-3');
    expect(await rules(new Uint8Array([...good, 0x0a]))).toEqual([]);
  });

  it('metadata: missing, broken, wrong part, bytes attribute (6.6.2.1, 6.6.4)', async () => {
    expect(await rules(await mutated((d) => void d.catalog.delete(PDFName.of('Metadata'))))).toContain('6.6.2.1-1');
    const good = await buildSample();
    expect(await rules(replaceBytes(good, '<pdfaid:part>3</pdfaid:part>', '<pdfaid:part>2</pdfaid:part>'))).toContain('6.6.4-2');
    expect(await rules(replaceBytes(good, '<pdfaid:part>3</pdfaid:part>', '<pdfaid:part>2</pdfaid:part>'), 2)).toEqual([]);
    expect(await rules(replaceBytes(good, '<pdfaid:conformance>B</pdfaid:conformance>', '<pdfaid:conformance>X</pdfaid:conformance>'))).toContain('6.6.4-3');
    // a packet that does not read: invalid XMP, no UTF-8 encoding established, no identification (as veraPDF)
    const malformed = await rules(replaceBytes(good, '</x:xmpmeta>', '</x:xmpmetX>'));
    expect(malformed.filter((r) => r.startsWith('6.6')).sort()).toEqual(['6.6.2.1-4', '6.6.2.1-5', '6.6.4-1']);
    expect(await rules(replaceBytes(good, 'id="W5M0MpCehiHzreSzNTczkc9d"', 'bytes="1234" id="W5M0MpCehiHzre"'))).toEqual(expect.arrayContaining(['6.6.2.1-2']));
  });

  it('metadata in another encoding: UTF-16 is read but is not UTF-8; undecodable streams and bytes invalid in UTF-8 do not read (6.6.2.1-4/-5, as veraPDF)', async () => {
    const withPacket = (packet: (xmp: string) => Uint8Array) =>
      mutated((d) => {
        const ref = d.catalog.get(PDFName.of('Metadata'));
        const xmp = Buffer.from((d.context.lookup(ref) as PDFStream).getContents()).toString('utf8');
        d.context.assign(ref as never, d.context.stream(packet(xmp), { Type: 'Metadata', Subtype: 'XML' }));
      });
    const utf16be = (x: string) => Buffer.from(x, 'utf16le').swap16();
    const utf16 = await withPacket((x) => new Uint8Array(Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(x)])));
    expect(await rules(utf16)).toEqual(['6.6.2.1-5']);
    // without a byte order mark too (XML's detection), and a UTF-16 packet is judged like any other
    expect(await rules(await withPacket((x) => new Uint8Array(utf16be(x))))).toEqual(['6.6.2.1-5']);
    const withBytes = await withPacket((x) => new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(x.replace('id="W5M0', 'bytes="1" id="W5M0'), 'utf16le')])));
    expect((await rules(withBytes)).sort()).toEqual(['6.6.2.1-2', '6.6.2.1-5']);
    const undecodable = await mutated((d) => {
      const ref = d.catalog.get(PDFName.of('Metadata'));
      d.context.assign(ref as never, d.context.stream(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]), { Type: 'Metadata', Subtype: 'XML', Filter: 'FlateDecode' }));
    });
    expect((await rules(undecodable)).sort()).toEqual(['6.6.2.1-4', '6.6.2.1-5', '6.6.4-1']);
    const latin1 = await withPacket((x) => new Uint8Array(Buffer.from(x.replace('<pdfaid:part>', '<dc:source>\u00e9</dc:source><pdfaid:part>'), 'latin1')));
    expect((await rules(latin1)).sort()).toEqual(['6.6.2.1-4', '6.6.2.1-5', '6.6.4-1']);
    const messages = (await checkPdfA3(latin1, { lang: 'de' })).findings.map((f) => f.message);
    expect(messages).toContain('das XMP-Paket enthält Bytes, die kein gültiges UTF-8 sind');
  });

  it('XMP properties need a declared schema (6.6.2.3.1)', async () => {
    const good = await buildSample();
    const bad = replaceBytes(good, '<dc:format>application/pdf</dc:format>', '<dc:format>application/pdf</dc:format><foo:bar xmlns:foo="urn:foo">x</foo:bar>');
    // the edit also makes the metadata stream longer than its /Length
    expect((await rules(bad)).sort()).toEqual(['6.1.7.1-1', '6.6.2.3.1-1']);
  });

  it('a pdfaid property parts 2 and 3 do not define (pdfaid:rev of PDF/A-4) fails both tests of 6.6.2.3.1; amd and corr do not', async () => {
    const good = await buildSample();
    const withRev = replaceBytes(good, '<pdfaid:part>3</pdfaid:part>', '<pdfaid:part>3</pdfaid:part><pdfaid:rev>2020</pdfaid:rev>');
    // the edit also makes the metadata stream longer than its /Length
    expect((await rules(withRev)).sort()).toEqual(['6.1.7.1-1', '6.6.2.3.1-1', '6.6.2.3.1-2']);
    const withAmd = replaceBytes(good, '<pdfaid:part>3</pdfaid:part>', '<pdfaid:part>3</pdfaid:part><pdfaid:amd>2012</pdfaid:amd><pdfaid:corr>1</pdfaid:corr>');
    expect((await rules(withAmd)).sort()).toEqual(['6.1.7.1-1']);
  });

  it('a property a predefined XMP 2005 schema does not define fails both tests of 6.6.2.3.1, one it defines does not', async () => {
    // the verdicts veraPDF gives for these (each checked with it on a valid file): pdf:Trapped and
    // xmpMM:OriginalDocumentID came after XMP 2005, photoshop:ColorMode is not in its photoshop schema
    const good = await buildSample();
    const add = (prefix: string, uri: string, local: string, value: string) =>
      replaceBytes(good, '<pdfaid:part>3</pdfaid:part>', `<pdfaid:part>3</pdfaid:part><${prefix}:${local} xmlns:${prefix}="${uri}">${value}</${prefix}:${local}>`);
    const undefinedOnes: [string, string, string, string][] = [
      ['dc', 'http://purl.org/dc/elements/1.1/', 'foo', 'x'],
      ['pdf', 'http://ns.adobe.com/pdf/1.3/', 'Trapped', 'False'],
      ['xmpMM', 'http://ns.adobe.com/xap/1.0/mm/', 'OriginalDocumentID', 'uuid:3'],
      ['photoshop', 'http://ns.adobe.com/photoshop/1.0/', 'ColorMode', '3'],
    ];
    for (const [prefix, uri, local, value] of undefinedOnes) expect((await rules(add(prefix, uri, local, value))).sort(), `${prefix}:${local}`).toEqual(['6.1.7.1-1', '6.6.2.3.1-1', '6.6.2.3.1-2']);
    const definedOnes: [string, string, string, string][] = [
      ['dc', 'http://purl.org/dc/elements/1.1/', 'identifier', 'x'],
      ['xmpMM', 'http://ns.adobe.com/xap/1.0/mm/', 'DocumentID', 'uuid:1'],
      ['xmp', 'http://ns.adobe.com/xap/1.0/', 'Rating', '3'],
      ['tiff', 'http://ns.adobe.com/tiff/1.0/', 'Orientation', '1'],
    ];
    for (const [prefix, uri, local, value] of definedOnes) expect(await rules(add(prefix, uri, local, value)), `${prefix}:${local}`).toEqual(['6.1.7.1-1']);
  });

  it('output intent missing → device colour (6.2.4.3), bad profile class (6.2.3)', async () => {
    expect(await rules(await mutated((d) => void d.catalog.delete(PDFName.of('OutputIntents'))))).toEqual(expect.arrayContaining(['6.2.4.3-2', '6.2.10-2']));
    const bad = await mutated((d) => {
      const oi = d.catalog.lookup(PDFName.of('OutputIntents'), PDFArray).lookup(0, PDFDict);
      const profile = new Uint8Array(200);
      profile.set(enc('scnrRGB XYZ '), 12);
      profile.set(enc('acsp'), 36);
      oi.set(PDFName.of('DestOutputProfile'), d.context.register(d.context.stream(profile, { N: 3 })));
    });
    expect(await rules(bad)).toContain('6.2.3-1');
  });

  it('actions and annotations (6.5.1, 6.5.2, 6.3.x)', async () => {
    const js = await mutated((d) => {
      d.catalog.set(PDFName.of('OpenAction'), d.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }));
    });
    expect(await rules(js)).toEqual(['6.5.1-1']);
    const pageAA = await mutated((d) => d.getPage(0).node.set(PDFName.of('AA'), d.context.obj({})));
    expect(await rules(pageAA)).toEqual(['6.5.2-2']);
    const annot = await mutated((d) => {
      const a = d.context.obj({ Type: 'Annot', Subtype: 'Text', Rect: [10, 10, 30, 30], Contents: PDFString.of('note') });
      d.getPage(0).node.set(PDFName.of('Annots'), d.context.obj([d.context.register(a)]));
    });
    expect((await rules(annot)).sort()).toEqual(['6.3.2-1', '6.3.3-1']);
    const movie = await mutated((d) => {
      const a = d.context.obj({ Type: 'Annot', Subtype: 'Movie', Rect: [0, 0, 0, 0], F: 4 });
      d.getPage(0).node.set(PDFName.of('Annots'), d.context.obj([d.context.register(a)]));
    });
    expect(await rules(movie)).toEqual(['6.3.1-1']);
  });

  it('embedded files: AFRelationship, /AF, MIME subtype, F/UF (6.8)', async () => {
    const spec = (d: PDFDocument) => {
      const tree = d.catalog.lookup(PDFName.of('Names'), PDFDict).lookup(PDFName.of('EmbeddedFiles'), PDFDict);
      return tree.lookup(PDFName.of('Names'), PDFArray).lookup(1, PDFDict);
    };
    expect(await rules(await mutated((d) => void spec(d).delete(PDFName.of('AFRelationship'))))).toEqual(['6.8-3']);
    expect(await rules(await mutated((d) => void d.catalog.delete(PDFName.of('AF'))))).toEqual(['6.8-4']);
    expect(await rules(await mutated((d) => void spec(d).delete(PDFName.of('UF'))))).toEqual(['6.8-2']);
    expect(
      await rules(
        await mutated((d) => {
          const ef = spec(d).lookup(PDFName.of('EF'), PDFDict);
          (ef.lookup(PDFName.of('F')) as PDFStream).dict.delete(PDFName.of('Subtype'));
        }),
      ),
    ).toEqual(['6.8-1']);
    // PDF/A-2 has no such rules
    expect(await rules(replaceBytes(await mutated((d) => void d.catalog.delete(PDFName.of('AF'))), '<pdfaid:part>3</pdfaid:part>', '<pdfaid:part>2</pdfaid:part>'), 2)).toEqual([]);
  });

  it('graphics state, images, limits (6.2.5, 6.2.8, 6.2.10, 6.1.13)', async () => {
    const withGs = (g: Record<string, unknown>) =>
      mutated((d) => {
        const page = d.getPage(0);
        const res = page.node.Resources()!;
        res.set(PDFName.of('ExtGState'), d.context.obj({ GX: d.context.obj(g as never) }));
        const s = d.context.register(d.context.stream('/GX gs 0 0 10 10 re f'));
        page.node.addContentStream(s);
      });
    expect(await rules(await withGs({ TR: 'Identity' }))).toEqual(['6.2.5-1']);
    expect(await rules(await withGs({ BM: 'Funky' }))).toEqual(['6.2.10-1']);
    expect(await rules(await withGs({ RI: 'Custom' }))).toEqual(['6.2.6-1']);
    const box = await mutated((d) => d.getPage(0).node.set(PDFName.of('MediaBox'), d.context.obj([0, 0, 2, 2])));
    expect(await rules(box)).toEqual(['6.1.13-11']);
    const img = await mutated((d) => {
      const page = d.getPage(0);
      const im = d.context.register(d.context.stream(new Uint8Array(3), { Type: 'XObject', Subtype: 'Image', Width: 1, Height: 1, ColorSpace: 'DeviceRGB', BitsPerComponent: 8, Interpolate: true }));
      page.node.Resources()!.set(PDFName.of('XObject'), d.context.obj({ Im0: im }));
      page.node.addContentStream(d.context.register(d.context.stream('q 10 0 0 10 0 0 cm /Im0 Do Q')));
    });
    expect(await rules(img)).toEqual(['6.2.8-3']);
    const big = await mutated((d) => d.getPage(0).node.set(PDFName.of('Rotate'), PDFNumber.of(3000000000)));
    expect(await rules(big)).toEqual(['6.1.13-1']);
  });

  it('unused resources are not judged; undefined operators are (6.2.2)', async () => {
    const unused = await mutated((d) => {
      d.getPage(0)
        .node.Resources()!
        .set(PDFName.of('ExtGState'), d.context.obj({ GX: d.context.obj({ TR: 'Identity' }) }));
    });
    expect(await rules(unused)).toEqual([]);
    const op = await mutated((d) => d.getPage(0).node.addContentStream(d.context.register(d.context.stream('BX 1 2 foo EX'))));
    expect(await rules(op)).toEqual(['6.2.2-1']);
  });

  it('never throws on garbage and reports unreadable files', async () => {
    const r = await checkPdfA3(enc('%PDF-1.7\nnot really a pdf'));
    expect(r.passed).toBe(false);
    expect(r.findings.map((f) => f.code)).toEqual(['PDF_UNREADABLE']);
    await expect(checkPdfA3('x' as unknown as Uint8Array)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(checkPdfA3(new Uint8Array(1), { part: 4 as 3 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });

  it('lists each clause once with its coverage', () => {
    const clauses = CHECKED_CLAUSES.map((c) => c.clause);
    expect(new Set(clauses).size).toBe(clauses.length);
    expect(CHECKED_CLAUSES.find((c) => c.clause === '6.8')).toEqual({ clause: '6.8', coverage: 'full', rules: [1, 2, 3, 4] });
  });
});
