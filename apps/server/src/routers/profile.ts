import { OWN_PHONE_NUMBER_MESSAGE } from '@exrated/content/phone';
import { z } from 'zod';
import { deleteAccount } from '../services/data-rights/delete-account';
import { setDoNotRateFor } from '../services/data-rights/do-not-rate';
import { exportAccountData } from '../services/data-rights/export-data';
import { appealRating, loadRatingsGiven, RATING_NOT_FOUND } from '../services/moderation/appeals';
import { REVIEW_NOT_FOUND, reportReceivedReview } from '../services/notices/file-notice';
import { phoneNumberField } from '../services/phone/phone';
import { loadViewerProfile, logOutDevice, savePhoneForDevice } from '../services/profile/device-profile';
import { updateDisplayName, updateNameInput } from '../services/profile/display-name';
import { loadReceivedRatings } from '../services/profile/received-ratings';
import { setTextsOptIn } from '../services/trust/sms-opt-out';
import { router } from '../trpc/init';
import {
  deviceProcedure,
  provenProcedure,
  recentlyProvenProcedure,
  unlockedProcedure,
} from '../trpc/procedures';
import { noticeReasonField, noticeTextField } from './notice.schemas';

export const savePhoneInput = z.strictObject({
  phoneNumber: phoneNumberField(OWN_PHONE_NUMBER_MESSAGE),
});

export const reportRatingInput = z.strictObject({
  ratingId: z.uuid(REVIEW_NOT_FOUND),
  reason: noticeReasonField,
  text: noticeTextField('Your description'),
});

export const setTextsOptInInput = z.strictObject({ optIn: z.boolean() });
export const setDoNotRateInput = z.strictObject({ doNotRate: z.boolean() });

export const appealInput = z.strictObject({
  ratingId: z.uuid(RATING_NOT_FOUND),
  text: noticeTextField('Your appeal'),
});

/** The viewer's own profile. Every answer is about THIS device session; no input ever names the viewer. */
export const profileRouter = router({
  me: deviceProcedure.query(({ ctx }) => loadViewerProfile(ctx)),
  savePhone: deviceProcedure
    .input(savePhoneInput)
    .mutation(({ ctx, input }) => savePhoneForDevice(ctx, input.phoneNumber)),
  logout: deviceProcedure.mutation(({ ctx }) => logOutDevice(ctx)),
  /** No input: the ratings are always those of the session's proven phone (docs/security.md#sessions). */
  ratingsReceived: unlockedProcedure.query(({ ctx }) =>
    loadReceivedRatings(ctx.db, ctx.viewerPhone, { secret: ctx.config.sessionSecret, now: ctx.now() }),
  ),
  /** The author's own ratings (this device's, or the proven phone's) with their state and reasons. */
  ratingsGiven: deviceProcedure.query(({ ctx }) => loadRatingsGiven(ctx)),
  updateName: provenProcedure.input(updateNameInput).mutation(async ({ ctx, input }) => {
    const result = await updateDisplayName(ctx.db, {
      viewerPhone: ctx.viewerPhone,
      provenAt: ctx.session.phoneProvenAt ?? ctx.now(),
      name: input.name,
    });
    ctx.audit.log('profile_name_updated', { cleared: result.name === null });
    return result;
  }),
  /** The Report on a received review files a notice; only a review this session may read can be reported. */
  reportRating: unlockedProcedure
    .input(reportRatingInput)
    .mutation(({ ctx, input }) => reportReceivedReview(ctx, { viewerPhone: ctx.viewerPhone, ...input })),
  /** The author contests a hidden or held rating of theirs, once. */
  appeal: deviceProcedure.input(appealInput).mutation(({ ctx, input }) => appealRating(ctx, input)),
  /**
   * The /settings switch 'Text me when someone rates me', for the session's proven phone only; turning texts
   * back on needs a proof within its lease (the service asks, as only the direction decides).
   */
  setTextsOptIn: provenProcedure
    .input(setTextsOptInInput)
    .mutation(({ ctx, input }) => setTextsOptIn(ctx, input.optIn)),
  /** 'Do not rate me', for the proven owner of the number; turning it off needs a proof within its lease. */
  setDoNotRate: provenProcedure
    .input(setDoNotRateInput)
    .mutation(({ ctx, input }) => setDoNotRateFor(ctx, input.doNotRate)),
  /** 'Download my data': a mutation, as it is logged and is not a read the client caches. */
  exportData: recentlyProvenProcedure.mutation(({ ctx }) => exportAccountData(ctx)),
  deleteAccount: recentlyProvenProcedure.mutation(({ ctx }) => deleteAccount(ctx)),
});
