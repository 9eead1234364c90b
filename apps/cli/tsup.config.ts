/**
 * The built CLI: one ESM entry (dist/main.js, the `kontor` bin) plus the batch worker, with code splitting so each
 * command group is its own chunk loaded on demand. Our workspace packages are bundled from source (the published
 * CLI needs none of them); third-party packages stay external (dependencies of this package). Workspace sources
 * are marked side-effect free so a command that imports one helper of @kontor/api does not drag in its database.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'tsup';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

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
  noExternal: [/^@kontor\//],
  // CommonJS packages that end up bundled (a dependency another package added but this one does not list) call
  // require() for Node built-ins: give every chunk a real require.
  banner: { js: "import { createRequire as __kontorCreateRequire } from 'node:module';\nconst require = __kontorCreateRequire(import.meta.url);" },
  define: { __KONTOR_VERSION__: JSON.stringify(pkg.version) },
  esbuildPlugins: [
    {
      name: 'workspace-side-effect-free',
      setup(build) {
        build.onResolve({ filter: /^@kontor\/|^\./ }, async (args) => {
          if (args.pluginData?.inner) return undefined;
          const r = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { inner: true } });
          if (r.errors.length || r.external) return r;
          const inWorkspace = r.path.startsWith(root) && !r.path.includes("/node_modules/.pnpm/");
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
  ],
});
