/**
 * Whether an error means that Postgres or Redis cannot be reached right now (down, refusing, partitioned,
 * out of connections, or a statement cut off by its timeout), as opposed to a fault in ExRated itself. Such a
 * failure is answered 503 with what to do (try again), never 500 (docs/reliability.md).
 */

/** What the person is told when a dependency is away: nothing was saved, and a retry will do. */
export const DEPENDENCY_UNAVAILABLE_MESSAGE =
  'ExRated cannot reach its database right now, so nothing was saved. Please try again in a moment.';

// postgres.js connection states, and Node's socket errors.
const CONNECTION_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECTION_STALLED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// Postgres SQLSTATEs: a statement cut off by statement_timeout, a server shutting down or starting up, no
// connection slot left, and the whole class 08 (connection exceptions).
const SERVER_STATES = new Set(['57014', '57P01', '57P02', '57P03', '53300']);

// ioredis: the offline queue is off, so a command while disconnected fails at once with one of these.
const REDIS_MESSAGES = [
  /^Connection is closed\.?$/,
  /^Stream isn't writeable/,
  /^Command timed out/,
  /max retries per request/i,
];

export function isDependencyUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || SERVER_STATES.has(code))) return true;
    if (typeof code === 'string' && code.startsWith('08')) return true;
    if (current.name === 'MaxRetriesPerRequestError') return true;
    const { message } = current;
    if (REDIS_MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = current.cause;
  }
  return false;
}
