import { closeSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expandInputs, globToRegExp, INPUT_MAX_BYTES, isGlob, readInputFile } from './inputs';

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

describe('readInputFile', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-read-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string) => ({ path: path.join(dir, name), name });

  it('reads a file up to the limit whole, byte for byte', () => {
    const bytes = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
    writeFileSync(path.join(dir, 'a.bin'), bytes);
    expect(Buffer.from(readInputFile(file('a.bin'), 5000)).equals(bytes)).toBe(true);
    writeFileSync(path.join(dir, 'empty.bin'), '');
    expect(readInputFile(file('empty.bin'), 10).byteLength).toBe(0);
  });

  it('refuses a file over the limit from its size, before reading it (a sparse 51 MB file against the default 50 MB)', () => {
    writeFileSync(path.join(dir, 'b.bin'), 'x'.repeat(101));
    expect(() => readInputFile(file('b.bin'), 100)).toThrow(expect.objectContaining({ code: 'INPUT_TOO_LARGE', details: { size: 101, limit: 100 } }));
    const fd = openSync(path.join(dir, 'big.xml'), 'w');
    ftruncateSync(fd, INPUT_MAX_BYTES + 1);
    closeSync(fd);
    const before = process.memoryUsage().arrayBuffers;
    expect(() => readInputFile(file('big.xml'))).toThrow(/big\.xml has 52428801 bytes; the limit is 52428800/);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(1024 * 1024);
  });

  it('stops one byte past the limit when the size is not known beforehand (a file system that reports 0 bytes)', () => {
    // /proc files report size 0 but have content: the read grows its buffer and still stops at the limit.
    const proc = { path: '/proc/self/status', name: 'status' };
    expect(readInputFile(proc, 1 << 20).byteLength).toBeGreaterThan(100);
    expect(() => readInputFile(proc, 50)).toThrow(expect.objectContaining({ code: 'INPUT_TOO_LARGE', details: { limit: 50 } }));
  });
});
