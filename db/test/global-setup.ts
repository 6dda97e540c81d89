import type { TestProject } from 'vitest/node';
import { resolveTestPostgres } from '../src/testing';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseServerUrl: string | null;
  }
}

export default async function setup(project: TestProject) {
  const postgres = await resolveTestPostgres();
  project.provide('testDatabaseServerUrl', postgres.url);
  return async () => {
    await postgres.stop?.();
  };
}
