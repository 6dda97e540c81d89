import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../database';
import { type AppSettings, appSettings, type LogLevel } from '../schema';
import { preparedPerExecutor } from './prepared';

/** The saved operator settings, or null while none were ever saved. */
export async function readAppSettings(
  db: Executor,
): Promise<Pick<AppSettings, 'maintenanceMode' | 'logLevel' | 'repeatOffenderThreshold'> | null> {
  const [row] = await savedSettings(db).execute();
  return row ?? null;
}

const savedSettings = preparedPerExecutor((db) =>
  db
    .select({
      maintenanceMode: appSettings.maintenanceMode,
      logLevel: appSettings.logLevel,
      repeatOffenderThreshold: appSettings.repeatOffenderThreshold,
    })
    .from(appSettings)
    .where(eq(appSettings.id, 1))
    .limit(1)
    .prepare('read_app_settings'),
);

export async function saveAppSettings(
  db: Executor,
  values: { maintenanceMode: boolean; logLevel: LogLevel; repeatOffenderThreshold: number },
) {
  await db
    .insert(appSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: appSettings.id, set: { ...values, updatedAt: sql`now()` } });
}
