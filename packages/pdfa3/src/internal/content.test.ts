import { describe, expect, it } from 'vitest';
import { tokenizeContent, type Operand } from './content';

const enc = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));
const firstOperand = (s: string): Operand => tokenizeContent(enc(`${s} Tj`))[0]!.operands[0]!;

/** The hex-string reading the tokenizer had before its byte-level fast path (the reference). */
function hexReference(raw: string): Uint8Array {
  const digits = raw.replace(/[\x00\t\n\f\r ]/g, '');
  const data = new Uint8Array(Math.ceil(digits.length / 2));
  for (let k = 0; k < data.length; k++) data[k] = parseInt((digits.slice(2 * k, 2 * k + 2) + '0').slice(0, 2), 16) || 0;
  return data;
}

/** What the checks judged from the raw text before (6.1.6-1 odd count, 6.1.6-2 other characters). */
function hexFacts(raw: string): { hexChars: number; hexOther: boolean } {
  const digits = raw.replace(/[\0\t\n\f\r ]/g, '');
  return { hexChars: digits.length, hexOther: /[^0-9A-Fa-f]/.test(digits) };
}

describe('tokenizeContent', () => {
  it('reads hex strings: digits of both cases, white space between them, an odd last digit', () => {
    expect(firstOperand('<00410062>')).toEqual({ t: 'str', bytes: 4, hex: true, hexChars: 8, hexOther: false, data: new Uint8Array([0x00, 0x41, 0x00, 0x62]) });
    expect(firstOperand('<0 0\n4\r1\t aB\x00c>')).toMatchObject({ t: 'str', bytes: 4, data: new Uint8Array([0x00, 0x41, 0xab, 0xc0]) });
    expect(firstOperand('<abc>')).toMatchObject({ bytes: 2, data: new Uint8Array([0xab, 0xc0]), hexChars: 3, hexOther: false });
    expect(firstOperand('<>')).toMatchObject({ bytes: 0, data: new Uint8Array([]) });
  });

  it('hex strings with other characters read as before (parseInt of each pair)', () => {
    for (const raw of ['1G', 'G1', '0x41', '+1', '-1', '4\x0b1', 'zz00', 'a\xa0b', '12345G']) {
      const o = firstOperand(`<${raw}>`);
      expect(o, raw).toMatchObject({ t: 'str', hex: true, ...hexFacts(raw), data: hexReference(raw) });
      expect((o as { hexOther?: boolean }).hexOther, raw).toBe(true);
    }
  });

  it('equals the reference reading on 2,000 random hex strings', () => {
    const alphabet = '0123456789abcdefABCDEF \n\r\t\f\x00gG+-x\x0b';
    let seed = 7;
    const rnd = (m: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed % m);
    for (let t = 0; t < 2000; t++) {
      const plainOnly = t % 2 === 0;
      const chars = plainOnly ? 22 : alphabet.length;
      const raw = Array.from({ length: rnd(12) }, () => alphabet[rnd(chars)]).join('');
      const o = firstOperand(`<${raw}>`);
      expect(o, JSON.stringify(raw)).toEqual({ t: 'str', bytes: hexReference(raw).length, hex: true, ...hexFacts(raw), data: hexReference(raw) });
    }
  });

  it('numbers in every written form; words that are not numbers stay operators', () => {
    const ops = tokenizeContent(enc('1 -2 +3 4. .5 -.25 0.78 1234567890123456 1e5 0.1.2 --1 RG'));
    expect(ops.map((o) => o.op)).toEqual(['1e5', '0.1.2', '--1', 'RG']);
    expect(ops[0]!.operands).toEqual([
      { t: 'num', v: 1, int: true },
      { t: 'num', v: -2, int: true },
      { t: 'num', v: 3, int: true },
      { t: 'num', v: 4, int: false },
      { t: 'num', v: 0.5, int: false },
      { t: 'num', v: -0.25, int: false },
      { t: 'num', v: 0.78, int: false },
      { t: 'num', v: 1234567890123456, int: true },
    ]);
  });

  it('names: #xx escapes decoded, plain names as written', () => {
    expect(firstOperand('/F-7098480789')).toEqual({ t: 'name', v: 'F-7098480789' });
    expect(firstOperand('/A#20B#2f')).toEqual({ t: 'name', v: 'A B/' });
    expect(firstOperand('/F1')).toEqual({ t: 'name', v: 'F1' });
  });
});
