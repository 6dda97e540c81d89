import { beginEnrolment, completeEnrolment } from '../services/staff/enrolment';
import {
  inviteStaff,
  listStaffAccounts,
  removeStaffAccount,
  resetSecondFactor,
  setStaffAccountDisabled,
} from '../services/staff/staff-admin';
import { router } from '../trpc/init';
import { adminProcedure, publicProcedure } from '../trpc/procedures';
import {
  staffBeginEnrolmentInput,
  staffCompleteEnrolmentInput,
  staffIdInput,
  staffInviteInput,
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
});
