/**
 * Build of the API's run-time JavaScript: the job worker entry (loaded by the pool with new Worker(file); workers
 * never get a transpiler) and the service entry. Workspace libraries export their TypeScript sources, so @kontor/*
 * is bundled in; npm dependencies of this package (including the WebAssembly, native and font-carrying ones:
 * libxml2-wasm, @resvg/resvg-js, pdfjs-dist) stay external and resolve from apps/api/node_modules.
 */
import { defineConfig } from 'tsup';

// The vitest global setup builds into a temporary directory first (then renames into dist).
const out = process.env.KONTOR_API_OUT_DIR ?? 'dist';
const shared = { format: ['esm'] as const, platform: 'node' as const, target: 'node20', sourcemap: true, clean: false, dts: false, noExternal: [/^@kontor\//] };

export default defineConfig([
  // The worker is split per library: each job kind imports its library on first use (see workers/jobs.ts), so a
  // thread that only parses statements does not load the PDF stack. Chunks are content-hashed beside worker.js.
  { ...shared, entry: { worker: 'src/workers/worker.ts' }, outDir: `${out}/workers`, splitting: true },
  { ...shared, entry: { index: 'src/index.ts' }, outDir: out, splitting: false },
]);
