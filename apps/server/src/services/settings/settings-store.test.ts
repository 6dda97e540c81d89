import type { Database } from '@exrated/db';
import { readAppSettings, saveAppSettings } from '@exrated/db/queries';
import { describe, expect, it, vi } from 'vitest';
import { SettingsStore } from './settings-store';

vi.mock('@exrated/db/queries', () => ({ readAppSettings: vi.fn(), saveAppSettings: vi.fn() }));

describe('SettingsStore (a read racing a save)', () => {
  it('keeps a save made on this instance while a read of the older row was running', async () => {
    let finishRead: (row: {
      maintenanceMode: boolean;
      logLevel: 'info';
      repeatOffenderThreshold: number;
    }) => void = () => {};
    vi.mocked(readAppSettings).mockReturnValueOnce(
      new Promise((resolve) => {
        finishRead = resolve;
      }),
    );
    vi.mocked(saveAppSettings).mockResolvedValue(undefined);
    const store = new SettingsStore(
      {} as Database,
      { maintenanceMode: false, logLevel: 'info', repeatOffenderThreshold: 2 },
      () => {},
    );

    const reading = store.get();
    await store.save({ maintenanceMode: true, logLevel: 'warn', repeatOffenderThreshold: 3 });
    finishRead({ maintenanceMode: false, logLevel: 'info', repeatOffenderThreshold: 2 });
    expect(await reading).toEqual({ maintenanceMode: true, logLevel: 'warn', repeatOffenderThreshold: 3 });
    expect(await store.get()).toEqual({
      maintenanceMode: true,
      logLevel: 'warn',
      repeatOffenderThreshold: 3,
    });
    expect(readAppSettings).toHaveBeenCalledTimes(1);
  });
});
