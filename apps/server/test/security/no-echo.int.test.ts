import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ratingInput } from '../support/rating-fixtures';
import { procedureInputFields, routerProcedures } from '../support/router-procedures';
import { createTestApp, HttpBrowser, type TestApp, UNCAPPED_LIMITS_ENV } from '../support/test-app';
import { makePrivileged, trpcHttp } from '../support/verification';

/**
 * Superjson's input errors echoed the input ('unknown class …') and private responses
 * carried no `Cache-Control: no-store`. A unique marker goes through every procedure in every place a caller
 * controls (field values, keys, superjson's annotations, malformed JSON, the URL path and query); no response
 * may carry it back, none may be a 5xx, and every /trpc response says `no-store`.
 */

const MARKER = 'Qz7EchoMarker';
let t: TestApp;
/** Proven, unlocked and admin at once, so input reaches validation behind every kind of procedure. */
const privileged = new HttpBrowser();
const PHONE = '+14155558301';
const PROCEDURES = routerProcedures();
/** Procedures that would end or change the privileged session: called from a fresh browser. */
const SESSION_CHANGING = new Set([
  'profile.logout',
  'profile.deleteAccount',
  'admin.logout',
  'profile.savePhone',
  'verification.check',
]);

beforeAll(async () => {
  t = await createTestApp({ env: UNCAPPED_LIMITS_ENV, overrides: { runDispatcher: false } });
  await makePrivileged(t, privileged, PHONE, ['+14155558302', '+14155558303']);
  const me = await trpcHttp(t, privileged, 'query', 'profile.me');
  expect(me.data).toMatchObject({ isVerified: true, isUnlocked: true });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** Values a field can be sent: the marker as text, inside contact details, too long, as a key, in a list. */
const FIELD_VALUES: unknown[] = [
  MARKER,
  `${MARKER} call +1 415 555 0100 or ${MARKER}@example.com, https://${MARKER}.example, @${MARKER}`,
  `${MARKER} `.repeat(500),
  { [MARKER]: MARKER },
  [MARKER],
];

/** Whole inputs: the marker in place of the input, as a key, and every field in turn. */
function hostileInputs(path: string): unknown[] {
  const fields = procedureInputFields(path);
  const base = path === 'rating.submit' ? ratingInput() : {};
  const inputs: unknown[] = [MARKER, { [MARKER]: 1 }, [MARKER], { ...base, [MARKER]: MARKER }];
  for (const field of fields) {
    for (const value of FIELD_VALUES) inputs.push({ ...base, [field]: value });
  }
  if (path === 'rating.submit') {
    inputs.push({ ...base, scores: [{ questionId: MARKER, score: MARKER }] });
  }
  return inputs;
}

/** superjson payloads whose annotations are the caller's: unknown classes, bad values, paths to nowhere. */
const SUPERJSON_BODIES = [
  { json: { x: MARKER }, meta: { values: { x: [['class', MARKER]] } } },
  { json: { x: MARKER }, meta: { values: { x: [['custom', MARKER]] } } },
  { json: { x: MARKER }, meta: { values: { x: [['symbol', MARKER]] } } },
  { json: { x: MARKER }, meta: { values: { x: [['typed-array', MARKER]] } } },
  { json: { x: MARKER }, meta: { values: { x: [MARKER] } } },
  { json: { x: MARKER }, meta: { values: { x: ['bigint'] } } },
  { json: { x: `/${MARKER}(/` }, meta: { values: { x: ['regexp'] } } },
  { json: { x: MARKER }, meta: { values: { x: ['symbol'] } } },
  { json: { x: { message: MARKER } }, meta: { values: { x: ['Error'] } } },
  { json: { x: MARKER }, meta: { values: { [`${MARKER}.y`]: ['Date'] } } },
  { json: { x: MARKER }, meta: { values: { [MARKER]: ['Date'] } } },
  { json: { x: MARKER }, meta: { referentialEqualities: { x: [MARKER] } } },
  { json: { x: MARKER }, meta: { referentialEqualities: { [MARKER]: ['x'] } } },
  { json: { x: MARKER }, meta: { values: MARKER } },
  { json: { x: MARKER }, meta: MARKER },
  { json: { x: MARKER }, meta: { values: { x: ['Date'] }, v: MARKER } },
];

const RAW_BODIES = [
  `{"json": "${MARKER}`,
  `{"json": ${MARKER}}`,
  `${MARKER}`,
  `{"json": {"x": "${MARKER}"}, }`,
  ...SUPERJSON_BODIES.map((body) => JSON.stringify(body)),
];

/** An error never carries the marker back; a success may hand back what was saved (the caller's own text). */
function expectNoEcho(response: LightMyRequestResponse, label: string) {
  expect(response.headers['cache-control'], label).toBe('no-store');
  expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (response.statusCode < 400) return;
  expect(response.body.toLowerCase(), `${label}: ${response.body.slice(0, 300)}`).not.toContain(
    MARKER.toLowerCase(),
  );
}

function browserFor(path: string) {
  return SESSION_CHANGING.has(path) ? new HttpBrowser() : privileged;
}

/** The request a browser makes for `path` with a raw JSON text as its input. */
function sendRaw(path: string, text: string, browser: HttpBrowser) {
  return PROCEDURES.get(path) === 'query'
    ? t.http({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(text)}` }, browser)
    : t.http(
        {
          method: 'POST',
          url: `/trpc/${path}`,
          headers: { 'content-type': 'application/json' },
          payload: text,
        },
        browser,
      );
}

describe('no input in any error', () => {
  it("reads each procedure's fields from its schema", () => {
    expect(procedureInputFields('rating.submit')).toEqual(
      expect.arrayContaining(['name', 'phoneNumber', 'scores']),
    );
    expect(procedureInputFields('telemetry.track')).toEqual(['action', 'details']);
    expect(procedureInputFields('profile.me')).toEqual([]);
  });

  it.each([...PROCEDURES.keys()])('%s echoes nothing of any input', async (path) => {
    for (const input of hostileInputs(path)) {
      const response = await sendRaw(path, JSON.stringify({ json: input }), browserFor(path));
      expectNoEcho(response, `${path} ${JSON.stringify(input).slice(0, 120)}`);
    }
    for (const body of RAW_BODIES) {
      const response = await sendRaw(path, body, browserFor(path));
      expectNoEcho(response, `${path} ${body.slice(0, 120)}`);
    }
  });

  it('echoes nothing of the URL: unknown paths, bad encodings, batches, query parameters', async () => {
    const urls = [
      `/trpc/${MARKER}`,
      `/trpc/profile.me,${MARKER}?batch=1&input=%7B%7D`,
      `/trpc/%25E0${MARKER}`,
      `/trpc/profile.me%25${MARKER}`,
      `/trpc/profile.me?batch=1&input=${MARKER}`,
      `/trpc/profile.me?batch=1&input=%22${MARKER}%22`,
      `/trpc/profile.me?connectionParams=${MARKER}`,
      `/trpc/profile.me?connectionParams=%7B%22${MARKER}%22%3A1%7D`,
      `/trpc/rating.submit?input=%7B%7D`,
    ];
    for (const url of urls) {
      expectNoEcho(await t.http({ method: 'GET', url }, privileged), `GET ${url}`);
      expectNoEcho(
        await t.http(
          { method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{}' },
          new HttpBrowser(),
        ),
        `POST ${url}`,
      );
    }
  });
});

describe('Cache-Control on /trpc', () => {
  it('is no-store on answers, errors and refusals alike', async () => {
    const responses = [
      await t.http({ method: 'GET', url: '/trpc/rating.questions' }),
      await t.http({ method: 'GET', url: '/trpc/profile.me' }, privileged),
      await t.http({ method: 'GET', url: '/trpc/profile.ratingsReceived' }, privileged),
      await t.http({ method: 'GET', url: '/trpc/admin.dashboard' }, privileged),
      await t.http({ method: 'GET', url: '/trpc/admin.dashboard' }),
      await t.http({ method: 'GET', url: `/trpc/${Array(11).fill('profile.me').join(',')}?batch=1` }),
      await t.http({
        method: 'POST',
        url: '/trpc/profile.logout',
        headers: { 'content-type': 'text/plain', origin: 'https://evil.example' },
        payload: '{}',
      }),
    ];
    for (const response of responses) expect(response.headers['cache-control']).toBe('no-store');
  });
});
