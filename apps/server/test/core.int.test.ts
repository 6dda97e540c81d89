import { logs } from '@exrated/db/schema';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { captureLogs } from './support/log-capture';
import { createTestApp, HttpBrowser, type TestApp, useTestApp } from './support/test-app';

const t = useTestApp();

const trackBody = JSON.stringify({ json: { action: 'onboarding_step_completed', details: { step: 1 } } });
const jsonHeaders = { 'content-type': 'application/json' };

/** A valid telemetry.track post, as JSON with `headers` added, to `app` (this file's by default). */
function track(headers: Record<string, string> = {}, browser?: HttpBrowser, app: Pick<TestApp, 'http'> = t) {
  return app.http(
    {
      method: 'POST',
      url: '/trpc/telemetry.track',
      headers: { ...jsonHeaders, ...headers },
      payload: trackBody,
    },
    browser,
  );
}

describe('health', () => {
  it('answers liveness and readiness with the database and Redis checked', async () => {
    expect((await t.http({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.http({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().checks.database).toBe('ok');
    if (t.redis) expect(ready.json().checks.redis).toBe('ok');
  });
});

describe('settings', () => {
  it('apply LOG_LEVEL until an operator saves settings, then the saved ones', async () => {
    const configured = await createTestApp({ env: { LOG_LEVEL: 'warn' } });
    try {
      const { settings } = configured.app.services;
      expect(await settings.get()).toEqual({
        maintenanceMode: false,
        logLevel: 'warn',
        repeatOffenderThreshold: 2,
      });
      await settings.save({ maintenanceMode: true, logLevel: 'debug' });
      expect(await settings.get()).toEqual({
        maintenanceMode: true,
        logLevel: 'debug',
        repeatOffenderThreshold: 2,
      });
    } finally {
      await configured.close();
    }
  });
});

describe('readiness', () => {
  it('fails with 503 when the database does not answer', async () => {
    const down = await createTestApp();
    try {
      await down.database.close();
      const response = await down.http({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'unavailable', checks: { database: 'down' } });
      expect((await down.http({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await down.close();
    }
  });
});

describe('security', () => {
  it('sends security headers', async () => {
    const response = await t.http({ method: 'GET', url: '/healthz' });
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sets an HttpOnly, SameSite=Lax device cookie (not Secure in local development)', async () => {
    const response = await track();
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === 'exrated_sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeUndefined();
  });

  it('keeps the same session across requests from one browser', async () => {
    const browser = new HttpBrowser();
    await track({}, browser);
    const first = browser.cookies.get('exrated_sid');
    const second = await track({}, browser);
    expect(second.cookies).toHaveLength(0);
    expect(browser.cookies.get('exrated_sid')).toBe(first);
  });

  it('ignores a forged cookie and issues a fresh session', async () => {
    const response = await track({ cookie: 'exrated_sid=forged-token.bad-signature' });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'exrated_sid')?.value).not.toContain('forged');
  });

  it('refuses cross-site and non-JSON mutations before any procedure runs', async () => {
    const crossSite = await track({ 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    const foreignOrigin = await track({ origin: 'https://evil.example' });
    expect(foreignOrigin.statusCode).toBe(403);
    const form = await t.http({
      method: 'POST',
      url: '/trpc/telemetry.track',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    expect(form.statusCode).toBe(415);
    const sameOrigin = await track({ origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it('uses __Host- prefixed Secure cookies when secure', async () => {
    const secure = await createTestApp({ env: { COOKIE_SECURE: 'true' } });
    try {
      const response = await track({}, undefined, secure);
      const cookie = response.cookies.find((c) => c.name === '__Host-exrated_sid');
      expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    } finally {
      await secure.close();
    }
  });
});

describe('errors and logs', () => {
  it('answers bad input with BAD_REQUEST naming the field, never a stack', async () => {
    const response = await t.http({
      method: 'POST',
      url: '/trpc/telemetry.track',
      headers: jsonHeaders,
      payload: JSON.stringify({ json: { action: 'drop table logs' } }),
    });
    expect(response.statusCode).toBe(400);
    const error = response.json().error.json;
    expect(error.message).toBe('Unknown action');
    expect(error.data.fieldErrors).toEqual({ action: 'Unknown action' });
    expect(JSON.stringify(error)).not.toMatch(/stack|at \w+ \(/);
  });

  it('writes request logs without query strings (phone numbers never reach the logs)', async () => {
    const { stream, text: loggedText } = captureLogs();
    const config = loadConfig({
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/exrated-log-test',
      CLIENT_DIST_DIR: '/nonexistent',
    });
    const app = await buildApp(config, {
      database: t.database,
      redis: null,
      logger: { level: 'info', stream },
    });
    try {
      await app.inject({ method: 'GET', url: '/healthz?phone=%2B14155550100' });
      const text = loggedText();
      expect(text).toContain('"url":"/healthz"');
      expect(text).not.toContain('4155550100');
    } finally {
      // The shared test database stays open for the other tests.
      await app.close();
    }
  });
});

describe('audit', () => {
  it('records client actions with the session id, IP and user agent, and no phone for an unproven session', async () => {
    const { trpc } = t.caller({ ip: '198.51.100.7', userAgent: 'UA/1.0' });
    await trpc.telemetry.track({ action: 'verification_code_input_completed' });
    const rows = await t.database.db.select().from(logs);
    const row = rows.find((entry) => entry.action === 'verification_code_input_completed');
    expect(row).toMatchObject({ ipAddress: '198.51.100.7', userAgent: 'UA/1.0', phoneNumber: null });
    expect(row?.userId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs the id of a /rate/:id link', async () => {
    const { trpc } = t.caller();
    await trpc.telemetry.track({ action: 'rate_link_opened', details: { id: 'abc-123' } });
    const rows = await t.database.db.select().from(logs);
    expect(rows.find((row) => row.action === 'rate_link_opened')?.details).toEqual({ id: 'abc-123' });
  });

  it('caps telemetry per IP', async () => {
    const limited = await createTestApp({ env: { LIMIT_TELEMETRY_PER_IP_PER_MINUTE: '2' } });
    try {
      const { trpc } = limited.caller({ ip: '192.0.2.55' });
      await trpc.telemetry.track({ action: 'onboarding_step_completed' });
      await trpc.telemetry.track({ action: 'onboarding_step_completed' });
      await expect(trpc.telemetry.track({ action: 'onboarding_step_completed' })).rejects.toMatchObject({
        code: 'TOO_MANY_REQUESTS',
      });
    } finally {
      await limited.close();
    }
  });

  it('writes client errors to error_logs with the given severity', async () => {
    const { trpc } = t.caller();
    await trpc.telemetry.reportError({
      message: 'Cannot read x of undefined',
      componentName: 'RatePage',
      severity: 'high',
    });
    const rows = await t.database.db.query.errorLogs.findMany();
    expect(rows.find((row) => row.componentName === 'RatePage')).toMatchObject({
      errorMessage: 'Cannot read x of undefined',
      severity: 'high',
      errorType: 'runtime',
    });
  });
});
