/** Cheap structural counts taken before parsing, so that oversized documents are refused in linear time. */
import { latin1 } from './bytes';

/**
 * Indirect objects a file declares: "n g obj" headers plus the /N counts of object streams; counting
 * stops once `stopAt` is passed.
 */
export function countObjects(bytes: Uint8Array, stopAt: number): number {
  const s = latin1(bytes);
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

/** Page objects written in the clear ("/Type /Page"); pages inside object streams are not seen. */
export function countPageObjects(bytes: Uint8Array, stopAt: number): number {
  const s = latin1(bytes);
  const re = /\/Type[\0\t\n\f\r ]*\/Page(?![A-Za-z0-9#])/g;
  let n = 0;
  while (re.exec(s) && n <= stopAt) n++;
  return n;
}
