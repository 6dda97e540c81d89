import {
  findActiveStaffByLogin,
  markStaffLogin,
  resealTotpSecret,
  useRecoveryCode,
  useTotpStep,
} from '@exrated/db/queries';
import type { StaffAccount, StaffRole } from '@exrated/db/schema';
import type { Context } from '../../context';
import { notAuthenticated } from '../errors/domain-error';
import { rememberPlace } from './known-places';
import { type PasskeyAssertion, passkeyAnswers } from './passkeys';
import { checkStaffPassword } from './password-check';
import { hashRecoveryCode, looksLikeRecoveryCode, TotpSecretBox, totpStep } from './second-factor';
import { createEnrolmentLink } from './staff-links';

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

/**
 * A staff login (docs/staff.md): the account's name or e-mail, its password and the second factor. The
 * password is checked under the caps every staff password check counts on (password-check.ts); whatever
 * the password, a login that does not sign in or start the first admin's enrolment answers INVALID_LOGIN.
 */
export async function loginStaff(ctx: Context, input: StaffLoginInput): Promise<StaffLoginResult> {
  const login = normalizeLogin(input.account);
  const { account, passwordOk } = await checkStaffPassword(ctx, {
    login,
    account: () => findActiveStaffByLogin(ctx.db, login),
    password: input.password,
  });
  if (!account || !passwordOk) return refuse(ctx, 'invalid_password');

  if (!account.totpSecret) {
    // An invited account or one whose factor was reset: its enrolment link is the way in. A different
    // answer here would tell a guesser that the password was right.
    if (!account.enrolsWithPassword) return refuse(ctx, 'no_second_factor', account);
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
  throw notAuthenticated(INVALID_LOGIN);
}

/**
 * A fresh staff session for `account` (an admin session this browser had ends), the browser and the network
 * remembered as places the account used, and the audit entries of the request named after the staff member.
 */
export async function startStaffSession(ctx: Context, account: StaffAccount): Promise<void> {
  const previous = await ctx.sessions.resolveAdmin(ctx.cookies, { fresh: true });
  if (previous) await ctx.sessions.revokeAdmin(ctx.cookies, previous);
  const session = await ctx.sessions.createAdmin(ctx.cookies, account.id);
  await markStaffLogin(ctx.db, account.id, ctx.now());
  await rememberPlace(ctx, account.login);
  ctx.audit.setActor({ userId: `staff:${account.id}`, phoneNumber: null, staff: account.displayName });
  ctx.log.info({ staffId: account.id, sessionId: session.id }, 'staff session started');
}
