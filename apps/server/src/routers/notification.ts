import { z } from 'zod';
import { EXPIRED_LINK_MESSAGE, visitNotification } from '../services/notifications/notification-visit';
import { optOutByNotificationLink } from '../services/trust/sms-opt-out';
import { router } from '../trpc/init';
import { deviceProcedure } from '../trpc/procedures';

// The id is checked by the service, so a missing or malformed link gets the messages of
// docs/product.md#notification-link.
const visitInput = z.object({ id: z.string().max(200, EXPIRED_LINK_MESSAGE).optional() }).optional();

export const notificationRouter = router({
  /**
   * The /r/:guid landing; a mutation because it may create the recipient's profile
   * (docs/architecture.md#api).
   */
  visit: deviceProcedure.input(visitInput).mutation(({ ctx, input }) => visitNotification(ctx, input?.id)),
  /** 'Stop texting this number' on the /r/:guid landing (docs/trust-and-safety.md#opt-out). */
  optOut: deviceProcedure
    .input(z.strictObject({ id: z.string().max(200, EXPIRED_LINK_MESSAGE) }))
    .mutation(({ ctx, input }) => optOutByNotificationLink(ctx, input.id)),
});
