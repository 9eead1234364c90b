/**
 * The public surface of every published package carries usage examples (docs/conventions.md): each function
 * exported from a package entry point (package.json `exports`: the root and subpaths such as @kontor/cii/rules)
 * has a JSDoc `@example` block with code in it. Walks the entry points with the TypeScript compiler API, so
 * re-exports and renames (`export { a as b }`) resolve to the declaration that carries the comment.
 */
import { mkdtempSync, readdirSync, readFileSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const packagesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Entry {
  /** e.g. `@kontor/cii/rules` */
  specifier: string;
  file: string;
}

/** The entry points of every published workspace package (private ones, like this testkit, are skipped). */
function publishedEntries(): Entry[] {
  const out: Entry[] = [];
  for (const dir of readdirSync(packagesDir).sort()) {
    const pj = path.join(packagesDir, dir, 'package.json');
    if (!existsSync(pj)) continue;
    const pkg = JSON.parse(readFileSync(pj, 'utf8')) as { name: string; private?: boolean; exports?: Record<string, string> };
    if (pkg.private) continue;
    for (const [sub, target] of Object.entries(pkg.exports ?? {})) {
      out.push({ specifier: sub === '.' ? pkg.name : `${pkg.name}${sub.slice(1)}`, file: path.join(packagesDir, dir, target) });
    }
  }
  return out;
}

function isFunctionLike(symbol: ts.Symbol): boolean {
  if (symbol.flags & ts.SymbolFlags.Function) return true;
  if (!(symbol.flags & ts.SymbolFlags.Variable)) return false;
  const d = symbol.valueDeclaration;
  return !!d && ts.isVariableDeclaration(d) && !!d.initializer && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer));
}

/** A non-empty @example that calls the function (by its declared or its exported name), not one pasted onto a neighbour. */
function hasExample(symbol: ts.Symbol, exportedName: string, checker: ts.TypeChecker): boolean {
  return symbol.getJsDocTags(checker).some((t) => {
    const text = t.name === 'example' ? ts.displayPartsToString(t.text) : '';
    return text.includes(`${symbol.name}(`) || text.includes(`${exportedName}(`);
  });
}

/** `specifier: name (file:line)` for every exported function without an @example that calls it, sorted. */
export function functionsWithoutExample(entries: readonly Entry[]): string[] {
  const program = ts.createProgram(
    entries.map((e) => e.file),
    { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, strict: true, noEmit: true, skipLibCheck: true, types: [] },
  );
  const checker = program.getTypeChecker();
  const missing = new Set<string>();
  for (const entry of entries) {
    const source = program.getSourceFile(entry.file);
    if (!source) throw new Error(`entry point not found: ${entry.file}`);
    const moduleSymbol = checker.getSymbolAtLocation(source);
    if (!moduleSymbol) continue;
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      if (!isFunctionLike(symbol) || hasExample(symbol, exported.name, checker)) continue;
      const decl = symbol.declarations?.[0];
      const where = decl ? `${path.relative(packagesDir, decl.getSourceFile().fileName)}:${decl.getSourceFile().getLineAndCharacterOfPosition(decl.getStart()).line + 1}` : '?';
      missing.add(`${entry.specifier}: ${exported.name} (${where})`);
    }
  }
  return [...missing].sort();
}

describe('public API documentation', () => {
  it('finds the entry points of every published package, subpaths included', () => {
    const specifiers = publishedEntries().map((e) => e.specifier);
    expect(specifiers).toEqual(expect.arrayContaining(['@kontor/xml', '@kontor/cii', '@kontor/cii/rules', '@kontor/pain001', '@kontor/zugferd']));
    expect(specifiers).not.toContain('@kontor/testkit/corpus');
  });

  it('entry points list their exports by name (no export * / export type *)', () => {
    const star = publishedEntries().filter((e) => /^\s*export\s+(type\s+)?\*/m.test(readFileSync(e.file, 'utf8')));
    expect(star.map((e) => e.specifier)).toEqual([]);
  });

  it('every exported function of every published entry point has an @example block that calls it', () => {
    expect(functionsWithoutExample(publishedEntries())).toEqual([]);
  });

  it('the walk catches an undocumented export, also behind a renaming re-export, and accepts a documented one', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kontor-api-docs-'));
    try {
      writeFileSync(
        path.join(dir, 'impl.ts'),
        [
          '/**',
          ' * Documented.',
          ' * @example',
          ' * ```ts',
          ' * documented(2); // 4',
          ' * ```',
          ' */',
          'export function documented(n: number): number { return n * 2; }',
          '/** Described, but no example. */',
          'export function described(): void {}',
          '/**',
          ' * @example',
          ' */',
          'export function emptyExample(): void {}',
          '/**',
          ' * @example',
          ' * ```ts',
          ' * documented(1); // pasted from the neighbour',
          ' * ```',
          ' */',
          'export function wrongExample(): void {}',
          'export const arrow = (s: string): string => s;',
          'export const notAFunction = 42;',
        ].join('\n'),
      );
      writeFileSync(path.join(dir, 'index.ts'), "export { documented, described as renamed, emptyExample, wrongExample, arrow, notAFunction } from './impl';\n");
      const found = functionsWithoutExample([{ specifier: 'fixture', file: path.join(dir, 'index.ts') }]);
      expect(found.map((f) => f.replace(/ \(.*\)$/, ''))).toEqual(['fixture: arrow', 'fixture: emptyExample', 'fixture: renamed', 'fixture: wrongExample']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
