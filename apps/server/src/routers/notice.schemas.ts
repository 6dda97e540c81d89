import { NOTICE_REASONS } from '@exrated/db/schema';
import { z } from 'zod';
import { normalizeNoticeText } from '../services/notices/notice-text';

/** A notice's or an appeal's text: at most 2,000 characters, normalized, empty -> absent. */
export const NOTICE_TEXT_MAX = 2000;
export const NOTICE_CONTACT_MAX = 200;

export const noticeReasonField = z.enum(NOTICE_REASONS, 'Please choose why you are reporting this.');

export function noticeTextField(fieldName: string) {
  return z
    .string()
    .max(NOTICE_TEXT_MAX * 2, `${fieldName} must be at most ${NOTICE_TEXT_MAX} characters.`)
    .transform(normalizeNoticeText)
    .refine(
      (text) => text.length <= NOTICE_TEXT_MAX,
      `${fieldName} must be at most ${NOTICE_TEXT_MAX} characters.`,
    )
    .transform((text) => (text === '' ? undefined : text))
    .optional();
}

// An answer needs somewhere to go: an email address or a phone number, loosely (people write them freely).
const CONTACT_SHAPE = /@|(?:\d\D{0,3}){7}/;
const CONTACT_MESSAGE = 'Please give an email address or a phone number for the answer, or leave it empty.';

export const fileNoticeInput = z.strictObject({
  notificationId: z.string().trim().max(200, 'This link is not a rating link.').optional(),
  ratingId: z.uuid('This review could not be found. It may have been removed.').optional(),
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
  reference: z.string().max(100, 'No report has this reference. Check it and try again.'),
});
