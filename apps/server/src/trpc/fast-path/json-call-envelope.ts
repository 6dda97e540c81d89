import { type AnyTRPCRouter, TRPCError } from '@trpc/server';
import type { TRPCResponse } from '@trpc/server/rpc';
import { isObject } from './json-call-inputs';

// What the fast path (fastify-trpc-handler.ts) writes for a call's outcome, as tRPC's resolveResponse writes
// it for the non-streaming JSON content type.

/**
 * tRPC's `transformTRPCResponse` for the two envelopes the fast path builds, `{ result: { data } }` and
 * `{ error }`: the same keys in the same order, so the same JSON, without the object-spread helper tRPC
 * copies them with (1.2 % of `rating.questions`' CPU in a profile).
 */
export function serializeEnvelope(config: AnyTRPCRouter['_def']['_config'], response: TRPCResponse): unknown {
  const { serialize } = config.transformer.output;
  if ('error' in response) return { error: serialize(response.error) };
  return { result: { data: serialize(response.result.data) } };
}

function isAsyncIterable(value: unknown): boolean {
  return isObject(value) && Symbol.asyncIterator in value;
}

function isPromiseLike(value: unknown): boolean {
  return (
    (isObject(value) || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function' &&
    typeof (value as { catch?: unknown }).catch === 'function'
  );
}

/** resolveResponse's `isDataStream`: an output only a streaming link can carry. */
export function isDataStream(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (isAsyncIterable(value)) return true;
  const values = Object.values(value);
  return values.some(isPromiseLike) || values.some(isAsyncIterable);
}

/** resolveResponse's answer to such an output on a JSON call. */
export function streamOnlyError(): TRPCError {
  return new TRPCError({
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink',
  });
}
