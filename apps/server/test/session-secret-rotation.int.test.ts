import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import {
  createTestApp,
  HttpBrowser,
  httpOf,
  type TestApp,
  testAdminLogin,
  testConfig,
} from './support/test-app';
import { latestCode, trpcHttp } from './support/verification';

/**
 * Rotating SESSION_SECRET logs nobody out. Replicas move from `old` to `new,old` (the new secret
 * signs, both verify) and, once every live cookie was signed again, to `new` alone.
 */
const OLD = 'the-old-session-secret-0123456789-abcdef';
const NEW = 'the-new-session-secret-9876543210-fedcba';
const ELEVEN_MINUTES = 11 * 60 * 1000;

let before: TestApp;
const built: FastifyInstance[] = [];

beforeAll(async () => {
  before = await createTestApp({ env: { SESSION_SECRET: OLD }, withoutRedis: true });
});

afterAll(async () => {
  await Promise.all(built.map((app) => app.close()));
  await before?.close();
});

/** Another replica on the same database with `secrets`, its clock `aheadMs` ahead. */
async function replica(secrets: string, aheadMs = 0) {
  const app = await buildApp(testConfig({ SESSION_SECRET: secrets }), {
    database: before.database,
    redis: null,
    logger: false,
    runDispatcher: false,
    now: () => new Date(Date.now() + aheadMs),
  });
  built.push(app);
  return httpOf(() => app);
}

async function viewer(on: Pick<TestApp, 'http'>, browser: HttpBrowser) {
  const me = await trpcHttp(on, browser, 'query', 'profile.me');
  const admin = await trpcHttp(on, browser, 'query', 'admin.me');
  return { phone: (me.data as { phoneNumber: string | null }).phoneNumber, admin: admin.data };
}

describe('rotating SESSION_SECRET', () => {
  it('keeps visitors and admins signed in while old and new secrets are both listed, then on the new alone', async () => {
    const browser = new HttpBrowser();
    const phone = '+14155550141';
    await trpcHttp(before, browser, 'mutation', 'verification.send', { phoneNumber: phone });
    await trpcHttp(before, browser, 'mutation', 'verification.check', {
      phoneNumber: phone,
      code: latestCode(before, phone),
    });
    await trpcHttp(before, browser, 'mutation', 'admin.login', testAdminLogin());
    const signedInBefore = await viewer(before, browser);
    expect(signedInBefore).toEqual({ phone, admin: { isAdmin: true, name: 'admin', role: 'admin' } });
    const oldCookies = new Map(browser.cookies);

    // Rotation: the new secret signs, the old one still verifies. Nobody is logged out.
    const during = await replica(`${NEW},${OLD}`);
    expect(await viewer(during, browser)).toEqual(signedInBefore);

    // A later visit (past the 10-minute touch interval) gets its cookie signed again, with the new secret.
    const later = await replica(`${NEW},${OLD}`, ELEVEN_MINUTES);
    await trpcHttp(later, browser, 'query', 'profile.me');
    expect(browser.cookies.get('exrated_sid')).not.toBe(oldCookies.get('exrated_sid'));

    // The old secret dropped: the re-signed device cookie still holds; a cookie never re-signed does not.
    const after = await replica(NEW, ELEVEN_MINUTES);
    expect((await viewer(after, browser)).phone).toBe(phone);
    const stale = new HttpBrowser();
    for (const [name, value] of oldCookies) stale.cookies.set(name, value);
    expect(await viewer(after, stale)).toMatchObject({ phone: null });
  });
});
