import type { TestProject } from 'vitest/node';
import { resolveTestPostgres } from './index';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseServerUrl: string;
  }
}

/** Vitest global setup of the projects that need only Postgres (db, e2e): one server for the whole run. */
export default async function setup(project: TestProject) {
  const postgres = await resolveTestPostgres();
  project.provide('testDatabaseServerUrl', postgres.url);
  return async () => {
    await postgres.stop?.();
  };
}
