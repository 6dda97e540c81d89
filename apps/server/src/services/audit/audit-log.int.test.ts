import { logs } from '@exrated/db/schema';
import { createTestDatabase, postgresClientOf, type TestDatabase } from '@exrated/db/testing';
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { AuditLog } from './audit-log';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase(inject('testDatabaseServerUrl'));
});
afterAll(async () => {
  await database?.dispose();
});

const silentLogger = () =>
  ({ error: vi.fn() }) as unknown as FastifyBaseLogger & { error: ReturnType<typeof vi.fn> };

/** One request's entries: `count` activity entries named after the request. */
const entriesOf = (request: string, count = 3) => ({
  logs: Array.from({ length: count }, (_, i) => ({ action: `${request}-${i}`, userId: request })),
  errors: [],
});

async function actionsOf(requests: string[]) {
  const rows = await database.db.select().from(logs).where(inArray(logs.userId, requests));
  return rows.map((row) => row.action).sort();
}

describe('AuditLog', () => {
  it('writes a hand-over at once when no write is on its way, in one prepared statement', async () => {
    const auditLog = new AuditLog(database.db, silentLogger());
    const statements = vi.spyOn(postgresClientOf(database.db), 'unsafe');
    await auditLog.write(entriesOf('alone'));
    expect(statements).toHaveBeenCalledTimes(1);
    expect(statements.mock.calls[0]?.[2]).toEqual({ prepare: true });
    statements.mockRestore();
    expect(await actionsOf(['alone'])).toEqual(['alone-0', 'alone-1', 'alone-2']);
  });

  it('writes the entries of requests ending together in few statements, each resolved once written', async () => {
    const auditLog = new AuditLog(database.db, silentLogger());
    const requests = Array.from({ length: 30 }, (_, i) => `together-${i}`);
    const statements = vi.spyOn(postgresClientOf(database.db), 'unsafe');
    await Promise.all(
      requests.map(async (request) => {
        await auditLog.write(entriesOf(request));
        // Resolved means committed: this request's rows are there for whoever reads next.
        expect(await actionsOf([request])).toHaveLength(3);
      }),
    );
    const writes = statements.mock.calls.filter(([text]) => String(text).includes('insert_audit_entries'));
    statements.mockRestore();
    // Two go at once; the 28 that arrive while they are on their way share the next statement.
    expect(writes.length).toBeLessThanOrEqual(3);
    expect(await actionsOf(requests)).toHaveLength(90);
  });

  it("loses no one's entries to another request's entries the database refuses", async () => {
    const defaultLogger = silentLogger();
    const auditLog = new AuditLog(database.db, defaultLogger);
    const badLogger = silentLogger();
    const requests = ['fine-1', 'fine-2', 'fine-3', 'fine-4'];
    // jsonb refuses U+0000: the shared statement fails, and each request's entries are then written alone.
    const refused = {
      logs: [{ action: 'refused', userId: 'bad', details: { text: 'a\u0000b' } }],
      errors: [],
    };
    await Promise.all([
      ...requests.map((request) => auditLog.write(entriesOf(request))),
      auditLog.write(refused, badLogger),
    ]);
    expect(await actionsOf(requests)).toHaveLength(12);
    expect(await actionsOf(['bad'])).toEqual([]);
    expect(badLogger.error).toHaveBeenCalledOnce();
    expect(badLogger.error.mock.calls[0]?.[0]).toMatchObject({ actions: ['refused'] });
    expect(defaultLogger.error).not.toHaveBeenCalled();
  });

  it('answers a hand-over with nothing in it without a statement', async () => {
    const auditLog = new AuditLog(database.db, silentLogger());
    const statements = vi.spyOn(postgresClientOf(database.db), 'unsafe');
    await auditLog.write({ logs: [], errors: [] });
    expect(statements).not.toHaveBeenCalled();
    statements.mockRestore();
  });
});
