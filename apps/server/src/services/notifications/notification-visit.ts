import { createProfileFromNotificationLink, findNotificationRecipient } from '@exrated/db/queries';
import type { Context } from '../../context';
import { DomainError, invalidRequest, notFound } from '../errors/domain-error';

export const INVALID_LINK_MESSAGE = 'Invalid link';
export const EXPIRED_LINK_MESSAGE = 'This link is invalid or has expired';

// Notification ids are random UUIDs; anything else cannot be one, so it is answered without a query.
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `notification.visit`, the /r/:guid landing (docs/product.md#notification-link): returns only the rated
 * entry's name, and gives the rated phone a verified claimed profile when it has none. The visiting session
 * does NOT prove the phone by this: a forwarded link must not open someone's ratings.
 */
export async function visitNotification(ctx: Context, id: string | undefined): Promise<{ name: string }> {
  const notificationId = id?.trim() ?? '';
  ctx.audit.log('rating_redirect_visited', { notificationId: notificationId || null });
  if (notificationId === '') {
    ctx.audit.log('rating_redirect_invalid', { reason: 'missing_id' });
    throw invalidRequest(INVALID_LINK_MESSAGE);
  }
  if (!UUID_PATTERN.test(notificationId)) {
    ctx.audit.log('rating_redirect_invalid', { reason: 'malformed_id' });
    throw notFound(EXPIRED_LINK_MESSAGE);
  }

  try {
    const recipient = await findNotificationRecipient(ctx.db, notificationId);
    if (!recipient) {
      ctx.audit.log('rating_redirect_invalid', { notificationId, reason: 'unknown_id' });
      throw notFound(EXPIRED_LINK_MESSAGE);
    }
    ctx.audit.log('notification_found', { notificationId });
    await ensureRecipientProfile(ctx, recipient);
    return { name: recipient.name };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    ctx.audit.log('rating_redirect_error', { notificationId });
    // Rethrown as it is: the procedure reports it as INTERNAL ('Something went wrong, please try again').
    throw error;
  }
}

/**
 * Whether the number already had a profile is the number's, not the visitor's: a forwarded link must not tell
 * its holder, in their activity or export, that the owner proved the number or opened a link before
 * (docs/anonymity.md#non-interference). These entries carry no session, address or browser.
 */
async function ensureRecipientProfile(
  ctx: Context,
  recipient: { id: string; name: string; phoneNumber: string },
) {
  const log = { notificationId: recipient.id };
  const aboutNumber = (action: string) => ctx.audit.logAboutNumber(action, log, recipient.phoneNumber);
  try {
    const created = await createProfileFromNotificationLink(ctx.db, {
      phoneNumber: recipient.phoneNumber,
      name: recipient.name,
      verifiedAt: ctx.now(),
    });
    if (!created) {
      aboutNumber('existing_profile_found');
      return;
    }
    aboutNumber('new_profile_creation');
    aboutNumber('profile_created');
  } catch (error) {
    aboutNumber('profile_creation_failed');
    throw error;
  }
}
