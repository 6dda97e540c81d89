import { afterAll, beforeAll, describe, inject } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../src/testing';

/**
 * This block's own migrated database on `serverUrl` (PGlite in memory when null), created before its first
 * test and dropped after its last: the function returned gives it, from beforeAll on.
 */
export function useTestDatabase(serverUrl: string | null): () => TestDatabase {
  let created: TestDatabase | undefined;
  beforeAll(async () => {
    created = await createTestDatabase(serverUrl);
  });
  afterAll(async () => {
    await created?.dispose();
  });
  return () => {
    if (!created)
      throw new Error('the test database is created in beforeAll: use it inside a hook or a test');
    return created;
  };
}

/**
 * `body` twice, on a database of the Postgres test server and on PGlite (the embedded default): what the
 * queries do must not depend on the driver. `title` names the driver where it has `%s`.
 */
export function describeOnBothDrivers(title: string, body: (database: () => TestDatabase) => void) {
  describe.each([
    ['Postgres', inject('testDatabaseServerUrl')],
    ['PGlite', null],
  ] as const)(title, (_kind, serverUrl) => {
    body(useTestDatabase(serverUrl));
  });
}
