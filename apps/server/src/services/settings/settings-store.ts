import type { Database } from '@exrated/db';
import { readAppSettings, saveAppSettings } from '@exrated/db/queries';
import type { LogLevel } from '@exrated/db/schema';

export interface AppSettingsValues {
  maintenanceMode: boolean;
  logLevel: LogLevel;
  /** Removals by moderators an author may have before their next ratings are held (docs/trust-and-safety.md). */
  repeatOffenderThreshold: number;
}

/**
 * The admin Tools switches. Cached for a moment so a hot path does not read the table per request, and
 * short enough that a switch made on one instance reaches the others within seconds.
 */
export class SettingsStore {
  private cached: { values: AppSettingsValues; readAt: number } | null = null;
  /** The read in flight: the requests that find the copy stale while it runs wait for it, not for reads of their own. */
  private reading: Promise<AppSettingsValues> | null = null;
  private saves = 0;

  constructor(
    private readonly db: Database,
    /** Until an operator saves settings, the configured ones apply (LOG_LEVEL, maintenance off, threshold 2). */
    private readonly defaults: AppSettingsValues,
    private readonly onChange: (values: AppSettingsValues) => void,
    private readonly maxAgeMs = 2000,
    private readonly now: () => number = Date.now,
  ) {}

  async get(): Promise<AppSettingsValues> {
    if (this.cached && this.now() - this.cached.readAt < this.maxAgeMs) return this.cached.values;
    this.reading ??= this.read().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  /** Saves the values given; the others keep what is in force (an older client sends only its own switches). */
  async save(changes: Partial<AppSettingsValues>): Promise<AppSettingsValues> {
    const values = isComplete(changes)
      ? changes
      : { ...((await readAppSettings(this.db)) ?? this.defaults), ...changes };
    await saveAppSettings(this.db, values);
    this.saves += 1;
    this.remember(values);
    return values;
  }

  private async read(): Promise<AppSettingsValues> {
    const savesBefore = this.saves;
    const values = (await readAppSettings(this.db)) ?? this.defaults;
    // A save on this instance while the read ran is newer than what the read found.
    if (this.saves !== savesBefore && this.cached) return this.cached.values;
    this.remember(values);
    return values;
  }

  private remember(values: AppSettingsValues) {
    const previous = this.cached?.values;
    this.cached = { values, readAt: this.now() };
    if (
      !previous ||
      previous.logLevel !== values.logLevel ||
      previous.maintenanceMode !== values.maintenanceMode
    ) {
      this.onChange(values);
    }
  }
}

function isComplete(values: Partial<AppSettingsValues>): values is AppSettingsValues {
  return (
    values.maintenanceMode !== undefined &&
    values.logLevel !== undefined &&
    values.repeatOffenderThreshold !== undefined
  );
}
