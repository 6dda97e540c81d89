import { sql } from 'drizzle-orm';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, HttpBrowser, type TestApp, testAdminLogin } from '../support/test-app';
import { latestCode, type TrpcHttpReply, trpcHttp } from '../support/verification';

/**
 * `telemetry.track` or `telemetry.reportError` with `details` holding a `constructor` or
 * `prototype` key was stored, and afterwards admin.logs, admin.errorLogs and that phone's admin.profile
 * answered 500: one anonymous request hid abuse from administrators. Telemetry now refuses such keys, and no
 * row already stored (simulated by writing it straight to the database) can make an admin read fail.
 */

let t: TestApp;
const admin = new HttpBrowser();
const reporter = new HttpBrowser();
const PHONE = '+14155550177';

beforeAll(async () => {
  t = await createTestApp({ env: { LIMIT_TELEMETRY_PER_IP_PER_MINUTE: '1000' } });
  expect((await trpcHttp(t, admin, 'mutation', 'admin.login', testAdminLogin())).status).toBe(200);
  await trpcHttp(t, reporter, 'mutation', 'verification.send', { phoneNumber: PHONE });
  const proven = await trpcHttp(t, reporter, 'mutation', 'verification.check', {
    phoneNumber: PHONE,
    code: latestCode(t, PHONE),
  });
  expect(proven.status).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

/** A telemetry call whose body is written by hand, so `__proto__` reaches the server as a key. */
async function postRawTelemetry(path: string, bodyJson: string): Promise<TrpcHttpReply> {
  const response = await t.http(
    {
      method: 'POST',
      url: `/trpc/${path}`,
      headers: { 'content-type': 'application/json' },
      payload: `{"json":${bodyJson}}`,
    },
    reporter,
  );
  const body = response.json() as { result?: { data?: { json?: unknown } }; error?: { json: never } };
  return {
    status: response.statusCode,
    data: body.result?.data?.json,
    error: body.error?.json ?? null,
    response,
  };
}

const nested = (depth: number, leaf: string) => `${'{"a":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`;

/**
 * Every shape a `details` column can hold: the keys superjson refuses (at the top, nested, in lists), values
 * JSON.parse turns into numbers JSON cannot write, keys that shadow Object.prototype, non-object documents,
 * very deep nesting and very long keys.
 */
const HOSTILE_DETAILS = [
  '{"__proto__": {"isAdmin": true}}',
  '{"constructor": {"prototype": {"polluted": true}}}',
  '{"prototype": 1}',
  '{"constructor": "x", "prototype": "y", "__proto__": "z"}',
  '{"list": [{"__proto__": null}, {"constructor": []}]}',
  '{"constructor": 1e400}',
  '{"big": 1e400, "small": -1e400, "zero": -0}',
  '{"constructor": {"n": -0}}',
  '{"toString": 1, "valueOf": "x", "hasOwnProperty": null, "toJSON": "y"}',
  '{"a.b": {"c\\\\d": 1}, "": 2}',
  `{"${'k'.repeat(5000)}": "long key"}`,
  '[1, {"__proto__": 2}, "three"]',
  '"just a string"',
  '42',
  'true',
  'null',
  nested(400, '{"constructor": 1}'),
  nested(400, '[{"__proto__": {"x": 1e400}}]'),
  // Deeper than JSON.stringify's stack (Postgres takes ~12,000 levels).
  nested(10_000, '{"prototype": -0}'),
];

describe('telemetry details', () => {
  const reserved = [
    '{"constructor": "x"}',
    '{"prototype": 1}',
    '{"__proto__": "x"}',
    '{"step": 1, "constructor": null}',
  ];

  it.each(reserved)('refuses %s in track and reportError, naming the field', async (details) => {
    const tracked = await postRawTelemetry(
      'telemetry.track',
      `{"action": "onboarding_step_completed", "details": ${details}}`,
    );
    const reported = await postRawTelemetry(
      'telemetry.reportError',
      `{"message": "boom", "details": ${details}}`,
    );
    for (const reply of [tracked, reported]) {
      expect(reply.status, reply.response.body).toBe(400);
      expect(reply.error?.data.code).toBe('BAD_REQUEST');
      expect(reply.error?.message).toMatch(/^Details /);
      expect(Object.keys(reply.error?.data.fieldErrors ?? {})).toEqual(['details']);
    }
  });

  const action = '"action": "onboarding_step_completed"';
  it.each([
    ['a nested object', `{"json": {${action}, "details": {"step": {"a": 1}}}}`],
    ['a list', `{"json": {${action}, "details": {"step": [1]}}}`],
    ['a list as details', `{"json": {${action}, "details": [1]}}`],
    [
      'a date',
      `{"json": {${action}, "details": {"at": "2026-01-01T00:00:00.000Z"}}, "meta": {"values": {"details.at": ["Date"]}}}`,
    ],
    [
      'Infinity',
      `{"json": {${action}, "details": {"n": "Infinity"}}, "meta": {"values": {"details.n": ["number"]}}}`,
    ],
    [
      'a BigInt',
      `{"json": {${action}, "details": {"n": "1"}}, "meta": {"values": {"details.n": ["bigint"]}}}`,
    ],
  ])('refuses details holding %s', async (_name, body) => {
    const response = await t.http(
      {
        method: 'POST',
        url: '/trpc/telemetry.track',
        headers: { 'content-type': 'application/json' },
        payload: body,
      },
      reporter,
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json().error.json.data.fieldErrors)).toEqual(['details']);
  });

  it('still takes plain keys and values', async () => {
    const reply = await postRawTelemetry(
      'telemetry.track',
      '{"action": "onboarding_step_completed", "details": {"step": 2, "constructorName": "x", "proto": null}}',
    );
    expect(reply.status, reply.response.body).toBe(200);
  });
});

describe('admin reads over stored hostile details', () => {
  beforeAll(async () => {
    for (const [index, details] of HOSTILE_DETAILS.entries()) {
      await t.database.db.execute(
        sql`insert into logs (action, phone_number, details) values (${`hostile_${index}`}, ${PHONE}, ${details}::jsonb)`,
      );
      await t.database.db.execute(
        sql`insert into error_logs (error_message, phone_number, details, severity)
            values (${`hostile ${index}`}, ${PHONE}, ${details}::jsonb, 'high')`,
      );
      await t.database.db.execute(
        sql`insert into logs (action, phone_number, details)
            values ('verification_code_invalid', ${PHONE}, ${details}::jsonb)`,
      );
    }
  });

  /** A read an administrator's page makes: 200, and readable by the client's superjson. */
  async function adminRead(path: string, input?: unknown) {
    const reply = await trpcHttp(t, admin, 'query', path, input);
    expect(reply.status, `${path}: ${reply.response.body.slice(0, 300)}`).toBe(200);
    const body = reply.response.json() as { result: { data: Parameters<typeof superjson.deserialize>[0] } };
    return superjson.deserialize(body.result.data);
  }

  it('admin.logs answers, showing each entry', async () => {
    const page = (await adminRead('admin.logs', {})) as {
      entries: Array<{ action: string; details: unknown }>;
    };
    const actions = page.entries.map((entry) => entry.action);
    for (const index of HOSTILE_DETAILS.keys()) expect(actions).toContain(`hostile_${index}`);
    const constructorRow = page.entries.find((entry) => entry.action === 'hostile_2');
    expect(constructorRow?.details).toEqual({ prototype: 1 });
  });

  it('admin.errorLogs answers on every page', async () => {
    let seen = 0;
    for (let page = 1; seen < HOSTILE_DETAILS.length; page += 1) {
      const result = (await adminRead('admin.errorLogs', { phone: PHONE, page })) as {
        entries: unknown[];
        total: number;
      };
      expect(result.total).toBe(HOSTILE_DETAILS.length);
      expect(result.entries.length).toBeGreaterThan(0);
      seen += result.entries.length;
    }
  });

  it('admin.profile of that phone answers', async () => {
    const detail = (await adminRead('admin.profile', { phoneNumber: PHONE })) as {
      activity: unknown[];
      errors: unknown[];
      verificationHistory: unknown[];
    };
    expect(detail.errors).toHaveLength(HOSTILE_DETAILS.length);
    expect(detail.verificationHistory.length).toBeGreaterThanOrEqual(HOSTILE_DETAILS.length);
  });

  it('admin.dashboard answers', async () => {
    expect(await adminRead('admin.dashboard')).toMatchObject({ totals: expect.any(Object) });
  });
});
