/**
 * `pnpm bench` runs built JavaScript, never TypeScript through tsx: every bench module (bench/*.ts) is bundled
 * into bench/dist/<name>.js with our workspace packages bundled from source and third-party packages external
 * (resolved from bench/node_modules). Bundled workspace code sees `import.meta.url` of its SOURCE file (replaced at
 * build time), so paths relative to a module (corpus, tools, fixtures) resolve as they did from source; a module
 * that re-runs itself in a child process maps its source path to the built file with `distOf()` (harness.ts).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineConfig } from 'tsup';

const benchDir = path.dirname(new URL(import.meta.url).pathname);
const root = path.resolve(benchDir, '..');
const entries = Object.fromEntries(
  readdirSync(benchDir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'tsup.config.ts')
    .map((f) => [f.slice(0, -3), path.join(benchDir, f)]),
);

export default defineConfig({
  entry: entries,
  outDir: path.join(benchDir, 'dist'),
  format: 'esm',
  platform: 'node',
  target: 'node20',
  splitting: true,
  bundle: true,
  // No clean: another `pnpm bench` may be running from bench/dist at the same time (entries are overwritten in
  // place; unused chunks are left behind, harmless).
  clean: false,
  dts: false,
  sourcemap: true,
  silent: true,
  noExternal: [/^@kontor\//],
  // Resolve third-party packages as Node itself does (exports with import/require/node, else "main"), so the
  // pinned external path below is the file Node would load.
  esbuildOptions(options) {
    options.mainFields = ['main'];
    options.conditions = [];
  },
  banner: { js: "import { createRequire as __kontorCreateRequire } from 'node:module';\nconst require = __kontorCreateRequire(import.meta.url);" },
  esbuildPlugins: [
    {
      // Third-party packages stay external, but pinned to the file they resolve to from the importing source
      // (pnpm does not hoist a workspace package's dependencies into bench/node_modules).
      name: 'external-from-importer',
      setup(build) {
        build.onResolve({ filter: /^[^./]/ }, async (args) => {
          if (args.pluginData?.inner || args.path.startsWith('node:') || args.path.startsWith('@kontor/') || builtinModules.includes(args.path.split('/')[0]!)) return undefined;
          const r = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { inner: true } });
          if (r.errors.length || !r.path.includes('/node_modules/')) return r;
          return { path: r.path, external: true };
        });
      },
    },
    {
      name: 'source-import-meta-url',
      setup(build) {
        build.onLoad({ filter: /\.ts$/ }, (args) => {
          if (!args.path.startsWith(root) || args.path.includes('/node_modules/')) return undefined;
          const src = readFileSync(args.path, 'utf8');
          if (!src.includes('import.meta.url')) return undefined;
          return { contents: src.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
        });
      },
    },
  ],
});
