import { errorLogs, logs } from '@exrated/db/schema';
import { createTestDatabase, postgresClientOf, type TestDatabase } from '@exrated/db/testing';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { AuditLog } from './audit-log';
import { AuditWriter } from './audit-writer';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase(inject('testDatabaseServerUrl'));
});
afterAll(async () => {
  await database?.dispose();
});

const meta = { ipAddress: '192.0.2.1', userAgent: 'UA' };
const silentLogger = () =>
  ({ error: vi.fn() }) as unknown as FastifyBaseLogger & { error: ReturnType<typeof vi.fn> };

describe('AuditWriter', () => {
  it('writes activity and error entries of one request in a single prepared statement', async () => {
    const writer = new AuditWriter(new AuditLog(database.db, silentLogger()), meta, silentLogger());
    writer.setActor({ userId: 'session-1', phoneNumber: '+14155552671' });
    writer.log('rating_submission_started', { step: 2 });
    writer.log('verification_code_requested', undefined, { phoneNumber: '+447400123456' });
    writer.error({ action: 'sms_notification_failed', message: 'provider down', severity: 'high' });
    const statements = vi.spyOn(postgresClientOf(database.db), 'unsafe');
    await writer.flush();
    expect(statements).toHaveBeenCalledTimes(1);
    expect(statements.mock.calls[0]?.[2]).toEqual({ prepare: true });
    statements.mockRestore();

    const activity = await database.db.select().from(logs);
    expect(activity).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'rating_submission_started',
          userId: 'session-1',
          phoneNumber: '+14155552671',
          details: { step: 2 },
        }),
        expect.objectContaining({
          action: 'verification_code_requested',
          phoneNumber: '+447400123456',
          ipAddress: '192.0.2.1',
        }),
      ]),
    );
    const [error] = await database.db.select().from(errorLogs);
    expect(error).toMatchObject({
      errorMessage: 'provider down',
      severity: 'high',
      details: { action: 'sms_notification_failed' },
      userAgent: 'UA',
    });
  });

  it('writes nothing when nothing was recorded, and each entry only once', async () => {
    const writer = new AuditWriter(new AuditLog(database.db, silentLogger()), meta, silentLogger());
    await writer.flush();
    writer.log('once');
    await writer.flush();
    await writer.flush();
    const rows = await database.db.select().from(logs);
    expect(rows.filter((row) => row.action === 'once')).toHaveLength(1);
  });

  it("never fails the caller when the write fails, and logs it with the request's logger", async () => {
    const broken = await createTestDatabase(inject('testDatabaseServerUrl'));
    await broken.dispose();
    const logger = silentLogger();
    const writer = new AuditWriter(new AuditLog(broken.db, silentLogger()), meta, logger);
    writer.log('lost');
    await expect(writer.flush()).resolves.toBeUndefined();
    expect(logger.error).toHaveBeenCalledOnce();
  });
});
