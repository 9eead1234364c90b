/** Cheap structural counts taken before parsing, so that oversized documents are refused in linear time. */
import { isAlnum, isDigit, isWs, latin1 } from './bytes';

/**
 * Indirect objects a file declares: "n g obj" headers plus the /N counts of object streams; counting
 * stops once `stopAt` is passed.
 */
export function countObjects(bytes: Uint8Array, stopAt: number): number {
  // found from the bytes (Buffer.indexOf, then a look back), which counts what the pattern
  // /\d+[\0\t\n\f\r ]+\d+[\0\t\n\f\r ]+obj(?![A-Za-z0-9])/g and /\/ObjStm(?![A-Za-z0-9])/g count on the latin1 text
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  let n = 0;
  for (let at = b.indexOf('obj'); at >= 0 && n <= stopAt; at = b.indexOf('obj', at + 3)) {
    if (at + 3 < b.length && isAlnum(b[at + 3]!)) continue;
    let k = at - 1;
    let runs = 0;
    for (const want of [isWs, isDigit, isWs, isDigit]) {
      const from = k;
      while (k >= 0 && want(b[k]!)) k--;
      if (k === from) break;
      runs++;
    }
    if (runs === 4) n++;
  }
  for (let at = b.indexOf('/ObjStm'); at >= 0 && n <= stopAt; at = b.indexOf('/ObjStm', at + 7)) {
    if (at + 7 < b.length && isAlnum(b[at + 7]!)) continue;
    const around = latin1(bytes, Math.max(0, at - 256), at + 256);
    const count = /\/N[\0\t\n\f\r ]+(\d{1,9})(?![0-9])/.exec(around);
    if (count) n += Number(count[1]);
  }
  return n;
}

/**
 * Page objects written in the clear (`/Type /Page`, any white space between, not `/Pages`); pages inside object
 * streams are not seen. A byte search (no text copy of the file): it runs before anything is parsed, on every check.
 */
export function countPageObjects(bytes: Uint8Array, stopAt: number): number {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let n = 0;
  for (let at = b.indexOf('/Page'); at >= 0 && n <= stopAt; at = b.indexOf('/Page', at + 5)) {
    if (at + 5 < b.length && (isAlnum(b[at + 5]!) || b[at + 5] === 0x23)) continue;
    let k = at - 1;
    while (k >= 0 && isWs(b[k]!)) k--;
    if (k >= 4 && b[k - 4] === 0x2f && b[k - 3] === 0x54 && b[k - 2] === 0x79 && b[k - 1] === 0x70 && b[k] === 0x65) n++; // "/Type"
  }
  return n;
}
