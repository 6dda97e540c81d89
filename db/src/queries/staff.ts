import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../database';
import {
  adminSessions,
  type StaffEnrolmentPurpose,
  type StaffRole,
  staffAccounts,
  staffEnrolments,
  staffPasskeyChallenges,
  staffPasskeys,
} from '../schema';

/** The first admin, on an empty table only; null when there already was an account (or another won). */
export async function insertFirstAdmin(
  db: Executor,
  params: { login: string; displayName: string; passwordHash: string },
) {
  return db.transaction(async (tx) => {
    // Two instances starting on one empty database: the lock makes the second one see the first's admin.
    await tx.execute(sql`lock table ${staffAccounts} in share row exclusive mode`);
    const [existing] = await tx.select({ id: staffAccounts.id }).from(staffAccounts).limit(1);
    if (existing) return null;
    const [row] = await tx
      .insert(staffAccounts)
      .values({ ...params, role: 'admin', enrolsWithPassword: sql`now()` })
      .returning({ id: staffAccounts.id });
    return row?.id ?? null;
  });
}

export async function anyStaffAccountExists(db: Executor) {
  const [row] = await db.select({ id: staffAccounts.id }).from(staffAccounts).limit(1);
  return row !== undefined;
}

/** A live account (neither disabled nor removed) by the name or e-mail typed at login. */
export async function findActiveStaffByLogin(db: Executor, login: string) {
  const [row] = await db
    .select()
    .from(staffAccounts)
    .where(
      and(eq(staffAccounts.login, login), isNull(staffAccounts.disabledAt), isNull(staffAccounts.removedAt)),
    )
    .limit(1);
  return row ?? null;
}

export async function findStaffById(db: Executor, id: string) {
  const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, id)).limit(1);
  return row ?? null;
}

/** Everyone on the staff page, removed accounts last; never a credential. */
export async function listStaff(db: Executor) {
  return db
    .select({
      id: staffAccounts.id,
      login: staffAccounts.login,
      displayName: staffAccounts.displayName,
      role: staffAccounts.role,
      hasPassword: sql<boolean>`${staffAccounts.passwordHash} is not null`,
      hasSecondFactor: sql<boolean>`${staffAccounts.totpSecret} is not null`,
      recoveryCodesLeft: sql<number>`cardinality(${staffAccounts.recoveryCodeHashes})::int`,
      // Spelled out: inside a select, drizzle leaves columns unqualified, and "id" would be the passkey's own.
      passkeys: sql<number>`(select count(*)::int from "staff_passkeys" where "staff_passkeys"."staff_id" = "staff_accounts"."id")`,
      createdAt: staffAccounts.createdAt,
      lastLoginAt: staffAccounts.lastLoginAt,
      disabledAt: staffAccounts.disabledAt,
      removedAt: staffAccounts.removedAt,
    })
    .from(staffAccounts)
    .orderBy(sql`${staffAccounts.removedAt} is not null`, asc(staffAccounts.createdAt));
}

/** A new account waiting for its invitation to be used; null when the login is taken. */
export async function insertInvitedStaff(
  db: Executor,
  params: { login: string; displayName: string; role: StaffRole; createdBy: string },
) {
  const [row] = await db.insert(staffAccounts).values(params).onConflictDoNothing().returning();
  return row ?? null;
}

export async function insertStaffEnrolment(
  db: Executor,
  params: {
    tokenHash: string;
    staffId: string;
    purpose: StaffEnrolmentPurpose;
    createdBy: string | null;
    expiresAt: Date;
  },
) {
  const [row] = await db.insert(staffEnrolments).values(params).returning();
  if (!row) throw new Error('staff enrolment insert returned no row');
  return row;
}

/** A live enrolment link with its account, when the account is still active. */
export async function findStaffEnrolment(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ enrolment: staffEnrolments, account: staffAccounts })
    .from(staffEnrolments)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffEnrolments.staffId))
    .where(
      and(
        eq(staffEnrolments.tokenHash, tokenHash),
        gt(staffEnrolments.expiresAt, now),
        isNull(staffAccounts.disabledAt),
        isNull(staffAccounts.removedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Keeps the first pending secret of a link: a reload shows the same QR code. Returns the one that stands. */
export async function setPendingTotpSecret(db: Executor, enrolmentId: string, encryptedSecret: string) {
  const [row] = await db
    .update(staffEnrolments)
    .set({ pendingTotpSecret: sql`coalesce(${staffEnrolments.pendingTotpSecret}, ${encryptedSecret})` })
    .where(eq(staffEnrolments.id, enrolmentId))
    .returning({ pendingTotpSecret: staffEnrolments.pendingTotpSecret });
  return row?.pendingTotpSecret ?? null;
}

/**
 * Completes an enrolment in one transaction: the link is used up (a second use finds nothing), the account
 * takes its second factor, recovery code hashes and (for an invitation) its password.
 */
export async function completeStaffEnrolment(
  db: Executor,
  params: {
    enrolmentId: string;
    staffId: string;
    totpSecret: string;
    /** The time step of the code that enrolled the factor: it cannot log in afterwards. */
    totpStep: number;
    recoveryCodeHashes: string[];
    passwordHash: string | null;
  },
) {
  return db.transaction(async (tx) => {
    const used = await tx
      .delete(staffEnrolments)
      .where(eq(staffEnrolments.id, params.enrolmentId))
      .returning({ id: staffEnrolments.id });
    if (used.length === 0) return false;
    await tx
      .update(staffAccounts)
      .set({
        totpSecret: params.totpSecret,
        totpLastStep: params.totpStep,
        recoveryCodeHashes: params.recoveryCodeHashes,
        enrolsWithPassword: null,
        ...(params.passwordHash ? { passwordHash: params.passwordHash } : {}),
      })
      .where(eq(staffAccounts.id, params.staffId));
    await tx.delete(staffEnrolments).where(eq(staffEnrolments.staffId, params.staffId));
    return true;
  });
}

/** Uses up one recovery code: true only for the one request that removed it. */
export async function useRecoveryCode(db: Executor, staffId: string, codeHash: string) {
  const rows = await db
    .update(staffAccounts)
    .set({ recoveryCodeHashes: sql`array_remove(${staffAccounts.recoveryCodeHashes}, ${codeHash})` })
    .where(and(eq(staffAccounts.id, staffId), sql`${codeHash} = any(${staffAccounts.recoveryCodeHashes})`))
    .returning({ id: staffAccounts.id });
  return rows.length > 0;
}

/**
 * Accepts a TOTP time step for the account once: true only when it is later than every step accepted before,
 * so a code seen by someone else (over a shoulder, in a phishing proxy) cannot log in again in its window.
 */
export async function useTotpStep(db: Executor, staffId: string, step: number) {
  const rows = await db
    .update(staffAccounts)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(staffAccounts.id, staffId),
        sql`(${staffAccounts.totpLastStep} is null or ${staffAccounts.totpLastStep} < ${step})`,
      ),
    )
    .returning({ id: staffAccounts.id });
  return rows.length > 0;
}

export async function resealTotpSecret(db: Executor, staffId: string, sealed: string) {
  await db.update(staffAccounts).set({ totpSecret: sealed }).where(eq(staffAccounts.id, staffId));
}

export async function markStaffLogin(db: Executor, staffId: string, now: Date) {
  await db.update(staffAccounts).set({ lastLoginAt: now }).where(eq(staffAccounts.id, staffId));
}

/** Ends every session of an account; returns their ids so the process caches forget them too. */
export async function deleteStaffSessions(db: Executor, staffId: string) {
  const rows = await db
    .delete(adminSessions)
    .where(eq(adminSessions.staffId, staffId))
    .returning({ id: adminSessions.id });
  return rows.map((row) => row.id);
}

export async function setStaffDisabled(db: Executor, staffId: string, disabledAt: Date | null) {
  const rows = await db
    .update(staffAccounts)
    .set({ disabledAt })
    .where(and(eq(staffAccounts.id, staffId), isNull(staffAccounts.removedAt)))
    .returning({ id: staffAccounts.id });
  return rows.length > 0;
}

/** Removal keeps the row (the name on past decisions) and drops every credential and open link. */
export async function removeStaff(db: Executor, staffId: string, now: Date) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(staffAccounts)
      .set({
        removedAt: now,
        passwordHash: null,
        totpSecret: null,
        totpLastStep: null,
        recoveryCodeHashes: [],
        enrolsWithPassword: null,
      })
      .where(and(eq(staffAccounts.id, staffId), isNull(staffAccounts.removedAt)))
      .returning({ id: staffAccounts.id });
    await tx.delete(staffEnrolments).where(eq(staffEnrolments.staffId, staffId));
    await tx.delete(staffPasskeys).where(eq(staffPasskeys.staffId, staffId));
    await tx.delete(staffPasskeyChallenges).where(eq(staffPasskeyChallenges.staffId, staffId));
    return rows.length > 0;
  });
}

/**
 * A reset second factor: the app, the recovery codes and every passkey go in one transaction, and the account
 * can log in again only through the new one-time link. Returns how many passkeys were removed, or null when
 * there is no such account.
 */
export async function clearSecondFactor(db: Executor, staffId: string) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(staffAccounts)
      .set({ totpSecret: null, totpLastStep: null, recoveryCodeHashes: [], enrolsWithPassword: null })
      .where(and(eq(staffAccounts.id, staffId), isNull(staffAccounts.removedAt)))
      .returning({ id: staffAccounts.id });
    if (rows.length === 0) return null;
    await tx.delete(staffEnrolments).where(eq(staffEnrolments.staffId, staffId));
    await tx.delete(staffPasskeyChallenges).where(eq(staffPasskeyChallenges.staffId, staffId));
    const passkeys = await tx
      .delete(staffPasskeys)
      .where(eq(staffPasskeys.staffId, staffId))
      .returning({ id: staffPasskeys.id });
    return { passkeysRemoved: passkeys.length };
  });
}

/** Admins able to act: the last one may not be disabled or removed. */
export async function countActiveAdmins(db: Executor) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(staffAccounts)
    .where(
      and(eq(staffAccounts.role, 'admin'), isNull(staffAccounts.disabledAt), isNull(staffAccounts.removedAt)),
    );
  return row?.count ?? 0;
}
