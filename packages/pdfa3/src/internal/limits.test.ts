import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CORPUS_PDF, corpusAvailable, pdfFiles } from '../../test/corpus';
import { countObjects, countPageObjects } from './limits';

/** The count as the patterns on the latin1 text gave it before the byte-level search (the reference). */
function reference(bytes: Uint8Array, stopAt: number): number {
  const s = Buffer.from(bytes).toString('latin1');
  let n = 0;
  const header = /\d+[\0\t\n\f\r ]+\d+[\0\t\n\f\r ]+obj(?![A-Za-z0-9])/g;
  while (header.exec(s) && n <= stopAt) n++;
  const objStm = /\/ObjStm(?![A-Za-z0-9])/g;
  for (let m = objStm.exec(s); m && n <= stopAt; m = objStm.exec(s)) {
    const around = s.slice(Math.max(0, m.index - 256), m.index + 256);
    const count = /\/N[\0\t\n\f\r ]+(\d{1,9})(?![0-9])/.exec(around);
    if (count) n += Number(count[1]);
  }
  return n;
}

/** The page count as the pattern on the latin1 text gave it before the byte-level search (the reference). */
function pageReference(bytes: Uint8Array, stopAt: number): number {
  const s = Buffer.from(bytes).toString('latin1');
  const re = /\/Type[\0\t\n\f\r ]*\/Page(?![A-Za-z0-9#])/g;
  let n = 0;
  while (re.exec(s) && n <= stopAt) n++;
  return n;
}

const enc = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));

describe('countObjects', () => {
  it('counts "n g obj" headers and object-stream /N like the patterns did', () => {
    const cases = [
      '1 0 obj\n<<>>\nendobj\n2 0 obj 3 endobj',
      '1 0 obj5 0 obj 7 0 objx 8 0 obj',
      'obj 0 obj\n0 obj 12\x0c\r\n3\x00obj',
      '1  0\tobj%\n x1 0 obj 1 0obj 10 obj 1 0 obj',
      '4 0 obj << /Type /ObjStm /N 17 /First 9 >> stream ... 5 0 obj /ObjStmX /N 4',
      '/N 3 /ObjStm',
      '\xff9 9 obj\xe9',
      '',
    ];
    for (const c of cases) for (const stopAt of [0, 1, 2, 1000]) expect(countObjects(enc(c), stopAt), `${JSON.stringify(c)} stopAt ${stopAt}`).toBe(reference(enc(c), stopAt));
    expect(countObjects(enc(cases[0]!), 1000)).toBe(2);
    expect(countObjects(enc(cases[4]!), 1000)).toBe(2 + 17);
  });
});

describe('countPageObjects', () => {
  it('counts "/Type /Page" like the pattern did, not /Pages, /PageLabel or /SubType', () => {
    const cases = [
      '<< /Type /Page >> << /Type/Page/Parent 1 0 R >> << /Type /Pages /Kids [] >>',
      '/Type\n\r\t\x0c\x00 /Page\n/Type /Page#20/Type /PageLabel /Type /Page1 /Type /Page/',
      '/SubType /Page /XType /Page /Typ /Page Type /Page //Type /Page',
      '/Type /Page',
      '/Page /Type /Page',
      '\xff/Type /Page\xe9/Type /Page',
      '',
    ];
    for (const c of cases) for (const stopAt of [0, 1, 2, 1000]) expect(countPageObjects(enc(c), stopAt), `${JSON.stringify(c)} stopAt ${stopAt}`).toBe(pageReference(enc(c), stopAt));
    expect(countPageObjects(enc(cases[0]!), 1000)).toBe(2);
    expect(countPageObjects(enc(cases[1]!), 1000)).toBe(2);
    expect(countPageObjects(enc(cases[2]!), 1000)).toBe(1);
  });
});

describe('countObjects and countPageObjects on the corpus', () => {
  it.skipIf(!corpusAvailable())('equal their patterns on every corpus PDF', () => {
    let files = 0;
    for (const f of pdfFiles(CORPUS_PDF)) {
      const bytes = new Uint8Array(readFileSync(f));
      for (const stopAt of [3, 200_000]) expect(countObjects(bytes, stopAt), f).toBe(reference(bytes, stopAt));
      for (const stopAt of [0, 200_000]) expect(countPageObjects(bytes, stopAt), f).toBe(pageReference(bytes, stopAt));
      files++;
    }
    expect(files).toBeGreaterThan(1000);
  });
});
