import {
  findAdminProfileByPhone,
  listErrorLogsByPhone,
  listLogsByPhone,
  listRatingsWithScoresByPhone,
} from '@exrated/db/queries';
import type { Context } from '../../context';
import { notFound } from '../errors/domain-error';
import { readableDetails, withReadableDetails } from './readable-details';

/** docs/product.md#admin: per-profile lists stop at 100 entries. */
export const PROFILE_DETAIL_LIMIT = 100;

/** How a verification_* log entry ended, for the Verification History tab. */
export function verificationOutcome(action: string): 'success' | 'failure' | 'pending' {
  if (action === 'verification_complete' || action === 'verification_code_valid') return 'success';
  if (
    action === 'verification_code_invalid' ||
    action === 'verification_code_expired' ||
    action === 'verification_code_max_attempts' ||
    action === 'verification_error'
  ) {
    return 'failure';
  }
  return 'pending';
}

export async function loadProfileDetail(ctx: Context, phoneNumber: string) {
  const limit = PROFILE_DETAIL_LIMIT;
  const [profile, ratingsGiven, ratingsReceived, activity, verificationLogs, errors] = await Promise.all([
    findAdminProfileByPhone(ctx.db, phoneNumber),
    listRatingsWithScoresByPhone(ctx.db, { phoneNumber, side: 'given', limit }),
    listRatingsWithScoresByPhone(ctx.db, { phoneNumber, side: 'received', limit }),
    listLogsByPhone(ctx.db, { phoneNumber, limit }),
    listLogsByPhone(ctx.db, { phoneNumber, verificationOnly: true, limit }),
    listErrorLogsByPhone(ctx.db, { phoneNumber, limit }),
  ]);
  if (!profile) throw notFound('Profile not found');
  return {
    profile,
    ratingsGiven,
    ratingsReceived,
    activity: withReadableDetails(activity),
    errors: withReadableDetails(errors),
    verificationHistory: verificationLogs.map((entry) => ({
      id: entry.id,
      action: entry.action,
      outcome: verificationOutcome(entry.action),
      createdAt: entry.createdAt,
      ipAddress: entry.ipAddress,
      userAgent: entry.userAgent,
      details: readableDetails(entry.details),
    })),
  };
}
