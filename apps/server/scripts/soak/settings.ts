// The soak's fixed settings: where it writes, what it connects to, and the limits its checks use.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const OUT_DIR = path.join(REPO_ROOT, 'soak');
export const POSTGRES_SERVER_URL =
  process.env.SOAK_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_HOST = '127.0.0.1';
export const REDIS_PORT = Number(process.env.SOAK_REDIS_PORT ?? 6379);
export const RSS_SAMPLE_MS = 5_000;
export const DRAIN_TIMEOUT_MS = 240_000;
export const MAX_IN_FLIGHT = 40;
export const BROWSERS = 40;
/** Memory passes when the median RSS of the last third is at most this much above the first third's. */
export const RSS_GROWTH_LIMIT = 0.25;
