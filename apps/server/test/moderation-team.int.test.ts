import {
  logs,
  moderationDecisions,
  notices,
  ratingAppeals,
  ratings,
  staffAccounts,
} from '@exrated/db/schema';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GROUP_ITEM_DECIDED, GROUP_ITEM_GONE, GROUP_NOT_ONE_NUMBER } from '../src/services/moderation/decide';
import { PILE_ON_WINDOW_MS } from '../src/services/moderation/pile-ons';
import { ratingInput, type SubmitReply } from './support/rating-fixtures';
import { HttpBrowser, NO_RESEND_WAITS, UNCAPPED_LIMITS_ENV } from './support/test-app';
import { errorCode, useTrustFlows } from './support/trust-flows';
import { latestCode } from './support/verification';

/**
 * Moderation for a team: an author whose ratings moderators removed more often than the operator's threshold
 * has their next ratings held (and is told nothing of it); held ratings and notices about one number within a
 * day are one group in the queue, and one decision can answer the whole group, all or nothing, each item
 * decided, logged and explained as a single decision would.
 */

// An offender's phone is proven again on a new device: no wait between its codes.
const { t, flows } = useTrustFlows('415556', { env: UNCAPPED_LIMITS_ENV, codeStoreOptions: NO_RESEND_WAITS });
let admin: HttpBrowser;
beforeAll(async () => {
  admin = await flows.adminBrowser();
});

interface QueueItemReply {
  kind: 'held_rating' | 'notice' | 'appeal';
  id: string;
  queuedAt: string;
  trigger: string;
  triggerLabel: string | null;
  groupId: string | null;
  rating: { id: string; phoneNumber: string } | null;
  history: {
    author: { given: number; held: number; removed: number };
    subject: { notices: number };
  } | null;
}
interface QueueReply {
  items: QueueItemReply[];
  groups: Array<{
    id: string;
    count: number;
    firstQueuedAt: string;
    lastQueuedAt: string;
    items: Array<{ kind: 'held_rating' | 'notice'; id: string }>;
  }>;
  heldReasonOptions: Array<{ value: string; label: string }>;
}

async function queue(filters?: Record<string, string>) {
  const reply = await flows.query(admin, 'admin.queue', filters);
  expect(reply.error).toBeNull();
  return reply.data as QueueReply;
}

/** Holds a standing rating for moderation, as the rule `heldReason` would have. */
async function holdForModeration(ratingId: string, heldReason: string) {
  await t.database.db.update(ratings).set({ heldReason }).where(eq(ratings.id, ratingId));
}

async function heldReasonOf(ratingId: string) {
  const [row] = await t.database.db
    .select({ heldReason: ratings.heldReason })
    .from(ratings)
    .where(eq(ratings.id, ratingId));
  return row?.heldReason ?? null;
}

async function fileNotice(notificationId: string, reason = 'harassment') {
  const reply = await flows.call(new HttpBrowser(), 'notice.file', { notificationId, reason });
  expect(reply.error).toBeNull();
  const reference = (reply.data as { reference: string }).reference;
  const [row] = await t.database.db
    .select({ id: notices.id })
    .from(notices)
    .where(eq(notices.reference, reference));
  if (!row) throw new Error('no notice');
  return { reference, id: row.id };
}

/** A moderator removes a standing rating of the author by deciding a notice about it. */
async function removeByNotice(notificationId: string, outcome: 'hide' | 'delete') {
  const notice = await fileNotice(notificationId);
  const decided = await flows.call(admin, 'admin.decide', {
    kind: 'notice',
    id: notice.id,
    outcome,
    reason: 'harassment',
    note: 'Harassment.',
  });
  expect(decided.error).toBeNull();
}

async function saveThreshold(repeatOffenderThreshold: number) {
  const reply = await flows.call(admin, 'admin.saveSettings', {
    maintenanceMode: false,
    logLevel: 'info',
    repeatOffenderThreshold,
  });
  expect(reply.error).toBeNull();
}

describe('repeat offenders', () => {
  it('holds the next ratings of an author with more removals than the threshold, and says nothing of it', async () => {
    const { newPhone, rate, call, provenBrowser } = flows;
    const authorPhone = newPhone();
    const author = await provenBrowser(authorPhone);
    const removed = [];
    for (let index = 0; index < 3; index += 1) removed.push(await rate(newPhone(), {}, author));
    const [first, second, third] = removed;
    if (!first || !second || !third) throw new Error('ratings missing');
    await removeByNotice(first.notificationId, 'hide');
    await removeByNotice(second.notificationId, 'delete');

    // Two removals: not more than the default threshold of 2.
    const atThreshold = await call(author, 'rating.submit', ratingInput({ phoneNumber: newPhone() }));
    expect(atThreshold.error).toBeNull();
    expect(await heldReasonOf((atThreshold.data as SubmitReply).ratingId)).toBeNull();

    await removeByNotice(third.notificationId, 'hide');
    const held = await call(author, 'rating.submit', ratingInput({ phoneNumber: newPhone() }));
    const heldId = (held.data as SubmitReply).ratingId;
    expect(await heldReasonOf(heldId)).toBe('repeat_offender');

    // The same answer as a rating that stands and as one the screening holds: fields, status, nothing more.
    const screened = await call(
      await provenBrowser(),
      'rating.submit',
      ratingInput({ phoneNumber: newPhone(), feedback: "I know where you live and I'll make you pay" }),
    );
    expect(await heldReasonOf((screened.data as SubmitReply).ratingId)).toBe('screening:threats');
    for (const reply of [held, screened, atThreshold]) {
      expect(reply.status).toBe(200);
      expect(reply.error).toBeNull();
      expect(Object.keys(reply.data as object).sort()).toEqual(['isUnlocked', 'ratingId', 'ratingsGiven']);
    }
    // On /profile the author reads what any held author reads: held, with a neutral line.
    const given = (await flows.query(author, 'profile.ratingsGiven')).data as {
      ratings: Array<{ id: string; state: string; heldRule: string | null }>;
    };
    const mine = given.ratings.find((rating) => rating.id === heldId);
    expect(mine).toMatchObject({ state: 'held', heldRule: 'Held for review before it is shown' });
    expect(JSON.stringify(given)).not.toMatch(/offender|removed|hidden or deleted/i);

    // The moderator is told why, with the count, and never the author's phone.
    const listed = await queue({ trigger: 'repeat_offender' });
    const item = listed.items.find((entry) => entry.id === heldId);
    expect(item).toMatchObject({
      kind: 'held_rating',
      trigger: 'repeat_offender',
      triggerLabel: 'Repeat offender: 3 earlier ratings hidden or deleted by moderators',
      history: { author: { removed: 3 } },
    });
    expect(listed.heldReasonOptions).toContainEqual({
      value: 'repeat_offender',
      label: 'Repeat offender: earlier ratings hidden or deleted',
    });
    expect(JSON.stringify(listed)).not.toContain(authorPhone);
  });

  it('holds what a new device rated before proving an offender phone, and names the hold in no activity', async () => {
    const { newPhone, rate, call, provenBrowser } = flows;
    const authorPhone = newPhone();
    const author = await provenBrowser(authorPhone);
    for (let index = 0; index < 3; index += 1) {
      const rated = await rate(newPhone(), {}, author);
      await removeByNotice(rated.notificationId, 'delete');
    }
    const held = await call(author, 'rating.submit', ratingInput({ phoneNumber: newPhone() }));
    expect(await heldReasonOf((held.data as SubmitReply).ratingId)).toBe('repeat_offender');

    // A fresh device rates before proving a phone, then proves the offender's phone.
    const device = new HttpBrowser();
    const early = await call(device, 'rating.submit', ratingInput({ phoneNumber: newPhone() }));
    expect(early.error).toBeNull();
    const earlyId = (early.data as SubmitReply).ratingId;
    expect(await heldReasonOf(earlyId)).toBeNull();
    expect((await call(device, 'verification.send', { phoneNumber: authorPhone })).error).toBeNull();
    const proved = await call(device, 'verification.check', {
      phoneNumber: authorPhone,
      code: latestCode(t, authorPhone),
    });
    expect(proved.error).toBeNull();
    expect(await heldReasonOf(earlyId)).toBe('repeat_offender');

    // The author's data export (their ratings and their own activity) says 'review', never why. The proof
    // on the new device ended the earlier one's power over the number: the export is the new device's.
    const exported = await call(device, 'profile.exportData');
    expect(exported.error).toBeNull();
    expect(exported.response.body).toContain('rating_held_for_review');
    expect(exported.response.body).not.toMatch(/repeat_offender|offender/);
  });

  it('a changed threshold applies to the next rating; an appeal kept un-counts its removal', async () => {
    const { newPhone, rate, call, provenBrowser } = flows;
    const author = await provenBrowser();
    const first = await rate(newPhone(), {}, author);
    const second = await rate(newPhone(), {}, author);
    await removeByNotice(first.notificationId, 'hide');
    await removeByNotice(second.notificationId, 'hide');

    const submit = async () => {
      const reply = await call(author, 'rating.submit', ratingInput({ phoneNumber: newPhone() }));
      expect(reply.error).toBeNull();
      return heldReasonOf((reply.data as SubmitReply).ratingId);
    };
    expect(await submit()).toBeNull();
    await saveThreshold(1);
    try {
      expect(await submit()).toBe('repeat_offender');

      // The author appeals one hiding and a moderator keeps the rating: it no longer counts against them.
      const appealed = await call(author, 'profile.appeal', { ratingId: first.ratingId, text: 'Unfair.' });
      expect(appealed.error).toBeNull();
      const [appeal] = await t.database.db
        .select({ id: ratingAppeals.id })
        .from(ratingAppeals)
        .where(eq(ratingAppeals.ratingId, first.ratingId));
      const kept = await call(admin, 'admin.decide', {
        kind: 'appeal',
        id: appeal?.id,
        outcome: 'keep',
        reason: 'within_terms',
        note: 'On a second look it is fine.',
      });
      expect(kept.error).toBeNull();
      expect(await submit()).toBeNull();
    } finally {
      await saveThreshold(2);
    }
  });

  it('refuses a threshold below 1 with a message, and keeps the threshold when a save leaves it out', async () => {
    const refused = await flows.call(admin, 'admin.saveSettings', {
      maintenanceMode: false,
      logLevel: 'info',
      repeatOffenderThreshold: 0,
    });
    expect(errorCode(refused)).toBe('BAD_REQUEST');
    expect(refused.error?.message).toContain('The threshold must be at least 1.');
    await saveThreshold(4);
    const saved = await flows.call(admin, 'admin.saveSettings', { maintenanceMode: false, logLevel: 'warn' });
    expect(saved.data).toMatchObject({ repeatOffenderThreshold: 4, logLevel: 'warn' });
    expect((await flows.query(admin, 'admin.settings')).data).toEqual({
      maintenanceMode: false,
      logLevel: 'warn',
      repeatOffenderThreshold: 4,
    });
    await flows.call(admin, 'admin.saveSettings', {
      maintenanceMode: false,
      logLevel: 'info',
      repeatOffenderThreshold: 2,
    });
  });
});

const HOUR = 3600 * 1000;

async function setAge(table: 'rating' | 'notice', id: string, ageMs: number) {
  const createdAt = new Date(Date.now() - ageMs);
  if (table === 'rating') {
    await t.database.db.update(ratings).set({ createdAt }).where(eq(ratings.id, id));
  } else {
    await t.database.db.update(notices).set({ createdAt }).where(eq(notices.id, id));
  }
}

/**
 * A pile-on on a new number: three ratings held by one rule (1 h, 2 h and 10 h ago); a notice (2 h ago) about
 * a rating that stands, another kind of item; an older held rating 40 h ago, outside the day; another number's
 * held rating.
 */
async function pileOn() {
  const { newPhone, rate } = flows;
  const subject = newPhone();
  const hold = async (ageMs: number) => {
    const rated = await rate(subject, {});
    await holdForModeration(rated.ratingId, 'screening:harassment-words');
    await setAge('rating', rated.ratingId, ageMs);
    return rated;
  };
  const heldRecent = await hold(1 * HOUR);
  const heldMiddle = await hold(2 * HOUR);
  const heldEarlier = await hold(10 * HOUR);
  const standing = await rate(subject, {});
  const notice = await fileNotice(standing.notificationId);
  await setAge('notice', notice.id, 2 * HOUR);
  const heldOld = await hold(40 * HOUR);
  const elsewhere = await rate(newPhone(), {});
  await holdForModeration(elsewhere.ratingId, 'screening:harassment-words');
  return { subject, heldRecent, heldMiddle, heldEarlier, standing, notice, heldOld, elsewhere };
}

function groupIds(pile: Awaited<ReturnType<typeof pileOn>>) {
  return [pile.heldEarlier.ratingId, pile.heldMiddle.ratingId, pile.heldRecent.ratingId];
}

describe('pile-ons in the queue', () => {
  it('groups items of one kind and rule about one number within a day, in one place of the queue', async () => {
    const pile = await pileOn();
    const listed = await queue();
    const members = groupIds(pile);
    const group = listed.groups.find((entry) => members.includes(entry.id));
    expect(group).toBeDefined();
    expect(group?.count).toBe(3);
    expect(new Set(group?.items.map((item) => item.id))).toEqual(new Set(members));
    expect(group).toMatchObject({ kind: 'held_rating', trigger: 'screening:harassment-words' });
    expect(group?.items.map((item) => item.kind)).toEqual(['held_rating', 'held_rating', 'held_rating']);
    const span = Date.parse(group?.lastQueuedAt ?? '') - Date.parse(group?.firstQueuedAt ?? '');
    expect(span).toBeGreaterThan(8 * HOUR);
    expect(span).toBeLessThanOrEqual(PILE_ON_WINDOW_MS);

    // The group's items follow one another; the older hold, the other number and no item stray into it.
    const positions = listed.items.flatMap((item, index) => (item.groupId === group?.id ? [index] : []));
    expect(positions).toHaveLength(3);
    expect(positions.at(-1)).toBe((positions[0] ?? 0) + 2);
    const groupOf = (id: string) => listed.items.find((item) => item.id === id)?.groupId;
    expect(groupOf(pile.heldOld.ratingId)).toBeNull();
    expect(groupOf(pile.elsewhere.ratingId)).toBeNull();
    // A notice about the same number is another question: never part of the held ratings' group.
    expect(groupOf(pile.notice.id)).toBeNull();
    // Each item's history is its own author's and its own number's.
    const itemOf = (id: string) => listed.items.find((item) => item.id === id);
    expect(itemOf(pile.heldRecent.ratingId)?.history).toMatchObject({
      author: { given: 1, held: 1, removed: 0 },
      subject: { notices: 1 },
    });
    expect(itemOf(pile.elsewhere.ratingId)?.history).toMatchObject({ subject: { notices: 0 } });
    // The group is keyed by an item's id: the rated number appears only where each item already shows it.
    expect(group?.id).not.toContain(pile.subject);
  });

  it('leaves items a day apart in separate places', async () => {
    const { newPhone, rate } = flows;
    const subject = newPhone();
    const ids: string[] = [];
    for (const age of [30 * HOUR, 2 * HOUR]) {
      const rated = await rate(subject, {});
      await holdForModeration(rated.ratingId, 'daily_ceiling');
      await setAge('rating', rated.ratingId, age);
      ids.push(rated.ratingId);
    }
    const listed = await queue();
    for (const id of ids) expect(listed.items.find((item) => item.id === id)?.groupId).toBeNull();
  });
});

describe('admin.decideGroup', () => {
  async function decisionsOf(ids: string[]) {
    return t.database.db.select().from(moderationDecisions).where(inArray(moderationDecisions.ratingId, ids));
  }

  it('hides every rating of the group in one call: a decision and a log entry per item, each author told', async () => {
    const pile = await pileOn();
    const listed = await queue();
    const group = listed.groups.find((entry) => groupIds(pile).includes(entry.id));
    if (!group) throw new Error('no group');
    const reply = await flows.call(admin, 'admin.decideGroup', {
      items: group.items,
      outcome: 'hide',
      reason: 'harassment',
      note: 'A coordinated pile-on.',
    });
    expect(reply.error).toBeNull();
    expect(reply.data).toEqual({
      alreadyDecided: false,
      message: 'Decided 3 items: the ratings are hidden. They no longer show or count in the score.',
    });

    const ratingIds = groupIds(pile);
    const rows = await t.database.db
      .select({ id: ratings.id, hiddenAt: ratings.hiddenAt })
      .from(ratings)
      .where(inArray(ratings.id, ratingIds));
    expect(rows.every((row) => row.hiddenAt instanceof Date)).toBe(true);
    const [adminAccount] = await t.database.db
      .select({ id: staffAccounts.id })
      .from(staffAccounts)
      .where(eq(staffAccounts.login, 'admin'));
    const decisions = await decisionsOf(ratingIds);
    expect(decisions).toHaveLength(3);
    for (const decision of decisions) {
      expect(decision).toMatchObject({
        outcome: 'hide',
        reason: 'harassment',
        note: 'A coordinated pile-on.',
        staffId: adminAccount?.id,
      });
      // A group decision counts toward no author's repeat-offender record: it names no author.
      expect(decision).toMatchObject({ authorPhone: null });
    }
    const entries = await t.database.db
      .select()
      .from(logs)
      .where(and(eq(logs.action, 'moderation_decided'), eq(logs.userId, `staff:${adminAccount?.id}`)));
    const forGroup = entries.filter((entry) =>
      group.items.some((item) => (entry.details as { itemId?: string }).itemId === item.id),
    );
    expect(forGroup).toHaveLength(3);
    for (const entry of forGroup) expect(entry.details).toMatchObject({ groupSize: 3, outcome: 'hide' });

    // Each author's /profile carries the statement of reasons.
    for (const rated of [pile.heldRecent, pile.heldEarlier]) {
      const given = (await flows.query(rated.rater, 'profile.ratingsGiven')).data as {
        ratings: Array<{ id: string; state: string; decision: Record<string, unknown> | null }>;
      };
      expect(given.ratings.find((rating) => rating.id === rated.ratingId)).toMatchObject({
        state: 'hidden',
        decision: { outcome: 'hide', reasonLabel: 'Harassment or bullying', note: 'A coordinated pile-on.' },
      });
    }
    const after = await queue();
    expect(after.items.some((item) => groupIds(pile).includes(item.id))).toBe(false);
  });

  it('decides nothing when one item was decided meanwhile, or is gone, or the items are not one number', async () => {
    const pile = await pileOn();
    const listed = await queue();
    const group = listed.groups.find((entry) => groupIds(pile).includes(entry.id));
    if (!group) throw new Error('no group');
    const ratingIds = groupIds(pile);
    const nothingDecided = async () => {
      const rows = await t.database.db
        .select({ heldReason: ratings.heldReason, hiddenAt: ratings.hiddenAt })
        .from(ratings)
        .where(inArray(ratings.id, ratingIds));
      expect(rows.filter((row) => row.hiddenAt !== null)).toEqual([]);
      return rows.filter((row) => row.heldReason !== null).length;
    };
    const decideAll = (items: unknown) =>
      flows.call(admin, 'admin.decideGroup', { items, outcome: 'delete', reason: 'harassment', note: 'No.' });

    // An item of another number: refused before anything is decided.
    const mixed = await decideAll([...group.items, { kind: 'held_rating', id: pile.elsewhere.ratingId }]);
    expect(errorCode(mixed)).toBe('BAD_REQUEST');
    expect(mixed.error?.message).toBe(GROUP_NOT_ONE_NUMBER);
    expect(await nothingDecided()).toBe(3);

    // An item that no longer exists: the whole group stays open.
    const gone = await decideAll([
      ...group.items,
      { kind: 'held_rating', id: '3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c' },
    ]);
    expect(errorCode(gone)).toBe('NOT_FOUND');
    expect(gone.error?.message).toBe(GROUP_ITEM_GONE);
    expect(await nothingDecided()).toBe(3);

    // Another moderator decided one item alone (deciding one item of a group works): the group is refused.
    const single = await flows.call(admin, 'admin.decide', {
      kind: 'held_rating',
      id: pile.heldEarlier.ratingId,
      outcome: 'keep',
      reason: 'within_terms',
      note: '',
    });
    expect(single.error).toBeNull();
    const stale = await decideAll(group.items);
    expect(errorCode(stale)).toBe('CONFLICT');
    expect(stale.error?.message).toBe(GROUP_ITEM_DECIDED);
    const rest = [pile.heldRecent.ratingId, pile.heldMiddle.ratingId];
    const remaining = await t.database.db
      .select({ id: ratings.id })
      .from(ratings)
      .where(inArray(ratings.id, rest));
    expect(remaining).toHaveLength(2);
    expect(await decisionsOf(rest)).toEqual([]);

    // The queue shows what is left of the group, which the group decision then takes.
    const after = await queue();
    const left = after.groups.find((entry) =>
      entry.items.some((item) => item.id === pile.heldRecent.ratingId),
    );
    expect(left?.count).toBe(2);
    const again = await decideAll(left?.items);
    expect(again.error).toBeNull();
    const deleted = await t.database.db
      .select({ id: ratings.id })
      .from(ratings)
      .where(inArray(ratings.id, rest));
    expect(deleted).toEqual([]);
  });

  it('answers two notices about one rating with one decision: the second is closed by the first', async () => {
    const standing = await flows.rate(flows.newPhone(), {});
    const filed = await t.database.db
      .insert(notices)
      .values([
        { reference: 'KEEPGRP23456', ratingId: standing.ratingId, source: 'public_form', reason: 'other' },
        { reference: 'KEEPGRP23457', ratingId: standing.ratingId, source: 'public_form', reason: 'other' },
      ])
      .returning({ id: notices.id });
    const ids = filed.map((row) => row.id);
    const group = (await queue()).groups.find((entry) => entry.items.some((item) => ids.includes(item.id)));
    expect(group).toMatchObject({ kind: 'notice', trigger: 'other', count: 2 });
    const reply = await flows.call(admin, 'admin.decideGroup', {
      items: group?.items,
      outcome: 'keep',
      reason: 'within_terms',
      note: 'Fine.',
    });
    expect(reply.error).toBeNull();
    const answered = await t.database.db.select().from(notices).where(inArray(notices.id, ids));
    expect(answered.map((notice) => notice.status)).toEqual(['decided', 'decided']);
    expect(await decisionsOf([standing.ratingId])).toHaveLength(1);
  });

  it('rolls back every item when the database fails on the last one', async () => {
    const pile = await pileOn();
    const group = (await queue()).groups.find((entry) => groupIds(pile).includes(entry.id));
    if (!group) throw new Error('no group');
    const last = group.items.at(-1)?.id ?? '';
    // A fault injected for this test only: the decision of the group's last item cannot be written.
    await t.database.db.execute(
      sql.raw(`
      create function fail_last_decision() returns trigger language plpgsql as $$
      begin
        if new.rating_id = '${last}'::uuid then raise exception 'injected fault'; end if;
        return new;
      end $$;
      create trigger fail_last_decision before insert on moderation_decisions
        for each row execute function fail_last_decision();`),
    );
    try {
      const reply = await flows.call(admin, 'admin.decideGroup', {
        items: group.items,
        outcome: 'hide',
        reason: 'harassment',
        note: 'A pile-on.',
      });
      expect(errorCode(reply)).toBe('INTERNAL_SERVER_ERROR');
    } finally {
      await t.database.db.execute(
        sql.raw(
          'drop trigger fail_last_decision on moderation_decisions; drop function fail_last_decision();',
        ),
      );
    }
    const ratingIds = groupIds(pile);
    expect(await decisionsOf(ratingIds)).toEqual([]);
    const rows = await t.database.db
      .select({ hiddenAt: ratings.hiddenAt })
      .from(ratings)
      .where(inArray(ratings.id, ratingIds));
    expect(rows.map((row) => row.hiddenAt)).toEqual([null, null, null]);
    const again = await queue();
    expect(again.groups.find((entry) => entry.id === group.id)?.count).toBe(3);
  });

  it('refuses a group of one, a repeated item and an appeal with messages', async () => {
    const base = { outcome: 'keep', reason: 'within_terms', note: '' };
    const id = '3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c';
    const one = await flows.call(admin, 'admin.decideGroup', { ...base, items: [{ kind: 'notice', id }] });
    expect(one.error?.message).toContain('A group has at least two items.');
    const twice = await flows.call(admin, 'admin.decideGroup', {
      ...base,
      items: [
        { kind: 'notice', id },
        { kind: 'notice', id },
      ],
    });
    expect(twice.error?.message).toContain('Each item of a group is named once.');
    const appeal = await flows.call(admin, 'admin.decideGroup', {
      ...base,
      items: [
        { kind: 'appeal', id },
        { kind: 'notice', id: '4f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c' },
      ],
    });
    expect(appeal.error?.message).toContain('A group holds held ratings and notices only.');
  });
});
