/**
 * KONTOR_SCHEMA_DIR as the configuration reads it (relative to the working directory; unset or empty:
 * ./data/schemas), in a module of its own without valibot: the CLI's validation commands (`pay validate`,
 * `camt validate`, `invoice validate`, `invoice create`) need this one setting, and loading config.ts costs a process
 * ~10 ms of main-thread CPU (valibot and the whole schema of settings). Same result as `loadConfig(env, cwd).schemaDir`
 * (schema-dir.test.ts compares them); unlike loadConfig it does not refuse the other settings.
 */
import path from 'node:path';

/** KONTOR_SCHEMA_DIR's default (config.ts uses it too). */
export const DEFAULT_SCHEMA_DIR = './data/schemas';

export function schemaDirFrom(env: Record<string, string | undefined>, cwd: string): string {
  const v = env.KONTOR_SCHEMA_DIR;
  return path.resolve(cwd, v === undefined || v === '' ? DEFAULT_SCHEMA_DIR : v);
}
