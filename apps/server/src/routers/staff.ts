import { beginEnrolment, completeEnrolment } from '../services/staff/enrolment';
import {
  addPasskey,
  listOwnPasskeys,
  passkeyLoginOptions,
  passkeyRegistrationOptions,
  removeOwnPasskey,
} from '../services/staff/passkeys';
import {
  inviteStaff,
  listStaffAccounts,
  removeStaffAccount,
  resetSecondFactor,
  setStaffAccountDisabled,
} from '../services/staff/staff-admin';
import { normalizeLogin } from '../services/staff/staff-login';
import { router } from '../trpc/init';
import { adminProcedure, publicProcedure, staffProcedure } from '../trpc/procedures';
import {
  staffAddPasskeyInput,
  staffBeginEnrolmentInput,
  staffCompleteEnrolmentInput,
  staffIdInput,
  staffInviteInput,
  staffPasskeyIdInput,
  staffPasskeyLoginOptionsInput,
  staffSetDisabledInput,
} from './staff.schemas';

/** Staff accounts (docs/staff.md): admins manage them; an enrolment link is all its holder needs. */
export const staffRouter = router({
  list: adminProcedure.query(({ ctx }) => listStaffAccounts(ctx)),
  invite: adminProcedure.input(staffInviteInput).mutation(({ ctx, input }) => inviteStaff(ctx, input)),
  setDisabled: adminProcedure
    .input(staffSetDisabledInput)
    .mutation(({ ctx, input }) => setStaffAccountDisabled(ctx, input.id, input.disabled)),
  remove: adminProcedure.input(staffIdInput).mutation(({ ctx, input }) => removeStaffAccount(ctx, input.id)),
  resetSecondFactor: adminProcedure
    .input(staffIdInput)
    .mutation(({ ctx, input }) => resetSecondFactor(ctx, input.id)),

  /** Opens a one-time link: the secret to scan. A mutation: the first opening makes the secret. */
  beginEnrolment: publicProcedure
    .input(staffBeginEnrolmentInput)
    .mutation(({ ctx, input }) => beginEnrolment(ctx, input.token)),
  completeEnrolment: publicProcedure
    .input(staffCompleteEnrolmentInput)
    .mutation(({ ctx, input }) => completeEnrolment(ctx, input)),

  /** The caller's own passkeys (docs/staff.md#passkeys): any staff member manages their own, nobody else's. */
  passkeys: staffProcedure.query(({ ctx }) => listOwnPasskeys(ctx)),
  passkeyRegistrationOptions: staffProcedure.mutation(({ ctx }) => passkeyRegistrationOptions(ctx)),
  addPasskey: staffProcedure.input(staffAddPasskeyInput).mutation(({ ctx, input }) => addPasskey(ctx, input)),
  removePasskey: staffProcedure
    .input(staffPasskeyIdInput)
    .mutation(({ ctx, input }) => removeOwnPasskey(ctx, input.id)),
  /** A login's passkey challenge; the answer goes to admin.login with the name and password. */
  passkeyLoginOptions: publicProcedure
    .input(staffPasskeyLoginOptionsInput)
    .mutation(({ ctx, input }) => passkeyLoginOptions(ctx, normalizeLogin(input.account))),
});
