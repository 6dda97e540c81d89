/**
 * What a service refuses with: a kind saying why, in words of the domain, and a message for the person who
 * asked. Services never speak the transport's language; the tRPC layer maps each kind to its code in one
 * place (trpc/domain-errors.ts), so a service stays callable from anywhere and the wire stays one format.
 */
export type DomainErrorKind =
  /** The request itself is wrong: a value, a state it names, an order of steps. */
  | 'invalid'
  /** Who is asking is not established: nobody is signed in, or the sign-in failed. */
  | 'unauthorized'
  /** The caller is known but may not do this (yet). */
  | 'forbidden'
  | 'not_found'
  /** The thing exists already, or was changed by somebody else first. */
  | 'conflict'
  /** Allowed, but a fact outside the request stands in the way (a carrier blocking texts). */
  | 'precondition_failed'
  /** Over a cap: `retryAfterSeconds` says when the same request may succeed. */
  | 'too_many_requests'
  /** A provider ExRated relies on (the SMS gateway) failed the request. */
  | 'upstream_failed'
  /** ExRated cannot do it right now; nothing was done and a retry may succeed. */
  | 'unavailable';

export interface DomainErrorDetails {
  cause?: unknown;
  /** The seconds until the same request may succeed. */
  retryAfterSeconds?: number;
  /** The proof of the session is past its lease: a fresh code, then the same request again. */
  reconfirmNumber?: true;
}

export class DomainError extends Error {
  override readonly name = 'DomainError';
  readonly retryAfterSeconds: number | undefined;
  readonly reconfirmNumber: true | undefined;

  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    { cause, retryAfterSeconds, reconfirmNumber }: DomainErrorDetails = {},
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.retryAfterSeconds = retryAfterSeconds;
    this.reconfirmNumber = reconfirmNumber;
  }
}

export const invalidRequest = (message: string, cause?: unknown) =>
  new DomainError('invalid', message, { cause });

export const notAuthenticated = (message: string) => new DomainError('unauthorized', message);

export const notFound = (message: string) => new DomainError('not_found', message);

export const conflict = (message: string) => new DomainError('conflict', message);

export const blockedByPrecondition = (message: string, cause?: unknown) =>
  new DomainError('precondition_failed', message, { cause });

export const overLimit = (message: string, retryAfterSeconds: number) =>
  new DomainError('too_many_requests', message, { retryAfterSeconds });

export const upstreamFailed = (message: string, cause?: unknown) =>
  new DomainError('upstream_failed', message, { cause });

export const unavailable = (message: string, cause?: unknown) =>
  new DomainError('unavailable', message, { cause });

/** The session's proof is older than its lease: the number is to be proven again, then the request repeated. */
export const reconfirmNumber = (message: string) =>
  new DomainError('forbidden', message, { reconfirmNumber: true });
