import { readServerError } from '../../lib/server-error';

const SEND_FAILED = 'Failed to send verification code';

/**
 * docs/product.md#verification: a failed send reads 'Failed to send verification code: {reason}', inline and
 * as a toast. Input errors are shown as they are; a reason the server did not give (no connection, internal
 * error) becomes a plain one.
 */
export function sendErrorMessage(error: unknown): string {
  const { message, code } = readServerError(error);
  if (!message || !code || code === 'INTERNAL_SERVER_ERROR') {
    return `${SEND_FAILED}: We could not reach the server. Please check your connection and try again.`;
  }
  if (code === 'BAD_REQUEST' && !message.startsWith(SEND_FAILED)) return message;
  return message.startsWith(SEND_FAILED) ? message : `${SEND_FAILED}: ${message}`;
}

/** How the resend link counts down, in one format from start to end: '1:00', '0:59', … or '12:05'. */
export function formatWait(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
