import type { AnyTRPCRouter } from '@trpc/server';
import { fastifyRequestHandler } from '@trpc/server/adapters/fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { resolveJsonCall } from './fast-path/fastify-trpc-handler';
import type { JsonCallOptions } from './fast-path/json-call';
import { readJsonCall } from './fast-path/json-call';

const asWritten = (body: string) => body;

export interface TRPCRouteOptions<TRouter extends AnyTRPCRouter> {
  trpcOptions: JsonCallOptions<TRouter>;
  /** False serves every call through the stock adapter alone (the conformance test compares the two). */
  fastPath?: boolean;
}

/**
 * The `/trpc` route: tRPC's stock Fastify plugin, with JSON queries and mutations answered by the fast path
 * (fastify-trpc-handler.ts) and everything else handed to the stock adapter unchanged. It registers what
 * the stock plugin registers (the same content-type parsers and one route for every procedure), so hooks on
 * the route and its scope run for both paths alike. Registered with a prefix, as the stock plugin is.
 */
export function trpcRoute<TRouter extends AnyTRPCRouter>(
  fastify: FastifyInstance,
  { trpcOptions, fastPath = true }: TRPCRouteOptions<TRouter>,
  done: (error?: Error) => void,
) {
  // The stock plugin's parsers: tRPC reads the JSON body itself (as text) and multipart bodies as streams.
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, parsed) => {
    parsed(null, body);
  });
  fastify.removeContentTypeParser('multipart/form-data');
  fastify.addContentTypeParser('multipart/form-data', {}, (_req, body, parsed) => {
    parsed(null, body);
  });

  const stock = (req: FastifyRequest, reply: FastifyReply, path: string) =>
    fastifyRequestHandler({ ...trpcOptions, req, res: reply, path });

  fastify.all<{ Params: { path: string } }>('/:path', async (req, reply) => {
    const path = req.params.path;
    const call = fastPath ? readJsonCall(req, path) : null;
    const response = call && (await resolveJsonCall(trpcOptions, req, reply, call));
    if (!response) return stock(req, reply, path);
    reply.code(response.status);
    for (const [name, value] of response.headers) reply.header(name, value);
    // The body is written already: a serializer of its own keeps Fastify from adding a charset parameter to
    // the JSON content type, and a string goes out with the headers in one write (a Buffer takes two).
    return reply.serializer(asWritten).send(response.body);
  });
  done();
}
