import { readServerError } from '../../lib/server-error';

const SEND_FAILED = 'Failed to send verification code';

/**
 * Spec section 8: a failed send reads 'Failed to send verification code: {reason}', inline and as a toast.
 * Input errors are shown as they are; a reason the server did not give (no connection, internal error)
 * becomes a plain one.
 */
export function sendErrorMessage(error: unknown): string {
  const { message, code } = readServerError(error);
  if (!message || !code || code === 'INTERNAL_SERVER_ERROR') {
    return `${SEND_FAILED}: We could not reach the server. Please check your connection and try again.`;
  }
  if (code === 'BAD_REQUEST' && !message.startsWith(SEND_FAILED)) return message;
  return message.startsWith(SEND_FAILED) ? message : `${SEND_FAILED}: ${message}`;
}

/** How the resend link counts down: '45s', or '12:05' for a longer wait from an hourly cap. */
export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
