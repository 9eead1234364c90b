import { defineConfig } from 'tsup';

// Two public entry points: the package root and `@kontor/cii/rules` (the rule engine the UBL binding runs).
// Shared code lands in common chunks, so both entries see the same classes (CiiError, XPathDynamicError).
export default defineConfig({
  entry: { index: 'src/index.ts', rules: 'src/rules/index.ts' },
  format: ['esm'],
  dts: true,
  clean: true,
});
