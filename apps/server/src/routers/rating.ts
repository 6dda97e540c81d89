import { RATING_QUESTIONS, RELATIONSHIP_TYPE_OPTIONS } from '../services/rating/rating-questions';
import { submitRating } from '../services/rating/rating-submission';
import { router } from '../trpc/init';
import { deviceProcedure, publicProcedure } from '../trpc/procedures';
import { ratingSubmitInput } from './rating-input';

export const ratingRouter = router({
  questions: publicProcedure.query(() => RATING_QUESTIONS),
  relationshipTypes: publicProcedure.query(() => RELATIONSHIP_TYPE_OPTIONS),
  /** Any device session may rate (DESIGN.md section 2); the limits live in the service. */
  submit: deviceProcedure.input(ratingSubmitInput).mutation(({ ctx, input }) => submitRating(ctx, input)),
});
