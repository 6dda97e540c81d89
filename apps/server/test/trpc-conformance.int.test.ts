import { notifications, ratings } from '@exrated/db/schema';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { currentTotp } from '../src/services/staff/second-factor';
import {
  hostileBatch,
  hostileBody,
  hostileInput,
  PRIVILEGED_PHONE,
  VALID_INPUTS,
} from './support/hostile-input';
import { ratingInput } from './support/rating-fixtures';
import { routerProcedures } from './support/router-procedures';
import { SoftAuthenticator } from './support/soft-authenticator';
import {
  createTestApp,
  HttpBrowser,
  type TestApp,
  testAdminLogin,
  UNCAPPED_LIMITS_ENV,
} from './support/test-app';
import { latestCode } from './support/verification';

/**
 * The fast path answers tRPC's wire protocol exactly as the stock adapter does. Two apps
 * on databases of their own, one serving every call through the stock adapter and one through the fast path,
 * get the same requests in lockstep (every procedure, successes and errors, batches, the security suite's
 * hostile-input corpus, and requests the fast path hands to the stock adapter); every pair of answers must
 * match in status, headers and body, byte for byte, but for the accepted equivalences below.
 */

/** How many requests each path of the fast app took: both modules counted where the route calls them. */
const calls = vi.hoisted(() => ({ fast: 0, stock: 0 }));
vi.mock('@trpc/server/adapters/fastify', async (importOriginal) => {
  const original = await importOriginal<typeof import('@trpc/server/adapters/fastify')>();
  return {
    ...original,
    fastifyRequestHandler: (opts: Parameters<typeof original.fastifyRequestHandler>[0]) => {
      calls.stock += 1;
      return original.fastifyRequestHandler(opts);
    },
  };
});
vi.mock('../src/trpc/fast-path/fastify-trpc-handler', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/trpc/fast-path/fastify-trpc-handler')>();
  return {
    ...original,
    resolveJsonCall: (...args: Parameters<typeof original.resolveJsonCall>) => {
      calls.fast += 1;
      return original.resolveJsonCall(...args);
    },
  };
});

/**
 * Where the two answers may differ, and why that is not a difference of the protocol.
 * - Framing: the stock adapter streams its Fetch `Response` (`Transfer-Encoding: chunked`, no length); the
 *   fast path sends the same bytes as one string with a `Content-Length`. Clients read the same body; the
 *   test checks the length is the body's.
 * - `Date`: the time the answer was written.
 * - Values each app makes at random or from its clock (UUIDs of rows and sessions, timestamps, cookie
 *   tokens, notice references): the same request makes a new one in each app. Each is replaced by a
 *   placeholder numbered by first appearance in its answer, so where the same value recurs, and everything
 *   around it, still has to match.
 * - Durations in seconds off each app's clock: one mark for all (see `CLOCK_DURATIONS`).
 * - The order of log entries: one request's audit entries share the time of their insert and are ordered
 *   by their random id, and entries of requests a moment apart can tie in one app and not in the other.
 *   Only for the procedures that list log entries, and only where the answers differ as sent, are the lists
 *   compared as sets (each entry still byte for byte, but for its random values, which are all starred).
 */
const FRAMING_HEADERS = new Set(['content-length', 'transfer-encoding']);
const TIME_HEADERS = new Set(['date']);
const RANDOM_VALUES = [
  /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi,
  /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g,
  /(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT/g,
  /(?<="reference":")[0-9A-Z]{12}(?=")/g,
  // A staff enrolment link's token, the TOTP secret it opens (as text, URI and QR code) and recovery codes.
  /(?<=\/admin\/enrol\/)[\w-]{43}(?=")/g,
  /(?<="(?:secret|uri|qrDataUrl)":")[^"]+(?=")/g,
  /(?<="recoveryCodes":\[)[^\]]+(?=\])/g,
  // A passkey challenge, the login attempt it belongs to, and the account's WebAuthn user handle.
  /(?<="(?:challenge|attempt)":")[\w-]+(?=")/g,
  /(?<="user":\{"id":")[\w-]+(?=")/g,
];
/**
 * Durations read off each app's clock (how long a queue item waited, the median time to a decision, how long
 * until a limit lets the caller try again): all get the same mark, as whether two of them fall in the same
 * second depends on when each answer was written (two items queued 0.6 s apart read 3 s and 3 s in one
 * answer, 3 s and 4 s in the other; a 30-day wait reads 2592000 s in one and 2591999 s in the other).
 */
const CLOCK_DURATIONS = /(?<="(?:waitedSeconds|medianDecisionSeconds|retryAfterSeconds)":)[\d.]+/g;

/** The procedures whose answers list log entries (see the last equivalence above). */
const LOG_LISTS = new Set(['admin.logs', 'admin.profile', 'profile.exportData']);

/** Hostile inputs per procedure (the same ones every run: a fixed seed). */
const HOSTILE_RUNS = 12;
const SEED = 18;

const PROCEDURES = routerProcedures();
const ROUTER_PATHS = [...PROCEDURES.keys()];
const SUBJECT_PHONE = '+14155558201';

type Role = 'privileged' | 'subject' | 'unproven' | 'visitor';

/** One app and the browsers that use it. */
interface Side {
  name: 'stock' | 'fast';
  t: TestApp;
  browsers: Record<Role, HttpBrowser>;
}

let stock: Side;
let fast: Side;

function side(name: Side['name'], t: TestApp): Side {
  return {
    name,
    t,
    browsers: {
      privileged: new HttpBrowser(),
      subject: new HttpBrowser(),
      unproven: new HttpBrowser(),
      visitor: new HttpBrowser(),
    },
  };
}

type Via = 'fast' | 'stock' | 'neither';
const served: Record<Via, number> = { fast: 0, stock: 0, neither: 0 };
const pathsWithOutcome = { success: new Set<string>(), error: new Set<string>() };

/** `text` with each random value replaced by a placeholder numbered by first appearance. */
function normalized(text: string, seen: Map<string, string>): string {
  let out = text;
  for (const pattern of RANDOM_VALUES) {
    out = out.replace(pattern, (value) => {
      let placeholder = seen.get(value);
      if (!placeholder) {
        placeholder = `<random ${seen.size + 1}>`;
        seen.set(value, placeholder);
      }
      return placeholder;
    });
  }
  return out.replace(CLOCK_DURATIONS, '<seconds>');
}

/** Status, headers and body of an answer as compared: accepted differences taken out or normalized. */
function comparable(response: LightMyRequestResponse) {
  const seen = new Map<string, string>();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (FRAMING_HEADERS.has(name) || TIME_HEADERS.has(name) || value === undefined) continue;
    const values = Array.isArray(value) ? value : [String(value)];
    headers[name] = values
      .map((item) =>
        // A cookie's value is a token made anew; its name and attributes are compared as sent.
        name === 'set-cookie'
          ? normalized(
              item.replace(
                /^([^=]+)=([^;]+)/,
                (_, cookie: string, token: string) =>
                  `${cookie}=${token.length > 0 ? `<token ${token.length > 40 ? 'long' : 'short'}>` : ''}`,
              ),
              seen,
            )
          : normalized(item, seen),
      )
      .join('\n');
  }
  return { status: response.statusCode, headers, body: normalized(response.body, seen) };
}

/** `text` with every random value replaced by the same mark. */
function starred(text: string): string {
  let out = text;
  for (const pattern of RANDOM_VALUES) out = out.replace(pattern, '*');
  return out.replace(CLOCK_DURATIONS, '*');
}

/**
 * `body` with each list of timed entries (objects with a `createdAt`) in an order of their own content and
 * every random value starred: two answers that list the same entries in another order read the same.
 */
function entriesAsSets(body: string): string {
  const isTimed = (entry: unknown) =>
    typeof (entry as { createdAt?: unknown } | null)?.createdAt === 'string';
  const reorder = (value: unknown): unknown => {
    if (Array.isArray(value)) {
      const items = value.map(reorder);
      if (!items.every(isTimed)) return items;
      return items
        .map((item) => starred(JSON.stringify(item)))
        .sort()
        .map((item) => JSON.parse(item) as unknown);
    }
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, reorder(item)]));
  };
  return starred(JSON.stringify(reorder(JSON.parse(body))));
}

/** The body's length, where the answer declares one, is the body's. */
function expectFraming(response: LightMyRequestResponse) {
  const length = response.headers['content-length'];
  if (length !== undefined) expect(Number(length)).toBe(response.rawPayload.length);
}

/** The procedure a request names, when it names one of the router's. */
function procedurePath(label: string): string | undefined {
  const path = /^\w+ \/trpc\/([\w.]+)(?:\?|$)/.exec(label)?.[1];
  return path && PROCEDURES.has(path) ? path : undefined;
}

function recordOutcome(label: string, response: LightMyRequestResponse) {
  const path = procedurePath(label);
  if (!path) return;
  pathsWithOutcome[response.statusCode === 200 ? 'success' : 'error'].add(path);
}

/**
 * Sends the request `build` makes for each side to both apps (stock first), as `role`'s browser when given
 * (or a new browser each), and expects the same answer; `via` is the adapter the fast app must have used.
 */
async function exchange(
  build: (side: Side) => InjectOptions | Promise<InjectOptions>,
  role?: Role | 'new',
  via: Via = 'fast',
): Promise<Record<Side['name'], LightMyRequestResponse>> {
  const answers = {} as Record<Side['name'], LightMyRequestResponse>;
  let label = '';
  let took: Via = 'neither';
  for (const current of [stock, fast]) {
    const request = await build(current);
    const browser = role === 'new' ? new HttpBrowser() : role ? current.browsers[role] : undefined;
    const before = { ...calls };
    answers[current.name] = await current.t.http(request, browser);
    label = `${request.method ?? 'GET'} ${String(request.url)}`;
    // A call the fast path hands on counts on both; the stock adapter's count says who answered.
    if (current === fast)
      took = calls.stock > before.stock ? 'stock' : calls.fast > before.fast ? 'fast' : 'neither';
  }
  const path = procedurePath(label);
  const [fastAnswer, stockAnswer] = [comparable(answers.fast), comparable(answers.stock)];
  if (path && LOG_LISTS.has(path) && fastAnswer.body !== stockAnswer.body) {
    fastAnswer.body = entriesAsSets(answers.fast.body);
    stockAnswer.body = entriesAsSets(answers.stock.body);
  }
  expect(fastAnswer, label.slice(0, 300)).toEqual(stockAnswer);
  expectFraming(answers.fast);
  expectFraming(answers.stock);
  expect(took, label.slice(0, 300)).toBe(via);
  served[via] += 1;
  recordOutcome(label, answers.fast);
  return answers;
}

const json = { 'content-type': 'application/json' };

/** A query as the client's httpLink sends it. */
function query(path: string, input?: unknown): InjectOptions {
  const encoded = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  return { method: 'GET', url: `/trpc/${path}${encoded}` };
}

/** A mutation as the client's httpLink sends it. */
function mutation(path: string, input?: unknown): InjectOptions {
  return {
    method: 'POST',
    url: `/trpc/${path}`,
    headers: json,
    payload: input === undefined ? '{}' : JSON.stringify({ json: input }),
  };
}

/** A call of either kind to `path`, as the client sends it. */
function callOf(path: string, input: unknown): InjectOptions {
  return PROCEDURES.get(path) === 'query' ? query(path, input) : mutation(path, input);
}

async function ratingIdsOf(current: Side, phone: string) {
  const rows = await current.t.database.db
    .select({ id: ratings.id, notificationId: notifications.id })
    .from(ratings)
    .innerJoin(notifications, eq(notifications.ratingId, ratings.id))
    .where(eq(ratings.phoneNumber, phone));
  const [row] = rows;
  if (!row) throw new Error(`no rating of ${phone} in the ${current.name} app`);
  return row;
}

/** Each side's value at `pick` of an earlier answer's result (e.g. a new staff account's id). */
function resultOf<T>(answers: Record<Side['name'], LightMyRequestResponse>, pick: (data: never) => T) {
  return (current: Side): T =>
    pick((answers[current.name].json() as { result: { data: { json: never } } }).result.data.json);
}

/**
 * An admin (the privileged browser) invites a moderator, who enrols from the link in a browser of their own;
 * then the admin resets the moderator's second factor, disables the account and removes it.
 */
async function staffAccountsJourney() {
  await exchange(() => query('staff.list'), 'privileged');
  await exchange(() => query('staff.list'), 'visitor');
  const invite = { login: 'moderator@example.org', displayName: 'Moderator', role: 'moderator' };
  const invited = await exchange(() => mutation('staff.invite', invite), 'privileged');
  await exchange(() => mutation('staff.invite', invite), 'privileged');
  const idOf = resultOf(invited, (data: { id: string }) => data.id);
  const tokenOf = resultOf(invited, (data: { link: string }) => data.link.split('/').at(-1) ?? '');
  const opened = await exchange(
    (current) => mutation('staff.beginEnrolment', { token: tokenOf(current) }),
    'visitor',
  );
  await exchange(() => mutation('staff.beginEnrolment', { token: 'A'.repeat(43) }), 'visitor');
  const secretOf = resultOf(opened, (data: { secret: string }) => data.secret);
  const enrol = (code: (current: Side) => string) => (current: Side) =>
    mutation('staff.completeEnrolment', {
      token: tokenOf(current),
      password: 'a long enough password',
      code: code(current),
    });
  // A code the secret does not make (the secret's own code, one digit changed) is refused.
  const wrongCode = (current: Side) =>
    currentTotp(secretOf(current)).replace(/^./, (digit) => String((Number(digit) + 1) % 10));
  await exchange(enrol(wrongCode), 'visitor');
  await exchange(
    enrol((current) => currentTotp(secretOf(current))),
    'new',
  );
  await exchange(() => query('staff.list'), 'privileged');
  await exchange(async (current) => mutation('staff.resetSecondFactor', { id: idOf(current) }), 'privileged');
  await exchange(
    async (current) => mutation('staff.setDisabled', { id: idOf(current), disabled: true }),
    'privileged',
  );
  await exchange(async (current) => mutation('staff.resetSecondFactor', { id: idOf(current) }), 'privileged');
  await exchange(
    async (current) => mutation('staff.setDisabled', { id: idOf(current), disabled: false }),
    'visitor',
  );
  await exchange(async (current) => mutation('staff.remove', { id: idOf(current) }), 'privileged');
  await exchange(async (current) => mutation('staff.remove', { id: idOf(current) }), 'privileged');
}

/**
 * The admin (the privileged browser) registers a passkey from a software authenticator, lists and removes it;
 * a visitor asks for login options. Each side answers its own challenge; a used one is refused on both.
 */
async function passkeysJourney() {
  const authenticator = new SoftAuthenticator('http://localhost:3000');
  await exchange(() => mutation('staff.passkeyRegistrationOptions'), 'visitor');
  await exchange(() => query('staff.passkeys'), 'visitor');
  const options = await exchange(() => mutation('staff.passkeyRegistrationOptions'), 'privileged');
  const addOf = (current: Side) =>
    mutation('staff.addPasskey', {
      name: 'Laptop',
      response: authenticator.register(resultOf(options, (data: never) => data)(current)),
    });
  const added = await exchange(addOf, 'privileged');
  await exchange(addOf, 'privileged');
  await exchange(() => query('staff.passkeys'), 'privileged');
  const passkeyIdOf = resultOf(added, (data: { id: string }) => data.id);
  await exchange((current) => mutation('staff.removePasskey', { id: passkeyIdOf(current) }), 'privileged');
  await exchange((current) => mutation('staff.removePasskey', { id: passkeyIdOf(current) }), 'privileged');
  await exchange(() => mutation('staff.passkeyLoginOptions', { account: 'admin' }), 'visitor');
  await exchange(() => mutation('staff.passkeyLoginOptions', { account: '' }), 'visitor');
}

beforeAll(async () => {
  const overrides = { runDispatcher: false };
  stock = side(
    'stock',
    await createTestApp({ env: UNCAPPED_LIMITS_ENV, overrides: { ...overrides, trpcFastPath: false } }),
  );
  fast = side('fast', await createTestApp({ env: UNCAPPED_LIMITS_ENV, overrides }));
}, 60_000);
afterAll(async () => {
  await stock?.t.close();
  await fast?.t.close();
});

describe('every procedure, as the client calls it, answered alike by both adapters', () => {
  it('public queries, with and without headers that change them', async () => {
    await exchange(() => query('rating.questions'));
    await exchange(() => query('rating.relationshipTypes'));
    await exchange(() => query('verification.defaultCountry'));
    await exchange(() => ({
      ...query('verification.defaultCountry'),
      headers: { 'accept-language': 'en-GB' },
    }));
    await exchange(() => ({ ...query('verification.defaultCountry'), headers: { 'cf-ipcountry': 'CA' } }));
    await exchange(() => query('admin.me'));
    await exchange(() => query('profile.me'), 'visitor');
  });

  it('a rater who then proves a phone, an unlocked subject, and an administrator', async () => {
    const rate = (phoneNumber: string) => () => mutation('rating.submit', ratingInput({ phoneNumber }));
    const prove = (role: Role, phoneNumber: string) => async () => {
      await exchange(() => mutation('verification.send', { phoneNumber }), role);
      await exchange(() => mutation('verification.check', { phoneNumber, code: '000000' }), role);
      await exchange(
        (current) =>
          mutation('verification.check', { phoneNumber, code: latestCode(current.t, phoneNumber) }),
        role,
      );
    };

    // Two held ratings, then the proof that attributes them: the privileged browser is unlocked.
    await exchange(rate('+14155558101'), 'privileged');
    await exchange(rate('+14155558102'), 'privileged');
    await exchange(() => query('profile.ratingsReceived'), 'privileged');
    await prove('privileged', PRIVILEGED_PHONE)();
    await exchange(() => query('profile.me'), 'privileged');
    await exchange(() => query('profile.ratingsReceived'), 'privileged');
    await exchange(() => mutation('profile.updateName', { name: 'Sam' }), 'privileged');
    await exchange(() => mutation('profile.updateName', { name: 'Alexander Smith' }), 'privileged');
    await exchange(() => mutation('profile.setTextsOptIn', { optIn: false }), 'privileged');
    await exchange(() => mutation('profile.setTextsOptIn', { optIn: true }), 'privileged');
    // A proven rater's rating of the subject counts at once; a second one within 30 days is refused.
    await exchange(rate(SUBJECT_PHONE), 'privileged');
    await exchange(rate(SUBJECT_PHONE), 'privileged');

    // The subject follows the text's link, proves the number, rates two people and reads the rating.
    const notificationId = async (current: Side) =>
      (await ratingIdsOf(current, SUBJECT_PHONE)).notificationId;
    await exchange(
      async (current) => mutation('notification.visit', { id: await notificationId(current) }),
      'subject',
    );
    await exchange(() => query('profile.ratingsReceived'), 'subject');
    await prove('subject', SUBJECT_PHONE)();
    await exchange(() => query('profile.ratingsReceived'), 'subject');
    await exchange(rate('+14155558103'), 'subject');
    await exchange(rate('+14155558104'), 'subject');
    await exchange(() => query('profile.ratingsReceived'), 'subject');
    const ratingId = async (current: Side) => (await ratingIdsOf(current, SUBJECT_PHONE)).id;
    await exchange(
      async (current) =>
        mutation('profile.reportRating', { ratingId: await ratingId(current), reason: 'harassment' }),
      'subject',
    );
    await exchange(
      async (current) =>
        mutation('profile.reportRating', { ratingId: await ratingId(current), reason: 'nope' }),
      'subject',
    );
    // Anyone's notice, from the text's link, and its status page.
    const filed = await exchange(
      async (current) =>
        mutation('notice.file', { notificationId: await notificationId(current), reason: 'false_claims' }),
      'visitor',
    );
    const referenceOf = (current: Side) =>
      (filed[current.name].json() as { result: { data: { json: { reference: string } } } }).result.data.json
        .reference;
    await exchange((current) => query('notice.status', { reference: referenceOf(current) }), 'visitor');
    await exchange(() => query('notice.status', { reference: 'NOSUCHREF234' }), 'visitor');
    await exchange(() => mutation('notice.file', { reason: 'nope' }), 'visitor');
    await exchange(() => query('transparency.report'), 'visitor');
    // The subject's controls.
    await exchange(() => mutation('profile.exportData'), 'subject');
    await exchange(() => mutation('profile.exportData'), 'unproven');
    await exchange(() => mutation('profile.setDoNotRate', { doNotRate: true }), 'subject');
    await exchange(() => mutation('profile.setDoNotRate', { doNotRate: false }), 'subject');
    await exchange(() => mutation('profile.setDoNotRate', { doNotRate: true }), 'unproven');
    await exchange(
      async (current) => mutation('notification.optOut', { id: await notificationId(current) }),
      'subject',
    );
    await exchange(() => mutation('profile.savePhone', { phoneNumber: '+14155558002' }), 'unproven');
    await exchange(() => mutation('profile.updateName', { name: 'Sam' }), 'unproven');

    // The administrator, in the privileged browser.
    await exchange(() => query('admin.dashboard'), 'privileged');
    await exchange(() => mutation('admin.login', { password: 'not-the-password' }), 'privileged');
    await exchange(() => mutation('admin.login', testAdminLogin()), 'privileged');
    await exchange(() => query('admin.me'), 'privileged');
    await exchange(() => query('admin.dashboard'), 'privileged');
    await exchange(() => query('admin.profiles', { page: 1, pageSize: 20 }), 'privileged');
    await exchange(
      () => query('admin.profiles', { page: 1, pageSize: 20, search: '415', filter: 'verified' }),
      'privileged',
    );
    await exchange(() => query('admin.profile', { phoneNumber: SUBJECT_PHONE }), 'privileged');
    await exchange(() => query('admin.logs', { search: 'verification', category: 'all' }), 'privileged');
    await exchange(() => query('admin.errorLogs', { page: 1 }), 'privileged');
    await exchange(() => mutation('admin.sqlQuery', { query: 'select 1' }), 'privileged');
    const queue = await exchange(() => query('admin.queue'), 'privileged');
    const noticeIdOf = (current: Side) => {
      const body = queue[current.name].json() as {
        result: { data: { json: { items: Array<{ id: string; kind: string }> } } };
      };
      const id = body.result.data.json.items.find((item) => item.kind === 'notice')?.id;
      if (!id) throw new Error(`no open notice in the ${current.name} app`);
      return id;
    };
    const decision = (current: Side) =>
      mutation('admin.decide', {
        kind: 'notice',
        id: noticeIdOf(current),
        outcome: 'hide',
        reason: 'harassment',
      });
    await exchange(decision, 'privileged');
    await exchange(decision, 'privileged');
    // A pile-on: two ratings of one number that screening holds, from two raters, decided as one group;
    // the same group again is refused, since its items are decided.
    const threat = () =>
      mutation(
        'rating.submit',
        ratingInput({ phoneNumber: '+14155558106', feedback: "I know where you live and I'll make you pay" }),
      );
    // Both raters proven: what an unproven session submits is no queue item.
    await exchange(threat, 'privileged');
    await exchange(threat, 'subject');
    const grouped = await exchange(() => query('admin.queue'), 'privileged');
    const groupDecision = (current: Side) => {
      const body = grouped[current.name].json() as {
        result: { data: { json: { groups: Array<{ items: unknown[] }> } } };
      };
      const group = body.result.data.json.groups[0];
      if (!group) throw new Error(`no group in the ${current.name} app`);
      return mutation('admin.decideGroup', { items: group.items, outcome: 'hide', reason: 'threats' });
    };
    await exchange(groupDecision, 'privileged');
    await exchange(groupDecision, 'privileged');
    // The author of the hidden rating sees it among their ratings and appeals, once.
    await exchange(() => query('profile.ratingsGiven'), 'privileged');
    await exchange(() => query('profile.ratingsGiven'), 'visitor');
    await exchange(() => query('admin.queue'), 'visitor');
    const appeal = async (current: Side) =>
      mutation('profile.appeal', { ratingId: await ratingId(current), text: 'Please look again.' });
    await exchange(appeal, 'privileged');
    await exchange(appeal, 'privileged');
    await exchange(() => query('admin.settings'), 'privileged');
    await exchange(
      () => mutation('admin.saveSettings', { maintenanceMode: true, logLevel: 'info' }),
      'privileged',
    );
    await exchange(rate('+14155558105'), 'visitor');
    await exchange(
      () => mutation('admin.saveSettings', { maintenanceMode: false, logLevel: 'info' }),
      'privileged',
    );
    await exchange(
      () => mutation('telemetry.track', { action: 'onboarding_step_completed', details: { step: 1 } }),
      'visitor',
    );
    await exchange(() => mutation('telemetry.reportError', VALID_INPUTS['telemetry.reportError']), 'visitor');
    await staffAccountsJourney();
    await passkeysJourney();
    await exchange(() => mutation('admin.logout'), 'privileged');
    await exchange(() => query('admin.settings'), 'privileged');
    await exchange(() => mutation('profile.deleteAccount'), 'unproven');
    await exchange(() => mutation('profile.deleteAccount'), 'privileged');
    await exchange(() => mutation('profile.logout'), 'subject');
    await exchange(() => query('profile.me'), 'subject');
  });
});

describe('the wire protocol around the calls', () => {
  it('batches: all succeeding, mixed (207), all failing, mutations, mixed kinds, bad inputs', async () => {
    const batch = (paths: string[], method: 'GET' | 'POST', inputs?: unknown): InjectOptions => {
      const url = `/trpc/${paths.join(',')}?batch=1`;
      if (method === 'POST') {
        return { method, url, headers: json, payload: inputs === undefined ? '' : JSON.stringify(inputs) };
      }
      return {
        method,
        url: inputs === undefined ? url : `${url}&input=${encodeURIComponent(JSON.stringify(inputs))}`,
      };
    };
    await exchange(() => batch(['rating.questions', 'rating.relationshipTypes'], 'GET'));
    await exchange(() => batch(['rating.questions', 'verification.defaultCountry', 'admin.me'], 'GET', {}));
    await exchange(() => batch(['rating.questions', 'admin.dashboard'], 'GET'), 'visitor');
    await exchange(() => batch(['admin.dashboard', 'admin.settings'], 'GET'), 'visitor');
    await exchange(() => batch(['rating.questions', 'nope'], 'GET'));
    await exchange(() => batch(['rating.questions', 'rating.submit'], 'GET'));
    await exchange(
      () =>
        batch(['rating.submit', 'telemetry.track'], 'POST', {
          0: { json: ratingInput({ phoneNumber: '+14155558106' }) },
          1: { json: { action: 'onboarding_step_completed', details: {} } },
        }),
      'visitor',
    );
    await exchange(
      () => batch(['rating.submit', 'rating.submit'], 'POST', { 0: { json: { name: 'x' } } }),
      'visitor',
    );
    await exchange(() => batch(['rating.questions', 'rating.questions'], 'POST', {}));
    await exchange(() => batch(['profile.me', 'profile.me'], 'GET', [1, 2]), 'visitor');
    await exchange(() => batch(['profile.me'], 'GET', 'text'), 'visitor');
    await exchange(() => batch(['telemetry.track'], 'POST', [1]), 'visitor');
    await exchange(() => batch(['rating.questions'], 'GET', { 0: { json: 1, meta: { values: ['Date'] } } }));
    await exchange(() => ({ method: 'GET', url: '/trpc/rating.questions,rating.relationshipTypes' }));
    await exchange(() => ({ method: 'GET', url: '/trpc/rating.questions?batch=0' }));
    await exchange(() => ({ method: 'GET', url: '/trpc/rating.questions?batch=1&batch=0&input=%7B%7D' }));
    await exchange(() => ({
      method: 'GET',
      url: `/trpc/${Array.from({ length: 10 }, () => 'rating.questions').join(',')}?batch=1`,
    }));
  });

  it('method, path, body and content-type errors', async () => {
    await exchange(() => ({ method: 'POST', url: '/trpc/rating.questions', headers: json, payload: '{}' }));
    await exchange(() => query('rating.submit', ratingInput()));
    await exchange(() => query('nope'));
    await exchange(() => query('rating'));
    // Fastify's router refuses a malformed escape in the path before any handler.
    await exchange(() => ({ method: 'GET', url: '/trpc/rating%E0%A4%A' }), undefined, 'neither');
    await exchange(() => ({ method: 'GET', url: '/trpc/rating%252Equestions' }));
    await exchange(() => ({ method: 'GET', url: '/trpc/rating.questions?input=' }));
    await exchange(() => ({ method: 'GET', url: '/trpc/rating.questions?input=%7Bbroken' }));
    await exchange(() => ({ method: 'GET', url: '/trpc/rating.questions?input=%7B%7D#fragment' }));
    await exchange(() => ({ method: 'GET', url: '/trpc/rating.questions', headers: json }));
    await exchange(() => ({ ...mutation('telemetry.track'), payload: '' }), 'visitor');
    await exchange(
      () => ({
        ...mutation('telemetry.track'),
        payload: '\uFEFF{"json":{"action":"onboarding_step_completed","details":{}}}',
      }),
      'visitor',
    );
    await exchange(() => ({ ...mutation('telemetry.track'), payload: 'null' }), 'visitor');
    await exchange(() => ({ ...mutation('telemetry.track'), payload: '{"json":' }), 'visitor');
    await exchange(
      () => ({
        ...mutation('telemetry.track'),
        headers: { 'content-type': 'application/json; charset=utf-8' },
        payload: '{"json":{"action":"onboarding_step_completed","details":{}}}',
      }),
      'visitor',
    );
    // Refused by the security plugin's hooks before either adapter runs.
    await exchange(
      () => ({ ...mutation('telemetry.track'), headers: { 'content-type': 'text/plain' }, payload: '{}' }),
      'visitor',
      'neither',
    );
    await exchange(
      () => ({
        ...mutation('telemetry.track'),
        headers: { ...json, origin: 'https://evil.example' },
        payload: '{}',
      }),
      'visitor',
      'neither',
    );
  });

  it.each<[string, InjectOptions]>([
    ['HEAD', { method: 'HEAD', url: '/trpc/rating.questions' }],
    ['PUT', { method: 'PUT', url: '/trpc/rating.questions', headers: json, payload: '{}' }],
    ['DELETE', { method: 'DELETE', url: '/trpc/rating.submit', headers: json, payload: '{}' }],
    [
      'trpc-accept, single',
      { ...query('rating.questions'), headers: { 'trpc-accept': 'application/jsonl' } },
    ],
    [
      'trpc-accept, batch',
      {
        method: 'GET',
        url: '/trpc/rating.questions,rating.relationshipTypes?batch=1',
        headers: { 'trpc-accept': 'application/jsonl' },
      },
    ],
    [
      'Accept: application/jsonl',
      { method: 'GET', url: '/trpc/rating.questions?batch=1', headers: { accept: 'application/jsonl' } },
    ],
    ['connection params', { method: 'GET', url: '/trpc/rating.questions?connectionParams=%7B%7D' }],
    [
      'multipart content type',
      {
        method: 'GET',
        url: '/trpc/rating.questions',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      },
    ],
    [
      'a Host with credentials',
      { method: 'GET', url: '/trpc/rating.questions', headers: { host: 'user:secret@localhost' } },
    ],
    [
      'a Host the URL parser refuses',
      { method: 'GET', url: '/trpc/rating.questions', headers: { host: '256.0.0.1' } },
    ],
  ])('the stock adapter answers: %s', async (_name, request) => {
    await exchange(() => request, undefined, 'stock');
  });
});

describe("the security suite's hostile input, answered alike", () => {
  /** The browser a procedure's runs use: the privileged one unless the procedure would end or change it. */
  const roleOf = (path: string): Role | 'new' =>
    path === 'profile.logout' || path === 'admin.logout'
      ? 'new'
      : path === 'profile.savePhone'
        ? 'unproven'
        : 'privileged';

  beforeAll(async () => {
    await exchange(() => mutation('admin.login', testAdminLogin()), 'privileged');
  });

  it.each(ROUTER_PATHS)('%s', async (path) => {
    const inputs = fc.sample(hostileInput(VALID_INPUTS[path]), { numRuns: HOSTILE_RUNS, seed: SEED });
    for (const input of inputs) await exchange(() => callOf(path, input), roleOf(path));
    if (path === 'admin.saveSettings') {
      await exchange(
        () => mutation('admin.saveSettings', { maintenanceMode: false, logLevel: 'info' }),
        'privileged',
      );
    }
  });

  it('bodies that are not tRPC JSON', async () => {
    const mutations = ROUTER_PATHS.filter(
      (path) => PROCEDURES.get(path) === 'mutation' && path !== 'profile.logout',
    );
    const samples = fc.sample(fc.tuple(fc.constantFrom(...mutations), hostileBody), {
      numRuns: 40,
      seed: SEED,
    });
    for (const [path, body] of samples) {
      await exchange(() => ({ ...mutation(path), payload: body }), 'new');
    }
  });

  it('batched calls with unknown and mixed-up paths', async () => {
    for (const request of fc.sample(hostileBatch(ROUTER_PATHS), { numRuns: 40, seed: SEED })) {
      await exchange(() => request, 'new');
    }
  });

  it('reached every procedure with a success and an error', () => {
    expect(ROUTER_PATHS.filter((path) => !pathsWithOutcome.success.has(path))).toEqual([]);
    expect(ROUTER_PATHS.filter((path) => !pathsWithOutcome.error.has(path))).toEqual([]);
  });

  it('sent every JSON call through the fast path and the rest through the stock adapter', () => {
    expect(served.fast).toBeGreaterThan(500);
    expect(served.stock).toBe(10);
    expect(served.neither).toBe(3);
  });
});
