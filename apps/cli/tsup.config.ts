/**
 * The built CLI: one ESM entry (dist/main.js, the `kontor` bin) plus the batch worker, with code splitting so each
 * command group is its own chunk loaded on demand. Our workspace packages are bundled from source (the published
 * CLI needs none of them); third-party packages stay external (dependencies of this package). Workspace sources
 * are marked side-effect free so a command that imports one helper of @kontor/api does not drag in its database.
 *
 * Barrels: with code splitting esbuild puts a file in a chunk by which entry points REACH it, following every
 * import of a reached file — so a chunk that imports one name from a package's index.ts reaches every module that
 * index re-exports (and their third-party imports: `kontor --version` loaded libxml2-wasm and saxes, then our reader, because
 * command.ts imports isKontorError from @kontor/xml). The `barrel-bypass` plugin below rewrites named imports of a
 * workspace barrel (an index.ts under src/) to imports of the modules that declare the names, so each chunk
 * reaches only what it uses. Names a barrel declares itself (or re-exports as a namespace) keep their import.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'tsup';
import ts from 'typescript';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const cliRequire = createRequire(new URL('./package.json', import.meta.url));

// The service's job worker (kontor serve) is built into this package too, so the published CLI does not need the
// private @kontor/api package: the bundled pool client is pointed at dist/api-worker.js below.
const apiWorker = path.join(root, 'apps/api/src/workers/worker.ts');
const apiWorkerLookup = "createRequire(import.meta.url).resolve('@kontor/api/worker')";

export default defineConfig({
  entry: { main: 'src/main.ts', 'batch-worker': 'src/batch/worker.ts', ...(existsSync(apiWorker) ? { 'api-worker': apiWorker } : {}) },
  format: 'esm',
  platform: 'node',
  target: 'node20',
  splitting: true,
  bundle: true,
  clean: true,
  dts: false,
  sourcemap: false,
  // undici: not bundled either, but loaded through require (plugin cjs-by-require below).
  noExternal: [/^@kontor\//, /^undici$/],
  // CommonJS packages that end up bundled (a dependency another package added but this one does not list) call
  // require() for Node built-ins: give every chunk a real require.
  banner: { js: "import { createRequire as __kontorCreateRequire } from 'node:module';\nconst require = __kontorCreateRequire(import.meta.url);" },
  define: { __KONTOR_VERSION__: JSON.stringify(pkg.version) },
  esbuildPlugins: [
    {
      name: 'workspace-side-effect-free',
      setup(build) {
        build.onResolve({ filter: /^@kontor\/|^\.|^\// }, async (args) => {
          if (args.pluginData?.inner) return undefined;
          const r = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { inner: true } });
          if (r.errors.length || r.external) return r;
          const inWorkspace = r.path.startsWith(root) && !r.path.includes('/node_modules/.pnpm/');
          const entry = /apps\/cli\/src\/(main|batch\/worker)\.ts$|apps\/api\/src\/workers\/worker\.ts$/.test(r.path);
          return inWorkspace && !entry ? { ...r, sideEffects: false } : r;
        });
      },
    },
    {
      name: 'bundled-api-worker',
      setup(build) {
        build.onLoad({ filter: /apps\/api\/src\/workers\/client\.ts$/ }, async (args) => {
          const src = readFileSync(args.path, 'utf8');
          if (!src.includes(apiWorkerLookup)) throw new Error(`${args.path} no longer looks up ${apiWorkerLookup}: update apps/cli/tsup.config.ts`);
          // Chunks live beside api-worker.js in dist/.
          const contents = src.replace(apiWorkerLookup, "decodeURIComponent(new URL('./api-worker.js', import.meta.url).pathname)");
          return { contents, loader: 'ts' };
        });
      },
    },
    {
      // Node's ESM loader reads a CommonJS package's named exports with cjs-module-lexer, whose WebAssembly costs a
      // process ~7-13 MB RSS the first time; through createRequire the same package costs nothing extra. The
      // CommonJS packages a non-PDF command loads (undici; saxes was one until the reader got its own tokenizer) are imported that way.
      name: 'cjs-by-require',
      setup(build) {
        const cjs = /^undici$/;
        build.onResolve({ filter: cjs }, (args) => ({ path: args.path, namespace: 'cjs-by-require' }));
        build.onLoad({ filter: /.*/, namespace: 'cjs-by-require' }, (args) => {
          const m = cliRequire(args.path) as Record<string, unknown>;
          const names = Object.keys(m).filter((n) => /^[A-Za-z_$][\w$]*$/.test(n) && n !== 'default');
          const contents = [
            "import { createRequire } from 'node:module';",
            `const m = createRequire(import.meta.url)(${JSON.stringify(args.path)});`,
            'export default m;',
            ...names.map((n) => `export const ${n} = m.${n};`),
          ].join('\n');
          return { contents, loader: 'js' };
        });
      },
    },
    {
      name: 'barrel-bypass',
      setup(build) {
        const resolveFrom = async (spec: string, fromDir: string): Promise<string | undefined> => {
          const r = await build.resolve(spec, { kind: 'import-statement', resolveDir: fromDir, pluginData: { inner: true } });
          return r.errors.length || r.external ? undefined : r.path;
        };
        build.onLoad({ filter: /\.ts$/ }, async (args) => {
          if (!isWorkspaceSource(args.path) || /apps\/api\/src\/workers\/client\.ts$/.test(args.path)) return undefined;
          const src = readFileSync(args.path, 'utf8');
          const contents = await bypassBarrels(args.path, src, resolveFrom);
          return contents === src ? undefined : { contents, loader: 'ts' };
        });
      },
    },
  ],
});

function isWorkspaceSource(file: string): boolean {
  return file.startsWith(root) && !file.includes('/node_modules/') && /\/(packages|apps)\/[^/]+\/src\//.test(file);
}

const isBarrel = (file: string) => isWorkspaceSource(file) && path.basename(file) === 'index.ts';

type Resolve = (spec: string, fromDir: string) => Promise<string | undefined>;
/** A barrel's value exports: exported name → the module declaring it and its name there. */
type BarrelMap = Map<string, { file: string; name: string }>;
const barrels = new Map<string, Promise<BarrelMap>>();

function barrelMap(file: string, resolve: Resolve): Promise<BarrelMap> {
  let m = barrels.get(file);
  if (!m) {
    m = (async () => {
      const map: BarrelMap = new Map();
      const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
      for (const st of sf.statements) {
        if (!ts.isExportDeclaration(st) || st.isTypeOnly || !st.moduleSpecifier || !ts.isStringLiteral(st.moduleSpecifier)) continue;
        if (!st.exportClause || !ts.isNamedExports(st.exportClause)) continue;
        const target = await resolve(st.moduleSpecifier.text, path.dirname(file));
        if (!target || !isWorkspaceSource(target)) continue;
        const inner = isBarrel(target) ? await barrelMap(target, resolve) : undefined;
        for (const el of st.exportClause.elements) {
          if (el.isTypeOnly) continue;
          const name = (el.propertyName ?? el.name).text;
          const to = inner ? inner.get(name) : { file: target, name };
          if (to) map.set(el.name.text, to);
        }
      }
      return map;
    })();
    barrels.set(file, m);
  }
  return m;
}

const SPEC = /\bfrom\s*['"]([^'"]+)['"]/g;

/** The source with `import { a, b as c } from '<barrel>'` (and such re-exports) split into imports of the declaring modules. */
async function bypassBarrels(file: string, src: string, resolve: Resolve): Promise<string> {
  const dir = path.dirname(file);
  const targets = new Map<string, string>();
  for (const [, spec] of src.matchAll(SPEC)) {
    if (targets.has(spec!) || !(spec!.startsWith('@kontor/') || spec!.startsWith('.'))) continue;
    const t = await resolve(spec!, dir);
    if (t && isBarrel(t) && t !== file) targets.set(spec!, t);
  }
  if (targets.size === 0) return src;
  const sf = ts.createSourceFile(file, src, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const edits: { start: number; end: number; text: string }[] = [];
  for (const st of sf.statements) {
    if (ts.isExportDeclaration(st)) {
      // `export { a, b as c } from '<barrel>'` (e.g. a module passing a helper of @kontor/xml on)
      const spec = st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) ? st.moduleSpecifier.text : undefined;
      const barrel = spec === undefined ? undefined : targets.get(spec);
      if (!barrel || st.isTypeOnly || !st.exportClause || !ts.isNamedExports(st.exportClause)) continue;
      const map = await barrelMap(barrel, resolve);
      const byFile = new Map<string, string[]>();
      const kept: string[] = [];
      for (const el of st.exportClause.elements) {
        if (el.isTypeOnly) continue;
        const imported = (el.propertyName ?? el.name).text;
        const exported = el.name.text;
        const to = map.get(imported);
        if (!to) kept.push(imported === exported ? exported : `${imported} as ${exported}`);
        else byFile.set(to.file, [...(byFile.get(to.file) ?? []), to.name === exported ? exported : `${to.name} as ${exported}`]);
      }
      const lines = [...byFile].map(([f, names]) => `export { ${names.join(', ')} } from ${JSON.stringify(f)};`);
      if (kept.length) lines.push(`export { ${kept.join(', ')} } from ${JSON.stringify(spec)};`);
      edits.push({ start: st.getStart(sf), end: st.end, text: lines.join(' ') });
      continue;
    }
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    const spec = st.moduleSpecifier.text;
    const barrel = targets.get(spec);
    const clause = st.importClause;
    if (!barrel || !clause || clause.isTypeOnly || clause.name || !clause.namedBindings || !ts.isNamedImports(clause.namedBindings)) continue;
    const map = await barrelMap(barrel, resolve);
    const byFile = new Map<string, string[]>();
    const kept: string[] = [];
    for (const el of clause.namedBindings.elements) {
      if (el.isTypeOnly) continue; // types leave no import behind (verbatimModuleSyntax marks them)
      const imported = (el.propertyName ?? el.name).text;
      const local = el.name.text;
      const to = map.get(imported);
      if (!to) {
        kept.push(imported === local ? local : `${imported} as ${local}`);
        continue;
      }
      const list = byFile.get(to.file) ?? [];
      list.push(to.name === local ? local : `${to.name} as ${local}`);
      byFile.set(to.file, list);
    }
    const lines = [...byFile].map(([f, names]) => `import { ${names.join(', ')} } from ${JSON.stringify(f)};`);
    if (kept.length) lines.push(`import { ${kept.join(', ')} } from ${JSON.stringify(spec)};`);
    edits.push({ start: st.getStart(sf), end: st.end, text: lines.join(' ') });
  }
  let out = src;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}
