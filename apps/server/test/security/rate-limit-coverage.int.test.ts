import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ratingInput } from '../support/rating-fixtures';
import { routerProcedures } from '../support/router-procedures';
import { HttpBrowser, NO_RESEND_WAITS, useTestApp } from '../support/test-app';
import { latestCode, type TrpcHttpReply, trpcHttp } from '../support/verification';

/**
 * Every mutation and every costly query a non-admin can call has a cap keyed on what an abuser pays for (a
 * proven phone, an IP address or an IPv6 /64). The procedure list comes from the router itself: a procedure
 * added without a cap fails here, as one added without an access rule fails the access matrix. Each cap is
 * shown by a burst past it, with every cap set to 2.
 */

const CAP = 2;
const ENV = Object.fromEntries(
  [
    'LIMIT_VERIFICATION_SENDS_PER_IP_PER_HOUR',
    'LIMIT_VERIFICATION_CHECKS_PER_IP_PER_HOUR',
    'LIMIT_PHONE_SAVES_PER_IP_PER_HOUR',
    'LIMIT_RATINGS_PER_DEVICE_PER_HOUR',
    'LIMIT_RATINGS_PER_IP_PER_HOUR',
    'LIMIT_ADMIN_LOGINS_PER_IP_PER_15_MIN',
    'LIMIT_TELEMETRY_PER_IP_PER_MINUTE',
    'LIMIT_NOTICES_PER_IP_PER_HOUR',
    'LIMIT_ACCOUNT_CHANGES_PER_PHONE_PER_HOUR',
    'LIMIT_EXPORTS_PER_PHONE_PER_DAY',
    'LIMIT_CALLS_PER_IP_PER_MINUTE',
  ].map((name) => [name, String(CAP)]),
);

/** Reads that cost next to nothing, each with the reason it needs no cap. */
const CHEAP_READS: Record<string, string> = {
  'rating.questions': 'a constant list',
  'rating.relationshipTypes': 'a constant list',
  'rating.anonymity': 'the configured anonymity settings',
  'verification.defaultCountry': 'read from the request headers only',
  'admin.me': 'reads the caller’s own staff cookie',
  'profile.me':
    'the caller’s own session row (served from the session cache); a new one counts against the network’s cap on new sessions (session-creation-cap.int.test.ts)',
  'profile.ratingsGiven': 'the caller’s own ratings, by an indexed key',
  'profile.ratingsReceived': 'the caller’s own received ratings, by an indexed key, once unlocked',
};

const t = useTestApp({ env: { ...ENV, TRUST_PROXY: 'true' }, codeStoreOptions: NO_RESEND_WAITS });

let counter = 0;
/** A browser of its own behind an address of its own: no cap of another row is ever counted against it. */
function newActor() {
  counter += 1;
  const browser = new HttpBrowser();
  const headers = { 'x-forwarded-for': `198.18.${Math.floor(counter / 200)}.${counter % 200}` };
  const send = (kind: 'query' | 'mutation', path: string, input?: unknown) =>
    trpcHttp(t, browser, kind, path, input, headers);
  return { browser, send };
}
type Actor = ReturnType<typeof newActor>;

function newPhone() {
  counter += 1;
  return `+1415554${String(counter).padStart(4, '0')}`;
}

async function provenActor(phone = newPhone()) {
  const actor = newActor();
  expect((await actor.send('mutation', 'verification.send', { phoneNumber: phone })).error).toBeNull();
  const code = latestCode(t, phone);
  expect((await actor.send('mutation', 'verification.check', { phoneNumber: phone, code })).error).toBeNull();
  return actor;
}

interface Burst {
  /** Who calls; by default a new browser at a new address. */
  actor?: () => Promise<Actor>;
  input?: () => unknown;
  /** Each call from a new actor (a cap on the proven phone, which fresh cookies and addresses do not reset). */
  freshActorEachCall?: () => Promise<Actor>;
}

const BURSTS: Record<string, Burst> = {
  'rating.submit': { input: () => ratingInput({ phoneNumber: newPhone() }) },
  'verification.send': { input: () => ({ phoneNumber: newPhone() }) },
  'verification.check': { input: () => ({ phoneNumber: newPhone(), code: '123456' }) },
  'profile.savePhone': { input: () => ({ phoneNumber: newPhone() }) },
  'profile.logout': {},
  'profile.appeal': { input: () => ({ ratingId: randomUUID() }) },
  'profile.updateName': { actor: () => provenActor(), input: () => ({ name: 'Sam' }) },
  'profile.setTextsOptIn': { actor: () => provenActor(), input: () => ({ optIn: false }) },
  'profile.setDoNotRate': { actor: () => provenActor(), input: () => ({ doNotRate: false }) },
  'profile.exportData': { actor: () => provenActor() },
  'profile.deleteAccount': {
    freshActorEachCall: (() => {
      const phone = newPhone();
      return () => provenActor(phone);
    })(),
  },
  'profile.reportRating': {
    actor: async () => {
      const actor = await provenActor();
      await actor.send('mutation', 'rating.submit', ratingInput({ phoneNumber: newPhone() }));
      await actor.send('mutation', 'rating.submit', ratingInput({ phoneNumber: newPhone() }));
      return actor;
    },
    input: () => ({ ratingId: randomUUID(), reason: 'harassment' }),
  },
  'notice.file': { input: () => ({ reason: 'other', text: 'Someone wrote about me.' }) },
  'notice.status': { input: () => ({ reference: 'XR-0000-0000' }) },
  'notification.visit': { input: () => ({ id: randomUUID() }) },
  'notification.optOut': { input: () => ({ id: randomUUID() }) },
  'telemetry.track': { input: () => ({ action: 'onboarding_step_completed' }) },
  'telemetry.reportError': { input: () => ({ message: 'Render failed' }) },
  'transparency.report': {},
  'staff.beginEnrolment': { input: () => ({}) },
  'staff.completeEnrolment': { input: () => ({}) },
  'staff.passkeyLoginOptions': { input: () => ({ account: 'admin' }) },
  'admin.login': { input: () => ({ account: 'admin', password: 'a-wrong-password-guess' }) },
};

const PROCEDURES = routerProcedures();

describe('every procedure a non-admin can call is capped', () => {
  it('knows every procedure of the router: a cap, a cheap read, or staff only', async () => {
    const unknown: string[] = [];
    for (const [path, kind] of PROCEDURES) {
      if (BURSTS[path] || CHEAP_READS[path]) continue;
      // Staff-only procedures are refused to anyone else before they do any work.
      const reply = await newActor().send(kind === 'query' ? 'query' : 'mutation', path, {});
      if (reply.error?.data.code !== 'UNAUTHORIZED') unknown.push(path);
    }
    expect(unknown, 'procedures a non-admin can call without a known cap').toEqual([]);
  });

  for (const [path, burst] of Object.entries(BURSTS)) {
    it(`${path}: a burst past the cap is refused with TOO_MANY_REQUESTS`, async () => {
      const kind = PROCEDURES.get(path);
      expect(kind, `${path} is in the router`).toBeDefined();
      const shared = burst.freshActorEachCall ? null : await (burst.actor ?? (async () => newActor()))();
      const replies: TrpcHttpReply[] = [];
      for (let call = 0; call <= CAP; call += 1) {
        const actor = shared ?? (await (burst.freshActorEachCall as () => Promise<Actor>)());
        replies.push(await actor.send(kind === 'query' ? 'query' : 'mutation', path, burst.input?.()));
      }
      const codes = replies.map((reply) => reply.error?.data.code ?? 'OK');
      expect(codes.at(-1), `${path} answered ${codes.join(', ')}`).toBe('TOO_MANY_REQUESTS');
      expect(replies.at(-1)?.status).toBe(429);
    });
  }
});
