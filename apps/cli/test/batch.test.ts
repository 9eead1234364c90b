/**
 * Batch mode of the built CLI, run as a child process: files, directories and globs, --jsonl streaming one line per
 * file, --json one document, exit codes 0/1/2 (a missing file is 2), colour rules (NO_COLOR) and the language.
 */
import { closeSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeInvoice, generateCii } from '@kontor/cii';
import { buildCli, kontor, type BuiltCli } from './built';

const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-batch-'));
const env = { KONTOR_SCHEMA_DIR: path.join(dir, 'schemas') };
let cli: BuiltCli;
const run = (args: string[], extra: Record<string, string> = {}) => kontor(cli.main, args, { cwd: dir, env: { ...env, ...extra } });

function invoiceXml(n: number): string {
  const invoice = completeInvoice({
    invoiceNumber: `RE-${n}`,
    issueDate: '2026-03-10',
    dueDate: '2026-04-09',
    currency: 'EUR',
    seller: { name: 'Muster GmbH', vatId: 'DE123456789', address: { line1: 'Hauptstr. 1', postalCode: '50667', city: 'Köln' } },
    buyer: { name: 'Kunde AG', address: { line1: 'Marktplatz 2', postalCode: '10115', city: 'Berlin' } },
    lines: [{ name: 'Beratung', quantity: n, unitCode: 'HUR', unitPriceNet: 120, vatRatePercent: 19 }],
    payment: { iban: 'DE02120300000000202051' },
  });
  const r = generateCii(invoice, { profile: 'en16931' });
  if (!r.ok) throw new Error(JSON.stringify(r.findings));
  return r.xml!;
}

beforeAll(() => {
  cli = buildCli();
  mkdirSync(path.join(dir, 'in/a/deep'), { recursive: true });
  mkdirSync(path.join(dir, 'in/b'), { recursive: true });
  mkdirSync(path.join(dir, 'empty'), { recursive: true });
  writeFileSync(path.join(dir, 'in/a/1.xml'), invoiceXml(1));
  writeFileSync(path.join(dir, 'in/a/deep/2.xml'), invoiceXml(2));
  writeFileSync(path.join(dir, 'in/b/3.xml'), invoiceXml(3));
  // BR-CO-10: the sum of line net amounts no longer matches the line.
  writeFileSync(
    path.join(dir, 'in/b/bad.xml'),
    invoiceXml(4).replace(/<ram:LineTotalAmount>[\d.]+<\/ram:LineTotalAmount>(\s*<ram:ChargeTotalAmount|\s*<ram:TaxBasisTotalAmount)/, '<ram:LineTotalAmount>1.00</ram:LineTotalAmount>$1'),
  );
  writeFileSync(path.join(dir, 'in/b/notes.txt'), 'not an invoice');
}, 300_000);
afterAll(() => {
  cli?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

interface Line {
  file: string;
  verdict: string;
  findings: { code: string }[];
}
const lines = (out: string) =>
  out
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Line);

describe('kontor batch mode (built CLI, child process)', () => {
  it('walks a directory (its .xml/.pdf files only), one --jsonl line per file in input order, exit 1 for findings', () => {
    const r = run(['invoice', 'validate', 'in', '--jsonl']);
    expect(r.code).toBe(1);
    const got = lines(r.out);
    expect(got.map((l) => l.file)).toEqual(['in/a/1.xml', 'in/a/deep/2.xml', 'in/b/3.xml', 'in/b/bad.xml']);
    expect(got.filter((l) => l.verdict === 'invalid').map((l) => l.file)).toEqual(['in/b/bad.xml']);
    expect(got.find((l) => l.file === 'in/b/bad.xml')!.findings.map((f) => f.code)).toContain('BR-CO-10');
    expect(r.err).toBe('');
  });

  it('expands quoted globs itself (** across directories, {a,b}, ?) and exits 0 when every file is valid', () => {
    const deep = run(['invoice', 'validate', 'in/**/?.xml', '--jsonl']);
    expect(deep.code).toBe(0);
    expect(lines(deep.out).map((l) => l.file)).toEqual(['in/a/1.xml', 'in/a/deep/2.xml', 'in/b/3.xml']);
    const braces = run(['invoice', 'validate', 'in/{a,b}/*.xml', '--jsonl']);
    expect(lines(braces.out).map((l) => l.file)).toEqual(['in/a/1.xml', 'in/b/3.xml', 'in/b/bad.xml']);
    expect(braces.code).toBe(1);
  });

  it('gives the same results with a worker pool as in one thread', () => {
    const one = run(['invoice', 'validate', 'in', '--jsonl', '--jobs', '1']);
    const pool = run(['invoice', 'validate', 'in', '--jsonl', '--jobs', '3']);
    expect(pool.code).toBe(one.code);
    expect(lines(pool.out)).toEqual(lines(one.out));
  });

  it('prints one JSON document with a summary for several files, the bare result for one named file', () => {
    const many = run(['invoice', 'validate', 'in', '--json']);
    const doc = JSON.parse(many.out) as { results: Line[]; summary: Record<string, number> };
    expect(doc.results).toHaveLength(4);
    expect(doc.summary).toEqual({ files: 4, valid: 3, validWithWarnings: 0, invalid: 1, errors: 0, exitCode: 1 });
    const one = JSON.parse(run(['invoice', 'validate', 'in/a/1.xml', '--json']).out) as Line;
    expect(one.file).toBe('in/a/1.xml');
    expect(one.verdict).toBe('valid');
  });

  it('exit 2 for a missing file, an empty directory and a glob without matches — the other files still reported', () => {
    const missing = run(['invoice', 'validate', 'nope.xml']);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('nope.xml: Error [FILE_NOT_FOUND]');
    const mixed = run(['invoice', 'validate', 'in/a/1.xml', 'nope.xml', '--jsonl']);
    expect(mixed.code).toBe(2);
    expect(lines(mixed.out).map((l) => [l.file, (l as unknown as { code?: string }).code ?? l.verdict])).toEqual([
      ['nope.xml', 'FILE_NOT_FOUND'],
      ['in/a/1.xml', 'valid'],
    ]);
    expect(run(['invoice', 'validate', 'empty']).code).toBe(2);
    expect(run(['invoice', 'validate', 'in/**/*.json']).err).toContain('NO_MATCH');
    // the same rule on the other file-taking commands
    expect(run(['pay', 'validate', 'nope.xml']).code).toBe(2);
    expect(run(['camt', 'validate', 'nope.xml']).code).toBe(2);
    expect(run(['pdf', 'check', 'nope.pdf']).code).toBe(2);
    expect(run(['invoice', 'read', 'nope.xml']).code).toBe(2);
  });

  it('a file over the size limit gets INPUT_TOO_LARGE as its outcome, found from its size (a sparse 51 MB file is not read); the batch goes on', () => {
    const big = path.join(dir, 'big', 'huge.xml');
    mkdirSync(path.dirname(big), { recursive: true });
    const fd = openSync(big, 'w');
    ftruncateSync(fd, 50 * 1024 * 1024 + 1);
    closeSync(fd);
    const r = run(['invoice', 'validate', 'big/huge.xml', 'in/a/1.xml', '--jsonl']);
    expect(r.code).toBe(1);
    expect(lines(r.out).map((l) => [l.file, (l as unknown as { code?: string }).code ?? l.verdict])).toEqual([
      ['big/huge.xml', 'INPUT_TOO_LARGE'],
      ['in/a/1.xml', 'valid'],
    ]);
    expect(lines(r.out)[0]).toMatchObject({ details: { size: 50 * 1024 * 1024 + 1, limit: 50 * 1024 * 1024 } });
    // --max-bytes of pay validate and camt validate is the file's limit too
    for (const cmd of [
      ['pay', 'validate'],
      ['camt', 'validate'],
    ]) {
      const small = run([...cmd, 'in/a/1.xml', '--max-bytes', '100', '--jsonl']);
      expect(small.code).toBe(1);
      expect(lines(small.out)[0]).toMatchObject({ file: 'in/a/1.xml', code: 'INPUT_TOO_LARGE' });
    }
  });

  it('usage errors exit 2', () => {
    expect(run(['invoice', 'validate', 'in', '--json', '--jsonl']).code).toBe(2);
    expect(run(['invoice', 'validate', 'in', '--jobs', '0']).code).toBe(2);
    expect(run(['invoice', 'validate', 'in', '--lang', 'fr']).code).toBe(2);
    expect(run(['invoice', 'validate']).code).toBe(2);
  });

  it('human output: findings grouped by file with rule id, BT and line:column; summary table; German or English', () => {
    const en = run(['invoice', 'validate', 'in']);
    expect(en.out).toMatch(/in\/b\/bad\.xml: INVALID/);
    expect(en.out).toMatch(/BR-CO-10 \(BT-106\) \[en16931\]: .*\n\s+at line \d+:\d+ /);
    expect(en.out).toMatch(/files:\n\s+valid\s+3\n/);
    const de = run(['invoice', 'validate', 'in', '--lang', 'de']);
    expect(de.out).toMatch(/Dateien:\n\s+gültig\s+3\n/);
    expect(de.out).toMatch(/bei Zeile \d+:\d+/);
    // the locale decides without --lang; --lang wins
    expect(run(['invoice', 'validate', 'in'], { LANG: 'de_DE.UTF-8' }).out).toContain('ungültig');
    expect(run(['invoice', 'validate', 'in', '--lang', 'en'], { LC_ALL: 'de_DE.UTF-8' }).out).toContain('invalid');
  });

  it('colour only when asked for or on a terminal, never with NO_COLOR; no progress bar when piped', () => {
    const piped = run(['invoice', 'validate', 'in']);
    expect(piped.out).not.toContain('\x1b[');
    expect(piped.err).not.toContain('\r');
    const forced = run(['invoice', 'validate', 'in'], { FORCE_COLOR: '1' });
    expect(forced.out).toContain('\x1b[31mINVALID\x1b[0m');
    const noColor = run(['invoice', 'validate', 'in'], { FORCE_COLOR: '1', NO_COLOR: '1' });
    expect(noColor.out).not.toContain('\x1b[');
    expect(noColor.out).toBe(piped.out);
  });

  it('starts without loading what a command does not need: --version, admin --help', () => {
    const v = run(['--version']);
    expect(v.code).toBe(0);
    expect(v.out.trim()).toMatch(/^\d+\.\d+\.\d+/);
    const admin = run(['admin', '--help']);
    expect(admin.code).toBe(0);
    expect(admin.err).toBe('');
    expect(admin.out).not.toContain('Unknown command');
    expect(admin.out).toContain('admin account create');
    expect(run(['frobnicate']).code).toBe(2);
  });
});
