import { randomUUID } from 'node:crypto';
import { claimedProfiles, notices, notifications, ratings } from '@exrated/db/schema';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentTotp } from '../../src/services/staff/second-factor';
import type { AccessLevel } from '../../src/trpc/init';
import { MemoryCookieJar } from '../support/cookie-jar';
import { freshTotp } from '../support/fresh-totp';
import { ratingInput } from '../support/rating-fixtures';
import { procedureAccess, routerProcedures } from '../support/router-procedures';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { createTestApp, NO_RESEND_WAITS, type TestApp, testAdminLogin } from '../support/test-app';
import { latestCode } from '../support/verification';

/**
 * Every tRPC procedure called as every kind of caller, with a valid input, so a cell that
 * is allowed succeeds and a cell that is refused fails with the exact authorization error. The procedure list
 * comes from the router itself: a procedure added without a row here fails the first test.
 */

// Generous caps: the matrix sends many codes and ratings from few addresses; the caps have their own tests.
const ENV = {
  LIMIT_VERIFICATION_SENDS_PER_IP_PER_HOUR: '10000',
  LIMIT_VERIFICATION_TEXTS_PER_PHONE_PER_DAY: '10000',
  LIMIT_VERIFICATION_CHECKS_PER_IP_PER_HOUR: '10000',
  LIMIT_RATINGS_PER_DEVICE_PER_HOUR: '10000',
  LIMIT_RATINGS_PER_IP_PER_HOUR: '10000',
  LIMIT_ADMIN_LOGINS_PER_IP_PER_15_MIN: '10000',
  LIMIT_TELEMETRY_PER_IP_PER_MINUTE: '10000',
  LIMIT_NOTICES_PER_IP_PER_HOUR: '10000',
};

const CALLER_KINDS = [
  'anonymous',
  'device',
  'unproven',
  'provenLocked',
  'provenUnlocked',
  'otherProven',
  'admin',
  'moderator',
] as const;
type CallerKind = (typeof CALLER_KINDS)[number];

type Outcome = 'OK' | TRPCError['code'];

/**
 * Who may call a procedure, as docs/security.md#sessions decides it; a row may name a business outcome
 * instead.
 */
const POLICIES = {
  // Anyone; device procedures give a cookie-less caller a fresh session on the spot.
  anyone: {
    anonymous: 'OK',
    device: 'OK',
    unproven: 'OK',
    provenLocked: 'OK',
    provenUnlocked: 'OK',
    otherProven: 'OK',
    admin: 'OK',
    moderator: 'OK',
  },
  proven: {
    anonymous: 'UNAUTHORIZED',
    device: 'UNAUTHORIZED',
    unproven: 'UNAUTHORIZED',
    provenLocked: 'OK',
    provenUnlocked: 'OK',
    otherProven: 'OK',
    admin: 'UNAUTHORIZED',
    moderator: 'UNAUTHORIZED',
  },
  unlocked: {
    anonymous: 'UNAUTHORIZED',
    device: 'UNAUTHORIZED',
    unproven: 'UNAUTHORIZED',
    provenLocked: 'FORBIDDEN',
    provenUnlocked: 'OK',
    otherProven: 'OK',
    admin: 'UNAUTHORIZED',
    moderator: 'UNAUTHORIZED',
  },
  admin: {
    anonymous: 'UNAUTHORIZED',
    device: 'UNAUTHORIZED',
    unproven: 'UNAUTHORIZED',
    provenLocked: 'UNAUTHORIZED',
    provenUnlocked: 'UNAUTHORIZED',
    otherProven: 'UNAUTHORIZED',
    admin: 'OK',
    moderator: 'FORBIDDEN',
  },
  // Either role of staff (docs/staff.md): the queue, profiles and logs.
  staff: {
    anonymous: 'UNAUTHORIZED',
    device: 'UNAUTHORIZED',
    unproven: 'UNAUTHORIZED',
    provenLocked: 'UNAUTHORIZED',
    provenUnlocked: 'UNAUTHORIZED',
    otherProven: 'UNAUTHORIZED',
    admin: 'OK',
    moderator: 'OK',
  },
} as const satisfies Record<string, Record<CallerKind, Outcome>>;

/**
 * The policy each access level of trpc/procedures.ts grants. The matrix's callers proved their phones moments
 * before, so a recently proven procedure answers them as a proven one does.
 */
const POLICY_OF_ACCESS: Record<AccessLevel, keyof typeof POLICIES> = {
  public: 'anyone',
  device: 'anyone',
  proven: 'proven',
  recentlyProven: 'proven',
  unlocked: 'unlocked',
  staff: 'staff',
  admin: 'admin',
};

/** The name of the row's policy; undefined for a row that names business outcomes of its own. */
function policyName(access: Record<CallerKind, Outcome>): keyof typeof POLICIES | undefined {
  return (Object.keys(POLICIES) as Array<keyof typeof POLICIES>).find((name) => POLICIES[name] === access);
}

interface MatrixCaller {
  kind: CallerKind;
  trpc: ReturnType<TestApp['caller']>['trpc'];
  cookies: MemoryCookieJar;
  /** The phone the session typed or proved; undefined for callers without one. */
  phone: string | undefined;
  /** A visible rating OF this caller's phone (seeded), for the callers that received one. */
  receivedRatingId: string | undefined;
}

interface Row {
  access: Record<CallerKind, Outcome>;
  /** A valid input for this caller; omitted for procedures without input. */
  input?: (caller: MatrixCaller) => unknown;
  /** The call ends or changes the caller's session (log out, a new proof, an admin login): use a fresh one. */
  changesSession?: true;
  /** Extra checks on a successful result, e.g. that viewer-scoped data is the caller's own. */
  check?: (result: unknown, caller: MatrixCaller) => void | Promise<void>;
}

let t: TestApp;
let nextLine = 0;
function newPhone() {
  nextLine += 1;
  return `+1415557${String(nextLine).padStart(4, '0')}`;
}

const ips = new Map<CallerKind, string>(
  CALLER_KINDS.map((kind, index) => [kind, `198.51.100.${index + 20}`]),
);

async function prove(caller: ReturnType<TestApp['caller']>, phone: string, claims: string[] = []) {
  await caller.trpc.verification.send({ phoneNumber: phone });
  await caller.trpc.verification.check({ phoneNumber: phone, code: latestCode(t, phone), claims });
}

/** A valid rating.submit input for the typed caller. */
function submitInput(phoneNumber: string, testimonial?: string) {
  return {
    ...ratingInput({ phoneNumber, ...(testimonial ? { testimonial } : {}) }),
    relationshipType: 'serious' as const,
  };
}

/** An unproven rating of a stranger; returns the claim the tab keeps (services/rating/rating-claims.ts). */
async function rateStranger(caller: ReturnType<TestApp['caller']>) {
  const { claim } = await caller.trpc.rating.submit(submitInput(newPhone()));
  return claim ?? '';
}

/** Phones of every rater the matrix seeds: none may appear in an answer to someone else. */
const raterPhones = new Set<string>();

/** A standing rating of `phone` by some other browser (proven); returns its id and its notification's id. */
async function seedRatingOf(phone: string, testimonial: string) {
  const stranger = t.caller({ ip: '192.0.2.200' });
  const raterPhone = newPhone();
  raterPhones.add(raterPhone);
  await prove(stranger, raterPhone);
  const { ratingId } = await stranger.trpc.rating.submit(submitInput(phone, testimonial));
  const [notification] = await t.database.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.ratingId, ratingId));
  if (!notification) throw new Error('seeded rating has no notification');
  return { ratingId, notificationId: notification.id };
}

/** Two ratings of a new number held for review: a pile-on group of the queue. */
async function seedPileOn() {
  const phone = newPhone();
  const items = [];
  for (const testimonial of ['One of a pile-on.', 'Another of it.']) {
    const { ratingId } = await seedRatingOf(phone, testimonial);
    await t.database.db.update(ratings).set({ heldReason: 'daily_ceiling' }).where(eq(ratings.id, ratingId));
    items.push({ kind: 'held_rating' as const, id: ratingId });
  }
  return items;
}

/** Phones of the callers that have one, and the rating each received, fixed in beforeAll. */
const phones = { unproven: '', provenLocked: '', provenUnlocked: '', otherProven: '' };
const received = new Map<CallerKind, string>();
let notificationId = '';
let noticeId = '';
let noticeReference = '';
/** A rating hidden by moderation, written by a stranger: nobody in the matrix may appeal it. */
let hiddenRatingId = '';

/** Builds a caller of `kind` exactly as a person becomes one: through the real procedures. */
async function createCaller(kind: CallerKind, ownPhone?: string): Promise<MatrixCaller> {
  const base = t.caller({ ip: ips.get(kind), cookies: new MemoryCookieJar() });
  let phone: string | undefined;
  switch (kind) {
    case 'anonymous':
      break;
    case 'device':
      await base.trpc.profile.me();
      break;
    case 'unproven':
      phone = ownPhone ?? phones.unproven;
      await base.trpc.profile.savePhone({ phoneNumber: phone });
      break;
    case 'provenLocked':
      phone = ownPhone ?? phones.provenLocked;
      await prove(base, phone);
      break;
    case 'provenUnlocked':
    case 'otherProven':
      phone = ownPhone ?? phones[kind];
      // Ratings given before the proof are attributed to the phone when it is proven
      // (docs/security.md#sessions).
      await prove(base, phone, [await rateStranger(base), await rateStranger(base)]);
      break;
    case 'admin':
      await base.trpc.admin.login(testAdminLogin());
      break;
    case 'moderator':
      await base.trpc.admin.login({
        account: MODERATOR_LOGIN,
        password: MODERATOR_PASSWORD,
        // A TOTP step logs in once: the moderator's recovery codes first, then the app's next step.
        code: moderatorCodes.shift() ?? (await freshTotp(moderatorSecret)),
      });
      break;
  }
  return { kind, ...base, phone, receivedRatingId: received.get(kind) };
}

const REPORT_REASON = 'harassment' as const;
const LANDING_TEXT = 'Landing page entry.';

function asRecord(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) throw new Error('expected an object result');
  return value as Record<string, unknown>;
}

/** The authors (created_by_phone) of the ratings with these ids. */
async function authorsOfRatings(ids: string[]) {
  const rows = await t.database.db.select({ id: ratings.id, phone: ratings.createdByPhone }).from(ratings);
  return ids.map((id) => rows.find((row) => row.id === id)?.phone ?? null);
}

/** No phone of a seeded rater anywhere in an answer. */
function expectNoRater(result: unknown) {
  const text = JSON.stringify(result);
  for (const phone of raterPhones) expect(text).not.toContain(phone);
}

async function phonesOfRatings(ids: string[]) {
  const rows = await t.database.db.select({ id: ratings.id, phone: ratings.phoneNumber }).from(ratings);
  return ids.map((id) => rows.find((row) => row.id === id)?.phone);
}

const ROWS: Record<string, Row> = {
  'admin.login': {
    access: POLICIES.anyone,
    changesSession: true,
    input: () => testAdminLogin(),
  },
  'admin.logout': { access: POLICIES.staff, changesSession: true },
  'admin.me': {
    access: POLICIES.anyone,
    check: (result, caller) =>
      expect(asRecord(result).role).toBe(
        caller.kind === 'admin' || caller.kind === 'moderator' ? caller.kind : null,
      ),
  },
  'admin.dashboard': { access: POLICIES.admin },
  'admin.profiles': { access: POLICIES.staff, input: () => ({ search: '415', filter: 'all' }) },
  'admin.profile': { access: POLICIES.staff, input: () => ({ phoneNumber: phones.provenUnlocked }) },
  'admin.logs': { access: POLICIES.staff, input: () => ({ category: 'verification' }) },
  'admin.errorLogs': { access: POLICIES.staff, input: () => ({ page: 1 }) },
  'admin.sqlQuery': { access: POLICIES.admin, input: () => ({ query: 'select * from claimed_profiles' }) },
  'admin.queue': {
    access: POLICIES.staff,
    // Moderation judges the content: no rater's phone in any item.
    check: (result) => expectNoRater(result),
  },
  'admin.decide': {
    access: POLICIES.staff,
    // Keep on the seeded notice: the first call decides it, a repeated one answers that it is decided.
    input: () => ({ kind: 'notice', id: noticeId, outcome: 'keep', reason: 'within_terms', note: '' }),
  },
  'admin.decideGroup': {
    access: POLICIES.staff,
    // A pile-on of its own for every caller: a group, once decided, cannot be decided again.
    input: async () => ({ items: await seedPileOn(), outcome: 'keep', reason: 'within_terms', note: '' }),
  },
  'admin.settings': { access: POLICIES.admin },
  'admin.saveSettings': {
    access: POLICIES.admin,
    input: () => ({ maintenanceMode: false, logLevel: 'info' }),
  },
  'notification.visit': {
    access: POLICIES.anyone,
    input: () => ({ id: notificationId }),
    check: (result) => expect(result).toEqual({ name: 'Alex S.' }),
  },
  'notification.optOut': { access: POLICIES.anyone, input: () => ({ id: notificationId }) },
  'notice.file': {
    access: POLICIES.anyone,
    // Holding the texted link is enough: no proof and no unlock (docs/trust-and-safety.md).
    input: () => ({ notificationId, reason: 'not_about_me', text: 'We never dated.' }),
    check: (result) => {
      expect(Object.keys(asRecord(result))).toEqual(['reference']);
      expectNoRater(result);
    },
  },
  'notice.status': {
    access: POLICIES.anyone,
    input: () => ({ reference: noticeReference }),
    check: (result) => {
      expect(asRecord(result).reference).toBe(noticeReference);
      // Whoever holds a reference sees neither the rating's texts nor anything of its rater.
      expect(JSON.stringify(result)).not.toContain(LANDING_TEXT);
      expectNoRater(result);
    },
  },
  'profile.me': {
    access: POLICIES.anyone,
    check: (result, caller) => {
      const me = asRecord(result);
      // Only the caller's own proven number; a typed one is the tab's, never shown back, nor another phone's.
      const proven = ['provenLocked', 'provenUnlocked', 'otherProven'].includes(caller.kind);
      expect(me.phoneNumber).toBe(proven ? (caller.phone ?? null) : null);
      expect(me.isVerified).toBe(proven);
    },
  },
  'profile.savePhone': {
    access: POLICIES.anyone,
    // The caller's own number: saving another one would end a proven session's proof by design.
    input: (caller) => ({ phoneNumber: caller.phone ?? newPhone() }),
  },
  'profile.logout': { access: POLICIES.anyone, changesSession: true },
  'profile.ratingsReceived': {
    access: POLICIES.unlocked,
    check: async (result, caller) => {
      const list = asRecord(result).ratings;
      if (!Array.isArray(list)) throw new Error('expected a ratings list');
      const ids = list.map((rating) => String(asRecord(rating).id));
      expect(ids).toContain(caller.receivedRatingId);
      // Every rating returned is of the caller's proven phone: nothing of the other proven phone leaks.
      expect(new Set(await phonesOfRatings(ids))).toEqual(new Set([caller.phone]));
    },
  },
  'profile.updateName': { access: POLICIES.proven, input: () => ({ name: 'Sam' }) },
  'profile.reportRating': {
    access: POLICIES.unlocked,
    // A rating the caller received; callers that received none are refused before the id is looked at.
    input: (caller) => ({ ratingId: caller.receivedRatingId ?? randomUUID(), reason: REPORT_REASON }),
  },
  'profile.setTextsOptIn': { access: POLICIES.proven, input: () => ({ optIn: true }) },
  'profile.ratingsGiven': {
    access: POLICIES.anyone,
    check: async (result, caller) => {
      const list = asRecord(result).ratings;
      if (!Array.isArray(list)) throw new Error('expected a ratings list');
      // Only ratings this caller wrote; never a phone.
      const ids = list.map((rating) => String(asRecord(rating).id));
      expect(new Set(await authorsOfRatings(ids))).toEqual(
        ids.length === 0 ? new Set() : new Set([caller.phone ?? null]),
      );
      expect(JSON.stringify(result)).not.toMatch(/\+\d{7,}/);
    },
  },
  'profile.appeal': {
    // Only the author's own hidden or held rating can be appealed: someone else's answers as an unknown id, and
    // a caller with no proven phone is told to verify first, before anything is looked up.
    access: {
      anonymous: 'BAD_REQUEST',
      device: 'BAD_REQUEST',
      unproven: 'BAD_REQUEST',
      provenLocked: 'NOT_FOUND',
      provenUnlocked: 'NOT_FOUND',
      otherProven: 'NOT_FOUND',
      admin: 'BAD_REQUEST',
      moderator: 'BAD_REQUEST',
    },
    input: () => ({ ratingId: hiddenRatingId }),
  },
  'profile.setDoNotRate': { access: POLICIES.proven, input: () => ({ doNotRate: false }) },
  'profile.exportData': {
    access: POLICIES.proven,
    check: (result, caller) => {
      // The caller's own number only: never another person's phone, never a rater.
      const phonesInExport = new Set(JSON.stringify(result).match(/\+\d{7,15}/g));
      expect(phonesInExport).toEqual(new Set([caller.phone]));
    },
  },
  'profile.deleteAccount': { access: POLICIES.proven, changesSession: true },
  'rating.questions': { access: POLICIES.anyone },
  'rating.relationshipTypes': { access: POLICIES.anyone },
  'rating.anonymity': { access: POLICIES.anyone },
  'rating.submit': {
    access: POLICIES.anyone,
    input: () => ratingInput({ phoneNumber: newPhone() }),
  },
  'telemetry.track': { access: POLICIES.anyone, input: () => ({ action: 'onboarding_step_completed' }) },
  'transparency.report': {
    access: POLICIES.anyone,
    check: (result) => expect(JSON.stringify(result)).not.toMatch(/\+\d{7,}/),
  },
  'telemetry.reportError': { access: POLICIES.anyone, input: () => ({ message: 'Render failed' }) },
  'verification.send': { access: POLICIES.anyone, input: () => ({ phoneNumber: newPhone() }) },
  'verification.check': {
    // Whoever holds the phone holds the code (docs/security.md#codes): the right code proves the number for
    // any caller, a cookie-less one included, whichever session asked for it.
    access: POLICIES.anyone,
    changesSession: true,
    input: async (caller) => {
      const phone = newPhone();
      const sender = caller.kind === 'anonymous' ? t.caller({ ip: '192.0.2.201' }) : caller;
      await sender.trpc.verification.send({ phoneNumber: phone });
      return { phoneNumber: phone, code: latestCode(t, phone) };
    },
  },
  'verification.defaultCountry': { access: POLICIES.anyone },
  'staff.list': {
    access: POLICIES.admin,
    // Never a credential in the list.
    check: (result) =>
      expect(JSON.stringify(result)).not.toMatch(/scrypt|totp_?secret|recovery_?code_?hashes/i),
  },
  'staff.invite': {
    access: POLICIES.admin,
    input: () => ({ login: newStaffLogin(), displayName: 'Invitee', role: 'moderator' }),
  },
  'staff.setDisabled': {
    access: POLICIES.admin,
    input: async () => ({ id: (await invitation()).id, disabled: true }),
  },
  'staff.remove': { access: POLICIES.admin, input: async () => ({ id: (await invitation()).id }) },
  'staff.resetSecondFactor': { access: POLICIES.admin, input: async () => ({ id: (await invitation()).id }) },
  // An enrolment link is all its holder needs: no session of any kind.
  'staff.beginEnrolment': {
    access: POLICIES.anyone,
    input: async () => ({ token: (await invitation()).token }),
  },
  'staff.completeEnrolment': {
    access: POLICIES.anyone,
    changesSession: true,
    input: async () => {
      const { token } = await invitation();
      const { secret } = await t.caller().trpc.staff.beginEnrolment({ token });
      return { token, password: 'a long enough password', code: currentTotp(secret) };
    },
  },
  // One's own passkeys, whichever the role (docs/staff.md#passkeys).
  'staff.passkeys': {
    access: POLICIES.staff,
    check: (result) => expect(JSON.stringify(result)).not.toMatch(/public_?key|credential_?id|counter/i),
  },
  'staff.passkeyRegistrationOptions': { access: POLICIES.staff },
  'staff.addPasskey': {
    access: POLICIES.staff,
    input: async (caller) => ({ name: 'Laptop', response: await passkeyRegistration(caller) }),
  },
  'staff.removePasskey': {
    access: POLICIES.staff,
    input: async (caller) => {
      if (caller.kind !== 'admin' && caller.kind !== 'moderator') return { id: randomUUID() };
      const response = await passkeyRegistration(caller);
      return { id: (await caller.trpc.staff.addPasskey({ name: 'Spare', response })).id };
    },
  },
  // Asks for nothing of the account: the same for every caller and every name.
  'staff.passkeyLoginOptions': { access: POLICIES.anyone, input: () => ({ account: 'admin' }) },
};

/** A passkey answer to the caller's own registration options; for a caller without a session, to made-up ones. */
async function passkeyRegistration(caller: MatrixCaller) {
  const authenticator = new SoftAuthenticator(t.config.publicUrl);
  if (caller.kind === 'admin' || caller.kind === 'moderator') {
    return authenticator.register(await caller.trpc.staff.passkeyRegistrationOptions());
  }
  return authenticator.register({
    challenge: 'bm90LWEtcmVhbC1jaGFsbGVuZ2U',
    rp: { name: 'ExRated', id: 'localhost' },
    user: { id: 'bm9ib2R5', name: 'nobody', displayName: 'Nobody' },
    pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
  });
}

const MODERATOR_LOGIN = 'moderator@example.org';
const MODERATOR_PASSWORD = 'moderator-password-123';
let moderatorSecret = '';
let moderatorCodes: string[] = [];
let staffLogins = 0;
function newStaffLogin() {
  staffLogins += 1;
  return `staff-${staffLogins}@example.org`;
}

/** A new invited account and its link's token, made by the test admin. */
async function invitation() {
  const admin = await callerFor('admin', false);
  const { id, link } = await admin.trpc.staff.invite({
    login: newStaffLogin(),
    displayName: 'Invitee',
    role: 'moderator',
  });
  return { id, token: link.split('/').pop() ?? '' };
}

/** The procedure at a dotted path of a caller, found the way the router names it. */
function procedureAt(trpc: unknown, path: string): (input?: unknown) => Promise<unknown> {
  let node: unknown = trpc;
  for (const key of path.split('.')) node = (node as Record<string, unknown>)[key];
  if (typeof node !== 'function') throw new Error(`no procedure at ${path}`);
  return node as (input?: unknown) => Promise<unknown>;
}

async function outcomeOf(call: () => Promise<unknown>): Promise<{ outcome: Outcome; result?: unknown }> {
  try {
    return { outcome: 'OK', result: await call() };
  } catch (error) {
    if (error instanceof TRPCError) return { outcome: error.code };
    throw error;
  }
}

const ROUTER_PATHS = [...routerProcedures().keys()];
const shared = new Map<CallerKind, MatrixCaller>();

async function callerFor(kind: CallerKind, fresh: boolean) {
  // A cookie-less caller is new on every call: it never sends back a cookie it was given.
  if (kind === 'anonymous') return createCaller(kind);
  // A fresh caller proves a phone of its own: a number gets one code per wait (docs/security.md#codes), and a
  // call that ends the session or the account must not touch the shared callers' phones.
  if (fresh) return createCaller(kind, newPhone());
  const existing = shared.get(kind);
  if (existing) return existing;
  const created = await createCaller(kind);
  shared.set(kind, created);
  return created;
}

beforeAll(async () => {
  // Callers are built anew for many rows, proving the same numbers again and again: no waits between codes.
  t = await createTestApp({ env: ENV, codeStoreOptions: NO_RESEND_WAITS });
  // The moderator enrols as a person does: an admin's invitation, the QR code's secret, a first code.
  const admin = await callerFor('admin', false);
  const { link } = await admin.trpc.staff.invite({
    login: MODERATOR_LOGIN,
    displayName: 'Mod',
    role: 'moderator',
  });
  const token = link.split('/').pop() ?? '';
  const enrolling = t.caller();
  moderatorSecret = (await enrolling.trpc.staff.beginEnrolment({ token })).secret;
  const enrolled = await enrolling.trpc.staff.completeEnrolment({
    token,
    password: MODERATOR_PASSWORD,
    code: await freshTotp(moderatorSecret),
  });
  moderatorCodes = [...enrolled.recoveryCodes];
  phones.unproven = newPhone();
  phones.provenLocked = newPhone();
  phones.provenUnlocked = newPhone();
  phones.otherProven = newPhone();
  received.set('provenUnlocked', (await seedRatingOf(phones.provenUnlocked, 'Mine to read.')).ratingId);
  const other = await seedRatingOf(phones.otherProven, 'Not yours to read.');
  received.set('otherProven', other.ratingId);
  notificationId = (await seedRatingOf(newPhone(), LANDING_TEXT)).notificationId;
  const reporter = await callerFor('otherProven', false);
  noticeReference = (
    await reporter.trpc.profile.reportRating({ ratingId: other.ratingId, reason: REPORT_REASON })
  ).reference;
  const [notice] = await t.database.db
    .select({ id: notices.id })
    .from(notices)
    .where(eq(notices.reference, noticeReference));
  noticeId = notice?.id ?? '';
  const hidden = await seedRatingOf(newPhone(), 'Hidden by moderation.');
  hiddenRatingId = hidden.ratingId;
  await t.database.db.update(ratings).set({ hiddenAt: new Date() }).where(eq(ratings.id, hiddenRatingId));
});
afterAll(async () => {
  await t?.close();
});

describe('access-control matrix', () => {
  it('has exactly one row per procedure of the router', () => {
    expect(ROUTER_PATHS.length).toBeGreaterThan(0);
    expect(Object.keys(ROWS).sort()).toEqual([...ROUTER_PATHS].sort());
  });

  it("gives every procedure the policy of its base procedure's access level", () => {
    const withPolicy = ROUTER_PATHS.filter((path) => ROWS[path] && policyName(ROWS[path].access));
    expect(withPolicy.length).toBeGreaterThan(0);
    const rowPolicies = withPolicy.map((path) => [path, ROWS[path] && policyName(ROWS[path].access)]);
    const accessPolicies = withPolicy.map((path) => [path, POLICY_OF_ACCESS[procedureAccess(path)]]);
    expect(Object.fromEntries(rowPolicies)).toEqual(Object.fromEntries(accessPolicies));
  });

  it.each(ROUTER_PATHS)('%s answers each kind of caller as the policy says', async (path) => {
    const row = ROWS[path];
    if (!row) throw new Error(`no access-matrix row for ${path}: add one`);
    const seen: Record<string, Outcome> = {};
    for (const kind of CALLER_KINDS) {
      const caller = await callerFor(kind, row.changesSession === true);
      const input = row.input ? await row.input(caller) : undefined;
      const { outcome, result } = await outcomeOf(() => procedureAt(caller.trpc, path)(input));
      seen[kind] = outcome;
      if (outcome === 'OK' && row.check) await row.check(result, caller);
    }
    expect(seen).toEqual(row.access);
  });
});

describe('viewer-scoped procedures', () => {
  it("never act on another phone's data", async () => {
    const viewer = await callerFor('provenUnlocked', false);
    const other = await callerFor('otherProven', false);
    const otherRating = other.receivedRatingId ?? '';
    // A review of another phone cannot be reported, and the answer is the same as for an unknown id.
    const refused = await outcomeOf(() =>
      viewer.trpc.profile.reportRating({ ratingId: otherRating, reason: REPORT_REASON }),
    );
    expect(refused.outcome).toBe('NOT_FOUND');
    const unknown = await outcomeOf(() =>
      viewer.trpc.profile.reportRating({ ratingId: randomUUID(), reason: REPORT_REASON }),
    );
    expect(unknown.outcome).toBe('NOT_FOUND');

    // The display name goes to the viewer's own profile only.
    await viewer.trpc.profile.updateName({ name: 'Viewer' });
    await other.trpc.profile.updateName({ name: 'Other' });
    const names = await t.database.db
      .select({ phone: claimedProfiles.phoneNumber, name: claimedProfiles.name })
      .from(claimedProfiles);
    expect(names.find((row) => row.phone === phones.provenUnlocked)?.name).toBe('Viewer');
    expect(names.find((row) => row.phone === phones.otherProven)?.name).toBe('Other');

    // Each sees exactly the ratings of its own phone.
    const mine = await viewer.trpc.profile.ratingsReceived();
    const theirs = await other.trpc.profile.ratingsReceived();
    expect(mine.ratings.map((rating) => rating.id)).toEqual([viewer.receivedRatingId]);
    expect(theirs.ratings.map((rating) => rating.id)).toEqual([otherRating]);
  });
});
