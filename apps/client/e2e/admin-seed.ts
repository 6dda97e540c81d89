// Seed data for the admin browser tests, written straight into the test's own Postgres database (the admin
// pages only read; the flows that write these rows are other features' and have their own tests).
import {
  claimedProfiles,
  errorLogs,
  logs,
  ratingScores,
  ratings,
  smsMessages,
} from '../../../db/src/schema/index';
import { createTestDatabase, type TestDatabase } from '../../../db/src/testing/index';

const DAY = 24 * 60 * 60 * 1000;

export const SEED = {
  verifiedPhone: '+12025550101',
  verifiedName: 'Alex S.',
  unverifiedPhone: '+12025550102',
  otherPhones: ['+12025550103', '+447911123456'],
  profiles: 4,
  verifiedProfiles: 2,
  ratings: 3,
  activityEntries: 5,
  errorEntries: 57,
  formulaMessage: '=HYPERLINK("http://evil.example","click")',
  longUserAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
};

/**
 * A fresh, migrated database for one test file on the run's Postgres server (the e2e project's global setup
 * finds or starts it); the app under test is pointed at it.
 */
export async function createSeededDatabase(serverUrl: string): Promise<TestDatabase> {
  const database = await createTestDatabase(serverUrl);
  const { db } = database;
  const now = Date.now();

  await db.insert(claimedProfiles).values([
    {
      phoneNumber: SEED.verifiedPhone,
      name: SEED.verifiedName,
      isVerified: true,
      verifiedAt: new Date(now - DAY),
      createdAt: new Date(now - 2 * DAY),
    },
    { phoneNumber: SEED.unverifiedPhone, name: null, isVerified: false, createdAt: new Date(now - 3 * DAY) },
    {
      phoneNumber: SEED.otherPhones[0] ?? '',
      name: 'Jordan P.',
      isVerified: true,
      verifiedAt: new Date(now - 4 * DAY),
      createdAt: new Date(now - 4 * DAY),
    },
    {
      phoneNumber: SEED.otherPhones[1] ?? '',
      name: 'Chloé C.',
      isVerified: false,
      createdAt: new Date(now - 5 * DAY),
    },
  ]);

  const given = [
    { about: SEED.unverifiedPhone, name: 'Sam K.', testimonial: 'Great listener, terrible at texting back.' },
    { about: SEED.otherPhones[0] ?? '', name: 'Jordan P.', testimonial: null },
  ];
  for (const [index, rating] of given.entries()) {
    const [row] = await db
      .insert(ratings)
      .values({
        name: rating.name,
        relationshipType: 'serious',
        phoneNumber: rating.about,
        createdByPhone: SEED.verifiedPhone,
        testimonial: rating.testimonial,
        createdAt: new Date(now - index * DAY),
      })
      .returning();
    if (!row) throw new Error('rating insert returned nothing');
    await db
      .insert(ratingScores)
      .values(
        [1, 2, 3, 4, 5].map((questionId) => ({ ratingId: row.id, questionId, score: 6 + (questionId % 3) })),
      );
  }
  const [received] = await db
    .insert(ratings)
    .values({
      name: 'Alex S.',
      relationshipType: 'fling',
      phoneNumber: SEED.verifiedPhone,
      createdByPhone: SEED.unverifiedPhone,
      feedback: 'Call back sometimes.',
    })
    .returning();
  if (!received) throw new Error('rating insert returned nothing');
  await db
    .insert(ratingScores)
    .values([1, 2, 3, 4, 5].map((questionId) => ({ ratingId: received.id, questionId, score: 3 })));

  await db.insert(logs).values([
    {
      action: 'verification_code_requested',
      phoneNumber: SEED.verifiedPhone,
      ipAddress: '198.51.100.7',
      userAgent: SEED.longUserAgent,
      userId: 'device-1',
      createdAt: new Date(now - DAY - 120_000),
    },
    {
      action: 'verification_code_invalid',
      phoneNumber: SEED.verifiedPhone,
      ipAddress: '198.51.100.7',
      userAgent: SEED.longUserAgent,
      userId: 'device-1',
      details: { attempts: 1 },
      createdAt: new Date(now - DAY - 60_000),
    },
    {
      action: 'verification_complete',
      phoneNumber: SEED.verifiedPhone,
      ipAddress: '198.51.100.7',
      userAgent: SEED.longUserAgent,
      userId: 'device-1',
      createdAt: new Date(now - DAY),
    },
    {
      action: 'rating_created',
      phoneNumber: SEED.verifiedPhone,
      ipAddress: '198.51.100.7',
      userAgent: SEED.longUserAgent,
      userId: 'device-1',
      details: { ratingName: 'Sam K.', marker: 'seeded-details' },
    },
    {
      action: 'onboarding_step_completed',
      ipAddress: '203.0.113.9',
      userId: 'device-2',
      details: { step: 2 },
    },
  ]);

  // 57 errors: 6 pages of 10, so the pagination shows its ellipsis window. The newest is the formula one.
  const severities = ['low', 'medium', 'high', 'critical'] as const;
  await db.insert(errorLogs).values(
    Array.from({ length: SEED.errorEntries }, (_, index) => {
      const newest = index === SEED.errorEntries - 1;
      return {
        errorMessage: newest ? SEED.formulaMessage : `Seeded error ${index}`,
        errorStack: newest ? 'Error: boom\n    at RatePage (rate.tsx:10:5)' : null,
        componentName: index % 2 === 0 ? 'RatePage' : 'VerifyPage',
        severity: newest ? ('critical' as const) : severities[index % 4],
        phoneNumber: index % 5 === 0 || newest ? SEED.verifiedPhone : null,
        url: 'http://127.0.0.1/rate',
        userId: 'device-1',
        ipAddress: '198.51.100.7',
        userAgent: SEED.longUserAgent,
        errorType: 'runtime',
        details: newest ? { step: 2 } : null,
        createdAt: new Date(now - (SEED.errorEntries - index) * 60_000),
      };
    }),
  );
  // Texts the providers took or refused, for the dashboard's delivery table (no phone numbers are kept).
  await db.insert(smsMessages).values([
    ...(['delivered', 'delivered', 'undelivered'] as const).map((status, index) => ({
      kind: 'rating' as const,
      provider: 'twilio',
      providerMessageId: `SM-seed-${index}`,
      country: 'US',
      status,
    })),
    {
      kind: 'code' as const,
      provider: 'sns',
      providerMessageId: 'seed-code-1',
      country: 'GB',
      status: 'sent' as const,
    },
    { kind: 'code' as const, provider: 'sns', country: 'GB', status: 'refused' as const },
  ]);
  return database;
}
