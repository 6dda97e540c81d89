import { and, asc, eq, lt } from 'drizzle-orm';
import type { Executor } from '../database';
import { staffPasskeyChallenges, staffPasskeys } from '../schema';

/**
 * Stores a WebAuthn challenge under `key` (a staff session registering, or one login attempt), replacing the
 * one that key had. Expired challenges of anyone are dropped on the way: they are never read again.
 */
export async function putPasskeyChallenge(
  db: Executor,
  params: { key: string; challenge: string; staffId: string | null; login: string | null; expiresAt: Date },
  now: Date,
) {
  await db.delete(staffPasskeyChallenges).where(lt(staffPasskeyChallenges.expiresAt, now));
  await db
    .insert(staffPasskeyChallenges)
    .values(params)
    .onConflictDoUpdate({
      target: staffPasskeyChallenges.key,
      set: {
        challenge: params.challenge,
        staffId: params.staffId,
        login: params.login,
        expiresAt: params.expiresAt,
      },
    });
}

/** Takes the live challenge of `key`: it is deleted, so only one request ever gets it. */
export async function takePasskeyChallenge(db: Executor, key: string, now: Date) {
  const [row] = await db
    .delete(staffPasskeyChallenges)
    .where(eq(staffPasskeyChallenges.key, key))
    .returning();
  return row && row.expiresAt > now ? row : null;
}

/** An account's passkeys as its owner sees them: never the public key. */
export async function listStaffPasskeys(db: Executor, staffId: string) {
  return db
    .select({
      id: staffPasskeys.id,
      name: staffPasskeys.name,
      createdAt: staffPasskeys.createdAt,
      lastUsedAt: staffPasskeys.lastUsedAt,
    })
    .from(staffPasskeys)
    .where(eq(staffPasskeys.staffId, staffId))
    .orderBy(asc(staffPasskeys.createdAt));
}

/** The credential ids an account registered, so the browser does not register the same one twice. */
export async function listStaffPasskeyCredentialIds(db: Executor, staffId: string) {
  return db
    .select({ credentialId: staffPasskeys.credentialId, transports: staffPasskeys.transports })
    .from(staffPasskeys)
    .where(eq(staffPasskeys.staffId, staffId));
}

/** A passkey of this account by its credential id; a credential of anyone else is not found. */
export async function findStaffPasskey(db: Executor, staffId: string, credentialId: string) {
  const [row] = await db
    .select()
    .from(staffPasskeys)
    .where(and(eq(staffPasskeys.staffId, staffId), eq(staffPasskeys.credentialId, credentialId)))
    .limit(1);
  return row ?? null;
}

/** A new passkey; null when that credential is already registered (to anyone). */
export async function insertStaffPasskey(
  db: Executor,
  params: {
    staffId: string;
    credentialId: string;
    publicKey: string;
    counter: number;
    transports: string[];
    name: string;
  },
) {
  const [row] = await db
    .insert(staffPasskeys)
    .values(params)
    .onConflictDoNothing()
    .returning({ id: staffPasskeys.id, name: staffPasskeys.name, createdAt: staffPasskeys.createdAt });
  return row ?? null;
}

/**
 * Records a login with a passkey: the new signature counter, only if the stored one is still the one the
 * signature was checked against. Two logins racing with one counter value: one wins, the other is refused.
 */
export async function recordPasskeyUse(
  db: Executor,
  params: { id: string; checkedCounter: number; newCounter: number; now: Date },
) {
  const rows = await db
    .update(staffPasskeys)
    .set({ counter: params.newCounter, lastUsedAt: params.now })
    .where(and(eq(staffPasskeys.id, params.id), eq(staffPasskeys.counter, params.checkedCounter)))
    .returning({ id: staffPasskeys.id });
  return rows.length > 0;
}

/** Removes one of the account's own passkeys; returns its name, or null when it has no such passkey. */
export async function deleteStaffPasskey(db: Executor, staffId: string, id: string) {
  const [row] = await db
    .delete(staffPasskeys)
    .where(and(eq(staffPasskeys.staffId, staffId), eq(staffPasskeys.id, id)))
    .returning({ name: staffPasskeys.name });
  return row?.name ?? null;
}
