/**
 * The process floor of the built CLI (issue 18): what a command's chunks load at start, read from the build's
 * static import graph (`import … from`, `import "…"`, and createRequire(…)("pkg")). `kontor --version` loads no
 * npm package; `vat syntax` no XML library; `camt parse` no schema store; the non-PDF commands (pay, camt, invoice validate) with the
 * configuration loader they import on use reach none of the service's or the PDF stack's packages. Fails when a
 * barrel import or `import('@kontor/api')` pulls them back in (see tsup.config.ts, barrel-bypass).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, type BuiltCli } from './built';

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

  it('pay, camt and invoice validate (with the configuration loader) reach neither the service nor the PDF stack', () => {
    for (const name of ['pay', 'camt', 'invoice-validate']) {
      const r = withConfig(name);
      expect(
        [...r.dynamic].some((f) => f.startsWith('config-')),
        `${name} loads the configuration on use`,
      ).toBe(true);
      expect(r.packages, name).toContain('saxes');
      for (const p of SERVICE_AND_PDF) expect(r.packages, `${name} → ${p}`).not.toContain(p);
    }
  });

  it('camt parse loads no schema store (libxml2-wasm comes with the camt validate task only)', () => {
    expect(withConfig('camt').packages).not.toContain('libxml2-wasm');
    expect(reach(chunkOf('camt-validate')).packages).toContain('libxml2-wasm');
  });

  it('the XML reader loads saxes through require (no ESM→CommonJS lexer)', () => {
    const xmlChunks = readdirSync(dir).filter((f) => f.endsWith('.js') && readFileSync(path.join(dir, f), 'utf8').includes('// ../../packages/xml/src/reader/sax.ts'));
    expect(xmlChunks.length).toBeGreaterThan(0);
    for (const f of xmlChunks) {
      const src = readFileSync(path.join(dir, f), 'utf8');
      expect(src).not.toMatch(/from\s*["']saxes["']/);
      expect(src).toMatch(/createRequire\(import\.meta\.url\)\("saxes"\)/);
    }
  });
});
