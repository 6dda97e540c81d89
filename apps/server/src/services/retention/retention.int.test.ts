import { adminSessions, deviceSessions, errorLogs, logs, ratings, staffAccounts } from '@exrated/db/schema';
import { createTestDatabase, type TestDatabase } from '@exrated/db/testing';
import { inArray, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { applyRetention, RETENTION_BATCH } from './retention';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase(inject('testDatabaseServerUrl'));
});
afterAll(async () => {
  await database?.dispose();
});

const now = new Date('2026-11-21T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

describe('applyRetention', () => {
  it('deletes only logs, error logs, sessions and unclaimed ratings past their time', async () => {
    const db = database.db;
    await db.insert(logs).values([
      { action: 'old', createdAt: daysAgo(181) },
      { action: 'edge', createdAt: daysAgo(179) },
      { action: 'new', createdAt: daysAgo(1) },
    ]);
    await db.insert(errorLogs).values([
      { errorMessage: 'old', createdAt: daysAgo(200) },
      { errorMessage: 'new', createdAt: daysAgo(3) },
    ]);
    await db.insert(deviceSessions).values([
      { tokenHash: 'expired', expiresAt: daysAgo(1) },
      { tokenHash: 'live', expiresAt: daysAgo(-29) },
    ]);
    const [staff] = await db
      .insert(staffAccounts)
      .values({ login: 'retention-admin', displayName: 'Retention', role: 'admin' })
      .returning();
    const staffId = staff?.id ?? '';
    await db.insert(adminSessions).values([
      { tokenHash: 'admin-expired', expiresAt: daysAgo(1), staffId },
      { tokenHash: 'admin-live', expiresAt: daysAgo(-1), staffId },
    ]);

    const rating = { name: 'Alex', relationshipType: 'casual', phoneNumber: '+12025550100' } as const;
    await db.insert(ratings).values([
      { ...rating, testimonial: 'never claimed', createdAt: daysAgo(31) },
      { ...rating, testimonial: 'claimed', createdByPhone: '+12025550199', createdAt: daysAgo(90) },
      { ...rating, testimonial: 'may still be claimed', createdAt: daysAgo(29) },
    ]);

    const result = await applyRetention(db, now, 180, 30);

    expect(result).toMatchObject({ logs: 1, errorLogs: 1, deviceSessions: 1, unclaimedRatings: 1 });
    expect((await db.select().from(ratings)).map((row) => row.testimonial).sort()).toEqual([
      'claimed',
      'may still be claimed',
    ]);
    expect((await db.select().from(logs)).map((row) => row.action).sort()).toEqual(['edge', 'new']);
    expect((await db.select().from(errorLogs)).map((row) => row.errorMessage)).toEqual(['new']);
    expect((await db.select().from(deviceSessions)).map((row) => row.tokenHash)).toEqual(['live']);
    expect((await db.select().from(adminSessions)).map((row) => row.tokenHash)).toEqual(['admin-live']);
  });

  it('clears a typed, unproven number from a session idle for a day, and keeps proven ones', async () => {
    const db = database.db;
    const live = daysAgo(-29);
    await db.insert(deviceSessions).values([
      { tokenHash: 'typed-idle', phoneNumber: '+12025550111', lastSeenAt: daysAgo(2), expiresAt: live },
      { tokenHash: 'typed-active', phoneNumber: '+12025550112', lastSeenAt: now, expiresAt: live },
      {
        tokenHash: 'proven-idle',
        phoneNumber: '+12025550113',
        phoneProvenAt: daysAgo(3),
        lastSeenAt: daysAgo(2),
        expiresAt: live,
      },
    ]);
    const result = await applyRetention(db, now, 180, 30);
    expect(result.unprovenPhones).toBe(1);
    const phones = await db
      .select({ tokenHash: deviceSessions.tokenHash, phone: deviceSessions.phoneNumber })
      .from(deviceSessions)
      .where(inArray(deviceSessions.tokenHash, ['typed-idle', 'typed-active', 'proven-idle']));
    expect(Object.fromEntries(phones.map((row) => [row.tokenHash, row.phone]))).toEqual({
      'typed-idle': null,
      'typed-active': '+12025550112',
      'proven-idle': '+12025550113',
    });
  });

  it('deletes more than one batch, each statement a batch', async () => {
    const old = daysAgo(200);
    const rows = Array.from({ length: RETENTION_BATCH + 7 }, (_, index) => ({
      action: `batch-${index}`,
      createdAt: old,
    }));
    await database.db.insert(logs).values(rows);
    const result = await applyRetention(database.db, now, 180, 30);
    expect(result.logs).toBe(RETENTION_BATCH + 7);
    expect(
      await database.db
        .select()
        .from(logs)
        .where(lt(logs.createdAt, daysAgo(180))),
    ).toEqual([]);
  });

  it('honours a configured period', async () => {
    await database.db.insert(logs).values({ action: 'week-old', createdAt: daysAgo(8) });
    await applyRetention(database.db, now, 7, 30);
    expect((await database.db.select().from(logs)).map((row) => row.action)).not.toContain('week-old');
  });
});
