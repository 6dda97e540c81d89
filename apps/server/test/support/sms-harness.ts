import { randomBytes } from 'node:crypto';
import type { Database } from '@exrated/db';
import { notifications, ratings, smsMessages } from '@exrated/db/schema';
import type { TestDatabase } from '@exrated/db/testing';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { buildApp } from '../../src/app';
import { type FakeAwsSms, fakeAwsSmsEnv } from './fake-aws-sms';
import { type FakeTwilio, fakeTwilioEnv } from './fake-twilio';
import { testConfig } from './test-app';

/**
 * An app instance on a shared database whose texts go to the fake Twilio and the fake AWS (`primary` first,
 * the other as fallback), with its dispatcher driven by the test.
 */
export async function smsApp(options: {
  database: TestDatabase;
  redis: Redis | null;
  twilio: FakeTwilio;
  aws: FakeAwsSms;
  primary: 'twilio' | 'sns';
  fallback?: boolean;
  now: () => Date;
  env?: Record<string, string>;
}): Promise<FastifyInstance> {
  const other = options.primary === 'twilio' ? 'sns' : 'twilio';
  const config = testConfig({
    REDIS_KEY_PREFIX: `test:sms:${randomBytes(4).toString('hex')}:`,
    SMS_PROVIDER: options.primary,
    ...(options.fallback === false ? {} : { SMS_FALLBACK_PROVIDER: other }),
    ...fakeTwilioEnv(options.twilio),
    ...fakeAwsSmsEnv(options.aws),
    SMS_TWILIO_PER_SECOND: '1000',
    SMS_SNS_PER_SECOND: '1000',
    ...options.env,
  });
  return buildApp(config, {
    database: options.database,
    redis: options.redis,
    logger: false,
    runDispatcher: false,
    now: options.now,
    snsCertificates: (url) => options.aws.certificates(url),
  });
}

/** A standing rating with its text due now, written directly (the rating flow has its own tests). */
export async function dueText(db: Database, phoneNumber: string) {
  const [rating] = await db
    .insert(ratings)
    .values({
      name: 'Alex S.',
      relationshipType: 'casual',
      phoneNumber,
      createdByPhone: '+12025550999',
      releaseAt: new Date(Date.now() - 1000),
    })
    .returning({ id: ratings.id });
  if (!rating) throw new Error('rating insert failed');
  const id = crypto.randomUUID();
  await db.insert(notifications).values({
    id,
    ratingId: rating.id,
    status: 'pending',
    message: `Someone you dated rated your relationship 7/10 on ExRated. See what they said: http://localhost:3000/r/${id} Reply STOP to opt out.`,
    nextAttemptAt: new Date(Date.now() - 1000),
  });
  return id;
}

export async function notificationRow(db: Database, id: string) {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  if (!row) throw new Error(`no notification ${id}`);
  return row;
}

export async function attemptsOf(db: Database, notificationId: string) {
  return db.select().from(smsMessages).where(eq(smsMessages.notificationId, notificationId));
}
