/**
 * Vitest global setup of the `api-pg` project: one throw-away PostgreSQL server for the whole API suite; every test
 * app then gets its own schema in it (see helpers.ts). Without PostgreSQL outside CI the project falls back to SQLite
 * with a printed reason; in CI a missing server fails (startTestPostgres throws).
 */
import type { TestProject } from 'vitest/node';
import { startTestPostgres } from './pg';

declare module 'vitest' {
  export interface ProvidedContext {
    kontorPgUrl: string | null;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const pg = await startTestPostgres();
  project.provide('kontorPgUrl', pg?.url ?? null);
  return () => pg?.stop();
}
