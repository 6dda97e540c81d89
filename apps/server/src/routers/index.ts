import { router } from '../trpc/init';
import { adminRouter } from './admin';
import { profileRouter } from './profile';
import { telemetryRouter } from './telemetry';
import { verificationRouter } from './verification';

export const appRouter = router({
  admin: adminRouter,
  profile: profileRouter,
  telemetry: telemetryRouter,
  verification: verificationRouter,
});

export type AppRouter = typeof appRouter;
