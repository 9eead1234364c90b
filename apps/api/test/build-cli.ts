/**
 * Builds the kontor CLI (apps/cli/src/main.ts) into plain JavaScript with tsup, for tests and benchmarks that run the
 * service as a real child process (`node main.js serve`; nothing runs through tsx). Workspace libraries are bundled
 * (they export TypeScript sources); every npm dependency stays external and is imported by the absolute path of its
 * installed entry, so the bundle works from any folder and native/WebAssembly packages load their own files.
 * Each call builds into its own new folder (parallel test projects never share a half-written file).
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Options } from 'tsup';

type Plugin = NonNullable<Options['esbuildPlugins']>[number];

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const externalsByAbsolutePath: Plugin = {
  name: 'kontor-externals-by-path',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('@kontor/') || args.path.startsWith('node:') || args.pluginData === 'inner') return undefined;
      if (!args.resolveDir) return undefined;
      // Node built-ins without the node: prefix
      if (createRequire(import.meta.url)('node:module').builtinModules.includes(args.path.split('/')[0]!)) return { path: args.path, external: true };
      const r = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'inner' });
      if (r.errors.length || !r.path) return undefined;
      return { path: r.path, external: true };
    });
  },
};

/** Returns the path of the built main.js. */
export async function buildCli(): Promise<string> {
  const { build } = await import('tsup');
  const base = path.join(repoRoot, 'apps/api/dist');
  mkdirSync(base, { recursive: true });
  const outDir = mkdtempSync(path.join(base, 'cli-test-'));
  await build({
    entry: { main: path.join(repoRoot, 'apps/cli/src/main.ts') },
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    outDir,
    splitting: false,
    sourcemap: false,
    dts: false,
    clean: false,
    silent: true,
    config: false,
    noExternal: [/^@kontor\//],
    esbuildPlugins: [externalsByAbsolutePath],
    // Resolve like Node does (package.json "main", never the bundler-only "module" field).
    esbuildOptions(o) {
      o.mainFields = ['main'];
    },
  });
  return path.join(outDir, 'main.js');
}
