/**
 * Build of the API's run-time JavaScript: the job worker entry (loaded by the pool with new Worker(file); workers
 * never get a transpiler) and the service entry. Workspace libraries export their TypeScript sources, so @kontor/*
 * is bundled in; npm dependencies of this package (including the WebAssembly, native and font-carrying ones:
 * libxml2-wasm, @resvg/resvg-js, pdfjs-dist) stay external and resolve from apps/api/node_modules.
 */
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', 'workers/worker': 'src/workers/worker.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  splitting: false,
  sourcemap: true,
  clean: false,
  dts: false,
  noExternal: [/^@kontor\//],
});
