import { describe, expect, it } from 'vitest';
import {
  callsInRequest,
  MAX_CALLS_PER_REQUEST,
  TOO_MANY_CALLS_MESSAGE,
  tooManyCallsError,
} from './batch-limit';

describe('callsInRequest', () => {
  it('counts the comma-separated paths, as tRPC reads them once decoded', () => {
    expect(callsInRequest('profile.me')).toBe(1);
    expect(callsInRequest('profile.me,rating.questions')).toBe(2);
    expect(callsInRequest('a%2Cb%2Cc')).toBe(3);
    // Not valid percent-encoding: tRPC refuses it; counted as it stands.
    expect(callsInRequest('a,b%E0,c')).toBe(3);
  });
});

describe('tooManyCallsError', () => {
  const paths = (count: number) => Array(count).fill('profile.me').join(',');

  it('lets up to the limit through and refuses one more with BAD_REQUEST', () => {
    expect(tooManyCallsError(paths(MAX_CALLS_PER_REQUEST))).toBeNull();
    const error = tooManyCallsError(paths(MAX_CALLS_PER_REQUEST + 1));
    expect(error?.code).toBe('BAD_REQUEST');
    expect(error?.message).toBe(TOO_MANY_CALLS_MESSAGE);
  });
});
