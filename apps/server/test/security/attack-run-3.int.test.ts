// Attack run 3: probes over HTTP of the tab-held rating claims (docs/security.md#sessions) and of the newer
// mechanisms around them. Each probe asserts the property it attacked.
import { ratings } from '@exrated/db/schema';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { RATINGS_CLAIMED_AT_PROOF_MS } from '../../src/services/rating/rating-limits';
import { type Actor, actorsOf } from '../support/actors';
import { ratingInput, type SubmitReply } from '../support/rating-fixtures';
import {
  HttpBrowser,
  NO_RESEND_WAITS,
  testAdminLogin,
  UNCAPPED_LIMITS_ENV,
  useTestApp,
} from '../support/test-app';
import { testClock } from '../support/test-clock';
import { latestCode, sessionOfBrowser, type TrpcHttpReply } from '../support/verification';

const clock = testClock();
const t = useTestApp({
  env: { ...UNCAPPED_LIMITS_ENV, TRUST_PROXY: 'true' },
  codeStoreOptions: NO_RESEND_WAITS,
  overrides: { now: clock.now },
});
const { actor, prove } = actorsOf(t, (phone) => latestCode(t, phone));

afterEach(() => clock.reset());

let line = 0;
function newPhone() {
  line += 1;
  return `+1415556${String(line).padStart(4, '0')}`;
}
let address = 0;
function newIp() {
  address += 1;
  return `198.51.100.${address}`;
}

/** An unproven rating of `phone` from `person`: its id and the claim its tab was given. */
async function rateUnproven(person: Actor, phone = newPhone()) {
  const reply = await person.call('rating.submit', ratingInput({ phoneNumber: phone }));
  expect(reply.error).toBeNull();
  const data = reply.data as SubmitReply & { claim?: string };
  expect(typeof data.claim).toBe('string');
  return { id: data.ratingId, claim: data.claim ?? '' };
}

/** `person` proves `phone` presenting exactly `claims` (none of the tab's own unless listed). */
async function proveWith(person: Actor, phone: string, claims: readonly string[]): Promise<TrpcHttpReply> {
  expect((await person.call('verification.send', { phoneNumber: phone })).error).toBeNull();
  return person.call('verification.check', { phoneNumber: phone, code: latestCode(t, phone), claims });
}

async function ratingRow(id: string) {
  const [row] = await t.database.db.select().from(ratings).where(eq(ratings.id, id));
  return row;
}

function givenCount(reply: TrpcHttpReply) {
  return (reply.data as { ratingsGiven: number }).ratingsGiven;
}

/** A tab of the same browser: the cookies, not the session storage (so none of the claims). */
function tabOf(person: Actor) {
  const tab = new HttpBrowser();
  for (const [name, value] of person.browser.cookies) tab.cookies.set(name, value);
  return tab;
}

describe('attack run 3: tab-held rating claims', () => {
  it('held: a claim replayed from another browser claims nothing there, and its tab still claims it', async () => {
    const victim = actor(newIp(), 'victim-agent');
    const rated = await rateUnproven(victim);
    const attacker = actor(newIp(), 'attacker-agent');
    const attackerPhone = newPhone();
    expect((await proveWith(attacker, attackerPhone, [rated.claim])).error).toBeNull();
    expect((await attacker.query('profile.me')).data).toMatchObject({ ratingsGiven: 0, isUnlocked: false });
    expect((await attacker.query('profile.ratingsGiven')).data).toEqual({ ratings: [] });
    expect((await ratingRow(rated.id))?.createdByPhone).toBeNull();

    const victimPhone = newPhone();
    await prove(victim, victimPhone);
    expect(givenCount(await victim.query('profile.me'))).toBe(1);
    expect((await ratingRow(rated.id))?.createdByPhone).toBe(victimPhone);
  });

  it("held: two replayed claims of other people's ratings unlock nothing", async () => {
    const victims = [actor(newIp(), 'victim-1'), actor(newIp(), 'victim-2')];
    const claims = [await rateUnproven(victims[0] as Actor), await rateUnproven(victims[1] as Actor)];
    const attacker = actor(newIp(), 'unlock-thief');
    expect(
      (
        await proveWith(
          attacker,
          newPhone(),
          claims.map((claim) => claim.claim),
        )
      ).error,
    ).toBeNull();
    expect((await attacker.query('profile.me')).data).toMatchObject({ ratingsGiven: 0, isUnlocked: false });
    expect((await attacker.query('profile.ratingsReceived')).error?.data.code).toBe('FORBIDDEN');
  });

  it('held: replayed claims in a browser that also rated claim only its own ratings', async () => {
    const victim = actor(newIp(), 'victim-agent');
    const stolen = await rateUnproven(victim);
    const attacker = actor(newIp(), 'half-honest-attacker');
    const own = await rateUnproven(attacker);
    expect((await proveWith(attacker, newPhone(), [own.claim, stolen.claim])).error).toBeNull();
    expect((await attacker.query('profile.me')).data).toMatchObject({ ratingsGiven: 1, isUnlocked: false });
    expect((await ratingRow(stolen.id))?.createdByPhone).toBeNull();
  });

  it('held: a rating is claimed once however often its claim is presented', async () => {
    const person = actor(newIp(), 'duplicating-agent');
    const rated = await rateUnproven(person);
    expect((await proveWith(person, newPhone(), Array(20).fill(rated.claim))).error).toBeNull();
    expect((await person.query('profile.me')).data).toMatchObject({ ratingsGiven: 1, isUnlocked: false });
  });

  it('held: 21 claims are refused before the code is counted, and the code still proves', async () => {
    const person = actor(newIp(), 'many-claims-agent');
    const rated = await rateUnproven(person);
    const phone = newPhone();
    expect((await person.call('verification.send', { phoneNumber: phone })).error).toBeNull();
    const code = latestCode(t, phone);
    const tooMany = await person.call('verification.check', {
      phoneNumber: phone,
      code,
      claims: Array(21).fill(rated.claim),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.error?.data.code).toBe('BAD_REQUEST');
    const checked = await person.call('verification.check', {
      phoneNumber: phone,
      code,
      claims: [rated.claim],
    });
    expect(checked.error).toBeNull();
    expect(givenCount(await person.query('profile.me'))).toBe(1);
  });

  it('held: forged, swapped, re-cased and truncated claims claim nothing', async () => {
    const person = actor(newIp(), 'forging-agent');
    const first = await rateUnproven(person);
    const second = await rateUnproven(person);
    const tagOf = (claim: string) => claim.split('.')[1] ?? '';
    const forged = [
      `${first.id}.${tagOf(second.claim)}`,
      `${second.id}.${tagOf(first.claim)}`,
      `${first.id.toUpperCase()}.${tagOf(first.claim)}`,
      `${first.id}.${tagOf(first.claim).toUpperCase()}`,
      `${first.id}.${tagOf(first.claim).slice(0, 21)}`,
      `${first.id}.${tagOf(first.claim)}A`,
      `${first.id}`,
      `.${tagOf(first.claim)}`,
      `{${first.id}}.${tagOf(first.claim)}`,
      `}${first.id}.${tagOf(first.claim)}`,
    ];
    // The tab presents the forgeries only: its genuine claims, which its requests carry, are dropped.
    person.browser.claims.length = 0;
    expect((await proveWith(person, newPhone(), forged)).error).toBeNull();
    expect(givenCount(await person.query('profile.me'))).toBe(0);
    for (const { id } of [first, second]) expect((await ratingRow(id))?.createdByPhone).toBeNull();
  });

  it('held: a claim presented past the hour claims nothing', async () => {
    const person = actor(newIp(), 'late-agent');
    const rated = await rateUnproven(person);
    clock.advance(RATINGS_CLAIMED_AT_PROOF_MS + 60_000);
    expect((await proveWith(person, newPhone(), [rated.claim])).error).toBeNull();
    expect(givenCount(await person.query('profile.me'))).toBe(0);
    expect((await ratingRow(rated.id))?.createdByPhone).toBeNull();
  });

  it('held: a claim presented after a sign-out claims nothing in the new session', async () => {
    const person = actor(newIp(), 'signing-out-agent');
    const rated = await rateUnproven(person);
    expect((await person.call('profile.logout')).error).toBeNull();
    expect((await proveWith(person, newPhone(), [rated.claim])).error).toBeNull();
    expect(givenCount(await person.query('profile.me'))).toBe(0);
    expect((await ratingRow(rated.id))?.createdByPhone).toBeNull();
  });

  it("held: a claim presented after a proven account's deletion claims nothing of the deleted session", async () => {
    const person = actor(newIp(), 'deleting-agent');
    const rated = await rateUnproven(person);
    const phone = newPhone();
    await prove(person, phone);
    expect((await person.call('profile.deleteAccount')).error).toBeNull();
    expect(await ratingRow(rated.id)).toBeUndefined();
    // The deleted rating's claim, presented again at a new proof, answers as a proof with no claim does.
    const again = await proveWith(person, newPhone(), [rated.claim]);
    expect(again.error).toBeNull();
    expect(givenCount(await person.query('profile.me'))).toBe(0);
  });

  it('held: a wrong code sets none of the browser’s ratings aside', async () => {
    const earlier = actor(newIp(), 'earlier-visitor');
    const rated = await rateUnproven(earlier);
    const next = actor(newIp(), 'next-visitor', tabOf(earlier));
    const nextPhone = newPhone();
    expect((await next.call('verification.send', { phoneNumber: nextPhone })).error).toBeNull();
    const code = latestCode(t, nextPhone);
    const wrong = code === '000000' ? '111111' : '000000';
    const checked = await next.call('verification.check', {
      phoneNumber: nextPhone,
      code: wrong,
      claims: [],
    });
    expect(checked.error?.data.code).toBe('BAD_REQUEST');
    const before = await sessionOfBrowser(t, earlier.browser);
    expect((await ratingRow(rated.id))?.deviceSessionId).toBe(before?.id);
    // The earlier visitor's tab still proves with its claim and has its rating counted.
    await prove(earlier, newPhone());
    expect(givenCount(await earlier.query('profile.me'))).toBe(1);
  });

  it('held: the check answers alike for a genuine, forged, foreign or deleted rating’s claim', async () => {
    const other = actor(newIp(), 'other-rater');
    const foreign = await rateUnproven(other);
    const doomed = actor(newIp(), 'deleted-rater');
    const deleted = await rateUnproven(doomed);
    await prove(doomed, newPhone());
    expect((await doomed.call('profile.deleteAccount')).error).toBeNull();

    const answers: unknown[] = [];
    for (const variant of ['genuine', 'forged', 'foreign', 'deleted'] as const) {
      const person = actor(newIp(), `${variant}-claimer`);
      const own = await rateUnproven(person);
      const phone = newPhone();
      const claims = {
        genuine: [own.claim],
        forged: [`${own.claim.slice(0, -1)}${own.claim.endsWith('A') ? 'B' : 'A'}`],
        foreign: [foreign.claim],
        deleted: [deleted.claim],
      }[variant];
      const reply = await proveWith(person, phone, claims);
      answers.push({
        status: reply.status,
        error: reply.error,
        data: JSON.stringify(reply.data).replace(phone, '<phone>'),
        cookies: reply.response.cookies.map((cookie) => cookie.name).sort(),
      });
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
  });

  it('held: a rating set aside by the next visitor’s proof never reaches the number it rated', async () => {
    const earlier = actor(newIp(), 'earlier-visitor');
    const target = newPhone();
    const rated = await rateUnproven(earlier, target);
    const next = actor(newIp(), 'next-visitor', tabOf(earlier));
    await prove(next, newPhone());
    await t.textsSent();
    expect(t.sms.outbox().filter((message) => message.to === target)).toEqual([]);
    const row = await ratingRow(rated.id);
    expect(row?.createdByPhone).toBeNull();
    // The owner of the rated number, unlocked, reads nothing of it.
    const owner = actor(newIp(), 'rated-owner');
    await rateUnproven(owner);
    await rateUnproven(owner);
    await prove(owner, target);
    const received = await owner.query('profile.ratingsReceived');
    expect(received.error).toBeNull();
    expect(received.data).toMatchObject({ ratings: [] });
  });

  it('held: a proven session’s rating carries no claim, and a claim cannot move a proven rating', async () => {
    const person = actor(newIp(), 'proven-rater');
    const phone = newPhone();
    await prove(person, phone);
    const reply = await person.call('rating.submit', ratingInput({ phoneNumber: newPhone() }));
    expect(reply.error).toBeNull();
    expect(reply.data).not.toHaveProperty('claim');
    const { ratingId } = reply.data as SubmitReply;
    const attacker = actor(newIp(), 'claim-guesser');
    const other = await rateUnproven(attacker);
    expect(
      (await proveWith(attacker, newPhone(), [other.claim, `${ratingId}.${'A'.repeat(22)}`])).error,
    ).toBeNull();
    expect((await ratingRow(ratingId))?.createdByPhone).toBe(phone);
    expect(givenCount(await attacker.query('profile.me'))).toBe(1);
  });
});

/** An answer with its random ids, phones and moments replaced by their order of appearance. */
function shape(value: unknown): string {
  const seen = new Map<string, string>();
  const name = (kind: string) => (match: string) => {
    const known = seen.get(match);
    if (known) return known;
    const named = `<${kind}${seen.size}>`;
    seen.set(match, named);
    return named;
  };
  return JSON.stringify(value ?? null)
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.[0-9a-f-]{36})?/gi, name('id'))
    .replace(/\+1\d{10}/g, name('phone'))
    .replace(/\d{4}-\d{2}-\d{2}T[\d:.]+Z/g, '<time>')
    .replace(/"(ipAddress|userAgent)":"[^"]*"/g, '"$1":"<meta>"');
}

describe('attack run 3: the moderation queue and cookie-only authors', () => {
  it('held: a cookie-only rating that screening holds is no queue item until a proof, then one', async () => {
    const person = actor(newIp(), 'threatening-agent');
    const reply = await person.call(
      'rating.submit',
      ratingInput({ phoneNumber: newPhone(), feedback: "I know where you live and I'll make you pay" }),
    );
    expect(reply.error).toBeNull();
    const { ratingId } = reply.data as SubmitReply;
    const admin = actor(newIp(), 'moderator-agent');
    expect((await admin.call('admin.login', testAdminLogin())).error).toBeNull();
    const listed = async () => {
      const queue = await admin.query('admin.queue', { kind: 'held_rating' });
      expect(queue.error).toBeNull();
      const items = (queue.data as { items: Array<{ rating: { id: string } | null }> }).items;
      return items.filter((item) => item.rating?.id === ratingId).length;
    };
    expect(await listed()).toBe(0);
    await prove(person, newPhone());
    expect(await listed()).toBe(1);
  });
});

describe('attack run 3: what the next person at a shared browser reads after proving', () => {
  it('held: a proof in a tab of a browser someone rated in reads as a proof in a fresh browser', async () => {
    async function visit(person: Actor) {
      await prove(person, newPhone());
      const seen: unknown[] = [];
      for (const rated of [newPhone(), newPhone()]) {
        const reply = await person.call('rating.submit', ratingInput({ phoneNumber: rated }));
        seen.push(shape({ status: reply.status, data: reply.data, error: reply.error }));
      }
      for (const path of ['profile.me', 'profile.ratingsGiven', 'profile.ratingsReceived']) {
        const reply = await person.query(path);
        seen.push(shape({ path, status: reply.status, data: reply.data, error: reply.error }));
      }
      const exported = await person.call('profile.exportData');
      seen.push(shape({ status: exported.status, data: exported.data, error: exported.error }));
      return seen;
    }
    const earlier = actor(newIp(), 'shared-agent');
    await rateUnproven(earlier);
    await rateUnproven(earlier);
    const afterSomeone = await visit(actor(newIp(), 'shared-agent', tabOf(earlier)));
    const fresh = await visit(actor(newIp(), 'shared-agent'));
    expect(afterSomeone).toEqual(fresh);
  });
});

describe("attack run 3: dating a rating around 'Do not rate me'", () => {
  const HOUR = 60 * 60_000;
  const LONGEST_DELAY = 13 * HOUR;
  const delayedClock = testClock();
  const delayed = useTestApp({
    env: {
      ...UNCAPPED_LIMITS_ENV,
      TRUST_PROXY: 'true',
      RELEASE_DELAY_MIN_MINUTES: '60',
      RELEASE_DELAY_SPREAD_MINUTES: '720',
      RELEASE_QUIET_HOURS: 'off',
    },
    codeStoreOptions: NO_RESEND_WAITS,
    overrides: { now: delayedClock.now },
  });
  const people = actorsOf(delayed, (phone) => latestCode(delayed, phone));

  async function releaseOf(id: string) {
    const [row] = await delayed.database.db.select().from(ratings).where(eq(ratings.id, id));
    return { releaseAt: row?.releaseAt?.getTime() ?? null, withheld: row?.withheldReason ?? null };
  }

  async function rateAs(index: number, phone: string) {
    const rater = people.actor(`192.0.2.${110 + index}`, 'rater-agent');
    await people.prove(rater, newPhone());
    const reply = await rater.call('rating.submit', ratingInput({ phoneNumber: phone }));
    expect(reply.error).toBeNull();
    return (reply.data as SubmitReply).ratingId;
  }

  it('held: switched on and off, nothing reaches the number before the lift, whenever it was given', async () => {
    const owned = newPhone();
    const owner = people.actor('192.0.2.100', 'owner-agent');
    await people.prove(owner, owned);
    const before = await rateAs(1, owned);
    delayedClock.advance(60_000);
    expect((await owner.call('profile.setDoNotRate', { doNotRate: true })).error).toBeNull();
    const during = await rateAs(2, owned);
    delayedClock.advance(60_000);
    const offAt = delayedClock.now().getTime();
    expect((await owner.call('profile.setDoNotRate', { doNotRate: false })).error).toBeNull();
    const after = await rateAs(3, owned);

    expect(await releaseOf(before)).toEqual({ releaseAt: null, withheld: 'do_not_rate' });
    expect(await releaseOf(during)).toEqual({ releaseAt: null, withheld: 'do_not_rate' });
    expect((await releaseOf(after)).releaseAt).toBeGreaterThanOrEqual(offAt + LONGEST_DELAY);
  });
});
