import { router } from '../trpc/init';
import { telemetryRouter } from './telemetry';

export const appRouter = router({
  telemetry: telemetryRouter,
});

export type AppRouter = typeof appRouter;
