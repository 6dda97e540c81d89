import { REPORT_REASONS } from '@exrated/db/schema';
import { z } from 'zod';
import { phoneNumberField } from '../services/phone';
import { loadViewerProfile, logOutDevice, savePhoneForDevice } from '../services/profile/device-profile';
import { updateDisplayName, updateNameInput } from '../services/profile/display-name';
import { loadReceivedRatings } from '../services/profile/received-ratings';
import { reportRating } from '../services/trust/rating-reports';
import { setTextsOptIn } from '../services/trust/sms-opt-out';
import { router } from '../trpc/init';
import { deviceProcedure, provenProcedure, unlockedProcedure } from '../trpc/procedures';

export const savePhoneInput = z.strictObject({
  phoneNumber: phoneNumberField('Please enter a valid phone number'),
});

export const reportRatingInput = z.strictObject({
  ratingId: z.uuid('This review could not be found. It may have been removed.'),
  reason: z.enum(REPORT_REASONS, 'Please choose why you are reporting this review.'),
});

export const setTextsOptInInput = z.strictObject({ optIn: z.boolean() });

/** The viewer's own profile. Every answer is about THIS device session; no input ever names the viewer. */
export const profileRouter = router({
  me: deviceProcedure.query(({ ctx }) => loadViewerProfile(ctx)),
  savePhone: deviceProcedure
    .input(savePhoneInput)
    .mutation(({ ctx, input }) => savePhoneForDevice(ctx, input.phoneNumber)),
  logout: deviceProcedure.mutation(({ ctx }) => logOutDevice(ctx)),
  /** No input: the ratings are always those of the session's proven phone (DESIGN.md section 2). */
  ratingsReceived: unlockedProcedure.query(({ ctx }) => loadReceivedRatings(ctx.db, ctx.viewerPhone)),
  updateName: provenProcedure.input(updateNameInput).mutation(async ({ ctx, input }) => {
    const result = await updateDisplayName(ctx.db, {
      viewerPhone: ctx.viewerPhone,
      provenAt: ctx.session.phoneProvenAt ?? ctx.now(),
      name: input.name,
    });
    ctx.audit.log('profile_name_updated', { cleared: result.name === null });
    return result;
  }),
  /** Only a review this session may read can be reported; the phone comes from the session. */
  reportRating: unlockedProcedure
    .input(reportRatingInput)
    .mutation(({ ctx, input }) => reportRating(ctx, { viewerPhone: ctx.viewerPhone, ...input })),
  /** The /settings switch 'Text me when someone rates me', for the session's proven phone only. */
  setTextsOptIn: provenProcedure
    .input(setTextsOptInInput)
    .mutation(({ ctx, input }) => setTextsOptIn(ctx, ctx.viewerPhone, input.optIn)),
});
