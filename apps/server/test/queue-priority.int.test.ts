import { doNotRateNumbers, notices, ratingAppeals, ratings } from '@exrated/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testAdminLogin } from './support/test-app';

/**
 * The queue puts the worst first (docs/trust-and-safety.md): sexual content involving a minor and threats,
 * then doxxing, notices, appeals and the other holds, the oldest first within each; each item's waiting time
 * is measured against its priority's target; the queue filters by kind, rule or reason, and reference.
 */

const HOUR = 3600 * 1000;
let t: TestApp;
let admin: ReturnType<TestApp['caller']>['trpc'];
const ids: Record<string, string> = {};

function hoursAgo(hours: number) {
  return new Date(Date.now() - hours * HOUR);
}

const AUTHOR = '+14155550999';
/** A proven phone behind a held rating: without one it is no moderation item. */
const OTHER_AUTHOR = '+14155550998';

async function heldRating(
  label: string,
  heldReason: string,
  ageHours: number,
  createdByPhone = OTHER_AUTHOR,
) {
  const [row] = await t.database.db
    .insert(ratings)
    .values({
      name: 'Alex',
      relationshipType: 'casual',
      phoneNumber: '+14155550100',
      testimonial: label,
      heldReason,
      createdByPhone,
      createdAt: hoursAgo(ageHours),
    })
    .returning({ id: ratings.id });
  ids[label] = row?.id ?? '';
  return row?.id ?? '';
}

beforeAll(async () => {
  t = await createTestApp({ env: { MODERATION_TARGET_HOURS: '1,4,24,48,72' } });
  const caller = t.caller();
  await caller.trpc.admin.login(testAdminLogin());
  admin = caller.trpc;
  // Oldest first in the table; the queue must reorder them by priority.
  await heldRating('other-oldest', 'screening:hate-speech', 100);
  await heldRating('doxxing', 'screening:doxxing', 50, AUTHOR);
  // The same author's record: two more ratings, one hidden by an earlier decision, and an appeal of it.
  const rows = await t.database.db
    .insert(ratings)
    .values([
      { name: 'Sam', relationshipType: 'fling', phoneNumber: '+14155550100', createdByPhone: AUTHOR },
      {
        name: 'Kim',
        relationshipType: 'fling',
        phoneNumber: '+14155550102',
        createdByPhone: AUTHOR,
        hiddenAt: hoursAgo(10),
      },
    ])
    .returning({ id: ratings.id });
  await t.database.db
    .insert(ratingAppeals)
    .values({ ratingId: rows[1]?.id, authorPhone: AUTHOR, status: 'decided', createdAt: hoursAgo(9) });
  // The rated number's record: a decided notice about another of its ratings, and 'Do not rate me'.
  await t.database.db.insert(notices).values({
    reference: 'DECIDED23456',
    ratingId: rows[0]?.id,
    source: 'public_form',
    reason: 'harassment',
    status: 'decided',
  });
  await t.database.db.insert(doNotRateNumbers).values({ phoneNumber: '+14155550100' });
  await heldRating('threat', 'screening:threats', 2);
  await heldRating('minor', 'screening:minor-sexual-content', 0.5);
  const appealed = await heldRating('appealed', 'screening:self-harm', 90);
  const [appeal] = await t.database.db
    .insert(ratingAppeals)
    .values({ ratingId: appealed, text: 'Please look again.', createdAt: hoursAgo(80) })
    .returning({ id: ratingAppeals.id });
  ids.appeal = appeal?.id ?? '';
  const [notice] = await t.database.db
    .insert(notices)
    .values({
      reference: 'ABCDEFGH2345',
      source: 'public_form',
      reason: 'private_information',
      text: 'My address is in it.',
      createdAt: hoursAgo(95),
    })
    .returning({ id: notices.id });
  ids.notice = notice?.id ?? '';
});
afterAll(async () => {
  await t?.close();
});

describe('admin.queue', () => {
  it('puts the worst first, the oldest first within a priority', async () => {
    const queue = await admin.admin.queue();
    expect(queue.items.map((item) => [item.priority, item.id])).toEqual([
      ['urgent', ids.threat],
      ['urgent', ids.minor],
      ['doxxing', ids.doxxing],
      ['notice', ids.notice],
      ['appeal', ids.appeal],
      ['other', ids['other-oldest']],
    ]);
  });

  it('measures each wait against its priority target', async () => {
    const { items } = await admin.admin.queue();
    const byId = new Map(items.map((item) => [item.id, item]));
    expect(byId.get(ids.threat ?? '')).toMatchObject({ targetSeconds: 3600, overdue: true });
    expect(byId.get(ids.minor ?? '')).toMatchObject({ targetSeconds: 3600, overdue: false });
    expect(byId.get(ids.doxxing ?? '')).toMatchObject({ targetSeconds: 4 * 3600, overdue: true });
    expect(byId.get(ids.notice ?? '')).toMatchObject({ targetSeconds: 24 * 3600, overdue: true });
    expect(byId.get(ids['other-oldest'] ?? '')).toMatchObject({ targetSeconds: 72 * 3600, overdue: true });
  });

  it('filters by kind, by rule or reason, and finds a notice by its reference as people type it', async () => {
    const kinds = async (input: Parameters<typeof admin.admin.queue>[0]) =>
      (await admin.admin.queue(input)).items.map((item) => item.id);
    expect(await kinds({ kind: 'appeal' })).toEqual([ids.appeal]);
    expect(await kinds({ trigger: 'screening:doxxing' })).toEqual([ids.doxxing]);
    expect(await kinds({ trigger: 'private_information' })).toEqual([ids.notice]);
    expect(await kinds({ reference: 'abcd-efgh-2345' })).toEqual([ids.notice]);
    expect(await kinds({ reference: 'ZZZZZZZZZZZZ' })).toEqual([]);
    await expect(admin.admin.queue({ kind: 'everything' as 'notice' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it("shows the author's record and the rated number's, never the author's phone", async () => {
    const { items } = await admin.admin.queue();
    const doxxing = items.find((item) => item.id === ids.doxxing);
    expect(doxxing?.history).toEqual({
      author: { given: 3, held: 1, hidden: 1, removed: 0, appeals: 1 },
      subject: { notices: 1, doNotRate: true },
    });
    expect(JSON.stringify(items)).not.toContain(AUTHOR);
    const { items: all } = await admin.admin.queue({ trigger: 'screening:threats' });
    expect(all[0]?.history?.subject).toEqual({ notices: 1, doNotRate: true });
  });
});
