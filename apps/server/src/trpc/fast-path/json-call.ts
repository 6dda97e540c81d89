import type { AnyTRPCRouter } from '@trpc/server';
import type { FastifyHandlerOptions } from '@trpc/server/adapters/fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';

// Which requests the fast path serves, read from Fastify's request (see fastify-trpc-handler.ts).

/** A call the fast path serves: its decoded tRPC path, raw inputs and how it is batched. */
export interface JsonCall {
  method: 'GET' | 'POST';
  /** The path as Fastify's router decoded it; tRPC decodes it once more. */
  encodedPath: string;
  isBatchCall: boolean;
  /** GET: the `input` search parameter; POST: the body as Fastify read it. */
  rawInput: string | null;
}

/** The stock Fastify adapter's options, which the fast path takes as they are. */
export type JsonCallOptions<TRouter extends AnyTRPCRouter> = FastifyHandlerOptions<
  TRouter,
  FastifyRequest,
  FastifyReply
>;

export const JSON_CONTENT_TYPE = 'application/json';

/**
 * The request as the fast path serves it, or null for the stock adapter. Only reads headers and the URL:
 * nothing is parsed that the stock adapter would parse differently.
 */
export function readJsonCall(req: FastifyRequest, encodedPath: string): JsonCall | null {
  const method = req.method;
  if (method !== 'GET' && method !== 'POST') return null;
  const headers = req.headers;
  // Streaming responses (httpBatchStreamLink) and any explicit trpc-accept stay with the stock adapter.
  if (headers['trpc-accept'] !== undefined) return null;
  if (headers.accept?.includes('application/jsonl')) return null;
  const contentType = headers['content-type'];
  const body = req.body;
  if (method === 'POST' && (!isJsonMediaType(contentType) || typeof body !== 'string')) return null;
  if (method === 'GET' && contentType !== undefined && !isJsonMediaType(contentType)) return null;
  const url = req.raw.url ?? '';
  if (!url.startsWith('/') || !hostParses(req)) return null;
  const params = searchParamsOf(url);
  if (params?.get('connectionParams') != null) return null;
  return {
    method,
    encodedPath,
    isBatchCall: params?.get('batch') === '1',
    rawInput: method === 'POST' && typeof body === 'string' ? body : (params?.get('input') ?? null),
  };
}

/** tRPC's own test: the media type before any parameter, case-insensitively. */
function isJsonMediaType(contentType: string | undefined): boolean {
  return contentType?.toLowerCase().split(';', 1)[0]?.trim() === JSON_CONTENT_TYPE;
}

/** The query as `new URL(url).searchParams` reads it (the fragment, if a client sent one, is not part of it). */
function searchParamsOf(url: string): URLSearchParams | null {
  const start = url.indexOf('?');
  if (start === -1) return null;
  const end = url.indexOf('#', start);
  return new URLSearchParams(end === -1 ? url.slice(start) : url.slice(start, end));
}

/**
 * The stock adapter builds `new Request(new URL(url, protocol//host))` and answers 500 when the Host header
 * makes that throw (a host the URL parser refuses, or one that carries credentials, which `Request` refuses):
 * such requests go to it. One host is remembered, since a server sees the same one almost always.
 */
let lastHost: string | undefined;
let lastHostParses = false;
function hostParses(req: FastifyRequest): boolean {
  const host = hostOf(req);
  if (host !== lastHost) {
    lastHost = host;
    const parsed = URL.parse(`http://${host}`);
    lastHostParses = parsed !== null && parsed.username === '' && parsed.password === '';
  }
  return lastHostParses;
}

export function hostOf(req: FastifyRequest): string {
  const headers = req.raw.headers;
  const authority = headers[':authority'];
  return headers.host ?? (typeof authority === 'string' ? authority : 'localhost');
}

/** The request's abort signal, for a context that reads `info.signal` (built only then). */
export function abortSignalOf(req: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const raw = req.raw;
  const response = reply.raw;
  const onAbort = () => {
    response.off('close', onClose);
    raw.off('aborted', onAbort);
    controller.abort();
  };
  const onClose = () => {
    if (response.writableEnded) {
      raw.off('aborted', onAbort);
      return;
    }
    onAbort();
  };
  response.once('close', onClose);
  raw.once('aborted', onAbort);
  return controller.signal;
}

/** The URL the stock adapter builds for its Fetch `Request`, for a context that reads `info.url`. */
export function urlOf(req: FastifyRequest): URL {
  const scheme = req.raw.headers[':scheme'];
  const encrypted = 'encrypted' in req.raw.socket && req.raw.socket.encrypted === true;
  const protocol = scheme === 'https' || encrypted ? 'https:' : 'http:';
  return new URL(req.raw.url ?? '/', `${protocol}//${hostOf(req)}`);
}
