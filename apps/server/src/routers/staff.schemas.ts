import { STAFF_ROLES } from '@exrated/db/schema';
import { z } from 'zod';
import { STAFF_PASSWORD_MIN } from '../services/staff/passwords';

const staffId = z.strictObject({ id: z.uuid('Unknown staff account.') });

export const staffInviteInput = z.strictObject({
  login: z
    .string()
    .trim()
    .min(2, 'Please enter a name or e-mail to log in with (at least 2 characters).')
    .max(200, 'The name or e-mail is too long.')
    .regex(/^[^\s]+$/, 'The name or e-mail to log in with cannot contain spaces.'),
  displayName: z
    .string()
    .trim()
    .min(1, 'Please enter the name shown to staff.')
    .max(100, 'The name is too long.'),
  role: z.enum(STAFF_ROLES, 'Please choose admin or moderator.'),
});

export const staffIdInput = staffId;

export const staffSetDisabledInput = staffId.extend({ disabled: z.boolean() });

const enrolmentToken = z
  .string()
  .min(20, 'This link is incomplete. Copy the whole link.')
  .max(100, 'This link is not an enrolment link.');

export const staffBeginEnrolmentInput = z.strictObject({ token: enrolmentToken });

export const staffCompleteEnrolmentInput = z.strictObject({
  token: enrolmentToken,
  password: z
    .string()
    .min(STAFF_PASSWORD_MIN, `The password must be at least ${STAFF_PASSWORD_MIN} characters.`)
    .max(1000, 'The password is too long.')
    .optional(),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6 digits your authenticator app shows.'),
});
