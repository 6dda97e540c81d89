import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { ratingInput } from './rating-fixtures';

/**
 * The security suite's corpus of hostile input: strings from harmless to hostile, any JSON
 * value in place of a field, inputs built from a procedure's valid one, raw bodies and batched calls. Shared
 * by the bad-input suite and the tRPC conformance test, which sends it to the stock adapter and the fast path.
 */

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
export function hostileInput(valid: unknown): fc.Arbitrary<unknown> {
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

/** The phone the suites' privileged browser proves (and the admin.profile input names). */
export const PRIVILEGED_PHONE = '+14155558001';

/** An id and an enrolment token of the right form that name nothing. */
const WELL_FORMED_ID = '3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c';
const WELL_FORMED_TOKEN = 'A'.repeat(43);

/** A valid (or well-formed) input of each procedure that takes one: the seed of `hostileInput`. */
export const VALID_INPUTS: Record<string, unknown> = {
  'admin.login': { account: 'admin', password: 'not-the-password', code: '123456' },
  'admin.profiles': { search: '415', filter: 'all', page: 1, pageSize: 20 },
  'admin.profile': { phoneNumber: PRIVILEGED_PHONE },
  'admin.logs': { search: 'verification', action: 'verification_complete', category: 'all' },
  'admin.errorLogs': { search: 'rating', phone: '+1415', severity: 'high', page: 1 },
  'admin.sqlQuery': { query: 'select 1' },
  'admin.decide': {
    kind: 'notice',
    id: WELL_FORMED_ID,
    outcome: 'keep',
    reason: 'within_terms',
    note: '',
  },
  'admin.decideGroup': {
    items: [
      { kind: 'held_rating', id: WELL_FORMED_ID },
      { kind: 'notice', id: '4a2d3b5f-9c8e-4d2f-8b3c-6e7f8a9b0c1d' },
    ],
    outcome: 'hide',
    reason: 'harassment',
    note: '',
  },
  'admin.saveSettings': { maintenanceMode: false, logLevel: 'info', repeatOffenderThreshold: 2 },
  'notice.file': { reason: 'other', text: 'A review about me.', contact: 'me@example.com' },
  'notice.status': { reference: 'ABCDEFGHJK12' },
  'notification.visit': { id: WELL_FORMED_ID },
  'notification.optOut': { id: WELL_FORMED_ID },
  'profile.savePhone': { phoneNumber: '+14155558002' },
  'profile.updateName': { name: 'Sam' },
  'profile.reportRating': {
    ratingId: WELL_FORMED_ID,
    reason: 'harassment',
    text: 'Not true.',
  },
  'profile.appeal': { ratingId: WELL_FORMED_ID, text: 'Please look again.' },
  'profile.setDoNotRate': { doNotRate: false },
  'profile.setTextsOptIn': { optIn: true },
  'rating.submit': ratingInput(),
  'telemetry.track': { action: 'onboarding_step_completed', details: { step: 1 } },
  'telemetry.reportError': {
    message: 'Render failed',
    stack: 'at x',
    componentName: 'RatePage',
    url: '/rate',
    details: {},
  },
  'verification.send': { phoneNumber: '+12025550177' },
  'verification.check': { phoneNumber: '+12025550177', code: '123456' },
  'admin.queue': { kind: 'notice', trigger: 'harassment', reference: 'ABCDEFGHJK12' },
  'staff.invite': { login: 'invitee@example.org', displayName: 'Invitee', role: 'moderator' },
  'staff.setDisabled': { id: WELL_FORMED_ID, disabled: true },
  'staff.remove': { id: WELL_FORMED_ID },
  'staff.resetSecondFactor': { id: WELL_FORMED_ID },
  'staff.beginEnrolment': { token: WELL_FORMED_TOKEN },
  'staff.completeEnrolment': {
    token: WELL_FORMED_TOKEN,
    password: 'a long enough password',
    code: '123456',
  },
  'staff.addPasskey': {
    name: 'Laptop',
    response: {
      id: 'AAAAAAAAAAAAAAAAAAAAAA',
      rawId: 'AAAAAAAAAAAAAAAAAAAAAA',
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: 'e30', attestationObject: 'oA' },
    },
  },
  'staff.removePasskey': { id: WELL_FORMED_ID },
  'staff.passkeyLoginOptions': { account: 'admin' },
};

/** Bodies that are not tRPC JSON, declared as JSON: text, bare JSON values, superjson meta blocks of junk. */
export const hostileBody: fc.Arbitrary<string> = fc.oneof(
  hostileString,
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  // superjson's meta block, which names how values are revived, filled with junk.
  fc
    .tuple(hostileValue, hostileValue)
    .map(([json, meta]) => JSON.stringify({ json, meta: { values: meta, referentialEqualities: meta } })),
);

/** Paths a batch names: the router's own, and unknown, partial or hostile ones. */
function batchPath(routerPaths: string[]) {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...routerPaths), weight: 4 },
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
}

/** A batched call of 1 to 5 paths with hostile inputs, as a GET (query) or a POST (JSON body). */
export function hostileBatch(routerPaths: string[]): fc.Arbitrary<InjectOptions> {
  return fc
    .tuple(
      fc.array(fc.tuple(batchPath(routerPaths), hostileValue), { minLength: 1, maxLength: 5 }),
      fc.boolean(),
    )
    .map(([calls, asQuery]): InjectOptions => {
      const url = `/trpc/${calls.map(([path]) => encodeURIComponent(path)).join(',')}?batch=1`;
      const inputs = Object.fromEntries(calls.map(([, input], index) => [index, { json: input }]));
      return asQuery
        ? { method: 'GET', url: `${url}&input=${encodeURIComponent(JSON.stringify(inputs))}` }
        : {
            method: 'POST',
            url,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(inputs),
          };
    });
}
