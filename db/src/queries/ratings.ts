import { and, count, eq, isNull, or } from 'drizzle-orm';
import type { Executor } from '../database';
import { ratings } from '../schema';

/**
 * DESIGN.md section 2: ratings given = ratings created by the proven phone, plus this device's ratings that
 * no phone has claimed yet.
 */
export async function countRatingsGiven(
  db: Executor,
  params: { deviceSessionId: string; provenPhone: string | null },
) {
  const byThisDevice = and(
    eq(ratings.deviceSessionId, params.deviceSessionId),
    isNull(ratings.createdByPhone),
  );
  const [row] = await db
    .select({ value: count() })
    .from(ratings)
    .where(
      params.provenPhone ? or(eq(ratings.createdByPhone, params.provenPhone), byThisDevice) : byThisDevice,
    );
  return row?.value ?? 0;
}

/** When a device proves a phone, the ratings it gave before are attributed to that phone. */
export async function attributeDeviceRatingsToPhone(
  db: Executor,
  params: { deviceSessionId: string; phone: string },
) {
  const rows = await db
    .update(ratings)
    .set({ createdByPhone: params.phone })
    .where(and(eq(ratings.deviceSessionId, params.deviceSessionId), isNull(ratings.createdByPhone)))
    .returning({ id: ratings.id });
  return rows.length;
}
