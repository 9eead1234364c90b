import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expandInputs, globToRegExp, isGlob } from './inputs';

describe('globToRegExp', () => {
  it('keeps * and ? inside one directory, lets ** cross directories', () => {
    expect(globToRegExp('*.xml').test('a.xml')).toBe(true);
    expect(globToRegExp('*.xml').test('x/a.xml')).toBe(false);
    expect(globToRegExp('**/*.xml').test('a.xml')).toBe(true);
    expect(globToRegExp('**/*.xml').test('x/y/a.xml')).toBe(true);
    expect(globToRegExp('in/**/a.xml').test('in/a.xml')).toBe(true);
    expect(globToRegExp('?.xml').test('ab.xml')).toBe(false);
    expect(globToRegExp('{a,b}.xml').test('b.xml')).toBe(true);
    expect(globToRegExp('[!a]*.xml').test('a1.xml')).toBe(false);
    expect(globToRegExp('a.xml').test('aXxml')).toBe(false);
    expect(isGlob('in/a.xml')).toBe(false);
    expect(isGlob('in/*.xml')).toBe(true);
  });
});

describe('expandInputs', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-inputs-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(path.join(dir, 'd/e'), { recursive: true });
  for (const f of ['d/1.xml', 'd/e/2.XML', 'd/e/3.pdf', 'd/skip.txt']) writeFileSync(path.join(dir, f), 'x');

  it('takes files as named, directories filtered by extension (sorted), globs as matched, without duplicates', async () => {
    const r = await expandInputs(['d', 'd/1.xml', 'd/skip.txt', 'd/**/*.pdf'], dir, ['.xml']);
    expect(r.files.map((f) => f.name)).toEqual(['d/1.xml', 'd/e/2.XML', 'd/skip.txt', 'd/e/3.pdf']);
    expect(r.files[0]!.path).toBe(path.join(dir, 'd/1.xml'));
    expect(r.problems).toEqual([]);
  });

  it('reports what names nothing', async () => {
    const r = await expandInputs(['missing.xml', 'd/*.json', 'd/e'], dir, ['.csv']);
    expect(r.files).toEqual([]);
    expect(r.problems.map((p) => [p.input, p.code])).toEqual([
      ['missing.xml', 'FILE_NOT_FOUND'],
      ['d/*.json', 'NO_MATCH'],
      ['d/e', 'NO_MATCH'],
    ]);
  });
});
