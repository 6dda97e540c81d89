import { createHash, randomBytes } from 'node:crypto';
import {
  findActiveStaffByLogin,
  markStaffLogin,
  resealTotpSecret,
  useRecoveryCode,
  useTotpStep,
} from '@exrated/db/queries';
import type { StaffAccount, StaffRole } from '@exrated/db/schema';
import { TRPCError } from '@trpc/server';
import type { Context } from '../../context';
import { networkKey } from '../limits/network-key';
import { enforceRateLimit } from '../limits/rate-limit-errors';
import { type PasskeyAssertion, passkeyAnswers } from './passkeys';
import { verifyPassword } from './passwords';
import { hashRecoveryCode, looksLikeRecoveryCode, TotpSecretBox, totpStep } from './second-factor';
import { createEnrolmentLink } from './staff-links';

const IP_WINDOW_SECONDS = 15 * 60;
/** The longest a stranger can make a staff member wait at a browser the account never used (docs/staff.md). */
export const ACCOUNT_WINDOW_SECONDS = 5 * 60;
/** Attempts from one browser the account logged in from before, per account window. */
export const KNOWN_DEVICE_ATTEMPTS = 10;
const KNOWN_DEVICE_COOKIE_SECONDS = 90 * 24 * 60 * 60;

export const INVALID_LOGIN = 'Invalid password or authentication code';

export type StaffLoginResult =
  | { status: 'signed_in'; isAdmin: true; name: string; role: StaffRole }
  | { status: 'enrol'; token: string };

export interface StaffLoginInput {
  account: string;
  password: string;
  code?: string | undefined;
  /** A passkey's answer to the options of staff.passkeyLoginOptions, in place of the code. */
  passkey?: PasskeyAssertion | undefined;
}

export function normalizeLogin(account: string): string {
  return account.trim().toLowerCase();
}

function limitKey(value: string): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 22);
}

/**
 * A staff login (docs/staff.md): the account's name or e-mail, its password and the second factor. Every
 * attempt counts against the caller's network first, then against the account: from a browser the account
 * logged in from before on a cap of that browser's own, from anywhere else on the account's shared cap, whose
 * window is short. So guessing stays slow, and a stranger hammering a named account costs its owner at most
 * a short wait at a new browser and nothing at a known one.
 */
export async function loginStaff(ctx: Context, input: StaffLoginInput): Promise<StaffLoginResult> {
  await limited(ctx, () =>
    enforceRateLimit(
      ctx.rateLimiter,
      `admin-login:ip:${networkKey(ctx.request.ipAddress)}`,
      { limit: ctx.config.limits.adminLoginsPerIpPer15Min, windowSeconds: IP_WINDOW_SECONDS },
      (wait) => `Too many login attempts, try again ${wait}.`,
    ),
  );
  const login = normalizeLogin(input.account);
  const account = await findActiveStaffByLogin(ctx.db, login);
  const knownDevice = knownDeviceOf(ctx, account);
  await limited(ctx, () =>
    knownDevice
      ? enforceRateLimit(
          ctx.rateLimiter,
          `staff-login:device:${limitKey(knownDevice)}`,
          { limit: KNOWN_DEVICE_ATTEMPTS, windowSeconds: ACCOUNT_WINDOW_SECONDS },
          (wait) => `Too many login attempts, try again ${wait}.`,
        )
      : enforceRateLimit(
          ctx.rateLimiter,
          `staff-login:account:${limitKey(login)}`,
          { limit: ctx.config.limits.staffLoginsPerAccountPer5Min, windowSeconds: ACCOUNT_WINDOW_SECONDS },
          (wait) => `Too many login attempts for this account, try again ${wait}.`,
        ),
  );

  const passwordOk = await verifyPassword(input.password, account?.passwordHash ?? null);
  if (!account || !passwordOk) return refuse(ctx, 'invalid_password');

  if (!account.totpSecret) {
    if (!account.enrolsWithPassword) {
      throw new TRPCError({
        code: 'FORBIDDEN',
        message: 'This account has no second factor yet: open the enrolment link an administrator gave you.',
      });
    }
    const { token } = await createEnrolmentLink(ctx, {
      staffId: account.id,
      purpose: 'first_login',
      createdBy: null,
    });
    ctx.audit.log('staff_enrolment_started', { staffId: account.id, staff: account.displayName });
    return { status: 'enrol', token };
  }

  const method = input.passkey
    ? (await passkeyAnswers(ctx, account, login, input.passkey)) && ('passkey' as const)
    : await secondFactorMethod(ctx, account, input.code?.trim() ?? '');
  if (!method) return refuse(ctx, input.passkey ? 'invalid_passkey' : 'invalid_code', account);

  await startStaffSession(ctx, account);
  ctx.audit.log('admin_login_succeeded', { method });
  return { status: 'signed_in', isAdmin: true, name: account.displayName, role: account.role };
}

async function secondFactorMethod(ctx: Context, account: StaffAccount, code: string) {
  if (!account.totpSecret || code === '') return null;
  if (looksLikeRecoveryCode(code)) {
    return (await useRecoveryCode(ctx.db, account.id, hashRecoveryCode(code)))
      ? ('recovery_code' as const)
      : null;
  }
  const box = new TotpSecretBox([ctx.config.sessionSecret, ...ctx.config.previousSessionSecrets]);
  let secret: string;
  try {
    secret = box.open(account.totpSecret);
  } catch (error) {
    // Sealed under a session secret no longer configured: only a recovery code or a reset helps now.
    ctx.log.error({ err: error, staffId: account.id }, 'staff TOTP secret unreadable');
    ctx.audit.error({
      action: 'admin_login',
      message: 'TOTP secret unreadable after a SESSION_SECRET rotation',
      severity: 'high',
    });
    return null;
  }
  const step = totpStep(code, secret);
  // A code of a step this account already used (or of an earlier one) is refused like a wrong one.
  if (step === null || !(await useTotpStep(ctx.db, account.id, step))) return null;
  // During a SESSION_SECRET rotation each login seals the secret again under the new one (docs/staff.md).
  if (!box.isCurrent(account.totpSecret)) await resealTotpSecret(ctx.db, account.id, box.seal(secret));
  return 'totp' as const;
}

function refuse(ctx: Context, reason: string, account?: StaffAccount): never {
  ctx.audit.log('admin_login_failed', { reason, ...(account ? { staffId: account.id } : {}) });
  throw new TRPCError({ code: 'UNAUTHORIZED', message: INVALID_LOGIN });
}

// Not written to the activity log: a flood of blocked attempts must not become a flood of rows.
async function limited(ctx: Context, enforce: () => Promise<void>) {
  try {
    await enforce();
  } catch (error) {
    ctx.log.warn({ ip: ctx.request.ipAddress }, 'staff login rate limited');
    throw error;
  }
}

/** The browser's known-device mark, when it was set by a login to this very account. */
function knownDeviceOf(ctx: Context, account: StaffAccount | null): string | null {
  const mark = ctx.cookies.get(ctx.sessions.names.staffDevice);
  if (!account || !mark) return null;
  return mark.startsWith(`${account.id}.`) ? mark : null;
}

/**
 * A fresh staff session for `account` (an admin session this browser had ends), the browser marked as one
 * the account used, and the audit entries of the request named after the staff member.
 */
export async function startStaffSession(ctx: Context, account: StaffAccount): Promise<void> {
  const previous = await ctx.sessions.resolveAdmin(ctx.cookies, { fresh: true });
  if (previous) await ctx.sessions.revokeAdmin(ctx.cookies, previous);
  const session = await ctx.sessions.createAdmin(ctx.cookies, account.id);
  await markStaffLogin(ctx.db, account.id, ctx.now());
  if (!knownDeviceOf(ctx, account)) {
    ctx.cookies.set(
      ctx.sessions.names.staffDevice,
      `${account.id}.${randomBytes(16).toString('base64url')}`,
      KNOWN_DEVICE_COOKIE_SECONDS,
    );
  }
  ctx.audit.setActor({ userId: `staff:${account.id}`, phoneNumber: null, staff: account.displayName });
  ctx.log.info({ staffId: account.id, sessionId: session.id }, 'staff session started');
}
