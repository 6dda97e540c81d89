import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NUL_CHARACTER_MESSAGE,
  UNKNOWN_FIELD_MESSAGE,
  UNREADABLE_REQUEST_MESSAGE,
} from '../../src/trpc/init';
import {
  hostileBatch,
  hostileBody,
  hostileInput,
  PRIVILEGED_PHONE,
  VALID_INPUTS,
} from '../support/hostile-input';
import { ratingInput, ratingTableCounts } from '../support/rating-fixtures';
import { routerProcedures } from '../support/router-procedures';
import {
  createTestApp,
  HttpBrowser,
  type TestApp,
  testAdminLogin,
  UNCAPPED_LIMITS_ENV,
} from '../support/test-app';
import { makePrivileged, trpcHttp } from '../support/verification';

/**
 * Random and hostile input for every procedure, over HTTP as a browser (or a script) sends
 * it. Whatever arrives, the answer is a success or a 4xx-class tRPC error: never INTERNAL_SERVER_ERROR, never
 * a partial rating, never the input's HTML reflected in an error.
 */

const NUM_RUNS = 50;

let t: TestApp;
/** Proven, unlocked and admin at once, so input reaches validation behind every kind of procedure. */
const privileged = new HttpBrowser();
/** A session that only typed a phone: profile.savePhone would end the privileged one's proof. */
const unproven = new HttpBrowser();

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
  /** The browser each run uses; the privileged one unless the procedure would end or change it. */
  browser?: () => Promise<HttpBrowser> | HttpBrowser;
  after?: () => Promise<void>;
}

const ROWS: Record<string, FuzzRow> = {
  'admin.login': {},
  'admin.logout': {
    browser: async () => {
      const admin = new HttpBrowser();
      await call(admin, 'admin.login', testAdminLogin());
      return admin;
    },
  },
  'admin.me': {},
  'admin.dashboard': {},
  'admin.profiles': {},
  'admin.profile': {},
  'admin.logs': {},
  'admin.errorLogs': {},
  'admin.sqlQuery': {},
  'admin.queue': {},
  'admin.decide': {},
  'admin.decideGroup': {},
  'admin.settings': {},
  'admin.saveSettings': {
    // A run may switch maintenance mode on; the rating runs after it must reach validation.
    after: async () => {
      await call(privileged, 'admin.saveSettings', {
        maintenanceMode: false,
        logLevel: 'info',
        repeatOffenderThreshold: 2,
      });
    },
  },
  'notice.file': {},
  'notice.status': {},
  'notification.visit': {},
  'notification.optOut': {},
  'profile.me': {},
  'profile.savePhone': { browser: () => unproven },
  'profile.logout': { browser: () => new HttpBrowser() },
  'profile.ratingsReceived': {},
  'profile.updateName': {},
  'profile.reportRating': {},
  'profile.ratingsGiven': {},
  'profile.appeal': {},
  'profile.setDoNotRate': {},
  'profile.exportData': {},
  // A fresh browser: a run must never delete the privileged one's account.
  'profile.deleteAccount': { browser: () => new HttpBrowser() },
  'profile.setTextsOptIn': {},
  'rating.anonymity': {},
  'rating.questions': {},
  'rating.relationshipTypes': {},
  'rating.submit': {},
  'transparency.report': {},
  'telemetry.track': {},
  'telemetry.reportError': {},
  'verification.send': {},
  'verification.check': {},
  'verification.defaultCountry': {},
  'staff.list': {},
  'staff.invite': {},
  'staff.setDisabled': {},
  'staff.remove': {},
  'staff.resetSecondFactor': {},
  'staff.beginEnrolment': {},
  'staff.completeEnrolment': {},
  'staff.passkeys': {},
  'staff.passkeyRegistrationOptions': {},
  'staff.addPasskey': {},
  'staff.removePasskey': {},
  'staff.passkeyLoginOptions': {},
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
  expect((await call(privileged, 'admin.me', undefined)).data).toMatchObject({ isAdmin: true });
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
      fc.asyncProperty(hostileInput(VALID_INPUTS[path]), async (input) => {
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
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...mutationPaths), hostileBody, async (path, body) => {
        expectClientOutcome(await postRaw(path, body));
      }),
      { numRuns: 60 },
    );
  });

  it('answers batched calls, including unknown and mixed-up paths, with a 4xx or success per call', async () => {
    await fc.assert(
      fc.asyncProperty(hostileBatch(ROUTER_PATHS), async (batch) => {
        // A fresh browser: a batch may name log out, which would end a shared session.
        expectClientOutcome(await t.http(batch));
      }),
      { numRuns: 60 },
    );
    await expectWholeRatings();
  });
});
