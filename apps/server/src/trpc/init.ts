import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import type { Context } from './context';

/** Thrown as the cause of TOO_MANY_REQUESTS so the client can say when to retry. */
export class RetryAfter extends Error {
  constructor(readonly seconds: number) {
    super(`retry after ${seconds}s`);
  }
}

export const GENERIC_ERROR_MESSAGE = 'Something went wrong, please try again';

interface ValidationIssue {
  message: string;
  path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>;
}

function validationIssues(cause: unknown): ValidationIssue[] | null {
  if (typeof cause !== 'object' || cause === null || !('issues' in cause)) return null;
  const issues = (cause as { issues: unknown }).issues;
  return Array.isArray(issues) ? (issues as ValidationIssue[]) : null;
}

function issuePath(issue: ValidationIssue): string {
  return (issue.path ?? []).map((part) => String(typeof part === 'object' ? part.key : part)).join('.');
}

/**
 * The one initTRPC. Errors leave the server with a tRPC code and a user-facing message only: input errors
 * carry each field's message, rate limits the seconds to wait, and an internal error never shows its text,
 * stack or SQL (DESIGN.md section 7).
 */
const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const issues = error.code === 'BAD_REQUEST' ? validationIssues(error.cause) : null;
    const fieldErrors = issues
      ? Object.fromEntries(issues.map((issue) => [issuePath(issue) || 'input', issue.message]))
      : undefined;
    const message =
      error.code === 'INTERNAL_SERVER_ERROR'
        ? GENERIC_ERROR_MESSAGE
        : issues?.[0]
          ? issues[0].message
          : shape.message;
    return {
      message,
      code: shape.code,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        ...(fieldErrors ? { fieldErrors } : {}),
        ...(error.cause instanceof RetryAfter ? { retryAfterSeconds: error.cause.seconds } : {}),
      } as {
        code: string;
        httpStatus: number;
        path?: string;
        fieldErrors?: Record<string, string>;
        retryAfterSeconds?: number;
      },
    };
  },
});

export const router = t.router;
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;
export const baseProcedure = t.procedure;
export { TRPCError };
