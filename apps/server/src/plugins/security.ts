import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config';
import { isApiPath, isTrpcRoute } from './api-paths';

type HeaderConfig = Pick<Config, 'cookieSecure' | 'env'>;
type HelmetOptions = NonNullable<Parameters<typeof helmet>[0]>;

/**
 * The security headers of pages and assets: a CSP the client works under (same-origin scripts, Mantine's
 * style attributes) and helmet's other defaults.
 */
function documentOptions(config: HeaderConfig): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes CSS variables into style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: config.cookieSecure ? [] : null,
      },
    },
    hsts: hsts(config),
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The API's (JSON, never rendered as a page): nothing may load or frame it, no MIME sniffing, HSTS, and
 * the headers that only matter to documents (window isolation, DNS prefetch, legacy IE) left out, as the
 * OWASP REST Security Cheat Sheet recommends. Fewer, shorter headers on the most frequent responses.
 */
function apiOptions(config: HeaderConfig): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    hsts: hsts(config),
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  };
}

function hsts(config: HeaderConfig): HelmetOptions['hsts'] {
  return config.env === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false;
}

/**
 * The headers helmet sets for some options. None depends on the request (no CSP nonces), so helmet runs
 * once, at start, on a detached response and the headers it set are kept: a middleware that runs helmet per
 * request (as @fastify/helmet does) re-reads and re-validates its whole configuration every time, which the
 * bench's CPU profile showed as a quarter of the CPU of a static tRPC query.
 */
function headersOf(options: HelmetOptions): Record<string, string> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(options)(request, response, (error) => {
    if (error) throw error;
  });
  return Object.fromEntries(
    Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]),
  );
}

function securityHeaders(config: HeaderConfig) {
  const api = headersOf(apiOptions(config));
  // Every tRPC answer may depend on a session (even a static query's error may); none may be kept by a
  // browser or a shared cache, where the next person on the device or behind the proxy would read it.
  return { document: headersOf(documentOptions(config)), api, trpc: { ...api, 'cache-control': 'no-store' } };
}

/** The headers a response gets: tRPC routes as matched (whatever spelling reached them), API paths, pages. */
function headersFor(req: FastifyRequest, trpcRoute: boolean, headers: ReturnType<typeof securityHeaders>) {
  if (trpcRoute) return headers.trpc;
  return isApiPath(req.url) ? headers.api : headers.document;
}

/** Methods tRPC answers without running a mutation (queries, and HEAD/OPTIONS, which it answers itself). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Security headers on every response (`Cache-Control: no-store` on every tRPC one), and the CSRF guard of
 * docs/security.md#sessions: tRPC mutations accept only JSON (browsers cannot send that cross-site without a
 * preflight) and any request the browser marks as cross-site, or whose Origin is foreign, is refused before
 * it reaches a procedure. The guard decides on the route Fastify matched, not on the URL as sent
 * (`/%74rpc/profile.logout` would reach the tRPC route while `startsWith('/trpc')` let it pass). One hook for
 * both, taking a callback instead of being async: it runs on every request, an async hook costs a promise
 * each time, and Fastify builds a new `routeOptions` object on every read of it.
 */
export const securityPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  const headers = securityHeaders(config);
  const allowedOrigin = new URL(config.publicUrl).origin;
  app.addHook('onRequest', (req, reply, done) => {
    const trpcRoute = isTrpcRoute(req.routeOptions.url);
    reply.headers(headersFor(req, trpcRoute, headers));
    if (!trpcRoute || SAFE_METHODS.has(req.method)) return done();
    const problem = crossSiteProblem(req, allowedOrigin);
    if (!problem) return done();
    req.log.warn({ problem }, 'cross-site mutation refused');
    reply.code(problem.status).send({ error: { message: problem.message } });
  });
});

export function crossSiteProblem(
  req: Pick<FastifyRequest, 'headers' | 'host' | 'protocol'>,
  allowedOrigin: string,
): { status: number; message: string } | null {
  // The media type exactly, as tRPC reads it: `application/jsonx` or a type with JSON in a parameter is not.
  const mediaType = (req.headers['content-type'] ?? '').split(';', 1)[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') {
    return { status: 415, message: 'Requests must be sent as application/json.' };
  }
  if (req.headers['sec-fetch-site'] === 'cross-site') {
    return { status: 403, message: 'Cross-site requests are not allowed.' };
  }
  const origin = req.headers.origin;
  if (origin && origin !== allowedOrigin && origin !== `${req.protocol}://${req.host}`) {
    return { status: 403, message: 'Cross-site requests are not allowed.' };
  }
  return null;
}
