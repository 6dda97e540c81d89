import { z } from 'zod';
import { router } from '../trpc/init';
import { deviceProcedure } from '../trpc/procedures';
import { enforceRateLimit } from '../trpc/rate-limit';

/**
 * Actions only the client sees (DESIGN.md section 6), plus the id of a /rate/:id link, which DESIGN.md
 * section 2 says is only logged. Anything else is refused.
 */
export const CLIENT_ACTIONS = [
  'onboarding_step_completed',
  'verification_code_input_completed',
  'rate_link_opened',
] as const;

const MAX_DETAILS_BYTES = 2048;

const detailsSchema = z
  .record(z.string().max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
  .refine((details) => JSON.stringify(details).length <= MAX_DETAILS_BYTES, {
    message: `Details must be at most ${MAX_DETAILS_BYTES} characters`,
  })
  .optional();

export const trackInput = z.strictObject({
  action: z.enum(CLIENT_ACTIONS, { message: 'Unknown action' }),
  details: detailsSchema,
});

export const reportErrorInput = z.strictObject({
  message: z.string().trim().min(1, 'An error message is required').max(2000),
  stack: z.string().max(10_000).optional(),
  componentName: z.string().max(200).optional(),
  url: z.string().max(2000).optional(),
  errorType: z.enum(['runtime', 'unhandled_rejection', 'render', 'network']).default('runtime'),
  severity: z.enum(['low', 'medium', 'high']).default('medium'),
  details: detailsSchema,
});

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
