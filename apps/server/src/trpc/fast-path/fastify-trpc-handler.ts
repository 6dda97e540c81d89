import {
  type AnyTRPCProcedure,
  type AnyTRPCRouter,
  getErrorShape,
  getTRPCErrorFromUnknown,
  type inferRouterContext,
  TRPCError,
  type TRPCProcedureType,
} from '@trpc/server';
import type { TRPCRequestInfo } from '@trpc/server/http';
import type { TRPCResponse } from '@trpc/server/rpc';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { abortSignalOf, type JsonCall, type JsonCallOptions, urlOf } from './json-call';
import { envelopeText, isDataStream, serializeEnvelope, streamOnlyError } from './json-call-envelope';
import { InputReader, readInputs } from './json-call-inputs';
import { invokeProcedure } from './procedure-invoker';
import { ResponseHeaders } from './response-headers';

/**
 * tRPC's HTTP wire protocol for JSON calls, answered from Fastify's own request: the same URLs, batching,
 * envelopes, status codes, error shapes and headers as tRPC 11.22.1's `resolveResponse` (which this follows
 * step by step, in the same order, so an error arises where it arises there), without the Fetch `Request`,
 * `Headers`, `AbortSignal` and streamed `Response` the stock adapter builds for every call. The bench's CPU
 * profiles put those, and the garbage they leave for the collector, at the top of a short query's cost.
 *
 * `readJsonCall` (json-call.ts) decides: a GET, or a POST whose JSON body Fastify has read, of queries and mutations only.
 * Everything else (HEAD, other methods and content types, streaming and `trpc-accept`, subscriptions, lazy
 * routers, connection params, a host the URL parser would refuse) returns null and goes to the stock adapter.
 *
 * Two differences by design: the body goes out with a Content-Length instead of chunked, and procedures get
 * no abort signal (none here reads one). Where a router's error formatter shows stack traces (tRPC's default
 * in development; never ExRated's), a request-level error's stack names this module's frames.
 */

/** What the stock adapter's `Response` would carry: its status, headers (in Fetch order) and body text. */
export interface WireResponse {
  status: number;
  headers: ReadonlyArray<readonly [string, string]>;
  body: string;
}

const ACCEPTED_METHODS: Record<TRPCProcedureType, readonly string[]> = {
  mutation: ['POST'],
  query: ['GET'],
  subscription: ['GET'],
};
const ACCEPTED_METHODS_WITH_OVERRIDE: Record<TRPCProcedureType, readonly string[]> = {
  mutation: ['POST'],
  query: ['GET', 'POST'],
  subscription: ['GET', 'POST'],
};

interface ProcedureCall {
  batchIndex: number;
  path: string;
  procedure: AnyTRPCProcedure | null;
  getRawInput: () => Promise<unknown>;
  result: () => unknown;
}

type CallOutcome = [TRPCError, undefined] | [undefined, { data: unknown }];

/**
 * The procedures a call names, or null when one needs the stock adapter: a lazy router not loaded yet, a
 * subscription, or something in the procedure table that is not a query or mutation procedure.
 */
function lookUpProcedures(router: AnyTRPCRouter, paths: string[]): Array<AnyTRPCProcedure | null> | null {
  // tRPC types `_def.procedures` as the nested router record; at run time it is flat, keyed by dotted path.
  const table = router._def.procedures as Record<string, AnyTRPCProcedure | undefined>;
  const found: Array<AnyTRPCProcedure | null> = [];
  for (const path of paths) {
    const procedure = table[path];
    if (!procedure) {
      if (Object.keys(router._def.lazy).length > 0) return null;
      found.push(null);
      continue;
    }
    const type: unknown = typeof procedure === 'function' ? procedure._def?.type : undefined;
    if (type !== 'query' && type !== 'mutation') return null;
    found.push(procedure);
  }
  return found;
}

/** resolveResponse's `decodePath`: a malformed escape is the request's fault, not an internal error. */
function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch (cause) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `Invalid URL-encoding in path "${path}"`,
      cause,
    });
  }
}

/**
 * Answers one JSON call (single or batched) the way `resolveResponse` does for the non-streaming JSON
 * content type, or null when it turns out to need the stock adapter (found while looking the procedures up,
 * before anything ran).
 */
export async function resolveJsonCall<TRouter extends AnyTRPCRouter>(
  opts: JsonCallOptions<TRouter>,
  req: FastifyRequest,
  reply: FastifyReply,
  call: JsonCall,
): Promise<WireResponse | null> {
  type Context = inferRouterContext<TRouter>;
  const { router } = opts;
  const config = router._def._config;
  const allowBatching = opts.allowBatching ?? opts.batching?.enabled ?? true;
  const methods =
    opts.allowMethodOverride && call.method === 'POST' ? ACCEPTED_METHODS_WITH_OVERRIDE : ACCEPTED_METHODS;

  let info: TRPCRequestInfo | undefined;
  let infoError: TRPCError | undefined;
  try {
    const path = decodePath(call.encodedPath);
    const paths = call.isBatchCall ? path.split(',') : [path];
    if (call.isBatchCall && typeof opts.maxBatchSize === 'number' && paths.length > opts.maxBatchSize) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: 'Batch call exceeds maximum size' });
    }
    const procedures = lookUpProcedures(router, paths);
    if (!procedures) return null;
    const inputs = new InputReader(() => readInputs(call, paths.length, config.transformer.input));
    const calls: ProcedureCall[] = paths.map((callPath, index) => ({
      batchIndex: index,
      path: callPath,
      procedure: procedures[index] ?? null,
      getRawInput: async () => (await inputs.get())[index],
      result: () => inputs.result()?.[index],
    }));
    const types = new Set(procedures.map((procedure) => procedure?._def.type).filter(Boolean));
    if (types.size > 1) {
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: `Cannot mix procedure types in call: ${Array.from(types).join(', ')}`,
      });
    }
    const type: TRPCProcedureType | 'unknown' = types.values().next().value ?? 'unknown';
    let signal: AbortSignal | undefined;
    let url: URL | undefined;
    info = {
      isBatchCall: call.isBatchCall,
      accept: null,
      calls,
      type,
      connectionParams: null,
      // Built on first read only: nothing here reads them, and they are what the fast path saves.
      get signal() {
        signal ??= abortSignalOf(req, reply);
        return signal;
      },
      get url() {
        url ??= urlOf(req);
        return url;
      },
    };
  } catch (cause) {
    infoError = getTRPCErrorFromUnknown(cause);
  }

  let ctx: Context | undefined;
  let ctxError: TRPCError | undefined;
  /** A failed call's envelope: the router's error shape for it (a single call is typed by the request). */
  const callError = (
    procedureCall: TRPCRequestInfo['calls'][number] | undefined,
    error: TRPCError,
    type: TRPCProcedureType | 'unknown',
  ): TRPCResponse => ({
    error: getErrorShape({
      config,
      ctx,
      error,
      input: procedureCall?.result(),
      path: procedureCall?.path,
      type,
    }),
  });
  const headers = new ResponseHeaders(opts);
  try {
    if (infoError || !info) throw infoError;
    if (info.isBatchCall && !allowBatching) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: 'Batching is not enabled on the server' });
    }
    try {
      ctx = (await opts.createContext?.({ req, res: reply, info })) as Context | undefined;
    } catch (cause) {
      ctxError = getTRPCErrorFromUnknown(cause);
    }
    const requestInfo = info;
    const outcomes = requestInfo.calls.map(async (procedureCall): Promise<CallOutcome> => {
      const procedure = procedureCall.procedure;
      try {
        if (!procedure) {
          throw new TRPCError({
            code: 'NOT_FOUND',
            message: `No procedure found on path "${procedureCall.path}"`,
          });
        }
        if (!methods[procedure._def.type].includes(call.method)) {
          throw new TRPCError({
            code: 'METHOD_NOT_SUPPORTED',
            message: `Unsupported ${call.method}-request to ${procedure._def.type} procedure at path "${procedureCall.path}"`,
          });
        }
        if (ctxError) throw ctxError;
        const data: unknown = await invokeProcedure(procedure, {
          path: procedureCall.path,
          getRawInput: procedureCall.getRawInput,
          ctx,
          type: procedure._def.type,
          // The stock adapter passes the request's abort signal; no procedure here reads it (see README).
          signal: undefined,
          batchIndex: procedureCall.batchIndex,
        });
        return [undefined, { data }];
      } catch (cause) {
        const error = getTRPCErrorFromUnknown(cause);
        opts.onError?.({
          error,
          path: procedureCall.path,
          input: procedureCall.result(),
          ctx,
          type: procedure?._def.type ?? 'unknown',
          req,
        });
        return [error, undefined];
      }
    });

    if (!requestInfo.isBatchCall) {
      const [procedureCall] = requestInfo.calls;
      const [error, result] = (await outcomes[0]) ?? [];
      headers.setJson();
      if (isDataStream(result?.data)) throw streamOnlyError();
      const response: TRPCResponse = error
        ? callError(procedureCall, error, requestInfo.type)
        : { result: { data: result?.data } };
      const status = headers.finish({
        ctx,
        info: requestInfo,
        errors: error ? [error] : [],
        data: [response],
      });
      return { status, headers: headers.list(), body: envelopeText(config, response) };
    }

    headers.setJson();
    const results = (await Promise.all(outcomes)).map((outcome): CallOutcome => {
      const [error, result] = outcome;
      if (error) return outcome;
      if (isDataStream(result.data)) return [streamOnlyError(), undefined];
      return outcome;
    });
    const responses = results.map(([error, result], index): TRPCResponse => {
      const procedureCall = requestInfo.calls[index];
      if (error) return callError(procedureCall, error, procedureCall?.procedure?._def.type ?? 'unknown');
      return { result: { data: result.data } };
    });
    const errors = results.flatMap(([error]) => (error ? [error] : []));
    const status = headers.finish({ ctx, info: requestInfo, errors, data: responses });
    return {
      status,
      headers: headers.list(),
      // JSON.stringify writes an array as its elements' texts between brackets, with commas and nothing else.
      body: `[${responses.map((response) => envelopeText(config, response)).join(',')}]`,
    };
  } catch (cause) {
    // resolveResponse's `caughtErrorToData`: a request-level error, answered as one (not an array).
    const error = getTRPCErrorFromUnknown(cause);
    const type = info?.type ?? 'unknown';
    opts.onError?.({ error, path: undefined, input: undefined, ctx, type, req });
    const response: TRPCResponse = {
      error: getErrorShape({ config, error, type, path: undefined, input: undefined, ctx }),
    };
    const body = JSON.stringify(serializeEnvelope(config, response));
    const status = headers.finish({ ctx, info, errors: [error], data: response });
    return { status, headers: headers.list(), body };
  }
}
