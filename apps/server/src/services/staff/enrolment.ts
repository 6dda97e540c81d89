import { completeStaffEnrolment, findStaffEnrolment, setPendingTotpSecret } from '@exrated/db/queries';
import type { Context } from '../../context';
import { invalidRequest, notAuthenticated, notFound } from '../errors/domain-error';
import { hashToken } from '../sessions/sessions';
import { checkStaffPassword } from './password-check';
import { hashPassword } from './passwords';
import {
  enrolmentUri,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  TotpSecretBox,
  totpStep,
} from './second-factor';
import { INVALID_LOGIN, startStaffSession } from './staff-login';

const LINK_GONE = 'This link is invalid or has expired. Ask an administrator for a new one.';

function secretBox(ctx: Context) {
  return new TotpSecretBox([ctx.config.sessionSecret, ...ctx.config.previousSessionSecrets]);
}

async function liveEnrolment(ctx: Context, token: string) {
  const found = await findStaffEnrolment(ctx.db, hashToken(token), ctx.now());
  if (!found) throw notFound(LINK_GONE);
  return found;
}

/**
 * Opens an enrolment link: the TOTP secret to scan (a QR code, and the text for typing in), made once per
 * link so a reload shows the same one. Nothing is enrolled until a code from it is entered.
 */
export async function beginEnrolment(ctx: Context, token: string) {
  const { enrolment, account } = await liveEnrolment(ctx, token);
  const box = secretBox(ctx);
  const sealed =
    enrolment.pendingTotpSecret ??
    (await setPendingTotpSecret(ctx.db, enrolment.id, box.seal(newTotpSecret())));
  if (!sealed) throw notFound(LINK_GONE);
  const secret = box.open(sealed);
  const { uri, qrDataUrl } = await enrolmentUri(secret, account.login);
  return {
    name: account.displayName,
    login: account.login,
    role: account.role,
    purpose: enrolment.purpose,
    secret,
    uri,
    qrDataUrl,
  };
}

/**
 * Completes an enrolment: an invitation sets the password here, a reset link asks for the current one, the
 * link after a first login needs none (the password was just checked). The first correct code enrols the
 * factor, the link is used up and the recovery codes are returned, this once; they are stored hashed.
 *
 * A reset link's password is checked like a login's, under the same caps (password-check.ts), and a wrong
 * password or a wrong code get one answer: whoever holds a leaked link also holds its key, so an answer for a
 * wrong code alone would tell them the password was right.
 */
export async function completeEnrolment(
  ctx: Context,
  input: { token: string; password?: string | undefined; code: string },
) {
  const { enrolment, account } = await liveEnrolment(ctx, input.token);
  if (!enrolment.pendingTotpSecret) {
    throw invalidRequest('Open the link again to see the QR code to scan.');
  }
  const password = input.password ?? '';
  if (enrolment.purpose !== 'first_login' && password === '') {
    throw invalidRequest('Please enter your password.');
  }
  const secret = secretBox(ctx).open(enrolment.pendingTotpSecret);
  const step = totpStep(input.code.trim(), secret);
  if (enrolment.purpose === 'reset') {
    const { passwordOk } = await checkStaffPassword(ctx, {
      login: account.login,
      account: async () => account,
      password,
    });
    if (!passwordOk || step === null) {
      ctx.audit.log('staff_enrolment_failed', {
        staffId: account.id,
        reason: passwordOk ? 'invalid_code' : 'invalid_password',
      });
      throw notAuthenticated(INVALID_LOGIN);
    }
  } else if (step === null) {
    throw invalidRequest('That code is not right. Enter the 6 digits your authenticator app shows now.');
  }
  const passwordHash = enrolment.purpose === 'invite' ? await hashPassword(password) : null;
  const recoveryCodes = newRecoveryCodes();
  const done = await completeStaffEnrolment(ctx.db, {
    enrolmentId: enrolment.id,
    staffId: account.id,
    totpSecret: enrolment.pendingTotpSecret,
    totpStep: step,
    recoveryCodeHashes: recoveryCodes.map(hashRecoveryCode),
    passwordHash,
  });
  if (!done) throw notFound(LINK_GONE);
  await startStaffSession(ctx, account);
  ctx.audit.log('staff_enrolled', { staffId: account.id, purpose: enrolment.purpose });
  return { recoveryCodes, name: account.displayName, role: account.role };
}
