import { enforceRateLimit } from '../services/limits/rate-limit-errors';
import { router } from '../trpc/init';
import { deviceProcedure } from '../trpc/procedures';
import { reportErrorInput, trackInput } from './telemetry.schemas';

/**
 * Client-side audit: phone and user come from the session, never from input; every call is capped per IP
 * so a script cannot flood the logs.
 */
const telemetryProcedure = deviceProcedure.use(async ({ ctx, next }) => {
  await enforceRateLimit(
    ctx.rateLimiter,
    `telemetry:ip:${ctx.request.ipAddress}`,
    { limit: ctx.config.limits.telemetryPerIpPerMinute, windowSeconds: 60 },
    (wait) => `Too many reports, try again ${wait}.`,
  );
  return next();
});

export const telemetryRouter = router({
  track: telemetryProcedure.input(trackInput).mutation(({ ctx, input }) => {
    ctx.audit.log(input.action, input.details);
    return { ok: true as const };
  }),
  reportError: telemetryProcedure.input(reportErrorInput).mutation(({ ctx, input }) => {
    ctx.audit.error({
      message: input.message,
      stack: input.stack ?? null,
      componentName: input.componentName ?? null,
      url: input.url ?? null,
      errorType: input.errorType,
      severity: input.severity,
      ...(input.details ? { details: input.details } : {}),
    });
    return { ok: true as const };
  }),
});
