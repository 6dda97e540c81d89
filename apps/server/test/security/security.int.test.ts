import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { logs } from '@exrated/db/schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { ConfigError, loadConfig } from '../../src/config';
import { ConsoleSmsSender } from '../../src/services/sms/console-sms-sender';
import { DEPENDENCY_UNAVAILABLE_MESSAGE } from '../../src/trpc/dependency-errors';
import {
  expectSnsOnlyAndNoOutbox,
  type LocalSns,
  snsXml,
  startLocalSns,
  stubLocalSnsEnvironment,
} from '../support/local-sns';
import { captureLogs } from '../support/log-capture';
import { ratingInput } from '../support/rating-fixtures';
import { routerProcedures } from '../support/router-procedures';
import {
  createTestApp,
  HttpBrowser,
  injectWithCookies,
  TEST_ADMIN_PASSWORD,
  type TestApp,
  testAdminLogin,
} from '../support/test-app';
import { trpcHttp } from '../support/verification';

/** Cookies, headers, CSRF, error bodies, proxies, request logs and production settings. */

// The built client, as `pnpm test` builds it before running the tests (turbo: test depends on build).
const BUILT_CLIENT = fileURLToPath(new URL('../../../client/dist', import.meta.url));
let CLIENT_DIST = '';

/** Whether every file index.html names is in `dir` (a build in progress leaves it half written). */
function isCompleteBuild(dir: string) {
  const index = path.join(dir, 'index.html');
  if (!existsSync(index)) return false;
  const html = readFileSync(index, 'utf8');
  return [...html.matchAll(/\s(?:src|href)="\/([^"]+)"/g)].every((match) =>
    existsSync(path.join(dir, match[1] ?? '')),
  );
}

/** A private copy of the built client, so a rebuild running beside the tests cannot change it midway. */
async function copyBuiltClient(): Promise<string> {
  const copy = mkdtempSync(path.join(tmpdir(), 'exrated-client-'));
  for (let attempt = 0; attempt < 60; attempt += 1) {
    rmSync(copy, { recursive: true, force: true });
    try {
      cpSync(BUILT_CLIENT, copy, { recursive: true });
      if (isCompleteBuild(copy)) return copy;
    } catch {
      // The build replaced files while they were copied: try again.
    }
    await sleep(500);
  }
  throw new Error(`No complete client build in ${BUILT_CLIENT}: run \`pnpm build\` first.`);
}
const SECRET = 'test-session-secret-that-is-long-enough-0123456789';
const PRODUCTION_URL = 'https://exrated.example';
const jsonHeaders = { 'content-type': 'application/json' };

let t: TestApp;
let sns: LocalSns;
const builtApps: FastifyInstance[] = [];

/** Another app on this file's database, built from `env` the way main builds it. */
async function appOn(env: Record<string, string>, sms = new ConsoleSmsSender(() => {})) {
  const config = loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: SECRET,
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    PUBLIC_URL: 'http://localhost:3000',
    CLIENT_DIST_DIR: '/nonexistent',
    ...env,
  });
  const app = await buildApp(config, {
    database: t.database,
    redis: null,
    logger: false,
    runDispatcher: false,
    sms,
  });
  builtApps.push(app);
  return app;
}

/** The production configuration, complete: SNS (a local fake endpoint), secrets, public HTTPS address. */
const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  SESSION_SECRET: SECRET,
  ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
  SMS_PROVIDER: 'sns',
  PUBLIC_URL: PRODUCTION_URL,
  // Required in production; the app below runs on this file's test database handed in by override.
  DATABASE_URL: 'postgres://exrated@127.0.0.1:5432/exrated',
};

beforeAll(async () => {
  CLIENT_DIST = await copyBuiltClient();
  sns = await startLocalSns();
  sns.setReply(() => snsXml.publishOk('sns-1'));
  stubLocalSnsEnvironment(sns.url);
  t = await createTestApp({
    env: { CLIENT_DIST_DIR: CLIENT_DIST, LIMIT_ADMIN_LOGINS_PER_IP_PER_15_MIN: '2' },
  });
});
afterAll(async () => {
  for (const app of builtApps) await app.close();
  await t?.close();
  await sns?.close();
  vi.unstubAllEnvs();
  if (CLIENT_DIST) rmSync(CLIENT_DIST, { recursive: true, force: true });
});

function cookieOf(response: LightMyRequestResponse, name: string) {
  return response.cookies.find((cookie) => cookie.name === name);
}

function rawSetCookie(response: LightMyRequestResponse, name: string): string {
  const header = response.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  return all.find((line) => line.startsWith(`${name}=`)) ?? '';
}

describe('production', () => {
  let prod: FastifyInstance;
  beforeAll(async () => {
    const config = loadConfig({ ...PRODUCTION_ENV, CLIENT_DIST_DIR: CLIENT_DIST });
    prod = await buildApp(config, { database: t.database, redis: null, logger: false, runDispatcher: false });
    builtApps.push(prod);
  });

  it('texts through SNS and serves no outbox', async () => {
    await expectSnsOnlyAndNoOutbox(prod);
  });

  it('sends HSTS and a CSP that upgrades insecure requests', async () => {
    const response = await prod.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('sets __Host- cookies: Secure, HttpOnly, SameSite=Lax, Path=/, no Domain', async () => {
    const browser = new HttpBrowser();
    const device = await injectWithCookies(
      prod,
      { method: 'GET', url: '/trpc/profile.me', headers: { origin: PRODUCTION_URL } },
      browser,
    );
    const admin = await injectWithCookies(
      prod,
      {
        method: 'POST',
        url: '/trpc/admin.login',
        headers: { ...jsonHeaders, origin: PRODUCTION_URL },
        payload: JSON.stringify({ json: testAdminLogin() }),
      },
      browser,
    );
    expect(admin.statusCode).toBe(200);
    for (const [response, name] of [
      [device, '__Host-exrated_sid'],
      [admin, '__Host-exrated_admin'],
    ] as const) {
      expect(cookieOf(response, name)).toMatchObject({
        httpOnly: true,
        secure: true,
        sameSite: 'Lax',
        path: '/',
      });
      expect(cookieOf(response, name)?.domain).toBeUndefined();
      expect(rawSetCookie(response, name)).not.toMatch(/domain=/i);
    }
    expect(response404Names(device)).toEqual([]);
  });
});

/** Cookies without the __Host- prefix a production response must never set. */
function response404Names(response: LightMyRequestResponse) {
  return response.cookies.map((cookie) => cookie.name).filter((name) => !name.startsWith('__Host-'));
}

describe('local development', () => {
  it('sends no HSTS, and plain-named HttpOnly SameSite=Lax cookies without Secure', async () => {
    const response = await t.http({ method: 'GET', url: '/trpc/profile.me' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    const cookie = cookieOf(response, 'exrated_sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeUndefined();
  });
});

describe('content security policy', () => {
  function directives(csp: string): Map<string, string[]> {
    return new Map(
      csp
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .filter((parts): parts is [string, ...string[]] => parts[0] !== undefined && parts[0] !== '')
        .map(([name, ...values]) => [name, values]),
    );
  }

  it('allows scripts from this origin only: no inline scripts, no eval, no framing', async () => {
    const response = await t.http({ method: 'GET', url: '/' });
    const csp = directives(String(response.headers['content-security-policy']));
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('gives API responses a policy that lets nothing load or frame them, without the page-only headers', async () => {
    const response = await t.http({ method: 'GET', url: '/trpc/rating.questions' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const pageOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection']) {
      expect(response.headers[pageOnly], pageOnly).toBeUndefined();
    }
  });

  it('is one the built client works under: every script and style is a same-origin file', async () => {
    const page = await t.http({ method: 'GET', url: '/rate?phone=%2B14155550100' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBeDefined();
    const html = page.body;
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes = '', body = ''] of scripts) {
      // An inline script would need 'unsafe-inline' or a hash: every script must be a file.
      expect(attributes).toMatch(/\ssrc="\/[^"]+"/);
      expect(body.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:/i);
    const references = [...html.matchAll(/\s(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(references.length).toBeGreaterThan(1);
    for (const reference of references) {
      expect(reference, 'same-origin path').toMatch(/^\/[^/]/);
      const asset = await t.http({ method: 'GET', url: reference });
      expect(asset.statusCode, reference).toBe(200);
    }
  });

  it("has no eval or external URLs in the bundle that 'self' would block", () => {
    const assets = path.join(CLIENT_DIST, 'assets');
    const files = readdirSync(assets);
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    for (const file of files.filter((name) => name.endsWith('.js'))) {
      const code = readFileSync(path.join(assets, file), 'utf8');
      expect(code, file).not.toMatch(/[^\w.$]eval\(|new Function\(/);
    }
    for (const file of files.filter((name) => name.endsWith('.css'))) {
      const css = readFileSync(path.join(assets, file), 'utf8');
      // Fonts and images come from this origin or data: URLs (font-src and img-src say so).
      expect(css, file).not.toMatch(/url\(\s*['"]?(?:https?:)?\/\//i);
      expect(css, file).not.toMatch(/@import\s+(?:url\()?['"]?https?:/i);
    }
  });
});

describe('CSRF guard', () => {
  const mutations = [...routerProcedures()].filter(([, kind]) => kind === 'mutation').map(([name]) => name);

  const attacks: Array<{ name: string; headers: Record<string, string>; payload: string; status: number }> = [
    { name: 'text/plain', headers: { 'content-type': 'text/plain' }, payload: '{"json":{}}', status: 415 },
    {
      name: 'form-urlencoded',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'json=%7B%7D',
      status: 415,
    },
    {
      name: 'multipart',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="json"\r\n\r\n{}\r\n--x--\r\n',
      status: 415,
    },
    {
      name: 'octet-stream',
      headers: { 'content-type': 'application/octet-stream' },
      payload: '{}',
      status: 415,
    },
    {
      name: 'Sec-Fetch-Site: cross-site',
      headers: { ...jsonHeaders, 'sec-fetch-site': 'cross-site' },
      payload: '{"json":{}}',
      status: 403,
    },
    {
      name: 'foreign Origin',
      headers: { ...jsonHeaders, origin: 'https://evil.example' },
      payload: '{"json":{}}',
      status: 403,
    },
    {
      name: 'look-alike Origin',
      headers: { ...jsonHeaders, origin: 'http://localhost:3000.evil.example' },
      payload: '{"json":{}}',
      status: 403,
    },
  ];

  it('covers the mutations of the router', () => {
    expect(mutations).toContain('rating.submit');
    expect(mutations).toContain('admin.saveSettings');
  });

  it.each(mutations)('refuses every cross-site or non-JSON form of %s before it runs', async (name) => {
    for (const attack of attacks) {
      for (const url of [`/trpc/${name}`, `/trpc/${name}?batch=1`]) {
        const response = await t.http({
          method: 'POST',
          url,
          headers: attack.headers,
          payload: attack.payload,
        });
        expect(response.statusCode, `${attack.name} ${url}`).toBe(attack.status);
        // The procedure never ran: not even a device session was created.
        expect(response.cookies, attack.name).toEqual([]);
      }
    }
    // Mutations are never reachable by GET (a link or an <img> cannot trigger one).
    const viaGet = await t.http({ method: 'GET', url: `/trpc/${name}?input=%7B%22json%22%3A%7B%7D%7D` });
    expect(viaGet.statusCode).toBe(405);
    expect(viaGet.cookies).toEqual([]);
  });

  it('lets the same-origin browser through', async () => {
    const reply = await trpcHttp(
      t,
      new HttpBrowser(),
      'mutation',
      'telemetry.track',
      { action: 'onboarding_step_completed' },
      {
        origin: 'http://localhost:3000',
        'sec-fetch-site': 'same-origin',
      },
    );
    expect(reply.status).toBe(200);
  });
});

describe('error responses', () => {
  const LEAKS = [
    /\n\s+at /,
    /\.(?:ts|js|mjs):\d+/,
    /\b(?:select|insert into|update|delete from)\b[\s\S]*\b(?:from|set|values|where)\b/i,
    /relation "|column "|violates|syntax error|ECONN|postgres|drizzle|CONNECTION_ENDED/i,
  ];

  function expectNoLeak(response: LightMyRequestResponse) {
    for (const pattern of LEAKS) expect(response.body, String(pattern)).not.toMatch(pattern);
  }

  it('shows no stack trace or SQL when the database is gone', async () => {
    const down = await createTestApp();
    try {
      await down.database.close();
      const browser = new HttpBrowser();
      const replies = [
        await trpcHttp(down, browser, 'query', 'profile.me'),
        await trpcHttp(down, browser, 'mutation', 'rating.submit', ratingInput()),
        await trpcHttp(down, browser, 'mutation', 'verification.send', { phoneNumber: '+14155550123' }),
        await trpcHttp(down, browser, 'mutation', 'notification.visit', {
          id: '3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c',
        }),
        await trpcHttp(down, browser, 'mutation', 'admin.login', testAdminLogin()),
        await trpcHttp(down, browser, 'mutation', 'telemetry.track', { action: 'onboarding_step_completed' }),
      ];
      for (const reply of replies) {
        expect(reply.status, reply.response.body).toBe(503);
        expectNoLeak(reply.response);
      }
      // A database that cannot be reached reads the same for every procedure: what to do, and nothing else.
      expect(replies[0]?.error?.message).toBe(DEPENDENCY_UNAVAILABLE_MESSAGE);
      expect(replies[0]?.error?.data).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        httpStatus: 503,
        path: 'profile.me',
      });
      const ready = await down.http({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expectNoLeak(ready);
    } finally {
      await down.close();
    }
  });

  it('shows no stack trace for malformed requests outside tRPC either', async () => {
    const responses = [
      await t.http({ method: 'POST', url: '/trpc/rating.submit', headers: jsonHeaders, payload: '{"json":' }),
      await t.http({ method: 'GET', url: '/trpc/profile.me?input=%7Bnot-json' }),
      await t.http({ method: 'POST', url: '/healthz', headers: jsonHeaders, payload: '{' }),
      await t.http({ method: 'GET', url: '/assets/missing-file.js' }),
      await t.http({
        method: 'POST',
        url: '/trpc/rating.submit',
        headers: jsonHeaders,
        payload: JSON.stringify({ json: { name: 'x'.repeat(300 * 1024) } }),
      }),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expectNoLeak(response);
    }
  });
});

describe('TRUST_PROXY', () => {
  type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;
  const injectInto =
    (app: FastifyInstance): Inject =>
    (options) =>
      app.inject(options);

  async function adminLogin(inject: Inject, remoteAddress: string, forwardedFor?: string) {
    const response = await inject({
      method: 'POST',
      url: '/trpc/admin.login',
      remoteAddress,
      headers: { ...jsonHeaders, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      payload: JSON.stringify({ json: { account: 'admin', password: 'wrong-password-guess' } }),
    });
    return response.statusCode;
  }

  it('unset: a spoofed X-Forwarded-For does not escape the per-IP cap', async () => {
    const statuses = [];
    for (const spoof of ['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4']) {
      statuses.push(await adminLogin(t.http, '203.0.113.50', spoof));
    }
    expect(statuses).toEqual([401, 401, 429, 429]);
  });

  it('true: the client address from X-Forwarded-For is the one capped and logged', async () => {
    const proxied = injectInto(
      await appOn({ TRUST_PROXY: 'true', LIMIT_ADMIN_LOGINS_PER_IP_PER_15_MIN: '2' }),
    );
    // One proxy address, many clients: each client has its own cap.
    expect(await adminLogin(proxied, '10.1.1.1', '198.51.100.61')).toBe(401);
    expect(await adminLogin(proxied, '10.1.1.1', '198.51.100.61')).toBe(401);
    expect(await adminLogin(proxied, '10.1.1.1', '198.51.100.61')).toBe(429);
    expect(await adminLogin(proxied, '10.1.1.1', '198.51.100.62')).toBe(401);
    const rows = await t.database.db
      .select({ ip: logs.ipAddress })
      .from(logs)
      .where(eq(logs.action, 'admin_login_failed'));
    expect(rows.map((row) => row.ip)).toEqual(expect.arrayContaining(['198.51.100.61', '198.51.100.62']));
    expect(rows.map((row) => row.ip)).not.toContain('10.1.1.1');
  });

  it('a hop count: only the address our own proxy appended counts, not one the client wrote', async () => {
    const oneHop = injectInto(await appOn({ TRUST_PROXY: '1', LIMIT_ADMIN_LOGINS_PER_IP_PER_15_MIN: '2' }));
    const statuses = [];
    for (const spoof of ['10.9.9.1', '10.9.9.2', '10.9.9.3']) {
      statuses.push(await adminLogin(oneHop, '10.1.1.1', `${spoof}, 198.51.100.70`));
    }
    expect(statuses).toEqual([401, 401, 429]);
  });
});

describe('request logs', () => {
  it('never contain a phone number, wherever the request carried one', async () => {
    const { stream, text: loggedText } = captureLogs();
    const config = loadConfig({
      NODE_ENV: 'test',
      SESSION_SECRET: SECRET,
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      PUBLIC_URL: 'http://localhost:3000',
      CLIENT_DIST_DIR: CLIENT_DIST,
      LOG_LEVEL: 'info',
    });
    // The console sender prints each text by design (a local tool); a silent one keeps the check on our logs.
    const app = await buildApp(config, {
      database: t.database,
      redis: null,
      runDispatcher: false,
      sms: new ConsoleSmsSender(() => {}),
      logger: { level: 'info', stream },
    });
    builtApps.push(app);
    const phone = '+14155550187';
    const input = (value: unknown) => encodeURIComponent(JSON.stringify({ json: value }));
    const browser = new HttpBrowser();
    const requests = [
      { method: 'GET' as const, url: `/trpc/admin.profile?input=${input({ phoneNumber: phone })}` },
      {
        method: 'GET' as const,
        url: `/trpc/profile.me,admin.profile?batch=1&input=${encodeURIComponent(JSON.stringify({ 1: { json: { phoneNumber: phone } } }))}`,
      },
      { method: 'GET' as const, url: `/rate?phone=${encodeURIComponent(phone)}` },
      { method: 'GET' as const, url: `/r/3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c?phone=${phone}` },
      {
        method: 'POST' as const,
        url: '/trpc/verification.send',
        headers: jsonHeaders,
        payload: JSON.stringify({ json: { phoneNumber: phone } }),
      },
      {
        method: 'POST' as const,
        url: '/trpc/rating.submit',
        headers: jsonHeaders,
        payload: JSON.stringify({ json: ratingInput({ phoneNumber: '+14155550188' }) }),
      },
      {
        method: 'POST' as const,
        url: '/trpc/profile.savePhone',
        headers: { ...jsonHeaders, origin: 'https://evil.example' },
        payload: JSON.stringify({ json: { phoneNumber: phone } }),
      },
    ];
    for (const request of requests) await injectWithCookies(app, request, browser);
    const text = loggedText();
    expect(text).toContain('"url":"/trpc/admin.profile"');
    expect(text).toContain('"url":"/rate"');
    for (const digits of ['4155550187', '4155550188']) expect(text).not.toContain(digits);
    expect(text).not.toContain('phoneNumber');
  });
});

describe('production settings', () => {
  function problemsOf(env: Record<string, string>) {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  }

  function without(...names: Array<keyof typeof PRODUCTION_ENV>): Record<string, string> {
    return Object.fromEntries(
      Object.entries(PRODUCTION_ENV).filter(([name]) => !names.includes(name as never)),
    );
  }

  it('accepts the complete production configuration', () => {
    expect(problemsOf(PRODUCTION_ENV)).toEqual([]);
    expect(loadConfig(PRODUCTION_ENV).cookieSecure).toBe(true);
  });

  it('refuses the console SMS sender, and a missing admin password or session secret', () => {
    expect(problemsOf({ ...PRODUCTION_ENV, SMS_PROVIDER: 'console' })).toEqual([
      'SMS_PROVIDER: the console sender is refused in production; use sns (AWS) or twilio',
    ]);
    expect(problemsOf(without('SMS_PROVIDER'))).toEqual([
      'SMS_PROVIDER: the console sender is refused in production; use sns (AWS) or twilio',
    ]);
    expect(problemsOf(without('ADMIN_PASSWORD'))).toEqual(['ADMIN_PASSWORD: required in production']);
    expect(problemsOf(without('SESSION_SECRET'))).toEqual(['SESSION_SECRET: required in production']);
  });

  it('refuses weak secrets', () => {
    expect(problemsOf({ ...PRODUCTION_ENV, SESSION_SECRET: 'short' })).toEqual([
      'SESSION_SECRET: must be at least 32 characters',
    ]);
    expect(problemsOf({ ...PRODUCTION_ENV, ADMIN_PASSWORD: 'admin' })).toEqual([
      'ADMIN_PASSWORD: must be at least 12 characters',
    ]);
  });
});
