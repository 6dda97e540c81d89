import { notifications } from '@exrated/db/schema';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { ratingInput, type SubmitReply } from './rating-fixtures';
import { HttpBrowser, type TestApp, type TestAppOptions, testAdminLogin, useTestApp } from './test-app';
import { latestCode, type TrpcHttpReply, trpcHttp } from './verification';

export function errorCode(reply: TrpcHttpReply) {
  return reply.error?.data.code;
}

/**
 * The people of the trust-and-safety flows, built through the real procedures over HTTP: raters who stand
 * behind their ratings (a proven phone), the rated person unlocked, the administrator. `prefix` keeps each
 * test file's numbers apart (seven digits: '415555').
 */
export function trustFlows(t: TestApp, prefix: string) {
  let line = 0;
  const newPhone = () => {
    line += 1;
    return `+1${prefix}${String(line).padStart(4, '0')}`;
  };
  const call = (browser: HttpBrowser, path: string, input?: unknown) =>
    trpcHttp(t, browser, 'mutation', path, input);
  const query = (browser: HttpBrowser, path: string, input?: unknown) =>
    trpcHttp(t, browser, 'query', path, input);

  async function provenBrowser(phone = newPhone()) {
    const browser = new HttpBrowser();
    expect((await call(browser, 'verification.send', { phoneNumber: phone })).error).toBeNull();
    const checked = await call(browser, 'verification.check', {
      phoneNumber: phone,
      code: latestCode(t, phone),
    });
    expect(checked.error).toBeNull();
    return browser;
  }

  /** `rater` (by default a new proven person) rates `phone`; returns the rating and its /r/{id} id. */
  async function rate(phone: string, overrides: Record<string, unknown> = {}, rater?: HttpBrowser) {
    const browser = rater ?? (await provenBrowser());
    const reply = await call(browser, 'rating.submit', ratingInput({ phoneNumber: phone, ...overrides }));
    expect(reply.error).toBeNull();
    const { ratingId } = reply.data as SubmitReply;
    const [notification] = await t.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.ratingId, ratingId));
    if (!notification) throw new Error('the rating has no notification');
    return { ratingId, notificationId: notification.id, rater: browser };
  }

  /** A proven browser of `phone` that rated two other people, so it may read its ratings. */
  async function unlockedBrowser(phone: string) {
    const browser = await provenBrowser(phone);
    await rate(newPhone(), {}, browser);
    await rate(newPhone(), {}, browser);
    return browser;
  }

  async function adminBrowser() {
    const browser = new HttpBrowser();
    expect((await call(browser, 'admin.login', testAdminLogin())).error).toBeNull();
    return browser;
  }

  return { newPhone, call, query, provenBrowser, rate, unlockedBrowser, adminBrowser };
}

/** This suite's test app (useTestApp with `options`) and its people, their numbers starting with `prefix`. */
export function useTrustFlows(prefix: string, options: TestAppOptions = {}) {
  const t = useTestApp(options);
  return { t, flows: trustFlows(t, prefix) };
}
