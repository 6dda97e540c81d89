export * from './backup';
export { retryOnConflict } from './conflict-retry';
export * from './database';
export * as schema from './schema';
export { TimestampDate } from './timestamp-date';
