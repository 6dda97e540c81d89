import { erasedAccountRecords, notices, ratings } from '@exrated/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ratingInput, type SubmitReply } from './support/rating-fixtures';
import { HttpBrowser } from './support/test-app';
import { useTrustFlows } from './support/trust-flows';
import { latestCode } from './support/verification';

/**
 * 'Delete my account' erases the person, not the record that protects others from them
 * (docs/data-rights.md#deletion-keeps-what-protects-others): one phone cannot delete, prove the same number again and start over on the
 * once-per-30-days rule, the waits between code texts or the repeat-offender hold. Each case runs over HTTP
 * with the deleted person, the people they rated and a moderator as separate browsers on separate addresses.
 */
const { t, flows } = useTrustFlows('415556', {
  env: {
    LIMIT_VERIFICATION_SENDS_PER_IP_PER_HOUR: '100000',
    LIMIT_ACCOUNT_CHANGES_PER_PHONE_PER_HOUR: '100000',
  },
  codeStoreOptions: { resendWaitsMs: [0], maxSendsPerDay: 100_000 },
});

async function deleteAccountOf(browser: HttpBrowser, of = flows) {
  const deleted = await of.call(browser, 'profile.deleteAccount');
  expect(deleted.error).toBeNull();
}

async function heldReasonOf(ratingId: string) {
  const [row] = await t.database.db
    .select({ heldReason: ratings.heldReason })
    .from(ratings)
    .where(eq(ratings.id, ratingId));
  return row?.heldReason ?? null;
}

describe('after "Delete my account" the same phone', () => {
  it('cannot rate a number it rated within 30 days again, by submitting or through a proof', async () => {
    const phone = flows.newPhone();
    const ex = flows.newPhone();
    await flows.rate(ex, {}, await flows.provenBrowser(phone));
    const before = await flows.provenBrowser(phone);
    await deleteAccountOf(before);

    const again = await flows.provenBrowser(phone);
    const refused = await flows.call(again, 'rating.submit', ratingInput({ phoneNumber: ex }));
    expect(refused.error?.data.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.error?.message).toMatch(
      /^You have already rated this person\. You can rate the same number once every 30 days; try again in 30 days\.$/,
    );
    // Another number is rated as usual.
    expect(
      (await flows.call(again, 'rating.submit', ratingInput({ phoneNumber: flows.newPhone() }))).error,
    ).toBeNull();

    // Rated first in a new browser, then proven: the repeat is dropped at the proof, as for a live account.
    await deleteAccountOf(again);
    const anonymous = new HttpBrowser();
    const submitted = await flows.call(anonymous, 'rating.submit', ratingInput({ phoneNumber: ex }));
    expect(submitted.error).toBeNull();
    const { ratingId } = submitted.data as SubmitReply;
    expect((await flows.call(anonymous, 'verification.send', { phoneNumber: phone })).error).toBeNull();
    const checked = await flows.call(anonymous, 'verification.check', {
      phoneNumber: phone,
      code: latestCode(t, phone),
    });
    expect(checked.error).toBeNull();
    const [kept] = await t.database.db.select().from(ratings).where(eq(ratings.id, ratingId));
    expect(kept).toBeUndefined();
  });

  it('cannot rate a number again at once after a moderator deleted its rating of it', async () => {
    const admin = await flows.adminBrowser();
    const phone = flows.newPhone();
    const ex = flows.newPhone();
    const author = await flows.provenBrowser(phone);
    const { notificationId } = await flows.rate(ex, {}, author);
    const filed = await flows.call(new HttpBrowser(), 'notice.file', {
      notificationId,
      reason: 'harassment',
    });
    const reference = (filed.data as { reference: string }).reference;
    const [notice] = await t.database.db
      .select({ id: notices.id })
      .from(notices)
      .where(eq(notices.reference, reference));
    const decided = await flows.call(admin, 'admin.decide', {
      kind: 'notice',
      id: notice?.id,
      outcome: 'delete',
      reason: 'harassment',
      note: 'Harassment.',
    });
    expect(decided.error).toBeNull();

    const again = await flows.call(author, 'rating.submit', ratingInput({ phoneNumber: ex }));
    expect(again.error?.data.code).toBe('TOO_MANY_REQUESTS');
    // Nor through a proof in a new browser.
    const anonymous = new HttpBrowser();
    const submitted = await flows.call(anonymous, 'rating.submit', ratingInput({ phoneNumber: ex }));
    const { ratingId } = submitted.data as SubmitReply;
    expect((await flows.call(anonymous, 'verification.send', { phoneNumber: phone })).error).toBeNull();
    const checked = await flows.call(anonymous, 'verification.check', {
      phoneNumber: phone,
      code: latestCode(t, phone),
    });
    expect(checked.error).toBeNull();
    expect(await t.database.db.select().from(ratings).where(eq(ratings.id, ratingId))).toEqual([]);
  });

  it('is held again as a repeat offender when moderators removed more of its ratings than the threshold', async () => {
    const admin = await flows.adminBrowser();
    const phone = flows.newPhone();
    const author = await flows.provenBrowser(phone);
    for (let index = 0; index < 3; index += 1) {
      const { notificationId } = await flows.rate(flows.newPhone(), {}, author);
      const filed = await flows.call(new HttpBrowser(), 'notice.file', {
        notificationId,
        reason: 'harassment',
      });
      const reference = (filed.data as { reference: string }).reference;
      const [notice] = await t.database.db
        .select({ id: notices.id })
        .from(notices)
        .where(eq(notices.reference, reference));
      const decided = await flows.call(admin, 'admin.decide', {
        kind: 'notice',
        id: notice?.id,
        outcome: 'hide',
        reason: 'harassment',
        note: 'Harassment.',
      });
      expect(decided.error).toBeNull();
    }
    await deleteAccountOf(author);

    const again = await flows.provenBrowser(phone);
    const next = await flows.call(again, 'rating.submit', ratingInput({ phoneNumber: flows.newPhone() }));
    expect(next.error).toBeNull();
    expect(await heldReasonOf((next.data as SubmitReply).ratingId)).toBe('repeat_offender');
  });

  it('keeps those records under a keyed hash: no row or Redis key names the deleted phone', async () => {
    const phone = flows.newPhone();
    const browser = await flows.provenBrowser(phone);
    await flows.rate(flows.newPhone(), {}, browser);
    await deleteAccountOf(browser);
    const records = await t.database.db.select().from(erasedAccountRecords);
    expect(records.length).toBeGreaterThan(0);
    expect(JSON.stringify(records)).not.toContain(phone);
    expect(JSON.stringify(records)).not.toContain(phone.slice(2));
    if (t.redis) expect(await t.redis.keys(`${t.config.redisKeyPrefix}*${phone.slice(2)}*`)).toEqual([]);
  });
});

describe('after "Delete my account" the number', () => {
  const waits = useTrustFlows('415557');

  it('still waits before its next code text: deletion does not clear the send history', async () => {
    const phone = waits.flows.newPhone();
    const browser = await waits.flows.provenBrowser(phone);
    const codeTexts = () =>
      waits.t.sms.outbox().filter((text) => text.to === phone && text.kind === 'verification').length;
    const texted = codeTexts();
    await deleteAccountOf(browser, waits.flows);
    // Whoever asks is answered as a first asker is; the number's own wait keeps the phone from the text.
    const asked = await waits.flows.call(new HttpBrowser(), 'verification.send', { phoneNumber: phone });
    expect(asked.error).toBeNull();
    expect(codeTexts()).toBe(texted);
    expect(await waits.t.app.services.codeStore.sendRefusal(phone, Date.now())).toMatchObject({
      status: 'cooldown',
    });
  });
});
