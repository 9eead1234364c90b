/**
 * The schema store directory of the service's configuration (KONTOR_SCHEMA_DIR, relative to the working directory;
 * unset or empty: ./data/schemas) without loading the configuration loader: the validation commands (`pay validate`,
 * `camt validate`, `invoice validate`, `invoice create`) need this one setting, and `import('./config')` costs a
 * process ~10 ms of main-thread CPU (valibot and the whole schema of settings). Same result as
 * `loadConfig(env, cwd).schemaDir` (schema-dir.test.ts compares them); unlike loadConfig it does not refuse the
 * other settings, which these commands do not use.
 */
import path from 'node:path';

/** apps/api/src/config.ts: KONTOR_SCHEMA_DIR's default. */
export const DEFAULT_SCHEMA_DIR = './data/schemas';

export function schemaDirFrom(env: Record<string, string | undefined>, cwd: string): string {
  const v = env.KONTOR_SCHEMA_DIR;
  return path.resolve(cwd, v === undefined || v === '' ? DEFAULT_SCHEMA_DIR : v);
}
