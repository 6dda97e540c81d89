import { getTRPCErrorShape, initTRPC, TRPCError, transformTRPCResponse } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import superjson from 'superjson';
import type { Context } from '../context';
import { DomainError } from '../services/errors/domain-error';
import { DEPENDENCY_UNAVAILABLE_MESSAGE, isDependencyUnavailable } from './dependency-errors';
import { domainErrorData } from './domain-errors';
import { serializeOutput } from './fast-path/output-serializer';

export const GENERIC_ERROR_MESSAGE = 'Something went wrong, please try again';

interface ValidationIssue {
  code?: string;
  message: string;
  path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>;
}

export const UNKNOWN_FIELD_MESSAGE = 'The request has a field this form does not have';
export const UNREADABLE_REQUEST_MESSAGE = 'The request could not be read';
export const NUL_CHARACTER_MESSAGE = 'Text must not contain invisible null characters';

/** An issue's message for people. Zod quotes an unknown key as sent; a key is input and is never echoed. */
function issueMessage(issue: ValidationIssue): string {
  return issue.code === 'unrecognized_keys' ? UNKNOWN_FIELD_MESSAGE : issue.message;
}

/**
 * tRPC's own routing errors quote the path from the URL; a path is input too, so they get fixed wording
 * instead (an error message never carries back what the caller sent).
 */
function routingMessage(message: string): string {
  if (message.startsWith('No procedure found on path')) return 'This request is not known to ExRated';
  if (/^Unsupported \w+-request to \w+ procedure/.test(message))
    return 'This request method is not allowed here';
  if (message.startsWith('Invalid URL-encoding in path') || message.startsWith('Unsupported content-type')) {
    return UNREADABLE_REQUEST_MESSAGE;
  }
  return message;
}

/**
 * Whether the error only carries another library's text: tRPC wraps a failure to read the input in a
 * BAD_REQUEST whose message is the cause's own (superjson's "unknown class 'X'", a parser quoting what it
 * could not read), which quotes the input. Our own errors with a cause always say something of their own,
 * but for a service's refusal, which carries its domain error's message (domain-errors.ts).
 */
function wrapsForeignText(error: TRPCError): boolean {
  const { cause } = error;
  return (
    error.code === 'BAD_REQUEST' &&
    cause instanceof Error &&
    !(cause instanceof TRPCError) &&
    !(cause instanceof DomainError) &&
    cause.message === error.message
  );
}

function validationIssues(cause: unknown): ValidationIssue[] | null {
  if (typeof cause !== 'object' || cause === null || !('issues' in cause)) return null;
  const issues = (cause as { issues: unknown }).issues;
  return Array.isArray(issues) ? (issues as ValidationIssue[]) : null;
}

/** A field's dotted path; a record key that is not a plain name is the caller's input and shows as '*'. */
function issuePath(issue: ValidationIssue): string {
  return (issue.path ?? [])
    .map((part) => String(typeof part === 'object' ? part.key : part))
    .map((part) => (/^[\w-]+$/.test(part) ? part : '*'))
    .join('.');
}

/** What the caller is told: never an internal error's text, and never a piece of what the caller sent. */
function publicMessage(error: TRPCError, issues: ValidationIssue[] | null, message: string): string {
  if (error.code === 'INTERNAL_SERVER_ERROR') return GENERIC_ERROR_MESSAGE;
  const first = issues?.[0];
  if (first) return issueMessage(first);
  // The JSON parser quotes the body it could not read; superjson names the class or path it could not revive.
  if (error.code === 'PARSE_ERROR' || error.cause instanceof SyntaxError || wrapsForeignText(error)) {
    return UNREADABLE_REQUEST_MESSAGE;
  }
  return routingMessage(message);
}

/**
 * Who may call a procedure, named after the base procedure it is built on (procedures.ts sets it there and
 * nowhere else). Read from the router by the access matrix and the API table's check (docs/architecture.md#api).
 */
export type AccessLevel = 'public' | 'device' | 'proven' | 'recentlyProven' | 'unlocked' | 'staff' | 'admin';

export interface ProcedureMeta {
  access: AccessLevel;
}

/**
 * The one initTRPC. Errors leave the server with a tRPC code and a user-facing message only: input errors
 * carry each field's message, rate limits the seconds to wait, and an internal error never shows its text,
 * stack or SQL (docs/security.md, Input, output and errors).
 */
const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // superjson both ways (docs/architecture.md, API); outputs are written by a faster path to the same format.
    transformer: {
      input: {
        serialize: (value) => superjson.serialize(value),
        // In place: the value is the request's own freshly parsed JSON. superjson's copy would silently drop a
        // `__proto__` key; kept as the own property JSON.parse made it, the input schemas see it and refuse it
        // (strict objects as an unknown field, telemetry details by name).
        deserialize: (value) => superjson.deserialize(value, { inPlace: true }),
      },
      output: { serialize: serializeOutput, deserialize: (value) => superjson.deserialize(value) },
    },
    errorFormatter({ shape, error, type }) {
      // Postgres or Redis away: one typed answer for every procedure, whichever step met the fault.
      if (error.code === 'INTERNAL_SERVER_ERROR' && isDependencyUnavailable(error.cause)) {
        return {
          message: DEPENDENCY_UNAVAILABLE_MESSAGE,
          code: TRPC_ERROR_CODES_BY_KEY.SERVICE_UNAVAILABLE,
          data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503, path: knownPath(type, shape.data.path) },
        };
      }
      const issues = error.code === 'BAD_REQUEST' ? validationIssues(error.cause) : null;
      const fieldErrors = issues
        ? Object.fromEntries(issues.map((issue) => [issuePath(issue) || 'input', issueMessage(issue)]))
        : undefined;
      const message = publicMessage(error, issues, shape.message);
      return {
        message,
        code: shape.code,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: knownPath(type, shape.data.path),
          ...(fieldErrors ? { fieldErrors } : {}),
          ...domainErrorData(error),
        } as {
          code: string;
          httpStatus: number;
          path?: string;
          fieldErrors?: Record<string, string>;
          retryAfterSeconds?: number;
          /** The proof of the session is past its lease: a fresh code, then the same call again. */
          reconfirmNumber?: true;
        },
      };
    },
  });

/** Only the path of a procedure that exists is echoed (its type is known): anything else is input. */
function knownPath(type: string, path: string | undefined): string | undefined {
  return type !== 'unknown' && path && /^[\w.]+$/.test(path) ? path : undefined;
}

/** Whether a string anywhere in the input holds U+0000 (in a key or a value, however deeply nested). */
function containsNulCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || typeof value !== 'object' || value === null) return false;
  const entries = Array.isArray(value) ? value.map((item) => ['', item] as const) : Object.entries(value);
  return entries.some(([key, item]) => key.includes('\u0000') || containsNulCharacter(item, depth + 1));
}

/**
 * A tRPC error answered before tRPC runs, by an HTTP guard of the tRPC routes: the status and body tRPC itself
 * would send for it, through the same error formatter and transformer, so the client reads it like any other.
 */
export function trpcErrorReply(error: TRPCError): { status: number; body: string } {
  const shape = getTRPCErrorShape({
    config: t._config,
    error,
    type: 'unknown',
    path: undefined,
    input: undefined,
    ctx: undefined,
  });
  return {
    status: getHTTPStatusCodeFromError(error),
    body: JSON.stringify(transformTRPCResponse(t._config, { error: shape })),
  };
}

export const router = t.router;
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;

/**
 * Postgres text and jsonb cannot hold U+0000: such input would otherwise fail deep inside a query as an
 * internal error (or silently lose its audit entry). No field has a use for it, so it is refused up front,
 * by the first middleware every procedure runs (procedures.ts).
 */
export function refuseNulCharacters(rawInput: unknown) {
  if (containsNulCharacter(rawInput)) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: NUL_CHARACTER_MESSAGE });
  }
}

export const procedure = t.procedure;
export { TRPCError };
