import { TRPCError } from '@trpc/server';

/** docs/security.md#limits: one request may carry at most this many procedure calls. */
export const MAX_CALLS_PER_REQUEST = 10;
export const TOO_MANY_CALLS_MESSAGE = `At most ${MAX_CALLS_PER_REQUEST} calls per request are allowed`;

/** The path read the way tRPC reads it: decoded once more after the router decoded it. */
function decodedPath(routePath: string): string {
  try {
    return decodeURIComponent(routePath);
  } catch {
    return routePath;
  }
}

/**
 * How many procedure calls a tRPC request names: the comma-separated paths of its route parameter (a batch,
 * `/trpc/a,b?batch=1`). Counted whatever the `batch` flag says: without it tRPC reads the whole path as one
 * unknown procedure, so nothing is lost by refusing it too, and no query string trick can hide a batch.
 */
export function callsInRequest(routePath: string): number {
  let calls = 1;
  for (const character of decodedPath(routePath)) if (character === ',') calls += 1;
  return calls;
}

/**
 * The error for a request naming more calls than allowed, or null. Checked once per request, before any
 * procedure runs or any session is loaded, by whatever answers the tRPC routes (plugins/trpc-guards.ts).
 */
export function tooManyCallsError(routePath: string): TRPCError | null {
  return callsInRequest(routePath) > MAX_CALLS_PER_REQUEST
    ? new TRPCError({ code: 'BAD_REQUEST', message: TOO_MANY_CALLS_MESSAGE })
    : null;
}
