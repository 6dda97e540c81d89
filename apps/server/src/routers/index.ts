import { router } from '../trpc/init';
import { adminRouter } from './admin';
import { telemetryRouter } from './telemetry';

export const appRouter = router({
  admin: adminRouter,
  telemetry: telemetryRouter,
});

export type AppRouter = typeof appRouter;
