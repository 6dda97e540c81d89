import { randomBytes } from 'node:crypto';
import { insertStaffEnrolment } from '@exrated/db/queries';
import type { StaffEnrolmentPurpose } from '@exrated/db/schema';
import type { Context } from '../../context';
import { hashToken } from '../sessions/sessions';

/** An invitation or a reset link lives a day; the enrolment that follows a first password login, 15 minutes. */
export const STAFF_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const FIRST_LOGIN_ENROLMENT_TTL_MS = 15 * 60 * 1000;

/** The client page that opens an enrolment link. */
export function enrolmentPath(token: string): string {
  return `/admin/enrol/${token}`;
}

/**
 * A one-time enrolment link: only its hash is stored, so the link is shown once, to the admin who made it
 * (or, after a first login, to the person enrolling) and never again.
 */
export async function createEnrolmentLink(
  ctx: Context,
  params: { staffId: string; purpose: StaffEnrolmentPurpose; createdBy: string | null },
) {
  const token = randomBytes(32).toString('base64url');
  const ttl = params.purpose === 'first_login' ? FIRST_LOGIN_ENROLMENT_TTL_MS : STAFF_LINK_TTL_MS;
  const expiresAt = new Date(ctx.now().getTime() + ttl);
  await insertStaffEnrolment(ctx.db, { ...params, tokenHash: hashToken(token), expiresAt });
  return { token, link: `${ctx.config.publicUrl}${enrolmentPath(token)}`, expiresAt };
}
