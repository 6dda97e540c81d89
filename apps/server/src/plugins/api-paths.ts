/** Where the tRPC routes live: every procedure is answered under this prefix. */
export const TRPC_PREFIX = '/trpc';

/** URL prefixes answered by the server itself (API, health, metrics, dev outbox); every other GET path is a page. */
const API_PREFIXES = [TRPC_PREFIX, '/dev/', '/healthz', '/readyz', '/metrics'];

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/**
 * Whether the route Fastify matched (its pattern, e.g. `/trpc/:path`; undefined when none matched) is a tRPC
 * route. Guards decide on this, never on the raw URL: the router decodes and normalizes the path
 * (`/%74rpc/x` matches `/trpc/:path`), so a test of the URL as sent is one spelling away from a bypass.
 */
export function isTrpcRoute(routeUrl: string | undefined): boolean {
  return routeUrl === TRPC_PREFIX || (routeUrl?.startsWith(`${TRPC_PREFIX}/`) ?? false);
}
