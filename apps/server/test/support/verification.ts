import { findDeviceSessionByTokenHash } from '@exrated/db/queries';
import type { LightMyRequestResponse } from 'fastify';
import { cookieNamesFor, hashToken } from '../../src/services/sessions/sessions';
import type { MemoryCookieJar } from './cookie-jar';
import { ratingInput } from './rating-fixtures';
import { HttpBrowser, type TestApp, testAdminLogin } from './test-app';

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

/** The device session an HTTP browser's cookie opens (the cookie is signed: the token, a dot, a signature). */
export async function sessionOfBrowser(t: Pick<TestApp, 'config' | 'database'>, browser: HttpBrowser) {
  const cookie = browser.cookies.get(cookieNamesFor(t.config.cookieSecure).device);
  if (!cookie) throw new Error('no device cookie');
  const token = decodeURIComponent(cookie).split('.')[0] ?? '';
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
  const sent = browser.withClaims(path, input);
  const encoded = sent === undefined ? undefined : JSON.stringify({ json: sent });
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
  const reply = {
    status: response.statusCode,
    data: body.result?.data?.json,
    error: body.error?.json ?? null,
    response,
  };
  browser.keepClaims(path, reply);
  return reply;
}

/** rating.submit over HTTP from `browser`: a valid rating (ratingInput) of `phoneNumber`. */
export function rateOverHttp(t: Pick<TestApp, 'http'>, browser: HttpBrowser, phoneNumber: string) {
  return trpcHttp(t, browser, 'mutation', 'rating.submit', ratingInput({ phoneNumber }));
}

let nextRaterLine = 0;

/** A number no test uses for anything else: the own phone of a rater. */
export function nextRaterPhone() {
  nextRaterLine += 1;
  return `+1646555${String(5000 + nextRaterLine)}`;
}

/**
 * A browser (tRPC caller) that has proven a phone of its own, as every rater whose ratings should count must
 * (docs/architecture.md#ratings). Each call proves a new number, unless `phone` is given.
 */
export async function provenCaller(
  t: TestApp,
  options: { ip?: string; phone?: string } = {},
): Promise<ReturnType<TestApp['caller']> & { phone: string }> {
  const phone = options.phone ?? nextRaterPhone();
  const caller = t.caller(options.ip ? { ip: options.ip } : {});
  await caller.trpc.verification.send({ phoneNumber: phone });
  await caller.trpc.verification.check({ phoneNumber: phone, code: latestCode(t, phone) });
  return { ...caller, phone };
}

/** An HTTP browser that has proven a phone of its own (see `provenCaller`). */
export async function provenBrowser(
  t: Pick<TestApp, 'http' | 'sms'>,
  options: { ip?: string; phone?: string } = {},
) {
  const browser = new HttpBrowser();
  const phone = options.phone ?? nextRaterPhone();
  const headers = { 'content-type': 'application/json' };
  const remote = options.ip ? { remoteAddress: options.ip } : {};
  for (const [path, input] of [
    ['verification.send', () => ({ phoneNumber: phone })],
    ['verification.check', () => ({ phoneNumber: phone, code: latestCode(t, phone) })],
  ] as const) {
    const response = await t.http(
      {
        method: 'POST',
        url: `/trpc/${path}`,
        headers,
        payload: JSON.stringify({ json: input() }),
        ...remote,
      },
      browser,
    );
    if (response.statusCode !== 200) throw new Error(`${path} failed: ${response.body}`);
  }
  return Object.assign(browser, { phone });
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
    await rateOverHttp(t, browser, rated);
  }
  await trpcHttp(t, browser, 'mutation', 'verification.send', { phoneNumber: phone });
  await trpcHttp(t, browser, 'mutation', 'verification.check', {
    phoneNumber: phone,
    code: latestCode(t, phone),
  });
  await trpcHttp(t, browser, 'mutation', 'admin.login', testAdminLogin());
}
