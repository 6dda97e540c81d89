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

/**
 * The JSON text of a single call's envelope. A success whose data is deeply frozen plain JSON (a constant
 * such as the rating questions) cannot change, so its text is written once per transformer and sent again
 * as it is: the walk and JSON.stringify of a constant answer were a tenth of `rating.questions`' CPU in a
 * profile. Anything else is written afresh.
 */
export function envelopeText(config: AnyTRPCRouter['_def']['_config'], response: TRPCResponse): string {
  const data = 'result' in response ? response.result.data : undefined;
  if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) {
    return JSON.stringify(serializeEnvelope(config, response));
  }
  const output = config.transformer.output;
  let texts = frozenTexts.get(output);
  if (!texts) {
    texts = new WeakMap();
    frozenTexts.set(output, texts);
  }
  const held = texts.get(data);
  if (held !== undefined) return held;
  const text = JSON.stringify(serializeEnvelope(config, response));
  if (isFrozenJson(data)) texts.set(data, text);
  return text;
}

/** The texts of frozen answers, per output transformer, by the answer itself. */
const frozenTexts = new WeakMap<object, WeakMap<object, string>>();

/**
 * Whether nothing in the value can ever read differently: only strings, finite numbers, booleans and null in
 * frozen arrays without holes and frozen plain objects of data properties (a getter could answer anew, and a
 * Date, Map or class instance has state that freezing does not cover).
 */
function isFrozenJson(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object':
      break;
    default:
      return false;
  }
  if (value === null) return true;
  if (!Object.isFrozen(value)) return false;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      if (!(index in value) || !isFrozenJson(value[index])) return false;
    }
    return true;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const descriptor of Object.values(Object.getOwnPropertyDescriptors(value))) {
    if (!('value' in descriptor) || !isFrozenJson(descriptor.value)) return false;
  }
  return true;
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
