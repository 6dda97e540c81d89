// Brings @fastify/cookie's request/reply augmentations (cookies, setCookie, unsignCookie) into scope.

import { RATING_CLAIMS_HEADER } from '@exrated/content/rating-claims';
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AppServices, type Context, createInnerContext, type RequestInfo } from '../context';
import type { CookieJar } from '../services/sessions/sessions';

// The outer context: what the Fastify adapter adds to the inner context (../context.ts) for one HTTP request.

/** The outer context: adapts one Fastify request/response to the inner context. */
export function createContextFactory(services: AppServices) {
  return ({ req, res }: { req: FastifyRequest; res: FastifyReply }): Context =>
    createInnerContext({
      services,
      cookies: fastifyCookieJar(req, res, services.config.cookieSecure),
      request: requestInfo(req),
      logger: req.log,
      afterResponse: (task) => afterReplyEnds(res, task),
      ratingClaimsHeader: req.headers[RATING_CLAIMS_HEADER],
    });
}

/** Once, when the reply is done: sent in full ('finish'), or cut short by the client ('close'). */
function afterReplyEnds(res: FastifyReply, task: () => void) {
  let ran = false;
  const once = () => {
    if (ran) return;
    ran = true;
    task();
  };
  res.raw.once('finish', once);
  res.raw.once('close', once);
}

export function requestInfo(req: FastifyRequest): RequestInfo {
  const userAgent = req.headers['user-agent'];
  return {
    requestId: String(req.id),
    ipAddress: req.ip ?? null,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 512) : null,
    countryHint: countryFromHeaders(req.headers),
  };
}

/** The viewer's country (docs/architecture.md): proxy header (e.g. CF-IPCountry) first, then the Accept-Language region. */
export function countryFromHeaders(headers: FastifyRequest['headers']): string | null {
  for (const name of ['cf-ipcountry', 'x-vercel-ip-country', 'cloudfront-viewer-country', 'x-country-code']) {
    const value = headers[name];
    if (
      typeof value === 'string' &&
      /^[A-Za-z]{2}$/.test(value.trim()) &&
      value.trim().toUpperCase() !== 'XX'
    ) {
      return value.trim().toLowerCase();
    }
  }
  const language = headers['accept-language'];
  if (typeof language === 'string') {
    const region = /^[a-zA-Z]{2,3}[-_]([a-zA-Z]{2})\b/.exec(language.trim());
    if (region?.[1]) return region[1].toLowerCase();
  }
  return null;
}

function fastifyCookieJar(req: FastifyRequest, res: FastifyReply, secure: boolean): CookieJar {
  // What this response set or cleared: a later call of the same batch reads it, as the browser will, rather
  // than the request's cookie (a visit without one would otherwise get a new session per call).
  const written = new Map<string, string | undefined>();
  return {
    get(name) {
      if (written.has(name)) return written.get(name);
      const raw = req.cookies[name];
      if (!raw) return undefined;
      const unsigned = req.unsignCookie(raw);
      return unsigned.valid && unsigned.value !== null ? unsigned.value : undefined;
    },
    set(name, value, maxAgeSeconds) {
      written.set(name, value);
      res.setCookie(name, value, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        signed: true,
        maxAge: maxAgeSeconds,
      });
    },
    clear(name) {
      written.set(name, undefined);
      res.clearCookie(name, { path: '/', httpOnly: true, sameSite: 'lax', secure });
    },
  };
}
