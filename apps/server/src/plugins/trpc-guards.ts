import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { tooManyCallsError } from '../trpc/batch-limit';
import { trpcErrorReply } from '../trpc/init';
import { isTrpcRoute } from './api-paths';

/**
 * Checks of a tRPC request made before its body is read or any procedure runs, on the route Fastify matched
 * (so no spelling of the URL escapes them), whichever handler then answers the route: the batch limit
 * (docs/security.md#limits: a batch of 50 `profile.me` created 50 sessions). A callback hook, not an async
 * one: it runs on every request.
 */
export const trpcGuardsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (req, reply, done) => {
    if (!isTrpcRoute(req.routeOptions.url)) return done();
    const routePath = (req.params as { path?: unknown }).path;
    const error = typeof routePath === 'string' ? tooManyCallsError(routePath) : null;
    if (!error) return done();
    const { status, body } = trpcErrorReply(error);
    reply.code(status).type('application/json').send(body);
  });
});
