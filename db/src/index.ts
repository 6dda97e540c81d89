export * from './backup';
export * from './database';
export * as schema from './schema';
export { TimestampDate } from './timestamp-date';
