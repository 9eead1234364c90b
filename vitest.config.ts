import { configDefaults, defineConfig } from 'vitest/config';

// `pnpm test:unit` (KONTOR_TEST_SCOPE=unit): the default project without the slow kinds, by file name (README "Tests"):
// corpus sweeps and golden/oracle comparisons (*corpus*, golden*, *oracle*, *verapdf*), fuzz (*.fuzz.test.ts),
// visual comparisons, and the process / attack / memory / browser suites that start real servers (apps/*/test, pool).
const SLOW_TESTS = [
  '**/*corpus*.test.ts',
  '**/golden*.test.ts',
  '**/*oracle*.test.ts',
  '**/*verapdf*.test.ts',
  '**/*.fuzz.test.ts',
  '**/visual.test.ts',
  '**/extract-roundtrip.test.ts',
  'apps/*/test/**',
  'apps/api/src/workers/pool.test.ts',
  ...configDefaults.exclude,
];
const unitOnly = process.env.KONTOR_TEST_SCOPE === 'unit';
const ALL_TESTS = ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/*/test/**/*.test.ts'];

// One vitest run over the whole workspace so CI gets one total.
export default defineConfig({
  test: {
    // Two projects: everything (the API on SQLite), and the API suite again on PostgreSQL (the storage matrix;
    // `--project default` or `--project api-pg` runs one).
    projects: [
      // Type tests (*.test-d.ts, expectTypeOf) run in the default project through tsc on tsconfig.test-d.json: the type
      // tests and what they import, not the whole tree (`pnpm typecheck` is that); source errors are typecheck's to report.
      {
        extends: true,
        test: {
          name: 'default',
          include: ALL_TESTS,
          ...(unitOnly ? { exclude: SLOW_TESTS } : {}),
          typecheck: { enabled: true, include: ['**/*.test-d.ts'], tsconfig: './tsconfig.test-d.json', ignoreSourceErrors: true },
        },
      },
      // The PostgreSQL matrix is not part of the unit run.
      ...(unitOnly
        ? []
        : [
            {
              extends: true,
              test: { name: 'api-pg', include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'], env: { KONTOR_TEST_DB: 'pg' }, globalSetup: ['apps/api/test/pg-global-setup.ts'] },
            },
          ]),
    ],
    // The API's job workers run built JavaScript: (re)build apps/api/dist when missing or stale.
    globalSetup: ['apps/api/test/build-global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // `pnpm test:unit` uses both cores (vitest's default is cores − 1 = one worker on a 2-core machine) and reuses the
    // module graph between files in a worker (isolate: false): most of a unit file's cost is importing the workspace,
    // and no unit test depends on module state another file leaves behind (the whole unit set passes the same with and
    // without isolation). `pnpm test` keeps one isolated worker per file: it also runs servers, browsers and JVMs.
    ...(unitOnly ? { maxWorkers: 2, isolate: false } : {}),
    // The JSON report feeds the one-line total that .ci/run prints.
    reporters: ['default', 'json'],
    outputFile: { json: '.vitest-results.json' },
  },
});
