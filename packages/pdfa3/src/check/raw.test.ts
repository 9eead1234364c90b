/** checkRaw finds object headers with indexOf and a look back: the same matches the pattern it replaced gives. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CORPUS_PDF, corpusAvailable, pdfFiles } from '../../test/corpus';
import { objectHeaders } from './raw';

/** The pattern checkRaw ran over the latin1 text before (the reference): every match, with where its groups end. */
function reference(s: string) {
  const re = /(?<![0-9A-Za-z.+-])(\d+)([\0\t\n\f\r ]+)(\d+)([\0\t\n\f\r ]+)obj(?![A-Za-z0-9])/g;
  const out = [];
  for (let m = re.exec(s); m; m = re.exec(s)) {
    const numEnd = m.index + m[1]!.length;
    const ws1End = numEnd + m[2]!.length;
    const genEnd = ws1End + m[3]!.length;
    out.push({ index: m.index, numEnd, ws1End, genEnd, ws2End: genEnd + m[4]!.length, end: m.index + m[0].length });
  }
  return out;
}

const headersOf = (s: string) => objectHeaders(Buffer.from(s, 'latin1'));

describe('objectHeaders', () => {
  it('equals the pattern on hand-made cases', () => {
    const cases = [
      '1 0 obj\n<<>>\nendobj\n2 0 obj 3 endobj',
      '1 0 obj5 0 obj 7 0 objx 8 0 obj',
      'obj 0 obj\n0 obj 12\x0c\r\n3\x00obj',
      '1  0\tobj%\n x1 0 obj 1 0obj 10 obj 1 0 obj',
      '.1 0 obj +1 0 obj -1 0 obj a1 0 obj Z1 0 obj #1 0 obj',
      '1 2 3 obj 12 34 obj 0 0 obj9 0 0 obj',
      '\xff9 9 obj\xe9 7 7 obj',
      'obj',
      '',
    ];
    for (const s of cases) expect(headersOf(s), JSON.stringify(s)).toEqual(reference(s));
  });

  it('equals the pattern on 3,000 random texts', () => {
    const alphabet = ['0', '1', '9', ' ', '\n', '\r', '\0', '\t', '\f', 'obj', 'o', 'b', 'j', 'x', '.', '+', '-', 'end'];
    let seed = 11;
    const rnd = (m: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed % m);
    for (let t = 0; t < 3000; t++) {
      const s = Array.from({ length: rnd(40) }, () => alphabet[rnd(alphabet.length)]).join('');
      expect(headersOf(s), JSON.stringify(s)).toEqual(reference(s));
    }
  });

  it.skipIf(!corpusAvailable())('equals the pattern on every corpus PDF', () => {
    let files = 0;
    for (const f of pdfFiles(CORPUS_PDF)) {
      const bytes = readFileSync(f);
      expect(objectHeaders(bytes), f).toEqual(reference(bytes.toString('latin1')));
      files++;
    }
    expect(files).toBeGreaterThan(1000);
  });
});
