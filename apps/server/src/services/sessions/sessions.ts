import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '@exrated/db';
import {
  deleteAdminSession,
  deleteDeviceSession,
  deleteStaffSessions,
  endDeviceSession,
  endProvenSessionsOfPhone,
  findAdminSessionByTokenHash,
  findDeviceSessionByTokenHash,
  insertAdminSession,
  insertDeviceSession,
  type ProofSettlement,
  provePhoneForDeviceSession,
  type StaffSession,
  saveUnprovenPhone,
  touchAdminSession,
  touchDeviceSession,
} from '@exrated/db/queries';
import type { DeviceSession } from '@exrated/db/schema';
import { networkKey } from '../limits/network-key';
import { tooManyRequests } from '../limits/rate-limit-errors';
import type { RateLimiter, RateLimitResult, RateLimitRule } from '../limits/rate-limiter';
import type { ForgottenSessions, SessionBroadcast } from './session-broadcast';
import { SessionCache } from './session-cache';

/** docs/trust-and-safety.md#rights: device sessions expire after 30 days idle. */
export const DEVICE_SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
/** docs/security.md#sessions: admin sessions end after 30 minutes idle or 8 hours in all. */
export const ADMIN_SESSION_IDLE_MS = 30 * 60 * 1000;
export const ADMIN_SESSION_ABSOLUTE_MS = 8 * 60 * 60 * 1000;
// A session used constantly is written at most this often, not on every request.
const TOUCH_INTERVAL_MS = 10 * 60 * 1000;
// The admin idle limit is 30 minutes, so its last-seen time is kept to the minute: writing it on every request
// made every admin request a commit on the same row, and concurrent ones queued behind each other.
const ADMIN_TOUCH_INTERVAL_MS = 60 * 1000;
/** How long a session read serves the same token's queries after it (see SessionCache). */
export const SESSION_CACHE_MS = 2000;

/** The cookies of one request/response; an HTTP implementation and an in-memory one for tests. */
export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, maxAgeSeconds: number): void;
  clear(name: string): void;
}

export interface CookieNames {
  device: string;
  admin: string;
  /** Marks a browser a staff account logged in from before (docs/staff.md, 'Login limits'). */
  staffDevice: string;
}

/** `__Host-` cookies are bound to this exact origin, HTTPS only and path / (no Domain can widen them). */
export function cookieNamesFor(secure: boolean): CookieNames {
  return secure
    ? {
        device: '__Host-exrated_sid',
        admin: '__Host-exrated_admin',
        staffDevice: '__Host-exrated_staff_device',
      }
    : { device: 'exrated_sid', admin: 'exrated_admin', staffDevice: 'exrated_staff_device' };
}

/**
 * The cap on new device sessions per network (docs/security.md, Limits): every request without a cookie, a
 * cheap read included, creates a row, so the rows one network can create are counted where they are made.
 */
export interface NewDeviceCap {
  limiter: RateLimiter;
  rule: RateLimitRule;
  /** The limiter failed: the session is created anyway (the cap fails open, like the procedure caps). */
  onUnavailable(error: unknown): void;
}

const NEW_DEVICE_REFUSAL = (wait: string) =>
  `Too many new visitors from your network. Please try again ${wait}.`;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

/** The token hash of a session row no cookie will ever hold (its token is thrown away at once). */
export function unheldTokenHash(): string {
  return newToken().tokenHash;
}

export class SessionService {
  private readonly devices = new SessionCache<DeviceSession>(SESSION_CACHE_MS);
  private readonly admins = new SessionCache<StaffSession>(SESSION_CACHE_MS);
  private readonly broadcast: SessionBroadcast | null;
  private readonly newDeviceCap: NewDeviceCap | null;
  // The calls of one batched request share its cookie jar and run together: the first one without a cookie
  // creates the session and the others wait for it, so a visit is one row, not one per call.
  private readonly creating = new WeakMap<CookieJar, Promise<DeviceSession>>();

  constructor(
    private readonly db: Database,
    readonly names: CookieNames,
    private readonly now: () => Date = () => new Date(),
    options: { broadcast?: SessionBroadcast | null; newDeviceCap?: NewDeviceCap | null } = {},
  ) {
    this.broadcast = options.broadcast ?? null;
    this.newDeviceCap = options.newDeviceCap ?? null;
    this.broadcast?.subscribe((message) => this.forgetHere(message));
  }

  /**
   * The request's device session, created (and its cookie set) when there is none or it expired. A read held
   * from the last moment may serve unless `fresh` (mutations: nothing is done on a held read). A new session
   * counts against the cap of `ipAddress`'s network, and over it the request is refused (TOO_MANY_REQUESTS).
   */
  async resolveDevice(
    cookies: CookieJar,
    options: { fresh: boolean; ipAddress: string | null },
  ): Promise<DeviceSession> {
    const now = this.now();
    const token = cookies.get(this.names.device);
    const tokenHash = token ? hashToken(token) : null;
    const existing = tokenHash
      ? await this.devices.read(
          tokenHash,
          now,
          () => findDeviceSessionByTokenHash(this.db, tokenHash, now),
          options,
        )
      : null;
    if (token && tokenHash && existing) {
      if (now.getTime() - existing.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        const expiresAt = new Date(now.getTime() + DEVICE_SESSION_IDLE_MS);
        await touchDeviceSession(this.db, existing.id, now, expiresAt);
        cookies.set(this.names.device, token, DEVICE_SESSION_IDLE_MS / 1000);
        const touched = { ...existing, lastSeenAt: now, expiresAt };
        this.devices.update(tokenHash, touched);
        return touched;
      }
      return existing;
    }
    const pending = this.creating.get(cookies);
    if (pending) return pending;
    const creation = this.createDevice(cookies, options.ipAddress, now);
    this.creating.set(cookies, creation);
    try {
      return await creation;
    } finally {
      this.creating.delete(cookies);
    }
  }

  private async createDevice(
    cookies: CookieJar,
    ipAddress: string | null,
    now: Date,
  ): Promise<DeviceSession> {
    await this.admitNewDevice(ipAddress);
    const fresh = newToken();
    const session = await insertDeviceSession(this.db, {
      tokenHash: fresh.tokenHash,
      expiresAt: new Date(now.getTime() + DEVICE_SESSION_IDLE_MS),
    });
    cookies.set(this.names.device, fresh.token, DEVICE_SESSION_IDLE_MS / 1000);
    return session;
  }

  private async admitNewDevice(ipAddress: string | null): Promise<void> {
    const cap = this.newDeviceCap;
    if (!cap) return;
    let result: RateLimitResult;
    try {
      result = await cap.limiter.hit(`device-session:ip:${networkKey(ipAddress)}`, cap.rule);
    } catch (error) {
      cap.onUnavailable(error);
      return;
    }
    if (!result.allowed) throw tooManyRequests(result.retryAfterSeconds, NEW_DEVICE_REFUSAL);
  }

  /**
   * Device sessions ended or changed (some outside this service: the sessions of a number deleted with its
   * account): the next request of each reads its row again, here at once and on the other instances as soon
   * as they hear of it.
   */
  async forgetDevices(ids: readonly string[]): Promise<void> {
    await this.forget({ kind: 'device', ids: [...ids] });
  }

  private async forget(message: ForgottenSessions) {
    this.forgetHere(message);
    await this.broadcast?.publish(message);
  }

  private forgetHere({ kind, ids }: ForgottenSessions) {
    const cache: SessionCache<DeviceSession | StaffSession> = kind === 'device' ? this.devices : this.admins;
    cache.forget(ids);
  }

  /**
   * A number typed on this device (see `saveUnprovenPhone`); with `onSession` the session keeps it unproven,
   * which takes back a proof it held.
   */
  async saveUnprovenPhone(session: DeviceSession, phoneNumber: string, onSession: boolean): Promise<void> {
    await saveUnprovenPhone(this.db, { sessionId: session.id, phoneNumber, onSession });
    if (onSession) await this.forgetDevices([session.id]);
  }

  /**
   * A correct code proves `phoneNumber` in the session (see `provePhoneForDeviceSession`): the proof starts a
   * new session with a new token, and ends this one and every session that proved the number before, here
   * and on every instance. The cookie changes only once that is written. Returns the new session's id and
   * what became of the device's earlier ratings.
   */
  async provePhone(
    cookies: CookieJar,
    session: DeviceSession,
    proof: Omit<Parameters<typeof provePhoneForDeviceSession>[1], 'sessionId' | 'tokenHash' | 'expiresAt'>,
  ): Promise<{ sessionId: string; settlement: ProofSettlement }> {
    const fresh = newToken();
    const { sessionId, endedSessionIds, settlement } = await provePhoneForDeviceSession(this.db, {
      sessionId: session.id,
      tokenHash: fresh.tokenHash,
      expiresAt: new Date(proof.provenAt.getTime() + DEVICE_SESSION_IDLE_MS),
      ...proof,
    });
    await this.forgetDevices(endedSessionIds);
    cookies.set(this.names.device, fresh.token, DEVICE_SESSION_IDLE_MS / 1000);
    return { sessionId, settlement };
  }

  /** A STOP reply from the number: every session that proved it ends (see `endProvenSessionsOfPhone`). */
  async endProofsOf(phone: string): Promise<void> {
    const ended = await endProvenSessionsOfPhone(this.db, phone);
    if (ended.length > 0) await this.forgetDevices(ended);
  }

  async revokeDevice(cookies: CookieJar, session: DeviceSession): Promise<void> {
    // A proven session's row is the person's: it stays, ended, for their export and deletion.
    if (session.phoneProvenAt) await endDeviceSession(this.db, session.id);
    else await deleteDeviceSession(this.db, session.id);
    await this.forgetDevices([session.id]);
    this.clearDeviceCookie(cookies);
  }

  /** For a session already deleted and forgotten with others (deleting an account ends them all at once). */
  clearDeviceCookie(cookies: CookieJar): void {
    cookies.clear(this.names.device);
  }

  /**
   * The request's admin session, or null when there is none, it idled out or reached its absolute limit. A
   * read held from the last moment may serve unless `fresh` (mutations).
   */
  async resolveAdmin(cookies: CookieJar, options: { fresh: boolean }): Promise<StaffSession | null> {
    const token = cookies.get(this.names.admin);
    if (!token) return null;
    const now = this.now();
    const tokenHash = hashToken(token);
    const session = await this.admins.read(
      tokenHash,
      now,
      () => findAdminSessionByTokenHash(this.db, tokenHash, now),
      options,
    );
    if (!session) return null;
    if (now.getTime() - session.lastSeenAt.getTime() > ADMIN_SESSION_IDLE_MS) {
      await this.revokeAdmin(cookies, session);
      return null;
    }
    if (now.getTime() - session.lastSeenAt.getTime() < ADMIN_TOUCH_INTERVAL_MS) return session;
    await touchAdminSession(this.db, session.id, now);
    const touched = { ...session, lastSeenAt: now };
    this.admins.update(tokenHash, touched);
    return touched;
  }

  async createAdmin(cookies: CookieJar, staffId: string): Promise<{ id: string }> {
    const now = this.now();
    const fresh = newToken();
    const session = await insertAdminSession(this.db, {
      tokenHash: fresh.tokenHash,
      expiresAt: new Date(now.getTime() + ADMIN_SESSION_ABSOLUTE_MS),
      staffId,
    });
    cookies.set(this.names.admin, fresh.token, ADMIN_SESSION_ABSOLUTE_MS / 1000);
    return session;
  }

  /** A disabled, removed or reset account: every session it has ends now, on every instance. */
  async endStaffSessions(staffId: string): Promise<void> {
    const ids = await deleteStaffSessions(this.db, staffId);
    if (ids.length > 0) await this.forget({ kind: 'admin', ids });
  }

  async revokeAdmin(cookies: CookieJar, session: { id: string }): Promise<void> {
    await deleteAdminSession(this.db, session.id);
    await this.forget({ kind: 'admin', ids: [session.id] });
    cookies.clear(this.names.admin);
  }
}
