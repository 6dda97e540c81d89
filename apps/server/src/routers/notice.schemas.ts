import { NOTICE_CONTACT_MAX, NOTICE_REASON_MESSAGE, NOTICE_TEXT_MAX } from '@exrated/content/notice-fields';
import { NOTICE_REASONS } from '@exrated/db/schema';
import { z } from 'zod';
import { screenedText } from '../services/content/screened-fields';
import { REVIEW_NOT_FOUND } from '../services/notices/file-notice';
import { NOTICE_NOT_FOUND } from '../services/notices/notice-status';

export const noticeReasonField = z.enum(NOTICE_REASONS, NOTICE_REASON_MESSAGE);

/**
 * A notice's or an appeal's text goes through the screening of every user text
 * (docs/trust-and-safety.md#screening): normalized, and refused with the rule's message for contact details,
 * slurs or graphic sexual terms. The rules that hold a rating (threats, doxxing) do not stop a notice: only
 * moderators read it, and describing a threat is what a notice about one has to do. Empty becomes null.
 */
export function noticeTextField(label: string) {
  return screenedText(label, NOTICE_TEXT_MAX);
}

// An answer needs somewhere to go: an email address or a phone number, loosely (people write them freely).
const CONTACT_SHAPE = /@|(?:\d\D{0,3}){7}/;
const CONTACT_MESSAGE = 'Please give an email address or a phone number for the answer, or leave it empty.';

export const fileNoticeInput = z.strictObject({
  notificationId: z.string().trim().max(200, 'This link is not a rating link.').optional(),
  ratingId: z.uuid(REVIEW_NOT_FOUND).optional(),
  reason: noticeReasonField,
  text: noticeTextField('Your description'),
  contact: z
    .string()
    .trim()
    .max(NOTICE_CONTACT_MAX, `The contact must be at most ${NOTICE_CONTACT_MAX} characters.`)
    .refine((contact) => contact === '' || CONTACT_SHAPE.test(contact), CONTACT_MESSAGE)
    .transform((contact) => (contact === '' ? undefined : contact))
    .optional(),
});

export const noticeStatusInput = z.strictObject({
  reference: z.string().max(100, NOTICE_NOT_FOUND),
});
