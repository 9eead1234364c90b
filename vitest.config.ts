import { defineConfig } from 'vitest/config';

// One vitest run over the whole workspace so CI gets one total.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/*/test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // The JSON report feeds the one-line total that .ci/run prints.
    reporters: ['default', 'json'],
    outputFile: { json: '.vitest-results.json' },
  },
});
