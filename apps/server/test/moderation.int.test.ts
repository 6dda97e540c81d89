import {
  logs,
  moderationDecisions,
  notices,
  notifications,
  ratingAppeals,
  ratings,
} from '@exrated/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ALREADY_APPEALED, NOTHING_TO_APPEAL, RATING_NOT_FOUND } from '../src/services/moderation/appeals';
import { ITEM_NOT_FOUND, NO_RATING_TO_ACT_ON } from '../src/services/moderation/decide';
import { HttpBrowser, UNCAPPED_LIMITS_ENV } from './support/test-app';
import { errorCode, useTrustFlows } from './support/trust-flows';

/**
 * One queue of held ratings, notices and appeals, oldest first; decisions with a
 * reason from the fixed list and a note, logged with the administrator's session and shown to the reporter
 * and the author; one appeal per rating; the dashboard's figures (the public report: transparency.int.test.ts).
 */

const { t, flows } = useTrustFlows('415553', { env: UNCAPPED_LIMITS_ENV });

interface QueueReply {
  items: Array<{
    kind: 'held_rating' | 'notice' | 'appeal';
    id: string;
    queuedAt: string;
    waitedSeconds: number;
    priority: string;
    trigger: string;
    triggerLabel: string | null;
    rating: { id: string; testimonial: string | null } | null;
    notice: { reference: string; text: string | null } | null;
    appeal: { text: string | null } | null;
  }>;
  total: number;
  decisionReasons: Array<{ value: string; label: string }>;
}

interface GivenReply {
  ratings: Array<{
    id: string;
    state: string;
    heldRule: string | null;
    decision: { outcome: string; reasonLabel: string; note: string } | null;
    appeal: { status: string } | null;
    canAppeal: boolean;
  }>;
}

/** Holds a rating for moderation as the screening would, written `ageMinutes` ago. */
async function holdRating(ratingId: string, heldReason: string, ageMinutes: number) {
  await t.database.db
    .update(ratings)
    .set({ heldReason, createdAt: new Date(Date.now() - ageMinutes * 60_000) })
    .where(eq(ratings.id, ratingId));
}

function decisionsOnRating(ratingId: string) {
  return t.database.db.select().from(moderationDecisions).where(eq(moderationDecisions.ratingId, ratingId));
}

async function noticeId(reference: string) {
  const [row] = await t.database.db
    .select({ id: notices.id })
    .from(notices)
    .where(eq(notices.reference, reference));
  if (!row) throw new Error('no notice');
  return row.id;
}

async function backdateNotice(reference: string, ageMinutes: number) {
  await t.database.db
    .update(notices)
    .set({ createdAt: new Date(Date.now() - ageMinutes * 60_000) })
    .where(eq(notices.reference, reference));
}

async function fileNoticeByLink(notificationId: string, reason = 'harassment', text?: string) {
  const reply = await flows.call(new HttpBrowser(), 'notice.file', { notificationId, reason, text });
  expect(reply.error).toBeNull();
  return (reply.data as { reference: string }).reference;
}

async function queueOf(admin: HttpBrowser) {
  const reply = await flows.query(admin, 'admin.queue');
  expect(reply.error).toBeNull();
  return reply.data as QueueReply;
}

describe('admin.queue', () => {
  it('lists held ratings, notices and appeals together, the worst first, with their wait and reason', async () => {
    const { newPhone, rate, call, query, adminBrowser } = flows;
    const raterPhone = newPhone();
    const rater = await flows.provenBrowser(raterPhone);
    const held = await rate(newPhone(), { testimonial: 'I know where you work.' }, rater);
    await holdRating(held.ratingId, 'screening:workplace', 90);
    const reported = await rate(newPhone(), { testimonial: 'Reported words.' });
    const reference = await fileNoticeByLink(reported.notificationId, 'harassment', 'This is harassment.');
    await backdateNotice(reference, 60);
    const appealed = await rate(newPhone(), { testimonial: 'Appealed words.' }, rater);
    await holdRating(appealed.ratingId, 'screening:threat', 30);
    const appeal = await call(rater, 'profile.appeal', {
      ratingId: appealed.ratingId,
      text: 'Please look again.',
    });
    expect(appeal.error).toBeNull();

    const admin = await adminBrowser();
    const queue = await queueOf(admin);
    const ours = queue.items.filter((item) =>
      [held.ratingId, reported.ratingId, appealed.ratingId].includes(item.rating?.id ?? ''),
    );
    // The appeal of a held rating stands for it: the rating is in the queue once, as an appeal. Notices come
    // before appeals, and both before a hold of an ordinary rule however long it waited (queue-priority.ts).
    expect(ours.map((item) => item.kind)).toEqual(['notice', 'appeal', 'held_rating']);
    const [noticeItem, appealItem, heldItem] = ours;
    expect(heldItem).toMatchObject({
      id: held.ratingId,
      trigger: 'screening:workplace',
      triggerLabel: "Held by the screening rule 'workplace'",
      rating: { testimonial: 'I know where you work.' },
    });
    expect(heldItem?.waitedSeconds).toBeGreaterThanOrEqual(90 * 60 - 5);
    expect(noticeItem).toMatchObject({
      trigger: 'harassment',
      notice: { reference, text: 'This is harassment.' },
    });
    expect(noticeItem?.waitedSeconds).toBeGreaterThanOrEqual(60 * 60 - 5);
    expect(appealItem).toMatchObject({
      trigger: 'appeal',
      triggerLabel: "Held by the screening rule 'threat'",
      appeal: { text: 'Please look again.' },
    });
    const ranks = queue.items.map((item) =>
      ['urgent', 'doxxing', 'notice', 'appeal', 'other'].indexOf(item.priority),
    );
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(queue.total).toBe(queue.items.length);
    expect(queue.decisionReasons.map((reason) => reason.value)).toContain('within_terms');
    // Moderation judges the content: the rater is never part of an item.
    expect(JSON.stringify(queue)).not.toContain(raterPhone);

    const dashboard = (await query(admin, 'admin.dashboard')).data as {
      moderation: { queueSize: number; medianDecisionSeconds: number | null };
    };
    expect(dashboard.moderation.queueSize).toBe(queue.total);
  });
});

describe('admin.decide', () => {
  it('hides the rating of a notice: every reporter sees the outcome and reasons, the decision is logged', async () => {
    const { newPhone, rate, call, query, adminBrowser, unlockedBrowser } = flows;
    const phone = newPhone();
    const target = await rate(phone, { testimonial: 'Threatening words.' });
    const first = await fileNoticeByLink(target.notificationId, 'harassment');
    const subject = await unlockedBrowser(phone);
    const second = (
      (await call(subject, 'profile.reportRating', { ratingId: target.ratingId, reason: 'harassment' }))
        .data as {
        reference: string;
      }
    ).reference;
    const admin = await adminBrowser();
    const id = await noticeId(first);
    const decided = await call(admin, 'admin.decide', {
      kind: 'notice',
      id,
      outcome: 'hide',
      reason: 'threats',
      note: 'The review threatens its reader.',
    });
    expect(decided.data).toEqual({
      alreadyDecided: false,
      message: 'Decided: the rating is hidden. It no longer shows or counts in the score.',
    });

    const [rating] = await t.database.db.select().from(ratings).where(eq(ratings.id, target.ratingId));
    expect(rating?.hiddenAt).toBeInstanceOf(Date);
    for (const reference of [first, second]) {
      const status = (await query(new HttpBrowser(), 'notice.status', { reference })).data as {
        status: string;
        decision: Record<string, unknown>;
      };
      expect(status.status).toBe('decided');
      expect(status.decision).toMatchObject({
        outcome: 'hide',
        outcomeLabel: 'Hidden: the rating is no longer shown or counted',
        reason: 'threats',
        reasonLabel: 'Threats of violence or harm',
        note: 'The review threatens its reader.',
      });
      expect(JSON.stringify(status)).not.toContain('Threatening words.');
    }
    const received = (await query(subject, 'profile.ratingsReceived')).data as {
      ratings: Array<{ id: string }>;
    };
    expect(received.ratings.map((r) => r.id)).not.toContain(target.ratingId);

    const [decision] = await decisionsOnRating(target.ratingId);
    expect(decision).toMatchObject({
      kind: 'notice',
      outcome: 'hide',
      reason: 'threats',
      trigger: 'harassment',
    });
    expect(decision?.adminSessionId).toMatch(/^[0-9a-f-]{36}$/);
    // The decision names its author (docs/staff.md): the staff account, and its name in the activity log.
    expect(decision?.staffId).toMatch(/^[0-9a-f-]{36}$/);
    const [logged] = await t.database.db
      .select()
      .from(logs)
      .where(and(eq(logs.action, 'moderation_decided'), sql`${logs.details}->>'itemId' = ${id}`));
    expect(logged?.userId).toBe(`staff:${decision?.staffId}`);
    expect(logged?.details).toMatchObject({
      outcome: 'hide',
      reason: 'threats',
      adminSessionId: decision?.adminSessionId,
      staff: 'admin',
    });

    // Deciding again changes nothing, and says so.
    const again = await call(admin, 'admin.decide', {
      kind: 'notice',
      id,
      outcome: 'keep',
      reason: 'within_terms',
    });
    expect(again.data).toEqual({
      alreadyDecided: true,
      message: 'This item was already decided. Refresh the queue.',
    });
    expect(await decisionsOnRating(target.ratingId)).toHaveLength(1);
  });

  it('keeps a held rating: it stands and its text goes out', async () => {
    const { newPhone, rate, call, adminBrowser, unlockedBrowser, query } = flows;
    const phone = newPhone();
    const held = await rate(phone, { testimonial: 'Held, then kept.' });
    await holdRating(held.ratingId, 'screening:address', 5);
    await t.database.db
      .update(notifications)
      .set({ status: 'held' })
      .where(eq(notifications.ratingId, held.ratingId));
    const admin = await adminBrowser();
    const kept = await call(admin, 'admin.decide', {
      kind: 'held_rating',
      id: held.ratingId,
      outcome: 'keep',
      reason: 'within_terms',
      note: 'A city is not an address.',
    });
    expect(kept.error).toBeNull();
    const [rating] = await t.database.db.select().from(ratings).where(eq(ratings.id, held.ratingId));
    expect(rating).toMatchObject({ heldReason: null, hiddenAt: null });
    const [notification] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.ratingId, held.ratingId));
    expect(notification?.status).toBe('pending');
    const subject = await unlockedBrowser(phone);
    const received = (await query(subject, 'profile.ratingsReceived')).data as {
      ratings: Array<{ id: string }>;
    };
    expect(received.ratings.map((r) => r.id)).toContain(held.ratingId);
  });

  it('deletes a held rating; a notice that names no rating can only be kept', async () => {
    const { newPhone, rate, call, adminBrowser } = flows;
    const held = await rate(newPhone());
    await holdRating(held.ratingId, 'daily_ceiling', 1);
    const admin = await adminBrowser();
    const deleted = await call(admin, 'admin.decide', {
      kind: 'held_rating',
      id: held.ratingId,
      outcome: 'delete',
      reason: 'spam_or_manipulation',
    });
    expect(deleted.data).toMatchObject({ alreadyDecided: false });
    expect(await t.database.db.select().from(ratings).where(eq(ratings.id, held.ratingId))).toHaveLength(0);
    const [record] = await t.database.db
      .select()
      .from(moderationDecisions)
      .where(
        and(eq(moderationDecisions.kind, 'held_rating'), eq(moderationDecisions.trigger, 'daily_ceiling')),
      );
    expect(record).toMatchObject({ outcome: 'delete', ratingId: null });

    const described = await call(new HttpBrowser(), 'notice.file', {
      reason: 'other',
      text: 'Somewhere there is a review.',
    });
    const id = await noticeId((described.data as { reference: string }).reference);
    const decideNotice = (outcome: string, reason: string) =>
      call(admin, 'admin.decide', { kind: 'notice', id, outcome, reason });
    const hide = await decideNotice('hide', 'harassment');
    expect(errorCode(hide)).toBe('BAD_REQUEST');
    expect(hide.error?.message).toBe(NO_RATING_TO_ACT_ON);
    const keep = await decideNotice('keep', 'insufficient_information');
    expect(keep.data).toMatchObject({ alreadyDecided: false });

    const unknown = await call(admin, 'admin.decide', {
      kind: 'appeal',
      id: '3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c',
      outcome: 'keep',
      reason: 'within_terms',
    });
    expect(errorCode(unknown)).toBe('NOT_FOUND');
    expect(unknown.error?.message).toBe(ITEM_NOT_FOUND);
    const badReason = await decideNotice('keep', 'because');
    expect(badReason.error?.message).toBe('Please choose a reason from the list.');
  });

  it('lets only one of two simultaneous decisions act', async () => {
    const { newPhone, rate, call, adminBrowser } = flows;
    const target = await rate(newPhone());
    const reference = await fileNoticeByLink(target.notificationId);
    const id = await noticeId(reference);
    const [one, two] = await Promise.all([adminBrowser(), adminBrowser()]);
    const replies = await Promise.all([
      call(one, 'admin.decide', { kind: 'notice', id, outcome: 'hide', reason: 'harassment' }),
      call(two, 'admin.decide', { kind: 'notice', id, outcome: 'keep', reason: 'within_terms' }),
    ]);
    const results = replies.map((reply) => reply.data as { alreadyDecided: boolean });
    expect(results.filter((result) => !result.alreadyDecided)).toHaveLength(1);
    expect(await decisionsOnRating(target.ratingId)).toHaveLength(1);
  });
});

describe('profile.ratingsGiven and profile.appeal', () => {
  it('shows the author which rating was hidden and why, takes one appeal, and the appeal can restore it', async () => {
    const { newPhone, rate, call, query, adminBrowser } = flows;
    const rater = await flows.provenBrowser();
    const visible = await rate(newPhone(), { name: 'Kim' }, rater);
    const target = await rate(newPhone(), { name: 'Jo K.' }, rater);
    const reference = await fileNoticeByLink(target.notificationId, 'false_claims');
    const admin = await adminBrowser();
    await call(admin, 'admin.decide', {
      kind: 'notice',
      id: await noticeId(reference),
      outcome: 'hide',
      reason: 'false_statement',
      note: 'The review states as fact what cannot be true.',
    });

    const given = (await query(rater, 'profile.ratingsGiven')).data as GivenReply;
    const byId = new Map(given.ratings.map((rating) => [rating.id, rating]));
    expect(byId.get(visible.ratingId)).toMatchObject({ state: 'visible', decision: null, canAppeal: false });
    expect(byId.get(target.ratingId)).toMatchObject({
      state: 'hidden',
      decision: {
        outcome: 'hide',
        reasonLabel: 'Clearly false statements of fact',
        note: 'The review states as fact what cannot be true.',
      },
      appeal: null,
      canAppeal: true,
    });
    // The author's list holds nothing of the rated person beyond what the author typed.
    expect(JSON.stringify(given)).not.toMatch(/\+1415553/);

    // Nobody else can appeal it, a visible rating has nothing to appeal, and the author appeals once.
    const stranger = await call(await flows.provenBrowser(), 'profile.appeal', { ratingId: target.ratingId });
    expect(errorCode(stranger)).toBe('NOT_FOUND');
    expect(stranger.error?.message).toBe(RATING_NOT_FOUND);
    const nothing = await call(rater, 'profile.appeal', { ratingId: visible.ratingId });
    expect(errorCode(nothing)).toBe('BAD_REQUEST');
    expect(nothing.error?.message).toBe(NOTHING_TO_APPEAL);
    const appealed = await call(rater, 'profile.appeal', {
      ratingId: target.ratingId,
      text: 'It is all true.',
    });
    expect(appealed.data).toMatchObject({ appealed: true });
    const twice = await call(rater, 'profile.appeal', { ratingId: target.ratingId, text: 'Again.' });
    expect(errorCode(twice)).toBe('CONFLICT');
    expect(twice.error?.message).toBe(ALREADY_APPEALED);

    const queue = await queueOf(admin);
    const item = queue.items.find((entry) => entry.kind === 'appeal' && entry.rating?.id === target.ratingId);
    expect(item).toMatchObject({ trigger: 'appeal', appeal: { text: 'It is all true.' } });
    const restored = await call(admin, 'admin.decide', {
      kind: 'appeal',
      id: item?.id,
      outcome: 'keep',
      reason: 'within_terms',
      note: 'On a second look, it is an opinion.',
    });
    expect(restored.data).toMatchObject({ alreadyDecided: false });
    const [rating] = await t.database.db.select().from(ratings).where(eq(ratings.id, target.ratingId));
    expect(rating?.hiddenAt).toBeNull();
    const after = (await query(rater, 'profile.ratingsGiven')).data as GivenReply;
    expect(after.ratings.find((entry) => entry.id === target.ratingId)).toMatchObject({
      state: 'visible',
      decision: { outcome: 'keep', note: 'On a second look, it is an opinion.' },
      appeal: { status: 'decided' },
      canAppeal: false,
    });
    const [appealRow] = await t.database.db
      .select()
      .from(ratingAppeals)
      .where(eq(ratingAppeals.ratingId, target.ratingId));
    expect(appealRow).toMatchObject({ status: 'decided' });
  });

  it('shows a held rating with its rule to its author', async () => {
    const { newPhone, rate, query } = flows;
    const rater = await flows.provenBrowser();
    const held = await rate(newPhone(), {}, rater);
    await holdRating(held.ratingId, 'screening:threat', 1);
    const given = (await query(rater, 'profile.ratingsGiven')).data as GivenReply;
    expect(given.ratings.find((entry) => entry.id === held.ratingId)).toMatchObject({
      state: 'held',
      heldRule: "Held by the screening rule 'threat'",
      canAppeal: true,
    });
  });
});

describe('admin.dashboard', () => {
  it('gives the median time to a decision', async () => {
    const { newPhone, rate, call, query, adminBrowser } = flows;
    const rated = newPhone();
    const target = await rate(rated, { testimonial: 'Counted, never shown.' });
    const reference = await fileNoticeByLink(
      target.notificationId,
      'private_information',
      'It says my street.',
    );
    await backdateNotice(reference, 120);
    const admin = await adminBrowser();
    await call(admin, 'admin.decide', {
      kind: 'notice',
      id: await noticeId(reference),
      outcome: 'hide',
      reason: 'private_information',
    });

    const dashboard = (await query(admin, 'admin.dashboard')).data as {
      moderation: { queueSize: number; medianDecisionSeconds: number | null };
    };
    expect(dashboard.moderation.medianDecisionSeconds).toBeGreaterThan(0);
  });
});
