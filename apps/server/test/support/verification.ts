import { findDeviceSessionByTokenHash } from '@exrated/db/queries';
import type { LightMyRequestResponse } from 'fastify';
import { cookieNamesFor, hashToken } from '../../src/services/sessions';
import type { MemoryCookieJar } from './cookie-jar';
import { ratingInput } from './rating-fixtures';
import { type HttpBrowser, TEST_ADMIN_PASSWORD, type TestApp } from './test-app';

/** The code inside the newest verification text sent to `phone`. */
export function latestCode(t: Pick<TestApp, 'sms'>, phone: string): string {
  const text = t.sms.outbox().find((message) => message.to === phone && message.kind === 'verification');
  const code = text ? /Your ExRated code is (\d{6})\./.exec(text.body)?.[1] : undefined;
  if (!code) throw new Error(`no verification text for ${phone}`);
  return code;
}

/** The device session a caller's cookie jar holds (the jar's token is the unsigned one). */
export async function sessionOf(t: TestApp, cookies: MemoryCookieJar) {
  const token = cookies.get(cookieNamesFor(t.config.cookieSecure).device);
  if (!token) throw new Error('no device cookie');
  return findDeviceSessionByTokenHash(t.database.db, hashToken(token), new Date(0));
}

export interface TrpcHttpReply {
  status: number;
  data: unknown;
  error: { message: string; code: string; data: Record<string, unknown> } | null;
  response: LightMyRequestResponse;
}

/** A tRPC call over HTTP, as the browser makes it (JSON, same origin), keeping the browser's cookies. */
export async function trpcHttp(
  t: Pick<TestApp, 'http'>,
  browser: HttpBrowser,
  kind: 'query' | 'mutation',
  path: string,
  input?: unknown,
  headers: Record<string, string> = {},
): Promise<TrpcHttpReply> {
  const encoded = input === undefined ? undefined : JSON.stringify({ json: input });
  const response =
    kind === 'query'
      ? await t.http(
          {
            method: 'GET',
            url: `/trpc/${path}${encoded ? `?input=${encodeURIComponent(encoded)}` : ''}`,
            headers,
          },
          browser,
        )
      : await t.http(
          {
            method: 'POST',
            url: `/trpc/${path}`,
            headers: { 'content-type': 'application/json', ...headers },
            payload: encoded ?? '{}',
          },
          browser,
        );
  const body = response.json() as {
    result?: { data?: { json?: unknown } };
    error?: { json: TrpcHttpReply['error'] };
  };
  return {
    status: response.statusCode,
    data: body.result?.data?.json,
    error: body.error?.json ?? null,
    response,
  };
}

/**
 * Makes `browser` proven (with `phone`), unlocked (two ratings given, of `ratedPhones`) and an administrator
 * at once, so input reaches validation behind every kind of procedure.
 */
export async function makePrivileged(
  t: Pick<TestApp, 'http' | 'sms'>,
  browser: HttpBrowser,
  phone: string,
  ratedPhones: readonly [string, string],
): Promise<void> {
  for (const rated of ratedPhones) {
    await trpcHttp(t, browser, 'mutation', 'rating.submit', ratingInput({ phoneNumber: rated }));
  }
  await trpcHttp(t, browser, 'mutation', 'verification.send', { phoneNumber: phone });
  await trpcHttp(t, browser, 'mutation', 'verification.check', {
    phoneNumber: phone,
    code: latestCode(t, phone),
  });
  await trpcHttp(t, browser, 'mutation', 'admin.login', { password: TEST_ADMIN_PASSWORD });
}
