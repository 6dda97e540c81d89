import type { MAX_CALLS_PER_REQUEST } from '../trpc/batch-limit';
import { router } from '../trpc/init';
import { adminRouter } from './admin';
import { noticeRouter } from './notice';
import { notificationRouter } from './notification';
import { profileRouter } from './profile';
import { ratingRouter } from './rating';
import { staffRouter } from './staff';
import { telemetryRouter } from './telemetry';
import { transparencyRouter } from './transparency';
import { verificationRouter } from './verification';

export const appRouter = router({
  admin: adminRouter,
  notice: noticeRouter,
  notification: notificationRouter,
  profile: profileRouter,
  rating: ratingRouter,
  staff: staffRouter,
  telemetry: telemetryRouter,
  transparency: transparencyRouter,
  verification: verificationRouter,
});

export type AppRouter = typeof appRouter;

/** The batch limit as a type: the client's batch link is held to the server's number by the compiler. */
export type MaxCallsPerRequest = typeof MAX_CALLS_PER_REQUEST;
