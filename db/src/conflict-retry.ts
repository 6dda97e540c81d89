/**
 * Runs a transaction again when Postgres aborted it to break a deadlock (40P01) or a serialization conflict
 * (40001). Such an abort wrote nothing, so running it again is safe; it happens when two transactions take the
 * same rows in opposite orders, e.g. an account's deletion, or a moderator's delete of a rating, and the
 * dispatcher sending that rating's text.
 */
const RETRIED_STATES = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

function isConflict(error: unknown): boolean {
  let current: unknown = error;
  // Drizzle wraps the driver's error in its own (`cause`).
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && RETRIED_STATES.has(code)) return true;
    current = current.cause;
  }
  return false;
}

export async function retryOnConflict<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= ATTEMPTS || !isConflict(error)) throw error;
    }
  }
}
