import type { StaffSession } from '@exrated/db/queries';
import {
  clearSecondFactor,
  countActiveAdmins,
  findStaffById,
  insertInvitedStaff,
  listStaff,
  removeStaff,
  setStaffDisabled,
} from '@exrated/db/queries';
import type { StaffRole } from '@exrated/db/schema';
import type { Context } from '../../context';
import { conflict, invalidRequest, notFound } from '../errors/domain-error';
import { createEnrolmentLink } from './staff-links';
import { normalizeLogin } from './staff-login';

type AdminContext = Context & { adminSession: StaffSession };

const ACCOUNT_GONE = 'This staff account does not exist (any more).';

/** The staff list; `isSelf` marks the caller's own row, which offers no action on itself. */
export async function listStaffAccounts(ctx: AdminContext) {
  const rows = await listStaff(ctx.db);
  return rows.map((row) => ({ ...row, isSelf: row.id === ctx.adminSession.staffId }));
}

/** A new account and its one-time link (24 hours), which is shown this once to the inviting admin. */
export async function inviteStaff(
  ctx: AdminContext,
  input: { login: string; displayName: string; role: StaffRole },
) {
  const login = normalizeLogin(input.login);
  const account = await insertInvitedStaff(ctx.db, {
    login,
    displayName: input.displayName,
    role: input.role,
    createdBy: ctx.adminSession.staffId,
  });
  if (!account) {
    throw conflict(`There is already a staff account '${login}'.`);
  }
  const link = await createEnrolmentLink(ctx, {
    staffId: account.id,
    purpose: 'invite',
    createdBy: ctx.adminSession.staffId,
  });
  ctx.audit.log('staff_invited', { staffId: account.id, login, role: input.role });
  return { id: account.id, link: link.link, expiresAt: link.expiresAt };
}

/** The account acted on, refused for oneself and for the last admin able to act. */
async function otherAccount(ctx: AdminContext, staffId: string, action: string) {
  if (staffId === ctx.adminSession.staffId) {
    throw invalidRequest(`You cannot ${action} your own account.`);
  }
  const account = await findStaffById(ctx.db, staffId);
  if (!account || account.removedAt) {
    throw notFound(ACCOUNT_GONE);
  }
  return account;
}

async function refuseLastAdmin(ctx: AdminContext, account: { role: StaffRole; disabledAt: Date | null }) {
  if (account.role === 'admin' && !account.disabledAt && (await countActiveAdmins(ctx.db)) <= 1) {
    throw invalidRequest('The last active admin cannot be disabled or removed.');
  }
}

/** Disabling ends the account's sessions at once; enabling lets it log in again with its factors. */
export async function setStaffAccountDisabled(ctx: AdminContext, staffId: string, disabled: boolean) {
  const account = await otherAccount(ctx, staffId, disabled ? 'disable' : 'enable');
  if (disabled) await refuseLastAdmin(ctx, account);
  await setStaffDisabled(ctx.db, staffId, disabled ? ctx.now() : null);
  if (disabled) await ctx.sessions.endStaffSessions(staffId);
  ctx.audit.log(disabled ? 'staff_disabled' : 'staff_enabled', { staffId, login: account.login });
  return { ok: true as const };
}

/** Removal ends the sessions and drops every credential; the name stays on the records the account made. */
export async function removeStaffAccount(ctx: AdminContext, staffId: string) {
  const account = await otherAccount(ctx, staffId, 'remove');
  await refuseLastAdmin(ctx, account);
  await removeStaff(ctx.db, staffId, ctx.now());
  await ctx.sessions.endStaffSessions(staffId);
  ctx.audit.log('staff_removed', { staffId, login: account.login });
  return { ok: true as const };
}

/**
 * A lost phone: the second factor, recovery codes and passkeys are cleared, the sessions end, and a one-time link
 * (24 hours, shown once) lets the person enrol a new factor with their password.
 */
export async function resetSecondFactor(ctx: AdminContext, staffId: string) {
  const account = await otherAccount(ctx, staffId, 'reset the second factor of');
  if (account.disabledAt) {
    throw invalidRequest('Enable the account before resetting its second factor.');
  }
  const cleared = await clearSecondFactor(ctx.db, staffId);
  if (!cleared) throw notFound(ACCOUNT_GONE);
  await ctx.sessions.endStaffSessions(staffId);
  const link = await createEnrolmentLink(ctx, {
    staffId,
    purpose: account.passwordHash ? 'reset' : 'invite',
    createdBy: ctx.adminSession.staffId,
  });
  ctx.audit.log('staff_second_factor_reset', {
    staffId,
    login: account.login,
    passkeysRemoved: cleared.passkeysRemoved,
  });
  return { link: link.link, expiresAt: link.expiresAt };
}
