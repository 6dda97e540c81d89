// Reading a failed tRPC call the way the screens need it: the server's user-facing message, its code, and for
// TOO_MANY_REQUESTS how long to wait. A failure that never reached the server has no code.

export interface ServerError {
  /** The server's message, or null when the request never got an answer (offline, server unreachable). */
  message: string | null;
  /** The tRPC error code, e.g. 'BAD_REQUEST', 'TOO_MANY_REQUESTS', 'INTERNAL_SERVER_ERROR'. */
  code: string | null;
  /** Seconds until a rate-limited action may be tried again. */
  retryAfterSeconds: number | null;
}

export function readServerError(error: unknown): ServerError {
  if (typeof error !== 'object' || error === null)
    return { message: null, code: null, retryAfterSeconds: null };
  const data = 'data' in error && typeof error.data === 'object' && error.data !== null ? error.data : null;
  if (!data) return { message: null, code: null, retryAfterSeconds: null };
  const code = 'code' in data && typeof data.code === 'string' ? data.code : null;
  const retry =
    'retryAfterSeconds' in data && typeof data.retryAfterSeconds === 'number' ? data.retryAfterSeconds : null;
  const message =
    'message' in error && typeof error.message === 'string' && error.message ? error.message : null;
  return { message, code, retryAfterSeconds: retry };
}

/**
 * The server's message for each input field it refused, keyed by the field's dotted path as the procedure's
 * input names it ('name', 'scores.0.score'); empty when the refusal is not about a field.
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (typeof error !== 'object' || error === null || !('data' in error)) return {};
  const { data } = error;
  if (typeof data !== 'object' || data === null || !('fieldErrors' in data)) return {};
  const { fieldErrors } = data;
  if (typeof fieldErrors !== 'object' || fieldErrors === null) return {};
  return Object.fromEntries(
    Object.entries(fieldErrors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** The server's message when it is meant for people; `fallback` for internal errors and lost connections. */
export function userFacingMessage(error: unknown, fallback: string): string {
  const { message, code } = readServerError(error);
  return message && code && code !== 'INTERNAL_SERVER_ERROR' ? message : fallback;
}

/** A field's error line for a request that may have failed: its message for people, or null while none did. */
export function failureMessage(error: unknown, fallback: string): string | null {
  return error ? userFacingMessage(error, fallback) : null;
}

/**
 * The server refused because this session's proof of its number is past its lease (docs/security.md#sessions):
 * a fresh code, then the same call again.
 */
export function asksToReconfirmNumber(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('data' in error)) return false;
  const { data } = error;
  return (
    typeof data === 'object' && data !== null && 'reconfirmNumber' in data && data.reconfirmNumber === true
  );
}
