/**
 * The process floor of the built CLI (issue 18): what a command's chunks load at start, read from the build's
 * static import graph (`import … from`, `import "…"`, and createRequire(…)("pkg")). `kontor --version` loads no
 * npm package; `vat syntax` no XML library; `camt parse` no schema store; the non-PDF commands (pay, camt, invoice validate) with the
 * configuration loader they import on use reach none of the service's or the PDF stack's packages. Fails when a
 * barrel import or `import('@kontor/api')` pulls them back in (see tsup.config.ts, barrel-bypass).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusAvailable, corpusDir, paymentsDir } from '@kontor/testkit/corpus';
import { buildCli, kontor, type BuiltCli } from './built';

let cli: BuiltCli;
let dir: string;
beforeAll(() => {
  cli = buildCli();
  dir = path.dirname(cli.main);
}, 300_000);
afterAll(() => cli?.dispose());

const STATIC = /(?:^|[\n;])\s*(?:import|export)\s*(?:[\w*${}\s,]*?\sfrom\s*)?["']([^"']+)["']/g;
const REQUIRED = /createRequire\(import\.meta\.url\)\(\s*["']([^"']+)["']\s*\)/g;
const DYNAMIC = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

interface Reach {
  chunks: Set<string>;
  packages: Set<string>;
  dynamic: Set<string>;
}

/** Everything `file` loads before its first line runs: chunks, npm packages (Node built-ins left out), and the chunks it may import later. */
function reach(file: string, acc: Reach = { chunks: new Set(), packages: new Set(), dynamic: new Set() }): Reach {
  if (acc.chunks.has(file)) return acc;
  acc.chunks.add(file);
  const src = readFileSync(path.join(dir, file), 'utf8');
  const specs = [...src.matchAll(STATIC), ...src.matchAll(REQUIRED)].map((m) => m[1]!);
  for (const s of specs) {
    if (s.startsWith('./')) reach(s.slice(2), acc);
    else if (!s.startsWith('node:') && !builtinModules.includes(s.split('/')[0]!)) acc.packages.add(s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!);
  }
  for (const m of src.matchAll(DYNAMIC)) if (m[1]!.startsWith('./')) acc.dynamic.add(m[1]!.slice(2));
  return acc;
}

/** The chunk of a command module (commands/<name>.ts → <name>-<hash>.js). */
function chunkOf(name: string): string {
  const hits = readdirSync(dir).filter((f) => new RegExp(`^${name}-[A-Z0-9]+\\.js$`).test(f));
  expect(hits, name).toHaveLength(1);
  return hits[0]!;
}

/** A command's chunks plus the service configuration loader it imports when it runs (api/config.ts). */
function withConfig(name: string): Reach {
  const r = reach(chunkOf(name));
  const config = [...r.dynamic].filter((f) => /^config-[A-Z0-9]+\.js$/.test(f));
  for (const c of config) reach(c, r);
  return r;
}

const SERVICE_AND_PDF = [
  'hono',
  '@hono/node-server',
  '@modelcontextprotocol/sdk',
  'better-sqlite3',
  'pg',
  'kysely',
  'prom-client',
  'undici',
  'pdf-lib',
  'pdfjs-dist',
  '@pdf-lib/fontkit',
  '@pdf-lib/standard-fonts',
  '@resvg/resvg-js',
  'zod',
];

describe('built CLI: what a command loads', () => {
  it('kontor --version reaches no npm package', () => {
    const r = reach('main.js');
    expect([...r.packages]).toEqual([]);
    // and no chunk of a library beyond the error type the error mapping needs
    const size = [...r.chunks].reduce((n, f) => n + readFileSync(path.join(dir, f)).length, 0);
    expect(size).toBeLessThan(40_000);
  });

  it('vat syntax reaches no XML library and no service package, nor does the configuration loader', () => {
    const r = reach(chunkOf('vat'));
    for (const p of ['saxes', 'libxml2-wasm', 'fflate', ...SERVICE_AND_PDF]) expect(r.packages, p).not.toContain(p);
    const c = withConfig('vat');
    expect(c.chunks.size).toBeGreaterThan(r.chunks.size);
    for (const p of ['saxes', 'libxml2-wasm', 'fflate', ...SERVICE_AND_PDF]) expect(c.packages, `config → ${p}`).not.toContain(p);
  });

  it('pay, camt and invoice validate (pay with the configuration loader) reach neither the service nor the PDF stack', () => {
    for (const name of ['pay', 'pay-validate', 'camt', 'invoice-validate']) {
      const r = withConfig(name);
      // pay (sepa: bank directory, model provider) loads the configuration on use; the validations read only the
      // schema directory (schemaDirFrom, apps/api/src/schema-dir.ts) and never load the configuration loader (valibot: ~10 ms of start;
      // invoice validate still reaches valibot through @kontor/cii's input schema)
      expect(
        [...r.dynamic].some((f) => f.startsWith('config-')),
        `${name} loads the configuration on use`,
      ).toBe(name === 'pay');
      if (name === 'pay-validate' || name === 'camt') expect(r.packages, `${name} → valibot`).not.toContain('valibot');
      // they read XML: the hardened reader of @kontor/xml is in their chunks (saxes, or the tokenizer replacing it)
      expect(
        [...r.chunks].some((f) => readFileSync(path.join(dir, f), 'utf8').includes('// ../../packages/xml/src/reader/')),
        `${name} reads XML`,
      ).toBe(true);
      for (const p of SERVICE_AND_PDF) expect(r.packages, `${name} → ${p}`).not.toContain(p);
    }
  });

  it('camt parse loads no schema store; only invoice validate loads libxml2-wasm with its module (the others on first need, see below)', () => {
    expect(withConfig('camt').packages).not.toContain('libxml2-wasm');
    for (const name of ['pay', 'pay-validate', 'camt', 'camt-validate']) {
      expect(withConfig(name).packages, name).not.toContain('libxml2-wasm');
    }
    // CII/UBL/Factur-X schemas are outside the native XSD subset and validateCii is synchronous: @kontor/cii's rule
    // engine imports libxml2-wasm statically and hands it to the store (provideLibxml2; no top-level await of ours)
    expect(withConfig('invoice-validate').packages).toContain('libxml2-wasm');
    // nor the ZIP reader of the schema download (`schemas install --url` imports it when it runs; camt reads ZIP deliveries)
    for (const name of ['pay', 'pay-validate', 'invoice-validate']) expect(withConfig(name).packages, name).not.toContain('fflate');
    // pay validate: the reading side of @kontor/pain001 only (no writer, bank directory or model provider)
    const validate = withConfig('pay-validate');
    for (const mod of ['packages/pain001/src/write/', 'packages/bankdata/src/', 'packages/ai/src/']) {
      expect(
        [...validate.chunks].some((f) => readFileSync(path.join(dir, f), 'utf8').includes(`// ../../${mod}`)),
        `pay validate → ${mod}`,
      ).toBe(false);
    }
    // the one way in: the schema store's loader, a dynamic import
    const loaders = readdirSync(dir).filter((f) => f.endsWith('.js') && /\bimport\(\s*["']libxml2-wasm["']\s*\)/.test(readFileSync(path.join(dir, f), 'utf8')));
    expect(loaders.length).toBeGreaterThan(0);
  });

  it('the XML reader loads saxes (while it is used) through require (no ESM→CommonJS lexer)', () => {
    const xmlChunks = readdirSync(dir).filter((f) => f.endsWith('.js') && /["']saxes["']/.test(readFileSync(path.join(dir, f), 'utf8')));
    for (const f of xmlChunks) {
      const src = readFileSync(path.join(dir, f), 'utf8');
      expect(src).not.toMatch(/from\s*["']saxes["']/);
      expect(src).toMatch(/createRequire\(import\.meta\.url\)\("saxes"\)/);
    }
  });
});

/**
 * libxml2-wasm at run time (issue 18): a module-resolution hook (module.register, in a child `node --import`) writes
 * down every libxml2-wasm module the built CLI resolves. A validation the native XSD engine answers (pay, camt) never
 * loads it; a document the native path cannot judge (not well-formed) and the CII schema (outside the native subset)
 * do, and the not-well-formed file gets libxml2's diagnostic in its schema result as before.
 */
describe.runIf(corpusAvailable())('built CLI: libxml2-wasm is loaded on first need only', () => {
  let work = '';
  let store = '';
  let hook = '';
  beforeAll(() => {
    work = mkdtempSync(path.join(os.tmpdir(), 'kontor-floor-lazy-'));
    store = path.join(work, 'schemas');
    expect(kontor(cli.main, ['schemas', 'install', '--from', corpusDir, '--dir', store], { cwd: work }).code).toBe(0);
    const resolveHook = path.join(work, 'resolve-hook.mjs');
    writeFileSync(
      resolveHook,
      "import { appendFileSync } from 'node:fs';\nexport async function resolve(spec, ctx, next) {\n  if (spec.startsWith('libxml2-wasm')) appendFileSync(process.env.KONTOR_PROBE_FILE, spec + '\\n');\n  return next(spec, ctx);\n}\n",
    );
    hook = path.join(work, 'register.mjs');
    writeFileSync(hook, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(resolveHook).href)});\n`);
  }, 120_000);
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  /** Runs the built CLI under the hook: exit code, stdout, and the libxml2-wasm modules it resolved. */
  function probe(args: string[]): { code: number; out: string; loaded: string[] } {
    const log = path.join(work, `probe-${Math.random().toString(36).slice(2)}.log`);
    writeFileSync(log, '');
    const r = spawnSync(process.execPath, ['--import', pathToFileURL(hook).href, cli.main, ...args], {
      cwd: work,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', LANG: 'C', KONTOR_SCHEMA_DIR: store, KONTOR_PROBE_FILE: log },
      timeout: 120_000,
    });
    return { code: r.status ?? -1, out: r.stdout, loaded: readFileSync(log, 'utf8').split('\n').filter(Boolean) };
  }

  const pain = (f: string) => path.join(paymentsDir, 'samples/constructed', f);

  it('the hook sees libxml2-wasm when the CII schema needs it (invoice validate)', () => {
    const r = probe(['invoice', 'validate', path.join(corpusDir, 'einvoice/instances/en16931/examples/CII_example1.xml')]);
    expect(r.code).toBe(0);
    expect(r.loaded).toContain('libxml2-wasm');
  });

  it('pay validate (valid and invalid files) and camt validate load no libxml2-wasm', () => {
    for (const args of [
      ['pay', 'validate', pain('pain.001.001.09_gbic5_sct+inst_valid.xml')],
      ['pay', 'validate', pain('pain.001.001.09_gbic5_bad-element-order.xml')],
      ['camt', 'validate', pain('camt.054.001.08_dk_batch_resolution.xml')],
    ]) {
      const r = probe(args);
      expect([0, 1], args.join(' ')).toContain(r.code);
      expect(r.loaded, args.join(' ')).toEqual([]);
    }
  });

  it('a pain.001 file that is not well-formed loads it and gets libxml2 diagnostic in the schema result', () => {
    const r = probe(['pay', 'validate', pain('pain.001.001.09_gbic5_bad-truncated.xml'), '--json']);
    expect(r.loaded).toContain('libxml2-wasm');
    const xsd = (JSON.parse(r.out) as { result: { xsd: { available: boolean; valid: boolean; findings: { code: string; message: string; line: number }[] } } }).result.xsd;
    expect(xsd).toMatchObject({ available: true, valid: false });
    expect(xsd.findings[0]).toMatchObject({ code: 'XML_MALFORMED', line: 137 });
    expect(xsd.findings[0]!.message).toMatch(/not well-formed/);
  });
});
