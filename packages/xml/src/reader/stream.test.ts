import { describe, expect, it } from 'vitest';
import { streamXml } from './stream';
import { KontorXmlError } from '../errors';

describe('streamXml', () => {
  it('hands over kept subtrees only, from chunked input', async () => {
    const xml = '<Doc xmlns="urn:x"><Hdr><Id>1</Id></Hdr>' + Array.from({ length: 5 }, (_, i) => `<Ntry><Amt>${i}</Amt></Ntry>`).join('') + '</Doc>';
    const chunks = xml.match(/.{1,7}/gs)!.map((s) => Buffer.from(s));
    const amounts: string[] = [];
    let hdr = '';
    await streamXml(chunks, {
      keep: (i) => i.local === 'Ntry' || i.local === 'Hdr',
      onElement: (el, path) => {
        expect(path).toEqual(['Doc']);
        if (el.local === 'Hdr') hdr = el.textAt('Id') ?? '';
        else amounts.push(el.textAt('Amt')!);
        expect(el.parent).toBeNull();
      },
    });
    expect(hdr).toBe('1');
    expect(amounts).toEqual(['0', '1', '2', '3', '4']);
  });

  it('rejects DOCTYPE and oversize streams', async () => {
    await expect(streamXml('<!DOCTYPE d><d/>', { keep: () => false, onElement: () => {} })).rejects.toMatchObject({ code: 'XML_DOCTYPE_FORBIDDEN' });
    await expect(streamXml(['<d>', 'x'.repeat(100), '</d>'], { keep: () => false, onElement: () => {} }, { maxBytes: 50 })).rejects.toBeInstanceOf(KontorXmlError);
  });
});
