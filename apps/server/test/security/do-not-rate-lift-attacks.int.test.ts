// Attacks on the lift of 'Do not rate me' (docs/anonymity.md#non-interference): the owner of a number
// chooses when they switch it, so a switch must not tell them when a rating that reaches them was given.
import { doNotRateLifts, ratings } from '@exrated/db/schema';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { actorsOf } from '../support/actors';
import { ratingInput, type SubmitReply } from '../support/rating-fixtures';
import { NO_RESEND_WAITS, UNCAPPED_LIMITS_ENV, useTestApp } from '../support/test-app';
import { testClock } from '../support/test-clock';
import { latestCode } from '../support/verification';

const HOUR = 60 * 60_000;
const MIN_DELAY = HOUR;
const LONGEST_DELAY = 13 * HOUR;

const clock = testClock();
const t = useTestApp({
  env: {
    ...UNCAPPED_LIMITS_ENV,
    TRUST_PROXY: 'true',
    RELEASE_DELAY_MIN_MINUTES: String(MIN_DELAY / 60_000),
    RELEASE_DELAY_SPREAD_MINUTES: String((LONGEST_DELAY - MIN_DELAY) / 60_000),
    RELEASE_QUIET_HOURS: 'off',
  },
  codeStoreOptions: NO_RESEND_WAITS,
  overrides: { now: clock.now },
});
const { actor, prove } = actorsOf(t, (phone) => latestCode(t, phone));

afterEach(() => clock.reset());

let line = 0;
function newPhone() {
  line += 1;
  return `+1415558${String(line).padStart(4, '0')}`;
}

async function liftOf(phone: string) {
  const [lift] = await t.database.db
    .select()
    .from(doNotRateLifts)
    .where(eq(doNotRateLifts.phoneNumber, phone));
  return lift?.notBefore.getTime() ?? null;
}

describe("'Do not rate me' switched off by an owner who chooses the moment", () => {
  // A switch-off that followed no switch-on used to record the lift: the owner, switching off at a moment T
  // of their choice, knew that any text before T + 13 h was given before T (windows of 0.6 to 11.9 h, where
  // docs/anonymity.md promises at least the delay's spread). The arrival is the rating's release time.
  it('leaves the owner a window of at least the spread for a rating given before a switch-off', async () => {
    const windows: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      const owned = newPhone();
      const owner = actor(`203.0.113.${50 + index}`, 'owner-agent');
      await prove(owner, owned);
      const rater = actor(`203.0.113.${60 + index}`, 'rater-agent');
      await prove(rater, newPhone());
      const reply = await rater.call('rating.submit', ratingInput({ phoneNumber: owned }));
      expect(reply.error).toBeNull();
      const ratingId = (reply.data as SubmitReply).ratingId;
      clock.advance(60_000);
      // The switch was never on: the owner only turns it off, within the lease of their proof.
      const offAt = clock.now().getTime();
      expect((await owner.call('profile.setDoNotRate', { doNotRate: false })).error).toBeNull();
      const [row] = await t.database.db.select().from(ratings).where(eq(ratings.id, ratingId));
      const arrival = row?.releaseAt?.getTime() ?? 0;
      expect(arrival).toBeGreaterThan(offAt - LONGEST_DELAY);
      // What the owner could tell if a lift were in force: given at least MIN_DELAY before the arrival, at
      // most LONGEST_DELAY before it, and, arriving before the lift's end, before the switch-off.
      const lift = await liftOf(owned);
      const latest =
        lift !== null && arrival < lift ? Math.min(offAt, arrival - MIN_DELAY) : arrival - MIN_DELAY;
      windows.push(latest - (arrival - LONGEST_DELAY));
    }
    for (const window of windows) {
      expect(window, `windows (h): ${windows.map((w) => (w / HOUR).toFixed(2))}`).toBeGreaterThanOrEqual(
        LONGEST_DELAY - MIN_DELAY,
      );
    }
  });

  it('records no lift for a switch-off that follows no switch-on', async () => {
    const owned = newPhone();
    const owner = actor('203.0.113.70', 'owner-agent');
    await prove(owner, owned);
    expect((await owner.call('profile.setDoNotRate', { doNotRate: false })).error).toBeNull();
    expect(await liftOf(owned)).toBeNull();
  });

  // A second switch-off renewing the lift would date the ratings that came to stand between the two: they
  // arrive from the first lift's end, the later ones only from the second's.
  it('keeps the lift of the switch-off that ended the switch-on, whatever switch-off follows', async () => {
    const owned = newPhone();
    const owner = actor('203.0.113.71', 'owner-agent');
    await prove(owner, owned);
    expect((await owner.call('profile.setDoNotRate', { doNotRate: true })).error).toBeNull();
    const offAt = clock.now().getTime();
    expect((await owner.call('profile.setDoNotRate', { doNotRate: false })).error).toBeNull();
    const lift = await liftOf(owned);
    expect(lift).toBeGreaterThanOrEqual(offAt + LONGEST_DELAY);

    // Within the lease of the proof, which turning the switch off needs.
    clock.advance(5 * 60_000);
    expect((await owner.call('profile.setDoNotRate', { doNotRate: false })).error).toBeNull();
    expect(await liftOf(owned)).toBe(lift);
  });
});
