/** URL prefixes answered by the server itself (API, health, metrics, dev outbox); every other GET path is a page. */
const API_PREFIXES = ['/trpc', '/dev/', '/healthz', '/readyz', '/metrics'];

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url.startsWith(prefix));
}
