import {
  deviceSessions,
  errorLogs,
  logs,
  notifications,
  ratingScores,
  ratings,
  smsOptOuts,
} from '@exrated/db/schema';
import { asc, eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { MAINTENANCE_MESSAGE, NUMBER_CANNOT_BE_RATED } from '../src/services/rating/rating-submission';
import { ConsoleSmsSender } from '../src/services/sms/console-sms-sender';
import { ratingInput, ratingTableCounts, submitRating, usPhone } from './support/rating-fixtures';
import { createTestApp, HttpBrowser, injectWithCookies, type TestApp, useTestApp } from './support/test-app';
import { provenBrowser } from './support/verification';

const PHONE_MESSAGE = 'Please enter a valid phone number with country code';
const NAME_MESSAGE = 'Use a first name and at most one initial, e.g. Alex S.';
const SCORE_MESSAGE = 'Each score must be a whole number from 1 to 10';
const SCORES_MESSAGE = 'Please score each of the five questions once';
const CONTACT_RULE = 'must not contain contact details (phone numbers, emails, links or @handles).';

const t = useTestApp({ overrides: { runDispatcher: false } });

function tableCounts() {
  return ratingTableCounts(t.database.db);
}

async function deliveryOf(app: TestApp, ratingId: string | undefined) {
  const [row] = await app.database.db
    .select({ status: notifications.status, statusReason: notifications.statusReason })
    .from(notifications)
    .where(eq(notifications.ratingId, ratingId ?? ''));
  return row;
}

async function actionsOf(userIdOfRating: string) {
  const [rating] = await t.database.db
    .select({ deviceSessionId: ratings.deviceSessionId })
    .from(ratings)
    .where(eq(ratings.id, userIdOfRating));
  const rows = await t.database.db
    .select({ action: logs.action })
    .from(logs)
    .where(eq(logs.userId, rating?.deviceSessionId ?? ''))
    .orderBy(asc(logs.createdAt));
  return rows.map((row) => row.action);
}

describe('rating.questions and rating.relationshipTypes', () => {
  it('lists the five questions with descriptions and labels', async () => {
    const questions = await t.caller().trpc.rating.questions();
    expect(questions.map((q) => [q.id, q.question, q.category])).toEqual([
      [1, 'Bedroom Chemistry', 'chemistry'],
      [2, 'Generosity as a Lover', 'generosity'],
      [3, 'Emotional Maturity', 'maturity'],
      [4, 'Relational Integrity', 'integrity'],
      [5, 'Impact on You', 'impact'],
    ]);
    for (const question of questions) {
      expect(question.description.length).toBeGreaterThan(20);
      expect(question.lowLabel).not.toBe('');
      expect(question.highLabel).not.toBe('');
    }
  });

  it('lists the five relationship types', async () => {
    expect(await t.caller().trpc.rating.relationshipTypes()).toEqual([
      { value: 'serious', label: 'Serious Relationship' },
      { value: 'casual', label: 'Casual Dating' },
      { value: 'situationship', label: 'Situationship' },
      { value: 'fling', label: 'Brief Fling' },
      { value: 'long-term', label: 'Long-Term Partner' },
    ]);
  });
});

describe('rating.submit validation', () => {
  const scoresWith = (entries: Array<{ questionId: number; score: number }>) => ({ scores: entries });
  const fiveScores = [1, 2, 3, 4, 5].map((questionId) => ({ questionId, score: 5 }));

  it.each<[string, Record<string, unknown>, string, string]>([
    ['an empty name', { name: '  ' }, 'name', 'Please enter their first name'],
    ['a full name', { name: 'Alexander Smith' }, 'name', NAME_MESSAGE],
    ['two initials', { name: 'Alex S. J.' }, 'name', NAME_MESSAGE],
    ['a name with digits', { name: 'R2D2' }, 'name', NAME_MESSAGE],
    ['a first name of 31 letters', { name: 'A'.repeat(31) }, 'name', NAME_MESSAGE],
    [
      'an unknown relationship type',
      { relationshipType: 'married' },
      'relationshipType',
      'Please choose the relationship type',
    ],
    ['a number without country code', { phoneNumber: '2025550143' }, 'phoneNumber', PHONE_MESSAGE],
    ['letters as a phone number', { phoneNumber: 'call me maybe' }, 'phoneNumber', PHONE_MESSAGE],
    ['a too short phone number', { phoneNumber: '+1 202' }, 'phoneNumber', PHONE_MESSAGE],
    [
      'a phone input over 250 characters',
      { phoneNumber: `+1${'2'.repeat(250)}` },
      'phoneNumber',
      PHONE_MESSAGE,
    ],
    [
      'a score of 0',
      scoresWith([{ questionId: 1, score: 0 }, ...fiveScores.slice(1)]),
      'scores.0.score',
      SCORE_MESSAGE,
    ],
    [
      'a score of 11',
      scoresWith([...fiveScores.slice(0, 4), { questionId: 5, score: 11 }]),
      'scores.4.score',
      SCORE_MESSAGE,
    ],
    [
      'a fractional score',
      scoresWith([{ questionId: 1, score: 5.5 }, ...fiveScores.slice(1)]),
      'scores.0.score',
      SCORE_MESSAGE,
    ],
    [
      'a sixth question id',
      scoresWith([...fiveScores, { questionId: 6, score: 5 }]),
      'scores',
      SCORES_MESSAGE,
    ],
    [
      'question 6 instead of 5',
      scoresWith([...fiveScores.slice(0, 4), { questionId: 6, score: 5 }]),
      'scores',
      SCORES_MESSAGE,
    ],
    ['a missing question', scoresWith(fiveScores.slice(0, 4)), 'scores', SCORES_MESSAGE],
    [
      'a repeated question',
      scoresWith([...fiveScores.slice(0, 4), { questionId: 4, score: 5 }]),
      'scores',
      SCORES_MESSAGE,
    ],
    [
      'a testimonial of 121 characters',
      { testimonial: 'a'.repeat(121) },
      'testimonial',
      'The testimonial must be at most 120 characters',
    ],
    [
      'a testimonial on two lines',
      { testimonial: 'Nice.\nReally.' },
      'testimonial',
      'The testimonial must fit on one line',
    ],
    [
      'a gratitude text of 1001 characters',
      { gratitude: 'a'.repeat(1001) },
      'gratitude',
      'What you were grateful for must be at most 1,000 characters',
    ],
    [
      'a self-reflection of 1001 characters',
      { selfReflection: 'a'.repeat(1001) },
      'selfReflection',
      'What you wish you had done differently must be at most 1,000 characters',
    ],
    [
      'a feedback text of 1001 characters',
      { feedback: 'a'.repeat(1001) },
      'feedback',
      'What you wish they had done differently must be at most 1,000 characters',
    ],
    [
      'a phone number in the testimonial',
      { testimonial: 'Call them on 202 555 0143' },
      'testimonial',
      `The testimonial ${CONTACT_RULE}`,
    ],
    [
      'an email in the gratitude text',
      { gratitude: 'Write to alex.s@example.com' },
      'gratitude',
      `What you were grateful for ${CONTACT_RULE}`,
    ],
    [
      'a link in the self-reflection',
      { selfReflection: 'See https://example.com/alex' },
      'selfReflection',
      `What you wish you had done differently ${CONTACT_RULE}`,
    ],
    [
      'a handle in the feedback',
      { feedback: 'Follow @alex_s to see' },
      'feedback',
      `What you wish they had done differently ${CONTACT_RULE}`,
    ],
  ])('refuses %s', async (_label, override, field, message) => {
    const reply = await submitRating(t, ratingInput(override));
    expect(reply.status).toBe(400);
    expect(reply.error?.message).toBe(message);
    expect(reply.error?.data.fieldErrors?.[field]).toBe(message);
  });

  it('refuses fields it does not know', async () => {
    const reply = await submitRating(t, { ...ratingInput(), createdByPhone: '+12025550100' });
    expect(reply.status).toBe(400);
  });

  it('stored nothing for any refused input', async () => {
    expect(await tableCounts()).toEqual({ ratings: 0, scores: 0, notifications: 0 });
  });

  it.each(['Alex S.', 'Zoë', 'José M', "D'Arcy", 'Mary-Jane O.', 'Αλέξης Κ.', '  Sam   T  '])(
    'accepts the name %j',
    async (name) => {
      const reply = await submitRating(t, ratingInput({ name, phoneNumber: usPhone(name.length) }));
      expect(reply.error).toBeUndefined();
      const [row] = await t.database.db
        .select({ name: ratings.name })
        .from(ratings)
        .where(eq(ratings.id, reply.data?.ratingId ?? ''));
      expect(row?.name).toBe(name.trim().replace(/\s+/g, ' '));
    },
  );
});

describe('rating.submit', () => {
  beforeEach(async () => {
    await t.database.db.delete(ratings);
  });

  it('saves the rating, its scores and its notification, texts the rated person and counts the rating', async () => {
    const browser = await provenBrowser(t);
    const phone = usPhone(100);
    const reply = await submitRating(
      t,
      ratingInput({
        phoneNumber: '+1 (202) 555-1100',
        testimonial: '  Kind and funny.  ',
        selfReflection: '   ',
      }),
      browser,
    );
    expect(reply.status).toBe(200);
    // Nothing in the answer is about the text: it is sent after the answer (docs/architecture.md#ratings).
    expect(reply.data).toEqual({ ratingId: expect.any(String), ratingsGiven: 1, isUnlocked: false });
    const ratingId = reply.data?.ratingId ?? '';
    await t.textsSent();

    const [rating] = await t.database.db.select().from(ratings).where(eq(ratings.id, ratingId));
    expect(rating).toMatchObject({
      name: 'Alex S.',
      relationshipType: 'serious',
      phoneNumber: phone,
      testimonial: 'Kind and funny.',
      gratitude: 'They taught me to slow down.',
      selfReflection: null,
      feedback: null,
      createdBy: null,
      createdByPhone: browser.phone,
      heldReason: null,
    });
    const [session] = await t.database.db
      .select({ id: deviceSessions.id })
      .from(deviceSessions)
      .where(eq(deviceSessions.id, rating?.deviceSessionId ?? ''));
    expect(session).toBeDefined();

    const scores = await t.database.db
      .select({ questionId: ratingScores.questionId, score: ratingScores.score })
      .from(ratingScores)
      .where(eq(ratingScores.ratingId, ratingId))
      .orderBy(asc(ratingScores.questionId));
    expect(scores).toEqual(ratingInput().scores);

    // (7 + 8 + 6 + 9 + 5) / 5 = 7
    const [notification] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.ratingId, ratingId));
    const expectedText = `An ex rated your relationship 7/10 on ExRated. See what they said: http://localhost:3000/r/${notification?.id} Reply STOP to opt out.`;
    expect(notification).toMatchObject({
      status: 'sent',
      message: expectedText,
      attempts: 1,
      lastError: null,
    });
    expect(notification?.sentAt).toBeInstanceOf(Date);
    expect(t.sms.outbox()[0]).toMatchObject({ to: phone, body: expectedText, kind: 'rating' });

    const requestActions = await actionsOf(ratingId);
    expect(requestActions.filter((action) => !action.startsWith('verification_'))).toEqual([
      'rating_submission_started',
      'rating_created',
      'rating_scores_created',
      'notification_created',
      'rating_submission_completed',
    ]);
    // The dispatcher logs the send itself, with the ids of the rating and its text.
    const sendActions = await t.database.db
      .select({ action: logs.action })
      .from(logs)
      .where(sql`${logs.details}->>'ratingId' = ${ratingId} and ${logs.details}->>'source' = 'dispatcher'`)
      .orderBy(asc(logs.createdAt));
    expect(sendActions.map((row) => row.action)).toEqual([
      'sms_notification_attempted',
      'sms_notification_sent',
    ]);

    const second = await submitRating(t, ratingInput({ phoneNumber: usPhone(101) }), browser);
    expect(second.data).toMatchObject({ ratingsGiven: 2, isUnlocked: true });
  });

  it.each<[number[], number]>([
    [[7, 7, 7, 6, 6], 7], // 6.6
    [[5, 5, 5, 6, 6], 5], // 5.4
    [[1, 1, 1, 1, 1], 1],
    [[10, 10, 10, 10, 10], 10],
    [[1, 10, 1, 10, 10], 6], // 6.4
  ])('rounds the scores %j to %i in the text', async (values, average) => {
    const rater = await provenBrowser(t);
    const scores = values.map((score, index) => ({ questionId: index + 1, score }));
    const reply = await submitRating(t, ratingInput({ scores, phoneNumber: usPhone(200 + average) }), rater);
    const [notification] = await t.database.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(eq(notifications.ratingId, reply.data?.ratingId ?? ''));
    expect(notification?.message).toMatch(
      new RegExp(`^An ex rated your relationship ${average}/10 on ExRated\\. `),
    );
  });

  it("records the device's proven phone as the rater, and refuses a rating of that phone", async () => {
    const browser = new HttpBrowser();
    const first = await submitRating(t, ratingInput({ phoneNumber: usPhone(300) }), browser);
    const [rating] = await t.database.db
      .select({ deviceSessionId: ratings.deviceSessionId })
      .from(ratings)
      .where(eq(ratings.id, first.data?.ratingId ?? ''));
    const provenPhone = usPhone(399);
    await t.database.db
      .update(deviceSessions)
      .set({ phoneNumber: provenPhone, phoneProvenAt: new Date() })
      .where(eq(deviceSessions.id, rating?.deviceSessionId ?? ''));
    await t.sessionRowsWritten([rating?.deviceSessionId ?? '']);

    const second = await submitRating(t, ratingInput({ phoneNumber: usPhone(301) }), browser);
    const [row] = await t.database.db
      .select({ createdByPhone: ratings.createdByPhone, createdBy: ratings.createdBy })
      .from(ratings)
      .where(eq(ratings.id, second.data?.ratingId ?? ''));
    expect(row).toEqual({ createdByPhone: provenPhone, createdBy: null });
    // The first rating (unattributed, same device) and the second (proven phone) both count.
    expect(second.data).toMatchObject({ ratingsGiven: 2, isUnlocked: true });

    const own = await submitRating(t, ratingInput({ phoneNumber: provenPhone }), browser);
    expect(own.status).toBe(400);
    expect(own.error?.message).toBe("You can't rate your own phone number.");
  });

  it('refuses submissions in maintenance mode', async () => {
    await t.app.services.settings.save({ maintenanceMode: true, logLevel: 'info' });
    try {
      const reply = await submitRating(t, ratingInput());
      expect(reply.status).toBe(503);
      expect(reply.error?.message).toBe(MAINTENANCE_MESSAGE);
      expect(reply.error?.data.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await t.app.services.settings.save({ maintenanceMode: false, logLevel: 'info' });
    }
    expect(await tableCounts()).toMatchObject({ ratings: 0 });
  });
});

describe('rating.submit atomicity', () => {
  async function failInserts(table: 'rating_scores' | 'notifications') {
    await t.database.db.execute(
      sql.raw(`create or replace function test_refuse_insert() returns trigger language plpgsql as $$
        begin raise exception 'forced failure for the atomicity test'; end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger test_refuse_insert before insert on ${table}
        for each row execute function test_refuse_insert()`),
    );
    return () => t.database.db.execute(sql.raw(`drop trigger test_refuse_insert on ${table}`));
  }

  beforeEach(async () => {
    await t.database.db.delete(ratings);
    await t.database.db.delete(logs);
    await t.database.db.delete(errorLogs);
  });

  it.each<['rating_scores' | 'notifications', string, string]>([
    [
      'rating_scores',
      'rating_scores_failed',
      'Failed to save rating scores: nothing was saved, please try again.',
    ],
    [
      'notifications',
      'notification_creation_failed',
      'Failed to send notification: nothing was saved, please try again.',
    ],
  ])(
    'leaves no row behind when the %s insert fails after the rating insert',
    async (table, action, message) => {
      const restore = await failInserts(table);
      const outboxBefore = t.sms.outbox().length;
      try {
        const reply = await submitRating(t, ratingInput({ phoneNumber: usPhone(400) }));
        expect(reply.status).toBe(503);
        expect(reply.error?.message).toBe(message);
        expect(reply.error?.message).not.toMatch(/forced failure|insert|sql/i);
      } finally {
        await restore();
      }
      expect(await tableCounts()).toEqual({ ratings: 0, scores: 0, notifications: 0 });
      expect(t.sms.outbox()).toHaveLength(outboxBefore);

      const actions = (
        await t.database.db.select({ action: logs.action }).from(logs).orderBy(asc(logs.createdAt))
      ).map((row) => row.action);
      expect(actions).toEqual(['rating_submission_started', action, 'rating_submission_failed']);
      const [error] = await t.database.db.select().from(errorLogs);
      expect(error).toMatchObject({ severity: 'high', componentName: 'rating.submit' });
      expect(error?.errorMessage).toContain('forced failure');

      // The same input goes through once the fault is gone.
      const retry = await submitRating(t, ratingInput({ phoneNumber: usPhone(400) }));
      expect(retry.status).toBe(200);
    },
  );
});

describe('rating.submit abuse limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      overrides: { runDispatcher: false },
      env: {
        LIMIT_RATINGS_PER_DEVICE_PER_HOUR: '3',
        LIMIT_RATINGS_PER_IP_PER_HOUR: '5',
        LIMIT_RATING_TEXTS_PER_RECIPIENT_PER_DAY: '1',
        LIMIT_RATING_TEXTS_PER_DAY: '4',
        LIMIT_SAME_PHONE_RATING_DAYS: '30',
      },
    });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('caps submissions per device per hour', async () => {
    const browser = new HttpBrowser();
    const ip = '198.51.100.1';
    for (let index = 0; index < 3; index += 1) {
      const reply = await submitRating(limited, ratingInput({ phoneNumber: usPhone(500 + index) }), browser, {
        ip,
      });
      expect(reply.status).toBe(200);
    }
    const refused = await submitRating(limited, ratingInput({ phoneNumber: usPhone(503) }), browser, { ip });
    expect(refused.status).toBe(429);
    expect(refused.error?.message).toMatch(
      /^You have submitted too many ratings\. Please try again in \d+ minutes\.$/,
    );
    expect(refused.error?.data.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('caps submissions per IP per hour across devices', async () => {
    const ip = '198.51.100.2';
    for (let index = 0; index < 5; index += 1) {
      const reply = await submitRating(
        limited,
        ratingInput({ phoneNumber: usPhone(510 + index) }),
        new HttpBrowser(),
        {
          ip,
        },
      );
      expect(reply.status).toBe(200);
    }
    const refused = await submitRating(
      limited,
      ratingInput({ phoneNumber: usPhone(515) }),
      new HttpBrowser(),
      { ip },
    );
    expect(refused.status).toBe(429);
    expect(refused.error?.message).toMatch(/^Too many ratings from your network\. Please try again in /);
  });

  it('allows one rating of the same phone per rater per 30 days, checked in the database', async () => {
    const browser = new HttpBrowser();
    const phone = usPhone(520);
    expect(
      (await submitRating(limited, ratingInput({ phoneNumber: phone }), browser, { ip: '198.51.100.3' }))
        .status,
    ).toBe(200);
    const again = await submitRating(limited, ratingInput({ phoneNumber: '+1 202-555-1520' }), browser, {
      ip: '198.51.100.3',
    });
    expect(again.status).toBe(429);
    expect(again.error?.message).toBe(
      'You have already rated this person. You can rate the same number once every 30 days; try again in 30 days.',
    );

    // Another rater may rate the same number.
    const other = await submitRating(limited, ratingInput({ phoneNumber: phone }), new HttpBrowser(), {
      ip: '198.51.100.4',
    });
    expect(other.status).toBe(200);

    // A rating older than the window no longer counts.
    await limited.database.db
      .update(ratings)
      .set({ createdAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) })
      .where(eq(ratings.phoneNumber, phone));
    const later = await submitRating(limited, ratingInput({ phoneNumber: phone }), browser, {
      ip: '198.51.100.3',
    });
    expect(later.status).toBe(200);
  });

  it('counts the proven phone as the same rater on another device', async () => {
    const first = new HttpBrowser();
    const phone = usPhone(530);
    const reply = await submitRating(limited, ratingInput({ phoneNumber: phone }), first, {
      ip: '198.51.100.5',
    });
    const raterPhone = usPhone(539);
    const [rating] = await limited.database.db
      .select({ deviceSessionId: ratings.deviceSessionId })
      .from(ratings)
      .where(eq(ratings.id, reply.data?.ratingId ?? ''));
    // The phone was proven later: its earlier rating is attributed to it, as verification does.
    await limited.database.db
      .update(ratings)
      .set({ createdByPhone: raterPhone })
      .where(eq(ratings.deviceSessionId, rating?.deviceSessionId ?? ''));

    const second = new HttpBrowser();
    await submitRating(limited, ratingInput({ phoneNumber: usPhone(531) }), second, { ip: '198.51.100.6' });
    const [secondRating] = await limited.database.db
      .select({ deviceSessionId: ratings.deviceSessionId })
      .from(ratings)
      .where(eq(ratings.phoneNumber, usPhone(531)));
    await limited.database.db
      .update(deviceSessions)
      .set({ phoneNumber: raterPhone, phoneProvenAt: new Date() })
      .where(eq(deviceSessions.id, secondRating?.deviceSessionId ?? ''));
    await limited.sessionRowsWritten([secondRating?.deviceSessionId ?? '']);

    const again = await submitRating(limited, ratingInput({ phoneNumber: phone }), second, {
      ip: '198.51.100.6',
    });
    expect(again.status).toBe(429);
    expect(again.error?.message).toMatch(/^You have already rated this person\./);
  });

  it('saves the rating but suppresses its text over the per-recipient and global daily caps', async () => {
    // Its own app: the global daily count must start from zero.
    const capped = await createTestApp({
      overrides: { runDispatcher: false },
      env: { LIMIT_RATING_TEXTS_PER_RECIPIENT_PER_DAY: '1', LIMIT_RATING_TEXTS_PER_DAY: '4' },
    });
    try {
      await expectTextCaps(capped);
    } finally {
      await capped.close();
    }
  });

  async function expectTextCaps(limited: TestApp) {
    const notificationOf = async (ratingId: string | undefined) => {
      await limited.textsSent();
      return deliveryOf(limited, ratingId);
    };
    const rater = (ip: string) => provenBrowser(limited, { ip });
    const phone = usPhone(540);
    const first = await submitRating(
      limited,
      ratingInput({ phoneNumber: phone }),
      await rater('198.51.100.7'),
      {
        ip: '198.51.100.7',
      },
    );
    expect(await notificationOf(first.data?.ratingId)).toEqual({ status: 'sent', statusReason: null });
    const second = await submitRating(
      limited,
      ratingInput({ phoneNumber: phone }),
      await rater('198.51.100.8'),
      {
        ip: '198.51.100.8',
      },
    );
    // The rater is told nothing different.
    expect(second.status).toBe(200);
    expect(second.data).toEqual(first.data && { ...first.data, ratingId: second.data?.ratingId });
    expect(await notificationOf(second.data?.ratingId)).toEqual({
      status: 'suppressed',
      statusReason: 'recipient_daily_cap',
    });
    expect(limited.sms.outbox().filter((message) => message.to === phone)).toHaveLength(1);

    // Global cap of 4 texts a day: three more recipients reach it, the next is suppressed.
    const replies = [];
    for (let index = 1; index <= 4; index += 1) {
      replies.push(
        await submitRating(
          limited,
          ratingInput({ phoneNumber: usPhone(540 + index) }),
          await rater(`198.51.100.${10 + index}`),
          { ip: `198.51.100.${10 + index}` },
        ),
      );
    }
    const statuses = await Promise.all(replies.map((reply) => notificationOf(reply.data?.ratingId)));
    expect(statuses.map((status) => status?.status)).toEqual(['sent', 'sent', 'sent', 'suppressed']);
    expect(statuses[3]?.statusReason).toBe('global_daily_cap');
  }

  it('refuses numbers that cannot get texts, and suppresses the texts to opted-out numbers', async () => {
    for (const [phoneNumber, ip] of [
      ['+33612345678', '198.51.100.30'],
      ['+19005551234', '198.51.100.32'],
    ]) {
      const refused = await submitRating(limited, ratingInput({ phoneNumber }), new HttpBrowser(), { ip });
      expect(refused.status).toBe(400);
      expect(refused.error?.message).toBe(NUMBER_CANNOT_BE_RATED);
    }

    const optedOut = usPhone(550);
    await limited.database.db.insert(smsOptOuts).values({ phoneNumber: optedOut, source: 'link' });
    const rater = await provenBrowser(limited, { ip: '198.51.100.31' });
    const reply = await submitRating(limited, ratingInput({ phoneNumber: optedOut }), rater, {
      ip: '198.51.100.31',
    });
    expect(reply.status).toBe(200);
    await limited.textsSent();
    expect(await deliveryOf(limited, reply.data?.ratingId)).toEqual({
      status: 'suppressed',
      statusReason: 'opted_out',
    });
    expect(limited.sms.outbox().some((message) => message.to === optedOut)).toBe(false);
  });
});

describe('rating.submit with Redis down', () => {
  it('accepts the rating and sends its text (the rating caps fail open) and logs the fault', async () => {
    const base = await createTestApp({ overrides: { runDispatcher: false } });
    // Nothing listens on port 1: every Redis command fails at once.
    const deadRedis = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    deadRedis.on('error', () => undefined);
    const sms = new ConsoleSmsSender(() => {});
    const app = await buildApp(base.config, {
      database: base.database,
      redis: deadRedis,
      sms,
      logger: false,
      runDispatcher: false,
    });
    try {
      // A proven rater from before the outage (verification itself fails closed without Redis).
      const rater = await provenBrowser(base);
      const response = await injectWithCookies(
        app,
        {
          method: 'POST',
          url: '/trpc/rating.submit',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ json: ratingInput({ phoneNumber: usPhone(700) }) }),
        },
        rater,
      );
      expect(response.statusCode).toBe(200);
      await new Promise((resolve) => setImmediate(resolve));
      await app.services.dispatcher.settled();
      expect(sms.outbox().map((message) => message.to)).toEqual([usPhone(700)]);
      const faults = await base.database.db
        .select({ details: errorLogs.details, severity: errorLogs.severity })
        .from(errorLogs);
      // The submission caps' round trip is logged for the operators; the dispatcher sent the text without its
      // caps too (and said so in the server log).
      expect(faults).toHaveLength(1);
      expect(faults[0]?.details).toMatchObject({
        action: 'rating_rate_limit_unavailable',
        caps: ['rating-submit:device', 'rating-submit:ip'],
      });
    } finally {
      await app.close();
      deadRedis.disconnect();
      await base.close();
    }
  });
});
