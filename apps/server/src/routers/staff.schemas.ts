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

/** Base64url as WebAuthn's JSON forms carry binary fields; bounded well above any real authenticator's. */
const base64url = (max: number) =>
  z
    .string()
    .max(max, 'The passkey answer is too long.')
    .regex(/^[A-Za-z0-9_-]*$/, 'The passkey answer is not valid.');

const transports = z.array(z.string().max(32)).max(10).optional();

/** What a registration's and a login's answer share: the credential's id and how it is attached. */
function credentialAnswer<Response extends z.ZodType>(response: Response) {
  return z
    .object({
      id: base64url(1400),
      rawId: base64url(1400),
      type: z.literal('public-key'),
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      // The browser's extension outputs: none is used, so whatever the browser sends is dropped.
      clientExtensionResults: z.unknown(),
      response,
    })
    .transform((value) => ({ ...value, clientExtensionResults: {} }));
}

export const passkeyRegistrationResponse = credentialAnswer(
  z.object({
    clientDataJSON: base64url(4000),
    attestationObject: base64url(20_000),
    authenticatorData: base64url(20_000).optional(),
    transports,
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4000).optional(),
  }),
);

export const passkeyAuthenticationResponse = credentialAnswer(
  z.object({
    clientDataJSON: base64url(4000),
    authenticatorData: base64url(4000),
    signature: base64url(2000),
    userHandle: base64url(200).optional(),
  }),
);

export const passkeyNameInput = z
  .string()
  .trim()
  .min(1, 'Please name the passkey (e.g. the device it is on).')
  .max(60, 'The name is too long (60 characters at most).');

export const staffAddPasskeyInput = z.strictObject({
  name: passkeyNameInput,
  response: passkeyRegistrationResponse,
});

export const staffPasskeyIdInput = z.strictObject({ id: z.uuid('Unknown passkey.') });

/** The name or e-mail a staff member signs in with. */
export const staffAccountField = z
  .string()
  .trim()
  .min(1, 'Please enter your name or e-mail')
  .max(200, 'The name is too long');

export const staffPasskeyLoginOptionsInput = z.strictObject({ account: staffAccountField });

export const passkeyAssertionInput = z.strictObject({
  attempt: z
    .string()
    .min(20, 'The passkey request is incomplete.')
    .max(100, 'The passkey request is not valid.'),
  response: passkeyAuthenticationResponse,
});
