import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NUL_CHARACTER_MESSAGE,
  UNKNOWN_FIELD_MESSAGE,
  UNREADABLE_REQUEST_MESSAGE,
} from '../../src/trpc/init';
import { ratingInput, ratingTableCounts } from '../support/rating-fixtures';
import { routerProcedures } from '../support/router-procedures';
import {
  createTestApp,
  HttpBrowser,
  TEST_ADMIN_PASSWORD,
  type TestApp,
  UNCAPPED_LIMITS_ENV,
} from '../support/test-app';
import { makePrivileged, trpcHttp } from '../support/verification';

/**
 * Issue 9, item 2: random and hostile input for every procedure, over HTTP as a browser (or a script) sends
 * it. Whatever arrives, the answer is a success or a 4xx-class tRPC error: never INTERNAL_SERVER_ERROR, never
 * a partial rating, never the input's HTML reflected in an error.
 */

const NUM_RUNS = 50;

const HOSTILE_STRINGS = [
  "'; drop table ratings; --",
  '" OR 1=1 --',
  "Robert'); DELETE FROM rating_scores WHERE ('1'='1",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '{{constructor.constructor("return process")()}}',
  ['$', '{process.env.SESSION_SECRET}'].join(''),
  '\u0000',
  'Zoë\u0000K.',
  '\u202eevil',
  '\ud800',
  '%00%27',
  '../../../../etc/passwd',
  '+1 (202) 555-0143',
  '+12025550143\n',
  '𝔄𝔩𝔢𝔵 𝔖.',
  '👩‍❤️‍💋‍👨',
  '__proto__',
  'null',
  '',
  ' ',
];

const controlCharacters = fc.string({
  unit: fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
  minLength: 1,
  maxLength: 20,
});

/** Strings from harmless to hostile: SQL and HTML fragments, control characters, any unicode, huge ones. */
const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 4 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 80 }), weight: 2 },
  { arbitrary: controlCharacters, weight: 2 },
  {
    arbitrary: fc
      .tuple(fc.constantFrom(...HOSTILE_STRINGS), fc.integer({ min: 300, max: 300_000 }))
      .map(([seed, length]) => `${seed}${'A'.repeat(length)}`),
    weight: 1,
  },
);

/** Any JSON value a caller can send in place of a field: wrong types, nulls, arrays, nested objects. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 5 },
  { arbitrary: fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 1e308, 2 ** 53)), weight: 2 },
  { arbitrary: fc.constantFrom(null, true, false, [], {}), weight: 2 },
  { arbitrary: fc.array(hostileString, { maxLength: 5 }), weight: 1 },
  { arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 4 }), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
);

const hostileKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdmin', 'phone'),
  hostileString,
);

/**
 * An input for a procedure whose valid input is `valid`: the whole input replaced, one field replaced by a
 * hostile value or null, or an extra key added.
 */
function hostileInput(valid: unknown): fc.Arbitrary<unknown> {
  const whole = hostileValue;
  if (typeof valid !== 'object' || valid === null || Array.isArray(valid)) return whole;
  const fields = Object.keys(valid);
  const replaced = fc
    .tuple(fc.constantFrom(...fields), fc.oneof(hostileValue, fc.constant(null)))
    .map(([key, value]) => ({ ...valid, [key]: value }));
  const extraKey = fc
    .tuple(hostileKey, hostileValue)
    .map(([key, value]) => Object.assign({ ...valid }, { [key]: value }));
  const nested =
    'scores' in valid
      ? fc
          .tuple(fc.nat({ max: 4 }), fc.constantFrom('questionId', 'score'), hostileValue)
          .map(([index, key, value]) => ({
            ...valid,
            scores: ratingInput().scores.map((entry, i) =>
              i === index ? { ...entry, [key]: value } : entry,
            ),
          }))
      : replaced;
  return fc.oneof(whole, replaced, replaced, extraKey, nested);
}

let t: TestApp;
/** Proven, unlocked and admin at once, so input reaches validation behind every kind of procedure. */
const privileged = new HttpBrowser();
/** A session that only typed a phone: profile.savePhone would end the privileged one's proof. */
const unproven = new HttpBrowser();
const PRIVILEGED_PHONE = '+14155558001';

const PROCEDURES = routerProcedures();

async function call(browser: HttpBrowser, path: string, input: unknown) {
  return trpcHttp(t, browser, PROCEDURES.get(path) === 'query' ? 'query' : 'mutation', path, input);
}

/** A POST of `body` exactly as given, declared as JSON whatever it holds. */
function postRaw(path: string, body: string) {
  return t.http({
    method: 'POST',
    url: `/trpc/${path}`,
    headers: { 'content-type': 'application/json' },
    payload: body,
  });
}

interface FuzzRow {
  valid?: unknown;
  /** The browser each run uses; the privileged one unless the procedure would end or change it. */
  browser?: () => Promise<HttpBrowser> | HttpBrowser;
  after?: () => Promise<void>;
}

const ROWS: Record<string, FuzzRow> = {
  'admin.login': { valid: { password: 'not-the-password' } },
  'admin.logout': {
    browser: async () => {
      const admin = new HttpBrowser();
      await call(admin, 'admin.login', { password: TEST_ADMIN_PASSWORD });
      return admin;
    },
  },
  'admin.me': {},
  'admin.dashboard': {},
  'admin.profiles': { valid: { search: '415', filter: 'all', page: 1, pageSize: 20 } },
  'admin.profile': { valid: { phoneNumber: PRIVILEGED_PHONE } },
  'admin.logs': { valid: { search: 'verification', action: 'verification_complete', category: 'all' } },
  'admin.errorLogs': { valid: { search: 'rating', phone: '+1415', severity: 'high', page: 1 } },
  'admin.sqlQuery': { valid: { query: 'select 1' } },
  'admin.queue': {},
  'admin.decide': {
    valid: {
      kind: 'notice',
      id: '3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c',
      outcome: 'keep',
      reason: 'within_terms',
      note: '',
    },
  },
  'admin.settings': {},
  'admin.saveSettings': {
    valid: { maintenanceMode: false, logLevel: 'info' },
    // A run may switch maintenance mode on; the rating runs after it must reach validation.
    after: async () => {
      await call(privileged, 'admin.saveSettings', { maintenanceMode: false, logLevel: 'info' });
    },
  },
  'notice.file': { valid: { reason: 'other', text: 'A review about me.', contact: 'me@example.com' } },
  'notice.status': { valid: { reference: 'ABCDEFGHJK12' } },
  'notification.visit': { valid: { id: '3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c' } },
  'notification.optOut': { valid: { id: '3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c' } },
  'profile.me': {},
  'profile.savePhone': { valid: { phoneNumber: '+14155558002' }, browser: () => unproven },
  'profile.logout': { browser: () => new HttpBrowser() },
  'profile.ratingsReceived': {},
  'profile.updateName': { valid: { name: 'Sam' } },
  'profile.reportRating': {
    valid: { ratingId: '3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c', reason: 'harassment', text: 'Not true.' },
  },
  'profile.ratingsGiven': {},
  'profile.appeal': {
    valid: { ratingId: '3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c', text: 'Please look again.' },
  },
  'profile.setDoNotRate': { valid: { doNotRate: false } },
  'profile.exportData': {},
  // A fresh browser: a run must never delete the privileged one's account.
  'profile.deleteAccount': { browser: () => new HttpBrowser() },
  'profile.setTextsOptIn': { valid: { optIn: true } },
  'rating.questions': {},
  'rating.relationshipTypes': {},
  'rating.submit': { valid: ratingInput() },
  'transparency.report': {},
  'telemetry.track': { valid: { action: 'onboarding_step_completed', details: { step: 1 } } },
  'telemetry.reportError': {
    valid: { message: 'Render failed', stack: 'at x', componentName: 'RatePage', url: '/rate', details: {} },
  },
  'verification.send': { valid: { phoneNumber: '+12025550177' } },
  'verification.check': { valid: { phoneNumber: '+12025550177', code: '123456' } },
  'verification.defaultCountry': {},
};

const ROUTER_PATHS = [...PROCEDURES.keys()];
// Codes a caller may get back for input it got wrong (or a cap it hit); 5xx never.
const CLIENT_ERROR_CODES = new Set([
  'PARSE_ERROR',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_SUPPORTED',
  'CONFLICT',
  'PRECONDITION_FAILED',
  'PAYLOAD_TOO_LARGE',
  'UNPROCESSABLE_CONTENT',
  'TOO_MANY_REQUESTS',
]);

/** Nothing in a reply may read as markup, SQL or a stack trace. */
function expectNoReflection(text: string) {
  expect(text).not.toMatch(/<\s*[a-z!/]/i);
  expect(text.toLowerCase()).not.toContain('drop table');
  expect(text.toLowerCase()).not.toContain('delete from');
  expect(text).not.toMatch(/\n\s+at |\.ts:\d+/);
}

/** A reply to any input: success, or a 4xx tRPC error with a user-facing message. */
function expectClientOutcome(response: LightMyRequestResponse) {
  // JSON, never a page a browser would render (tRPC answers a few batch errors as text/plain JSON).
  expect(response.headers['content-type']).toMatch(/^(application\/json|text\/plain)/);
  expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
  // A success may hand back what was saved (a display name is the caller's own text); an error never does.
  if (response.statusCode >= 400) expectNoReflection(response.body);
  const body: unknown = response.json();
  const entries = Array.isArray(body) ? body : [body];
  for (const entry of entries) {
    const code = (entry as { error?: { json?: { data?: { code?: string } } } }).error?.json?.data?.code;
    if (code !== undefined) expect(CLIENT_ERROR_CODES, code).toContain(code);
  }
}

async function tableCounts() {
  const counts = await ratingTableCounts(t.database.db);
  return {
    ratings: Number(counts.ratings),
    scores: Number(counts.scores),
    notifications: Number(counts.notifications),
  };
}

/** Every rating has exactly its five scores and one notification: nothing was half written. */
async function expectWholeRatings() {
  const counts = await tableCounts();
  expect(counts.scores).toBe(counts.ratings * 5);
  expect(counts.notifications).toBe(counts.ratings);
  return counts;
}

beforeAll(async () => {
  t = await createTestApp({ env: UNCAPPED_LIMITS_ENV, overrides: { runDispatcher: false } });
  await makePrivileged(t, privileged, PRIVILEGED_PHONE, ['+14155558101', '+14155558102']);
  await call(unproven, 'profile.savePhone', { phoneNumber: '+14155558003' });
  const me = await call(privileged, 'profile.me', undefined);
  expect(me.data).toMatchObject({ isVerified: true, isUnlocked: true });
  expect((await call(privileged, 'admin.me', undefined)).data).toEqual({ isAdmin: true });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('hostile input to every procedure', () => {
  it('covers every procedure of the router', () => {
    expect(Object.keys(ROWS).sort()).toEqual([...ROUTER_PATHS].sort());
  });

  it.each(ROUTER_PATHS)('%s answers success or a 4xx error, never a 5xx', async (path) => {
    const row = ROWS[path];
    if (!row) throw new Error(`no bad-input row for ${path}: add one`);
    await fc.assert(
      fc.asyncProperty(hostileInput(row.valid), async (input) => {
        const browser = row.browser ? await row.browser() : privileged;
        const before = path === 'rating.submit' ? await tableCounts() : null;
        const reply = await call(browser, path, input);
        expectClientOutcome(reply.response);
        if (before) {
          // All of a rating or none of it.
          const after = await expectWholeRatings();
          expect(after.ratings - before.ratings).toBe(reply.status === 200 ? 1 : 0);
        }
      }),
      { numRuns: NUM_RUNS },
    );
    await row.after?.();
    // The privileged browser is still what it was: no hostile input changed who it is.
    expect((await call(privileged, 'profile.me', undefined)).data).toMatchObject({ isUnlocked: true });
    await expectWholeRatings();
  });
});

describe('what the runs found', () => {
  it('refuses a NUL character anywhere in the input before it reaches Postgres, writing nothing', async () => {
    const before = await tableCounts();
    const rating = await call(
      privileged,
      'rating.submit',
      ratingInput({ phoneNumber: '+14155558103', testimonial: 'Kind\u0000' }),
    );
    expect(rating.status).toBe(400);
    expect(rating.error?.message).toBe(NUL_CHARACTER_MESSAGE);
    expect(await tableCounts()).toEqual(before);
    const search = await call(privileged, 'admin.logs', { search: 'a\u0000b' });
    expect(search.error?.data.code).toBe('BAD_REQUEST');
    const telemetry = await call(privileged, 'telemetry.track', {
      action: 'onboarding_step_completed',
      details: { 'step\u0000': 1 },
    });
    expect(telemetry.error?.data.code).toBe('BAD_REQUEST');
  });

  it('never echoes an unknown key, an unknown path or a record key in an error', async () => {
    const extra = await call(privileged, 'profile.updateName', {
      name: 'Sam',
      '<script>alert(1)</script>': 1,
    });
    expect(extra.error?.message).toBe(UNKNOWN_FIELD_MESSAGE);
    expect(extra.error?.data.fieldErrors).toEqual({ input: UNKNOWN_FIELD_MESSAGE });
    const details = await call(privileged, 'telemetry.track', {
      action: 'onboarding_step_completed',
      details: { '<b>x</b>': { nested: true } },
    });
    expect(details.error?.data.fieldErrors).toEqual({ details: expect.any(String) });
    const unreadable = await postRaw('rating.submit', '<script>alert(1)</script>');
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().error.json.message).toBe(UNREADABLE_REQUEST_MESSAGE);
    const unknown = await t.http({ method: 'GET', url: `/trpc/${encodeURIComponent('<img src=x>')}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).not.toContain('<img');
  });
});

describe('malformed requests', () => {
  const mutationPaths = ROUTER_PATHS.filter((path) => ROWS[path] && path !== 'profile.logout');

  it('answers bodies that are not tRPC JSON with a 4xx', async () => {
    const rawBody = fc.oneof(
      hostileString,
      fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
      // superjson's meta block, which names how values are revived, filled with junk.
      fc
        .tuple(hostileValue, hostileValue)
        .map(([json, meta]) => JSON.stringify({ json, meta: { values: meta, referentialEqualities: meta } })),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...mutationPaths), rawBody, async (path, body) => {
        expectClientOutcome(await postRaw(path, body));
      }),
      { numRuns: 60 },
    );
  });

  it('answers batched calls, including unknown and mixed-up paths, with a 4xx or success per call', async () => {
    const paths = fc.oneof(
      { arbitrary: fc.constantFrom(...ROUTER_PATHS), weight: 4 },
      {
        arbitrary: fc.constantFrom(
          'nope',
          'admin',
          'admin.',
          '..',
          'rating.submit.x',
          '__proto__',
          '<script>alert(1)</script>',
        ),
        weight: 1,
      },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(paths, hostileValue), { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        async (calls, asQuery) => {
          const url = `/trpc/${calls.map(([path]) => encodeURIComponent(path)).join(',')}?batch=1`;
          const inputs = Object.fromEntries(calls.map(([, input], index) => [index, { json: input }]));
          // A fresh browser: a batch may name log out, which would end a shared session.
          const response = asQuery
            ? await t.http({
                method: 'GET',
                url: `${url}&input=${encodeURIComponent(JSON.stringify(inputs))}`,
              })
            : await t.http({
                method: 'POST',
                url,
                headers: { 'content-type': 'application/json' },
                payload: JSON.stringify(inputs),
              });
          expectClientOutcome(response);
        },
      ),
      { numRuns: 60 },
    );
    await expectWholeRatings();
  });
});
