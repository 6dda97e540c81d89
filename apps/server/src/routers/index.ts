import { router } from '../trpc/init';
import { adminRouter } from './admin';
import { notificationRouter } from './notification';
import { profileRouter } from './profile';
import { ratingRouter } from './rating';
import { telemetryRouter } from './telemetry';
import { verificationRouter } from './verification';

export const appRouter = router({
  admin: adminRouter,
  notification: notificationRouter,
  profile: profileRouter,
  rating: ratingRouter,
  telemetry: telemetryRouter,
  verification: verificationRouter,
});

export type AppRouter = typeof appRouter;
