import { notices, ratings } from '@exrated/db/schema';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { RATINGS_CLAIMED_AT_PROOF_MS } from '../src/services/rating/rating-limits';
import { actorsOf } from './support/actors';
import { HttpBrowser, NO_RESEND_WAITS, UNCAPPED_LIMITS_ENV, useTestApp } from './support/test-app';
import { testClock } from './support/test-clock';
import { latestCode, sessionOfBrowser } from './support/verification';

/**
 * A proof starts a new device session (docs/security.md#sessions): what a browser did before it stays with
 * the earlier, anonymous session. On a shared computer the next person to prove a number there exports,
 * inherits and deletes nothing of the person before; the person who rates and then proves within the same
 * visit (the rate, verify, unlock flow) still has those ratings attributed and counted.
 */

const clock = testClock();
const t = useTestApp({
  env: { ...UNCAPPED_LIMITS_ENV, TRUST_PROXY: 'true' },
  codeStoreOptions: NO_RESEND_WAITS,
  overrides: { now: clock.now },
});
const { actor, prove, rate } = actorsOf(t, (phone) => latestCode(t, phone));

afterEach(() => clock.reset());

let line = 0;
function newPhone() {
  line += 1;
  return `+1415554${String(line).padStart(4, '0')}`;
}

const EARLIER_NOTICE = 'The earlier visitor writes about a review.';
const EARLIER_CONTACT = 'earlier-visitor@example.com';
const EARLIER_TESTIMONIAL = 'The earlier visitor rates someone they dated.';

describe('a shared browser', () => {
  it("hands the next person who proves a number nothing of the earlier visitor's", async () => {
    const earlier = actor('198.51.100.91', 'earlier-visitor-agent');
    expect(
      (await earlier.call('notice.file', { reason: 'other', text: EARLIER_NOTICE, contact: EARLIER_CONTACT }))
        .error,
    ).toBeNull();
    const earlierRating = await rate(earlier, newPhone(), EARLIER_TESTIMONIAL);
    const earlierSession = await sessionOfBrowser(t, earlier.browser);

    // Later that day someone else sits down at the same computer and proves their own number.
    clock.advance(RATINGS_CLAIMED_AT_PROOF_MS + 60_000);
    const next = actor('192.0.2.91', 'next-person-agent', earlier.browser);
    const phone = newPhone();
    await prove(next, phone);

    const exported = await next.call('profile.exportData');
    expect(exported.error).toBeNull();
    const text = JSON.stringify(exported.data);
    for (const trace of [
      EARLIER_NOTICE,
      EARLIER_CONTACT,
      EARLIER_TESTIMONIAL,
      earlierRating,
      earlier.ip,
      earlier.userAgent,
      earlierSession?.id ?? 'no earlier session',
    ]) {
      expect(text).not.toContain(trace);
    }
    const nextSession = await sessionOfBrowser(t, next.browser);
    expect(nextSession?.id).not.toBe(earlierSession?.id);
    // The earlier visitor's rating is not the new phone's, and does not count toward its unlock.
    expect((await next.query('profile.me')).data).toMatchObject({ ratingsGiven: 0, isVerified: true });
    const [rating] = await t.database.db.select().from(ratings).where(eq(ratings.id, earlierRating));
    expect(rating).toMatchObject({ createdByPhone: null, deviceSessionId: earlierSession?.id });

    expect((await next.call('profile.deleteAccount')).error).toBeNull();
    const [notice] = await t.database.db.select().from(notices).where(eq(notices.text, EARLIER_NOTICE));
    expect(notice).toMatchObject({ contact: EARLIER_CONTACT, reporterSessionId: earlierSession?.id });
    expect(await t.database.db.select().from(ratings).where(eq(ratings.id, earlierRating))).toHaveLength(1);
  });

  it('hands the next person, in a tab of their own, nothing the earlier visitor rated within the hour', async () => {
    const earlier = actor('198.51.100.93', 'earlier-tab-agent');
    const earlierRating = await rate(earlier, newPhone(), EARLIER_TESTIMONIAL);
    const earlierSession = await sessionOfBrowser(t, earlier.browser);
    // Ten minutes later the next person opens the site in a new tab of the same browser: the cookie is the
    // same, the tab's session storage (and so the earlier rating's claim) is not.
    clock.advance(10 * 60_000);
    const tab = new HttpBrowser();
    for (const [name, value] of earlier.browser.cookies) tab.cookies.set(name, value);
    const next = actor('192.0.2.93', 'next-tab-agent', tab);
    await prove(next, newPhone());

    expect((await next.query('profile.me')).data).toMatchObject({ ratingsGiven: 0, isVerified: true });
    expect((await next.query('profile.ratingsGiven')).data).toMatchObject({ ratings: [] });
    const exported = await next.call('profile.exportData');
    expect(JSON.stringify(exported.data)).not.toContain(EARLIER_TESTIMONIAL);
    const [rating] = await t.database.db.select().from(ratings).where(eq(ratings.id, earlierRating));
    const nextSession = await sessionOfBrowser(t, tab);
    expect(rating?.createdByPhone).toBeNull();
    expect([earlierSession?.id, nextSession?.id]).not.toContain(rating?.deviceSessionId);
  });

  it('claims nothing for a proof that presents a forged claim', async () => {
    const person = actor('192.0.2.94', 'forging-agent');
    const rated = await rate(person, newPhone());
    const forged = `${rated}.00000000-0000-4000-8000-000000000000`;
    person.browser.claims.length = 0;
    const phone = newPhone();
    expect((await person.call('verification.send', { phoneNumber: phone })).error).toBeNull();
    const checked = await person.call('verification.check', {
      phoneNumber: phone,
      code: latestCode(t, phone),
      claims: [forged],
    });
    expect(checked.error).toBeNull();
    expect((await person.query('profile.me')).data).toMatchObject({ ratingsGiven: 0, isVerified: true });
  });

  it('keeps the rate, verify, unlock flow: ratings given just before the proof are the phone’s', async () => {
    const person = actor('192.0.2.92', 'rate-then-verify-agent');
    const rated = [await rate(person, newPhone()), await rate(person, newPhone())];
    expect(
      (await person.call('notice.file', { reason: 'other', text: 'Filed before the proof.' })).error,
    ).toBeNull();
    const before = await sessionOfBrowser(t, person.browser);
    const planted = new HttpBrowser();
    for (const [name, value] of person.browser.cookies) planted.cookies.set(name, value);
    clock.advance(5 * 60_000);
    const phone = newPhone();
    await prove(person, phone);

    expect((await person.query('profile.me')).data).toMatchObject({
      ratingsGiven: 2,
      isUnlocked: true,
      isVerified: true,
    });
    const after = await sessionOfBrowser(t, person.browser);
    expect(after?.id).not.toBe(before?.id);
    for (const id of rated) {
      const [rating] = await t.database.db.select().from(ratings).where(eq(ratings.id, id));
      expect(rating).toMatchObject({ createdByPhone: phone, deviceSessionId: after?.id });
    }
    // The notice stays with the anonymous session that filed it.
    const exported = await person.call('profile.exportData');
    expect(JSON.stringify(exported.data)).not.toContain('Filed before the proof.');
    // The cookie of before the proof opens nothing any more.
    expect(await sessionOfBrowser(t, planted)).toBeNull();
  });
});
