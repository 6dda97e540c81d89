import { eq, lt } from 'drizzle-orm';
import type { Executor } from '../database';
import { smsWebhookEvents } from '../schema';

/** Webhook calls already handled, so a replayed call is refused. */

/** True the first time a webhook call's key is seen; a second call with it is a replay. */
export async function rememberWebhookEvent(db: Executor, key: string) {
  const inserted = await db
    .insert(smsWebhookEvents)
    .values({ key })
    .onConflictDoNothing()
    .returning({ key: smsWebhookEvents.key });
  return inserted.length > 0;
}

/** A call whose handling failed: its retry by the provider is not a replay. */
export async function forgetWebhookEvent(db: Executor, key: string) {
  await db.delete(smsWebhookEvents).where(eq(smsWebhookEvents.key, key));
}

export async function forgetWebhookEventsBefore(db: Executor, before: Date) {
  await db.delete(smsWebhookEvents).where(lt(smsWebhookEvents.createdAt, before));
}
