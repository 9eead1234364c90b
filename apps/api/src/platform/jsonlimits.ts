/**
 * Limits on parsed JSON request values before they reach a library: nesting depth (a 10,000-deep array must not
 * overflow a recursive walker or JSON.stringify) and numbers that JSON.parse turned into ±Infinity (1e400).
 * Iterative, linear in the size of the value; a violation is a 400 invalid_input naming the place.
 */
import { ApiError } from './errors';

export const MAX_JSON_DEPTH = 64;

export function checkJsonLimits(value: unknown, root: string, maxDepth = MAX_JSON_DEPTH): void {
  const stack: { v: unknown; path: string; depth: number }[] = [{ v: value, path: root, depth: 0 }];
  while (stack.length) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) {
        throw new ApiError(400, 'invalid_input', `The number at ${path} is outside the range of finite numbers`, [
          { code: 'NUMBER_NOT_FINITE', severity: 'error', message: 'Numbers must be finite (e.g. 1e400 is not)', path },
        ]);
      }
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= maxDepth) {
      throw new ApiError(400, 'invalid_input', `The JSON value is nested deeper than ${maxDepth} levels at ${path}`, [
        { code: 'JSON_TOO_DEEP', severity: 'error', message: `At most ${maxDepth} levels of nesting`, path },
      ]);
    }
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: `${path}.${i}`, depth: depth + 1 });
    } else {
      for (const [k, x] of Object.entries(v)) stack.push({ v: x, path: `${path}.${k}`, depth: depth + 1 });
    }
  }
}
