import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../database';
import { smsOptOuts } from '../schema';
import { preparedPerExecutor } from './prepared';

/** The numbers that asked for no rating texts. */

export async function isPhoneOptedOut(db: Executor, phoneNumber: string) {
  const [row] = await optOutLookup(db).execute({ phoneNumber });
  return row !== undefined;
}

// Asked before every rating text.
const optOutLookup = preparedPerExecutor((db) =>
  db
    .select({ phoneNumber: smsOptOuts.phoneNumber })
    .from(smsOptOuts)
    .where(eq(smsOptOuts.phoneNumber, sql.placeholder('phoneNumber')))
    .limit(1)
    .prepare('is_phone_opted_out'),
);

/** Adds the number to the opt-out list; true when it was not on it yet (an earlier opt-out stays as it was). */
export async function recordSmsOptOut(db: Executor, params: { phoneNumber: string; source: string }) {
  const inserted = await db
    .insert(smsOptOuts)
    .values(params)
    .onConflictDoNothing()
    .returning({ phoneNumber: smsOptOuts.phoneNumber });
  return inserted.length > 0;
}

/** Takes the number off the opt-out list (the person asked for texts again); true when it was on it. */
export async function deleteSmsOptOut(db: Executor, phoneNumber: string) {
  const deleted = await db
    .delete(smsOptOuts)
    .where(eq(smsOptOuts.phoneNumber, phoneNumber))
    .returning({ phoneNumber: smsOptOuts.phoneNumber });
  return deleted.length > 0;
}
