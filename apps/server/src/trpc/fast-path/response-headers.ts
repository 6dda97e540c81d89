import type { AnyTRPCRouter, inferRouterContext, TRPCError } from '@trpc/server';
import { getHTTPStatusCode, type TRPCRequestInfo } from '@trpc/server/http';
import type { TRPCResponse } from '@trpc/server/rpc';
import { JSON_CONTENT_TYPE, type JsonCallOptions } from './json-call';

const VARY = 'trpc-accept, accept';
/** What a Fetch `Response` built from a string declares when nothing else set a content type. */
const TEXT_CONTENT_TYPE = 'text/plain;charset=UTF-8';
const JSON_HEADERS = [
  ['content-type', JSON_CONTENT_TYPE],
  ['vary', VARY],
] as const;
const TEXT_HEADERS = [
  ['content-type', TEXT_CONTENT_TYPE],
  ['vary', VARY],
] as const;

/**
 * The response's status and headers, as resolveResponse's `initResponse` sets them. Without `responseMeta`
 * they are one of two constant lists (the content type is JSON once a call was answered, otherwise the text
 * type a Fetch `Response` gives a string body); with it, a Fetch `Headers` collects what it adds, exactly
 * as in the stock adapter.
 */
export class ResponseHeaders<TRouter extends AnyTRPCRouter> {
  private json = false;
  private custom: Headers | null = null;

  constructor(private readonly opts: JsonCallOptions<TRouter>) {}

  setJson() {
    this.json = true;
  }

  /** The status for `data`, after `responseMeta` had its say. */
  finish(state: {
    ctx: inferRouterContext<TRouter> | undefined;
    info: TRPCRequestInfo | undefined;
    errors: TRPCError[];
    data: TRPCResponse | TRPCResponse[];
  }): number {
    const status = getHTTPStatusCode(state.data);
    const responseMeta = this.opts.responseMeta;
    if (!responseMeta) return status;
    const headers = new Headers([['vary', VARY]]);
    if (this.json) headers.set('content-type', JSON_CONTENT_TYPE);
    const meta =
      responseMeta({
        ctx: state.ctx,
        info: state.info,
        paths: state.info?.calls.map((procedureCall) => procedureCall.path),
        data: Array.isArray(state.data) ? state.data : [state.data],
        errors: state.errors,
        eagerGeneration: false,
        type:
          state.info?.calls.find((procedureCall) => procedureCall.procedure?._def.type)?.procedure?._def
            .type ?? 'unknown',
      }) ?? {};
    if (meta.headers instanceof Headers) {
      for (const [key, value] of meta.headers.entries()) headers.append(key, value);
    } else if (meta.headers) {
      for (const [key, value] of Object.entries(meta.headers)) {
        if (Array.isArray(value)) for (const item of value) headers.append(key, item);
        else if (typeof value === 'string') headers.set(key, value);
      }
    }
    if (!headers.has('content-type')) headers.set('content-type', TEXT_CONTENT_TYPE);
    this.custom = headers;
    // Falsy statuses are ignored, as initResponse ignores them.
    return meta.status ? meta.status : status;
  }

  list(): ReadonlyArray<readonly [string, string]> {
    if (this.custom) return [...this.custom];
    return this.json ? JSON_HEADERS : TEXT_HEADERS;
  }
}
