import { and, eq, gt, lt } from 'drizzle-orm';
import type { Executor } from '../database';
import { adminSessions, deviceSessions } from '../schema';

export async function findDeviceSessionByTokenHash(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(deviceSessions)
    .where(and(eq(deviceSessions.tokenHash, tokenHash), gt(deviceSessions.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

export async function insertDeviceSession(db: Executor, params: { tokenHash: string; expiresAt: Date }) {
  const [row] = await db.insert(deviceSessions).values(params).returning();
  if (!row) throw new Error('device session insert returned no row');
  return row;
}

/** Slides the idle expiry forward; callers throttle it so a busy session is not written on every request. */
export async function touchDeviceSession(db: Executor, id: string, now: Date, expiresAt: Date) {
  await db.update(deviceSessions).set({ lastSeenAt: now, expiresAt }).where(eq(deviceSessions.id, id));
}

export async function rotateDeviceSessionToken(db: Executor, id: string, tokenHash: string) {
  await db.update(deviceSessions).set({ tokenHash }).where(eq(deviceSessions.id, id));
}

export async function deleteDeviceSession(db: Executor, id: string) {
  await db.delete(deviceSessions).where(eq(deviceSessions.id, id));
}

export async function deleteExpiredDeviceSessions(db: Executor, now: Date) {
  const rows = await db
    .delete(deviceSessions)
    .where(lt(deviceSessions.expiresAt, now))
    .returning({ id: deviceSessions.id });
  return rows.length;
}

export async function findAdminSessionByTokenHash(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(adminSessions)
    .where(and(eq(adminSessions.tokenHash, tokenHash), gt(adminSessions.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

export async function insertAdminSession(db: Executor, params: { tokenHash: string; expiresAt: Date }) {
  const [row] = await db.insert(adminSessions).values(params).returning();
  if (!row) throw new Error('admin session insert returned no row');
  return row;
}

export async function touchAdminSession(db: Executor, id: string, now: Date) {
  await db.update(adminSessions).set({ lastSeenAt: now }).where(eq(adminSessions.id, id));
}

export async function deleteAdminSession(db: Executor, id: string) {
  await db.delete(adminSessions).where(eq(adminSessions.id, id));
}

export async function deleteExpiredAdminSessions(db: Executor, now: Date) {
  const rows = await db
    .delete(adminSessions)
    .where(lt(adminSessions.expiresAt, now))
    .returning({ id: adminSessions.id });
  return rows.length;
}

/**
 * The unlock form (and a code send) keeps the phone the visitor typed, unproven: it identifies nothing and
 * grants nothing until a code proves it.
 */
export async function saveDeviceSessionPhone(db: Executor, params: { id: string; phoneNumber: string }) {
  await db
    .update(deviceSessions)
    .set({ phoneNumber: params.phoneNumber, phoneProvenAt: null })
    .where(eq(deviceSessions.id, params.id));
}

/** A correct SMS code checked in this session proves the phone for it (DESIGN.md section 2). */
export async function proveDeviceSessionPhone(
  db: Executor,
  params: { id: string; phoneNumber: string; provenAt: Date },
) {
  await db
    .update(deviceSessions)
    .set({ phoneNumber: params.phoneNumber, phoneProvenAt: params.provenAt })
    .where(eq(deviceSessions.id, params.id));
}
