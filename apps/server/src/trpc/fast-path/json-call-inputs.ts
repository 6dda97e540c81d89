import { TRPCError } from '@trpc/server';
import type { JsonCall } from './json-call';

// The inputs of a call the fast path serves (fastify-trpc-handler.ts), read as tRPC's resolveResponse reads
// them for the JSON content type.

export function isObject(value: unknown): value is Record<string, unknown> {
  return !!value && !Array.isArray(value) && typeof value === 'object';
}

/** JSON.parse of the body as `Request.json()` reads it: UTF-8 without a byte order mark. */
function parseBody(body: string): unknown {
  return JSON.parse(body.charCodeAt(0) === 0xfeff ? body.slice(1) : body);
}

/** `resolveResponse`'s memo of the inputs: read once, when a procedure first asks for them. */
export class InputReader {
  private promise: Promise<Record<number, unknown>> | null = null;
  private value: Record<number, unknown> | undefined;

  constructor(private readonly read: () => Record<number, unknown>) {}

  async get(): Promise<Record<number, unknown>> {
    if (this.value !== undefined) return this.value;
    this.promise ??= Promise.resolve()
      .then(this.read)
      .catch((cause: unknown) => {
        if (cause instanceof TRPCError) throw cause;
        throw new TRPCError({
          code: 'BAD_REQUEST',
          message: cause instanceof Error ? cause.message : 'Invalid input',
          cause,
        });
      });
    this.value = await this.promise;
    this.promise = null;
    return this.value;
  }

  result(): Record<number, unknown> | undefined {
    return this.value;
  }
}

/**
 * resolveResponse's input parsing for the JSON content type: the `input` parameter of a GET or the body of a
 * POST, deserialized by the router's transformer; a batch's input is an object keyed by call index.
 */
export function readInputs(
  call: JsonCall,
  callCount: number,
  transformer: { deserialize(value: unknown): unknown },
): Record<number, unknown> {
  let inputs: unknown;
  if (call.method === 'GET') {
    if (call.rawInput) inputs = JSON.parse(call.rawInput);
  } else {
    inputs = parseBody(call.rawInput ?? '');
  }
  const result: Record<number, unknown> = Object.create(null);
  if (inputs === undefined) return result;
  if (!call.isBatchCall) {
    result[0] = transformer.deserialize(inputs);
    return result;
  }
  if (!isObject(inputs)) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: '"input" needs to be an object when doing a batch call',
    });
  }
  for (let index = 0; index < callCount; index += 1) {
    const input = inputs[index];
    if (input !== undefined) result[index] = transformer.deserialize(input);
  }
  return result;
}
