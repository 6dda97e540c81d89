import { authenticator } from 'otplib';
import { browser } from './api-client.mjs';
import { ADMIN_LOGIN, ADMIN_PASSWORD } from './environment.mjs';

/**
 * The bench's admin session, made the way the first admin of a new installation makes theirs
 * (docs/staff.md#the-first-admin): the run's database has the first admin from ADMIN_PASSWORD and no second
 * factor yet, so the first login answers with an enrolment link; the bench opens it, acts as the
 * authenticator app with the secret it shows, and completing the enrolment signs this browser in.
 */
export async function signInFirstAdmin(base) {
  const admin = browser(base);
  const login = await admin.call('mutation', 'admin.login', {
    account: ADMIN_LOGIN,
    password: ADMIN_PASSWORD,
  });
  if (login.status !== 'enrol') {
    throw new Error(`admin.login answered ${JSON.stringify(login)}, not the first admin's enrolment link`);
  }
  const { secret } = await admin.call('mutation', 'staff.beginEnrolment', { token: login.token });
  const enrolled = await admin.call('mutation', 'staff.completeEnrolment', {
    token: login.token,
    code: authenticator.generate(secret),
  });
  if (enrolled.role !== 'admin') throw new Error(`the first admin enrolled as ${enrolled.role}`);
  return admin;
}
