import { describe, expect, it } from 'vitest';
import { formatWait, sendErrorMessage } from './send-error';

const serverError = (code: string, message: string) => ({ message, data: { code } });

describe('send error messages', () => {
  it('keeps the server reason under the send-failure prefix', () => {
    expect(
      sendErrorMessage(
        serverError(
          'BAD_REQUEST',
          'Failed to send verification code: Phone number format not supported. Please use a full international format with country code',
        ),
      ),
    ).toBe(
      'Failed to send verification code: Phone number format not supported. Please use a full international format with country code',
    );
    expect(
      sendErrorMessage(
        serverError(
          'TOO_MANY_REQUESTS',
          'Too many verification codes requested. Please try again in 12 minutes.',
        ),
      ),
    ).toBe(
      'Failed to send verification code: Too many verification codes requested. Please try again in 12 minutes.',
    );
  });

  it('shows input errors as they are, and a plain reason when the server gave none', () => {
    expect(
      sendErrorMessage(serverError('BAD_REQUEST', 'Please enter a valid phone number with country code')),
    ).toBe('Please enter a valid phone number with country code');
    expect(sendErrorMessage(new TypeError('Failed to fetch'))).toMatch(
      /^Failed to send verification code: We could not reach/,
    );
    expect(sendErrorMessage(serverError('INTERNAL_SERVER_ERROR', 'Something went wrong'))).toMatch(
      /^Failed to send verification code: /,
    );
  });

  it('formats waits', () => {
    expect(formatWait(60)).toBe('1:00');
    expect(formatWait(45)).toBe('0:45');
    expect(formatWait(5)).toBe('0:05');
    expect(formatWait(725)).toBe('12:05');
  });
});
