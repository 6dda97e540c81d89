import { buildTransparencyReport } from '../services/transparency/transparency-report';
import { router } from '../trpc/init';
import { publicProcedure } from '../trpc/procedures';

export const transparencyRouter = router({
  /** The public /transparency page: figures of closed months from the moderation records, no personal data. */
  report: publicProcedure.query(({ ctx }) => buildTransparencyReport(ctx)),
});
