import { getTRPCErrorFromUnknown, TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { DomainError, type DomainErrorKind } from '../services/errors/domain-error';

/** Each kind of refusal a service raises, as the tRPC code (and so the HTTP status) it is answered with. */
const TRPC_CODES: Record<DomainErrorKind, TRPC_ERROR_CODE_KEY> = {
  invalid: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  not_found: 'NOT_FOUND',
  conflict: 'CONFLICT',
  precondition_failed: 'PRECONDITION_FAILED',
  too_many_requests: 'TOO_MANY_REQUESTS',
  upstream_failed: 'BAD_GATEWAY',
  unavailable: 'SERVICE_UNAVAILABLE',
};

/**
 * The tRPC error a call fails with. tRPC makes anything thrown that is not its own an internal error around
 * it; a domain error becomes its kind's code with its own message instead, and stays the cause, where the
 * error formatter (init.ts) reads the data the client acts on. Applied by the first middleware of every
 * procedure (procedures.ts), so the metrics, logs, callers and both HTTP paths all see the mapped error.
 */
export function transportError(thrown: unknown): TRPCError {
  const error = getTRPCErrorFromUnknown(thrown);
  const { cause } = error;
  if (error.code !== 'INTERNAL_SERVER_ERROR' || !(cause instanceof DomainError)) return error;
  return new TRPCError({ code: TRPC_CODES[cause.kind], message: cause.message, cause });
}

/** What a domain error adds to the error's data on the wire, or nothing for any other error. */
export function domainErrorData(error: TRPCError): { retryAfterSeconds?: number; reconfirmNumber?: true } {
  const { cause } = error;
  if (!(cause instanceof DomainError)) return {};
  return {
    ...(cause.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: cause.retryAfterSeconds }),
    ...(cause.reconfirmNumber ? { reconfirmNumber: true } : {}),
  };
}
