/**
 * Positions of a read model kept as small integers inside validatePain001 (its model is not handed out): one number
 * per node and field instead of a { line, column } object, which at 20,000 payments (~11 positions each) is a
 * quarter of a million objects for the garbage collector to copy while the file is read. The rules turn a position
 * back into { line, column } only for a finding (`locOf`). Public models (readPain001, pain001Reader) keep objects.
 *
 * Two forms, both within V8's small-integer range (31 bits): line * 2^11 + column (>= 0) for files with short lines,
 * -(line * 2^24 + column) - 1 (< 0) for files on few long lines (our compact output: one line of several MB). A
 * position outside both stays an object.
 */
import type { Loc } from './model';

const SHORT_COLUMNS = 2048;
const SHORT_LINES = 1 << 19;
const LONG_COLUMNS = 1 << 24;
const LONG_LINES = 64;

/** The position as a small integer, or as a { line, column } object when it fits neither form. */
export function packLoc(line: number, column: number): Loc {
  if (column < SHORT_COLUMNS && line < SHORT_LINES && column >= 0 && line >= 0) return (line * SHORT_COLUMNS + column) as unknown as Loc;
  if (column < LONG_COLUMNS && line < LONG_LINES && column >= 0 && line >= 0) return (-(line * LONG_COLUMNS + column) - 1) as unknown as Loc;
  return { line, column };
}

/** { line, column } of a position of either kind (a packed integer or an object). */
export function locOf(at: Loc): Loc {
  const v = at as unknown;
  if (typeof v !== 'number') return at;
  if (v >= 0) return { line: Math.floor(v / SHORT_COLUMNS), column: v % SHORT_COLUMNS };
  const w = -v - 1;
  return { line: Math.floor(w / LONG_COLUMNS), column: w % LONG_COLUMNS };
}
