import { ratingSubmitInput } from '../services/rating/rating-input';
import { RATING_QUESTIONS, RELATIONSHIP_TYPE_OPTIONS } from '../services/rating/rating-questions';
import { submitRating } from '../services/rating/rating-submission';
import { anonymitySettings } from '../services/rating/release-time';
import { router } from '../trpc/init';
import { deviceProcedure, publicProcedure } from '../trpc/procedures';

export const ratingRouter = router({
  questions: publicProcedure.query(() => RATING_QUESTIONS),
  relationshipTypes: publicProcedure.query(() => RELATIONSHIP_TYPE_OPTIONS),
  /** The anonymity settings in force, as the rate flow, terms, privacy and transparency pages state them. */
  anonymity: publicProcedure.query(({ ctx }) => anonymitySettings(ctx.config.release)),
  /** Any device session may rate (docs/architecture.md); the limits live in the service. */
  submit: deviceProcedure.input(ratingSubmitInput).mutation(({ ctx, input }) => submitRating(ctx, input)),
});
