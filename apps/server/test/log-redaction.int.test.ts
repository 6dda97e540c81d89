import { createTestDatabase, type TestDatabase } from '@exrated/db/testing';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app';
import { captureLogs } from './support/log-capture';
import { HttpBrowser, httpOf, testConfig } from './support/test-app';
import { rateOverHttp, trpcHttp } from './support/verification';

/**
 * No log line holds a whole phone number, whichever way it got there (the console sender's texts,
 * request paths, a failed query's parameters, a field of a log call); each is masked to its last 4 digits.
 */
let database: TestDatabase;
let app: FastifyInstance;
const logs = captureLogs();
const http = httpOf(() => app);

beforeAll(async () => {
  database = await createTestDatabase(inject('testDatabaseServerUrl'));
  // The app's own console sender (no override), which prints every text through the app's logger.
  app = await buildApp(testConfig({ LOG_LEVEL: 'info' }), {
    database,
    redis: null,
    runDispatcher: false,
    logger: { stream: logs.stream },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

describe('phone numbers in log lines', () => {
  it('are masked to their last 4 digits in texts, request logs, failed queries and log fields', async () => {
    const browser = new HttpBrowser();
    const texted = '+14155550187';
    const rated = '+14155550166';
    expect(
      (await trpcHttp(http, browser, 'mutation', 'verification.send', { phoneNumber: texted })).status,
    ).toBe(200);
    expect((await rateOverHttp(http, browser, rated)).status).toBe(200);
    await app.inject({ method: 'GET', url: `/rate/${encodeURIComponent(texted)}` });
    // A failing statement whose parameters hold the number: the error (with drizzle's "params:") is logged.
    await database.db.execute(sql`alter table claimed_profiles rename to claimed_profiles_away`);
    try {
      await trpcHttp(http, new HttpBrowser(), 'mutation', 'verification.send', {
        phoneNumber: '+14155550155',
      });
    } finally {
      await database.db.execute(sql`alter table claimed_profiles_away rename to claimed_profiles`);
    }
    app.log.warn({ phoneNumber: '+447400123456', nested: { to: '(415) 555-0144' } }, 'a call with fields');

    const text = logs.text();
    expect(text).toContain('SMS to +*******0187: Your ExRated code is');
    expect(text).toContain('params:');
    expect(text).toContain('+*******0155');
    expect(text).toContain('"url":"/rate/%2B*******0187"');
    expect(text).toContain('"phoneNumber":"+********3456"');
    expect(text).toContain('"to":"(***) ***-0144"');
    for (const whole of ['4155550187', '4155550166', '4155550155', '7400123456', '(415) 555'])
      expect(text).not.toContain(whole);
  });
});
