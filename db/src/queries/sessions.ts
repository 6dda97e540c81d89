import { and, eq, gt, inArray, isNotNull, isNull, lt, notLike, or, sql } from 'drizzle-orm';
import type { Executor } from '../database';
import {
  type AdminSession,
  adminSessions,
  claimedProfiles,
  deviceSessions,
  type StaffRole,
  staffAccounts,
} from '../schema';
import { preparedPerExecutor } from './prepared';

const deviceSessionByTokenHash = preparedPerExecutor((db) =>
  db
    .select()
    .from(deviceSessions)
    .where(
      and(
        eq(deviceSessions.tokenHash, sql.placeholder('tokenHash')),
        gt(deviceSessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('device_session_by_token_hash'),
);

export async function findDeviceSessionByTokenHash(db: Executor, tokenHash: string, now: Date) {
  const [row] = await deviceSessionByTokenHash(db).execute({ tokenHash, now: now.toISOString() });
  return row ?? null;
}

const newDeviceSession = preparedPerExecutor((db) =>
  db
    .insert(deviceSessions)
    .values({ tokenHash: sql.placeholder('tokenHash'), expiresAt: sql.placeholder('expiresAt') })
    .returning()
    .prepare('insert_device_session'),
);

export async function insertDeviceSession(db: Executor, params: { tokenHash: string; expiresAt: Date }) {
  const [row] = await newDeviceSession(db).execute(params);
  if (!row) throw new Error('device session insert returned no row');
  return row;
}

/** Slides the idle expiry forward; callers throttle it so a busy session is not written on every request. */
export async function touchDeviceSession(db: Executor, id: string, now: Date, expiresAt: Date) {
  await db.update(deviceSessions).set({ lastSeenAt: now, expiresAt }).where(eq(deviceSessions.id, id));
}

export async function deleteDeviceSession(db: Executor, id: string) {
  await db.delete(deviceSessions).where(eq(deviceSessions.id, id));
}

// A token hash is hex: a value with this prefix is never one.
const ENDED_TOKEN_PREFIX = 'ended:';

/**
 * Log out of a session that proved a phone: the row stays, ended (no cookie opens it again), so 'Download my
 * data' and 'Delete my account' of the number still find what the session did (docs/data-rights.md).
 */
export async function endDeviceSession(db: Executor, id: string) {
  await db
    .update(deviceSessions)
    .set({ tokenHash: sql`${ENDED_TOKEN_PREFIX} || ${deviceSessions.id}::text` })
    .where(eq(deviceSessions.id, id));
}

export async function deleteExpiredDeviceSessions(db: Executor, now: Date, limit: number) {
  const expired = db
    .select({ id: deviceSessions.id })
    .from(deviceSessions)
    .where(lt(deviceSessions.expiresAt, now))
    .limit(limit);
  const rows = await db
    .delete(deviceSessions)
    .where(inArray(deviceSessions.id, expired))
    .returning({ id: deviceSessions.id });
  return rows.length;
}

// The account must still be active: disabling or removing it ends its sessions here too, whatever a cache held.
const adminSessionByTokenHash = preparedPerExecutor((db) =>
  db
    .select({
      id: adminSessions.id,
      tokenHash: adminSessions.tokenHash,
      staffId: adminSessions.staffId,
      createdAt: adminSessions.createdAt,
      lastSeenAt: adminSessions.lastSeenAt,
      expiresAt: adminSessions.expiresAt,
      staffName: staffAccounts.displayName,
      staffRole: staffAccounts.role,
    })
    .from(adminSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, adminSessions.staffId))
    .where(
      and(
        eq(adminSessions.tokenHash, sql.placeholder('tokenHash')),
        gt(adminSessions.expiresAt, sql.placeholder('now')),
        isNull(staffAccounts.disabledAt),
        isNull(staffAccounts.removedAt),
      ),
    )
    .limit(1)
    .prepare('admin_session_by_token_hash'),
);

/** A live staff session with its account's name and role. */
export type StaffSession = AdminSession & { staffName: string; staffRole: StaffRole };

export async function findAdminSessionByTokenHash(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<StaffSession | null> {
  const [row] = await adminSessionByTokenHash(db).execute({ tokenHash, now: now.toISOString() });
  return row ?? null;
}

export async function insertAdminSession(
  db: Executor,
  params: { tokenHash: string; expiresAt: Date; staffId: string },
) {
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
 * A number typed on this device (a code sent to it, or the unlock form), in one statement: the phone gets an
 * unverified profile when it has none (docs/product.md#verification; an existing row keeps its values)
 * and, with `onSession`, the session keeps the number unproven (the callers decide when a proven phone
 * stays). It identifies nothing and grants nothing until a code proves it. An existing row is written too
 * (the same values again), so the statement does the same work either way and its timing tells nothing.
 */
export async function saveUnprovenPhone(
  db: Executor,
  params: { sessionId: string; phoneNumber: string; onSession: boolean },
): Promise<void> {
  const { sessionId, phoneNumber } = params;
  if (params.onSession) await unprovenPhoneOnSession(db).execute({ sessionId, phoneNumber });
  else await unprovenPhoneProfile(db).execute({ phoneNumber });
}

function unprovenProfileInsert(db: Executor | ReturnType<Executor['with']>) {
  return db
    .insert(claimedProfiles)
    .values({ phoneNumber: sql.placeholder('phoneNumber'), isVerified: false })
    .onConflictDoUpdate({
      target: claimedProfiles.phoneNumber,
      set: { isVerified: sql`${claimedProfiles.isVerified}` },
    });
}

const unprovenPhoneProfile = preparedPerExecutor((db) =>
  unprovenProfileInsert(db).prepare('save_unproven_phone_profile'),
);

const unprovenPhoneOnSession = preparedPerExecutor((db) => {
  const savedOnSession = db.$with('saved_on_session', {}).as(
    db
      .update(deviceSessions)
      .set({ phoneNumber: sql`${sql.placeholder('phoneNumber')}`, phoneProvenAt: null })
      .where(eq(deviceSessions.id, sql.placeholder('sessionId')))
      .getSQL(),
  );
  return unprovenProfileInsert(db.with(savedOnSession)).prepare('save_unproven_phone_on_session');
});

const provePhone = preparedPerExecutor((db) => {
  const value = (name: string) => sql.placeholder(name);
  return db
    .select({
      sessionId: sql<string>`session_id`,
      attributed: sql`attributed`.mapWith(Number),
      droppedOwnNumber: sql`dropped_own_number`.mapWith(Number),
      droppedRepeat: sql`dropped_repeat`.mapWith(Number),
      heldForModeration: sql`held_for_moderation`.mapWith(Number),
      withheld: sql`withheld`.mapWith(Number),
    })
    .from(
      sql`prove_phone(${value('sessionId')}::uuid, ${value('tokenHash')}::text, ${value('phoneNumber')}::text,
        ${value('provenAt')}::timestamptz, ${value('expiresAt')}::timestamptz, ${value('claimSince')}::timestamptz,
        ${value('repeatSince')}::timestamptz, ${value('daySince')}::timestamptz,
        ${value('dailyCeiling')}::integer, ${value('releaseTimes')}::jsonb,
        ${value('fallbackReleaseAt')}::timestamptz, ${value('claimed')}::uuid[])`,
    )
    .prepare('prove_phone_for_device_session');
});

/** What proving a phone did to the ratings the device gave before (see `provePhoneForDeviceSession`). */
export interface ProofSettlement {
  /** Ratings now attributed to the phone (released, or held for moderation). */
  attributed: number;
  /** Ratings of the prover's own number: dropped. */
  droppedOwnNumber: number;
  /** Ratings of a number the phone had already rated inside the repeat window: dropped. */
  droppedRepeat: number;
  /** Attributed ratings held for moderation (the number is over its daily ceiling). */
  heldForModeration: number;
  /** Attributed ratings whose number asked not to be rated: they never reach it (docs/anonymity.md). */
  withheld: number;
}

/** A proof: the new session it started, the sessions it ended and what became of the earlier ratings. */
export interface Proof {
  sessionId: string;
  endedSessionIds: string[];
  settlement: ProofSettlement;
}

/**
 * Ends device sessions (docs/security.md#sessions): no cookie opens them again (the token hash becomes a value
 * no token hashes to), a number they only typed goes, and the row stays as the record of what was done in
 * it, a proven one among the sessions of the person who proved it (their export and deletion). `phone`:
 * every session that proved it; `sessionId`: that one too. Returns the ids ended.
 */
async function endDeviceSessions(db: Executor, params: { phone: string; sessionId?: string }) {
  const proved = and(eq(deviceSessions.phoneNumber, params.phone), isNotNull(deviceSessions.phoneProvenAt));
  const rows = await db
    .update(deviceSessions)
    .set({
      tokenHash: sql`${ENDED_TOKEN_PREFIX} || ${deviceSessions.id}::text`,
      phoneNumber: sql`case when ${deviceSessions.phoneProvenAt} is null then null else ${deviceSessions.phoneNumber} end`,
    })
    .where(
      and(
        params.sessionId ? or(proved, eq(deviceSessions.id, params.sessionId)) : proved,
        notLike(deviceSessions.tokenHash, `${ENDED_TOKEN_PREFIX}%`),
      ),
    )
    .returning({ id: deviceSessions.id });
  return rows.map((row) => row.id);
}

/**
 * The number asked us to stop (a STOP reply): every session that proved it ends, so nothing done with an
 * earlier proof (a lent phone, a number since given to someone else) outlives the owner's word. Returns the
 * ids ended.
 */
export async function endProvenSessionsOfPhone(db: Executor, phone: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    await lockPhoneSessions(tx, phone);
    return endDeviceSessions(tx, { phone });
  });
}

/** Proofs of one number and the sessions that hold them change one at a time. */
async function lockPhoneSessions(tx: Executor, phone: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`proof:${phone}`}, 0))`);
}

/**
 * A correct SMS code checked in this session (docs/architecture.md), in one transaction: every session that
 * proved the number before ends, and so does this browser's session up to now, which keeps what it did
 * (docs/security.md#sessions); `prove_phone` (db/src/functions/prove_phone.sql) starts the session of the proof
 * with its new token (a cookie planted before the proof never carries the privilege) and the proven phone,
 * verifies the phone's profile from `provenAt`, and settles the ratings the device gave since `claimSince`
 * whose claims the tab presented (`claimed`): moved to the
 * new session, attributed and standing from their release times (`stand_rating`), held for moderation over
 * the daily ceiling, or dropped (the prover's own number, or a repeat inside the window).
 */
export async function provePhoneForDeviceSession(
  db: Executor,
  params: {
    sessionId: string;
    tokenHash: string;
    phoneNumber: string;
    provenAt: Date;
    expiresAt: Date;
    claimSince: Date;
    /** The rating ids of the genuine claims the proof presented: no other rating is attributed. */
    claimed: readonly string[];
    repeatSince: Date;
    dailyCeiling: { since: Date; limit: number };
    /** Release time of each rating that stands now, by rating id (docs/anonymity.md). */
    releaseTimes: ReadonlyMap<string, Date>;
    /** For a rating given while the proof ran, which `releaseTimes` could not list. */
    fallbackReleaseAt: Date;
  },
): Promise<Proof> {
  return db.transaction(async (tx) => {
    await lockPhoneSessions(tx, params.phoneNumber);
    const endedSessionIds = await endDeviceSessions(tx, {
      phone: params.phoneNumber,
      sessionId: params.sessionId,
    });
    const [row] = await provePhone(tx).execute({
      sessionId: params.sessionId,
      tokenHash: params.tokenHash,
      phoneNumber: params.phoneNumber,
      provenAt: params.provenAt.toISOString(),
      expiresAt: params.expiresAt.toISOString(),
      claimSince: params.claimSince.toISOString(),
      claimed: `{${params.claimed.join(',')}}`,
      repeatSince: params.repeatSince.toISOString(),
      daySince: params.dailyCeiling.since.toISOString(),
      dailyCeiling: params.dailyCeiling.limit,
      releaseTimes: JSON.stringify(
        Object.fromEntries([...params.releaseTimes].map(([id, at]) => [id, at.toISOString()])),
      ),
      fallbackReleaseAt: params.fallbackReleaseAt.toISOString(),
    });
    if (!row) throw new Error('prove_phone returned no row');
    const { sessionId, ...settlement } = row;
    return { sessionId, endedSessionIds, settlement };
  });
}
