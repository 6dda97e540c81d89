import { and, eq, isNull, or, type Placeholder } from 'drizzle-orm';
import { ratings } from '../schema';

/** The ratings this device wrote that no phone claims yet: the ones its proof of a phone attributes. */
export function unclaimedOfDevice(deviceSessionId: string | Placeholder) {
  return and(eq(ratings.deviceSessionId, deviceSessionId), isNull(ratings.createdByPhone));
}

/** The ratings this author gave: created by the proven phone, or by this device before any phone claimed them. */
export function authoredBy(params: { deviceSessionId: string; provenPhone: string | null }) {
  const byDevice = unclaimedOfDevice(params.deviceSessionId);
  return params.provenPhone ? or(eq(ratings.createdByPhone, params.provenPhone), byDevice) : byDevice;
}
