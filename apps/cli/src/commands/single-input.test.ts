/**
 * The single-file commands read their input (and the files they name: --attach, --pdf, --logo) with the batch's size
 * check: a file over the limit is INPUT_TOO_LARGE from its size alone (a sparse 51 MB file is not read), a missing path
 * or a directory is exit 2. In process, through the CLI's one error mapping.
 */
import { closeSync, copyFileSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCapture } from '../../test/run';
import { INPUT_MAX_BYTES } from '../batch/inputs';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../packages/cii/test/fixtures');
const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-cli-single-'));
const run = (argv: string[]) => runCapture(argv, { cwd: dir, env: { KONTOR_SCHEMA_DIR: path.join(dir, 'schemas') } });

beforeAll(() => {
  copyFileSync(path.join(fixtures, '01-minimal-en16931.json'), path.join(dir, 'en.json'));
  const fd = openSync(path.join(dir, 'huge.xml'), 'w');
  ftruncateSync(fd, INPUT_MAX_BYTES + 1);
  closeSync(fd);
  copyFileSync(path.join(dir, 'huge.xml'), path.join(dir, 'huge.json'));
  writeFileSync(path.join(dir, 'camt.xml'), 'x'.repeat(2000));
  mkdirSync(path.join(dir, 'folder'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('single-file commands: input size and existence', () => {
  it.each([
    [['invoice', 'read', 'huge.xml', '--json']],
    [['invoice', 'convert', 'huge.xml', '--to', 'ubl', '--json']],
    [['invoice', 'xml', 'huge.json', '--json']],
    [['invoice', 'xml', 'en.json', '--attach', 'huge.xml', '--json']],
    [['invoice', 'pdf', 'huge.json', '-o', 'out.pdf', '--json']],
    [['invoice', 'pdf', 'en.json', '--pdf', 'huge.xml', '-o', 'out.pdf', '--json']],
    [['pay', 'sepa', 'huge.json', '--json']],
  ])('%j: INPUT_TOO_LARGE (exit 1) with the size and limit, without reading the file', async (argv) => {
    const before = process.memoryUsage().arrayBuffers;
    const r = await run(argv);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(8 * 1024 * 1024);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toMatchObject({ ok: false, code: 'INPUT_TOO_LARGE', details: { size: INPUT_MAX_BYTES + 1, limit: INPUT_MAX_BYTES } });
  });

  it('camt parse --csv applies --max-bytes to its one file', async () => {
    const r = await run(['camt', 'parse', 'camt.xml', '--csv', '--max-bytes', '1000']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('[INPUT_TOO_LARGE]: camt.xml has 2000 bytes; the limit is 1000');
  });

  it('a missing file or a directory is a usage/I-O error (exit 2)', async () => {
    const missing = await run(['invoice', 'read', 'nope.xml']);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('File not found: nope.xml');
    const folder = await run(['invoice', 'convert', 'folder', '--to', 'cii']);
    expect(folder.code).toBe(2);
    expect(folder.err).toContain('Not a file: folder');
    const attach = await run(['invoice', 'xml', 'en.json', '--attach', 'nope.csv']);
    expect(attach.code).toBe(2);
    expect(attach.err).toContain('File not found: nope.csv');
  });
});
