import { createTestDatabase, postgresClientOf, type TestDatabase } from '@exrated/db/testing';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { type AppSettingsValues, SettingsStore } from './settings-store';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase(inject('testDatabaseServerUrl'));
});
afterAll(async () => {
  await database?.dispose();
});

const DEFAULTS: AppSettingsValues = { maintenanceMode: false, logLevel: 'info', repeatOffenderThreshold: 2 };

function storeAt(clock: { now: number }, onChange: (values: AppSettingsValues) => void = () => {}) {
  return new SettingsStore(database.db, DEFAULTS, onChange, 2000, () => clock.now);
}

describe('SettingsStore', () => {
  it('reads the table once for all the requests that find the copy stale together', async () => {
    const clock = { now: 0 };
    const store = storeAt(clock);
    const statements = vi.spyOn(postgresClientOf(database.db), 'unsafe');
    const values = await Promise.all(Array.from({ length: 20 }, () => store.get()));
    expect(values.every((value) => value.maintenanceMode === false)).toBe(true);
    expect(statements).toHaveBeenCalledTimes(1);
    expect(statements.mock.calls[0]?.[2]).toEqual({ prepare: true });
    clock.now += 1999;
    await store.get();
    expect(statements).toHaveBeenCalledTimes(1);
    clock.now += 1;
    await Promise.all(Array.from({ length: 20 }, () => store.get()));
    expect(statements).toHaveBeenCalledTimes(2);
    statements.mockRestore();
  });

  it("serves its copy for 2 s, then reads another instance's save", async () => {
    const clock = { now: 0 };
    const changes: AppSettingsValues[] = [];
    const store = storeAt(clock, (values) => changes.push(values));
    await store.save({ maintenanceMode: true, logLevel: 'warn' });
    expect(await store.get()).toEqual({
      maintenanceMode: true,
      logLevel: 'warn',
      repeatOffenderThreshold: 2,
    });
    expect(changes.at(-1)).toEqual({ maintenanceMode: true, logLevel: 'warn', repeatOffenderThreshold: 2 });

    const other = storeAt(clock);
    await other.save({ maintenanceMode: false, logLevel: 'info', repeatOffenderThreshold: 5 });
    clock.now += 1500;
    expect((await store.get()).maintenanceMode).toBe(true);
    clock.now += 600;
    expect(await store.get()).toEqual({
      maintenanceMode: false,
      logLevel: 'info',
      repeatOffenderThreshold: 5,
    });
    expect(changes.at(-1)).toEqual({ maintenanceMode: false, logLevel: 'info', repeatOffenderThreshold: 5 });
  });
});
