import { describe, expect, it } from 'vitest';
import { readServerError, userFacingMessage } from './server-error';

describe('server errors', () => {
  const tooMany = {
    message: 'You can request one in 40 seconds.',
    data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429, retryAfterSeconds: 40 },
  };

  it('reads the message, code and wait of a rate-limited call', () => {
    expect(readServerError(tooMany)).toEqual({
      message: 'You can request one in 40 seconds.',
      code: 'TOO_MANY_REQUESTS',
      retryAfterSeconds: 40,
    });
  });

  it('falls back for internal errors and for requests that never reached the server', () => {
    const internal = {
      message: 'Something went wrong, please try again',
      data: { code: 'INTERNAL_SERVER_ERROR' },
    };
    expect(userFacingMessage(internal, 'fallback')).toBe('fallback');
    expect(userFacingMessage(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
    expect(userFacingMessage(tooMany, 'fallback')).toBe('You can request one in 40 seconds.');
    expect(readServerError(null)).toEqual({ message: null, code: null, retryAfterSeconds: null });
  });
});
