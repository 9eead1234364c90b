import { defineConfig } from 'vitest/config';

// One vitest run over the whole workspace so CI gets one total.
export default defineConfig({
  test: {
    // Two projects: everything (the API on SQLite), and the API suite again on PostgreSQL (the storage matrix;
    // `--project default` or `--project api-pg` runs one).
    projects: [
      { extends: true, test: { name: 'default', include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/*/test/**/*.test.ts'] } },
      {
        extends: true,
        test: { name: 'api-pg', include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'], env: { KONTOR_TEST_DB: 'pg' }, globalSetup: ['apps/api/test/pg-global-setup.ts'] },
      },
    ],
    // The API's job workers run built JavaScript: (re)build apps/api/dist when missing or stale.
    globalSetup: ['apps/api/test/build-global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // The JSON report feeds the one-line total that .ci/run prints.
    reporters: ['default', 'json'],
    outputFile: { json: '.vitest-results.json' },
  },
});
