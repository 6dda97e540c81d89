import { getTRPCErrorFromUnknown, TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import {
  blockedByPrecondition,
  conflict,
  DomainError,
  invalidRequest,
  notAuthenticated,
  notFound,
  overLimit,
  reconfirmNumber,
  unavailable,
  upstreamFailed,
} from '../services/errors/domain-error';
import { transportError } from './domain-errors';
import { trpcErrorReply } from './init';

/**
 * What the client receives for an error, through the router's own formatter and transformer (outside a
 * procedure, so with no path: superjson writes the undefined path as null beside its own note of it).
 */
function wire(error: TRPCError) {
  const { status, body } = trpcErrorReply(error);
  return { status, error: (JSON.parse(body) as { error: { json: unknown } }).error.json };
}

describe('transportError', () => {
  it('answers each kind with its tRPC code and HTTP status, and the message as the service wrote it', () => {
    const cases: Array<[DomainError, string, number]> = [
      [invalidRequest('Please enter your password.'), 'BAD_REQUEST', 400],
      [notAuthenticated('Invalid password or authentication code'), 'UNAUTHORIZED', 401],
      [new DomainError('forbidden', 'Not for you.'), 'FORBIDDEN', 403],
      [notFound('This link is invalid or has expired'), 'NOT_FOUND', 404],
      [conflict('This passkey is already registered.'), 'CONFLICT', 409],
      [blockedByPrecondition('Your carrier blocks texts.', new Error('carrier')), 'PRECONDITION_FAILED', 412],
      [overLimit('Please try again in 40 seconds.', 40), 'TOO_MANY_REQUESTS', 429],
      [upstreamFailed('Failed to send verification code: x', new Error('gateway')), 'BAD_GATEWAY', 502],
      [unavailable('Please try again in a few minutes.', new Error('redis')), 'SERVICE_UNAVAILABLE', 503],
    ];
    for (const [refusal, code, status] of cases) {
      // Thrown in a resolver, or thrown by a middleware before it: tRPC's wrapping, or the error itself.
      for (const thrown of [getTRPCErrorFromUnknown(refusal), refusal]) {
        const error = transportError(thrown);
        expect(error.code, refusal.message).toBe(code);
        expect(error.cause).toBe(refusal);
        expect(wire(error)).toEqual({
          status,
          error: {
            message: refusal.message,
            code: expect.any(Number),
            data: {
              code,
              httpStatus: status,
              path: null,
              ...(refusal.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: 40 }),
            },
          },
        });
      }
    }
  });

  it('tells the client to prove the number again when the proof is past its lease', () => {
    const error = transportError(reconfirmNumber('Confirm your number again.'));
    expect(wire(error)).toEqual({
      status: 403,
      error: {
        message: 'Confirm your number again.',
        code: expect.any(Number),
        data: { code: 'FORBIDDEN', httpStatus: 403, path: null, reconfirmNumber: true },
      },
    });
  });

  it('leaves every other error as tRPC makes it', () => {
    const own = new TRPCError({ code: 'UNAUTHORIZED', message: 'Please verify your phone number first.' });
    expect(transportError(own)).toBe(own);
    const fault = new Error('connect ECONNREFUSED');
    const internal = transportError(fault);
    expect(internal.code).toBe('INTERNAL_SERVER_ERROR');
    expect(internal.cause).toBe(fault);
    expect(wire(internal).error).toMatchObject({ message: 'Something went wrong, please try again' });
    // A deliberate tRPC error keeps its code even when a domain error is its cause.
    const wrapped = new TRPCError({ code: 'CONFLICT', message: 'Taken.', cause: notFound('Gone.') });
    expect(transportError(wrapped)).toBe(wrapped);
  });

  it('a domain error that reaches the formatter unmapped still never shows its text', () => {
    const unmapped = getTRPCErrorFromUnknown(invalidRequest('Please enter your password.'));
    expect(unmapped.cause).toBeInstanceOf(DomainError);
    expect(wire(unmapped)).toMatchObject({
      status: 500,
      error: { message: 'Something went wrong, please try again' },
    });
  });
});
