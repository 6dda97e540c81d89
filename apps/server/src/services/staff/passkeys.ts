import { randomBytes } from 'node:crypto';
import type { StaffSession } from '@exrated/db/queries';
import {
  deleteStaffPasskey,
  findStaffById,
  findStaffPasskey,
  insertStaffPasskey,
  listStaffPasskeyCredentialIds,
  listStaffPasskeys,
  putPasskeyChallenge,
  recordPasskeyUse,
  takePasskeyChallenge,
} from '@exrated/db/queries';
import type { StaffAccount } from '@exrated/db/schema';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Context } from '../../context';
import { conflict, invalidRequest, notFound } from '../errors/domain-error';
import { hashToken } from '../sessions/sessions';
import { TOTP_ISSUER } from './second-factor';

/**
 * Passkeys (WebAuthn) as a second factor beside the authenticator app (docs/staff.md#passkeys). The relying
 * party is PUBLIC_URL: its host name is the rpID and its origin the only origin a response may come from, so a
 * passkey answers only on this site. A challenge is single-use, lives two minutes and is bound to what asked
 * for it: the staff session that registers, or one login attempt.
 */
export const PASSKEY_CHALLENGE_TTL_MS = 2 * 60 * 1000;
/** Enough for a phone, a laptop and a spare security key each, with room to spare; a bound on the list. */
export const MAX_PASSKEYS_PER_ACCOUNT = 10;

/**
 * The WebAuthn library, loaded by the first passkey call: only staff use passkeys, and its code and data are
 * a few megabytes of every instance's memory otherwise.
 */
const webauthn = () => import('@simplewebauthn/server');

const REQUEST_GONE = 'This passkey request has expired. Please try again.';
const NOT_VERIFIED = 'The passkey could not be checked. Please try again.';

type StaffContext = Context & { adminSession: StaffSession };

/** The relying party of this server, from PUBLIC_URL. */
export function relyingParty(ctx: Context) {
  const url = new URL(ctx.config.publicUrl);
  return { id: url.hostname, origin: url.origin, name: TOTP_ISSUER };
}

/**
 * What the browser's answer must match: the challenge it was given, our origin and our site. A second factor
 * after the password: presence is what counts; a PIN or fingerprint is welcome.
 */
function expectedAnswer(ctx: Context, challenge: string) {
  const rp = relyingParty(ctx);
  return {
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  };
}

function expiry(ctx: Context) {
  return new Date(ctx.now().getTime() + PASSKEY_CHALLENGE_TTL_MS);
}

function registrationKey(session: StaffSession) {
  return `register:${session.id}`;
}

function loginKey(attempt: string) {
  return `login:${hashToken(attempt)}`;
}

function bytesOf(base64url: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(base64url, 'base64url'));
}

export function listOwnPasskeys(ctx: StaffContext) {
  return listStaffPasskeys(ctx.db, ctx.adminSession.staffId);
}

/** The options for navigator.credentials.create: a discoverable credential of the caller's own account. */
export async function passkeyRegistrationOptions(ctx: StaffContext) {
  const { staffId } = ctx.adminSession;
  const [account, existing] = await Promise.all([
    findStaffById(ctx.db, staffId),
    listStaffPasskeyCredentialIds(ctx.db, staffId),
  ]);
  if (!account) throw notFound('This staff account does not exist.');
  if (existing.length >= MAX_PASSKEYS_PER_ACCOUNT) {
    throw invalidRequest(`You have ${MAX_PASSKEYS_PER_ACCOUNT} passkeys: remove one before adding another.`);
  }
  const rp = relyingParty(ctx);
  const options = await (await webauthn()).generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: account.login,
    userDisplayName: account.displayName,
    userID: new Uint8Array(Buffer.from(account.id.replaceAll('-', ''), 'hex')),
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.credentialId,
      transports: passkey.transports,
    })),
    // Discoverable: the login asks for any passkey of this site, without telling a stranger which accounts
    // have one (see passkeyLoginOptions).
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await putPasskeyChallenge(
    ctx.db,
    {
      key: registrationKey(ctx.adminSession),
      challenge: options.challenge,
      staffId,
      login: null,
      expiresAt: expiry(ctx),
    },
    ctx.now(),
  );
  return options;
}

/** Verifies the browser's answer to the registration options of this session and stores the passkey. */
export async function addPasskey(
  ctx: StaffContext,
  input: { name: string; response: RegistrationResponseJSON },
) {
  const { staffId } = ctx.adminSession;
  const challenge = await takePasskeyChallenge(ctx.db, registrationKey(ctx.adminSession), ctx.now());
  if (!challenge || challenge.staffId !== staffId) {
    throw invalidRequest(REQUEST_GONE);
  }
  const expected = expectedAnswer(ctx, challenge.challenge);
  let credential: { id: string; publicKey: Uint8Array; counter: number; transports?: string[] | undefined };
  try {
    const verification = await (await webauthn()).verifyRegistrationResponse({
      response: input.response,
      ...expected,
    });
    if (!verification.verified) throw new Error('registration not verified');
    credential = verification.registrationInfo.credential;
  } catch (error) {
    ctx.log.warn({ err: error, staffId }, 'passkey registration refused');
    throw invalidRequest(NOT_VERIFIED);
  }
  const added = await insertStaffPasskey(ctx.db, {
    staffId,
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? [],
    name: input.name,
  });
  if (!added) throw conflict('This passkey is already registered.');
  ctx.audit.log('staff_passkey_added', { staffId, passkeyId: added.id, name: added.name });
  return added;
}

export async function removeOwnPasskey(ctx: StaffContext, id: string) {
  const name = await deleteStaffPasskey(ctx.db, ctx.adminSession.staffId, id);
  if (name === null) throw notFound('This passkey does not exist (any more).');
  ctx.audit.log('staff_passkey_removed', { staffId: ctx.adminSession.staffId, passkeyId: id, name });
  return { ok: true as const };
}

/**
 * The options for navigator.credentials.get at a login, and the attempt they belong to. No account is looked
 * up and no credential is listed: the answer is the same for every name, so it tells nobody which accounts
 * exist or have a passkey. The browser offers the site's discoverable passkeys; admin.login checks that the
 * one chosen belongs to the account named.
 */
export async function passkeyLoginOptions(ctx: Context, login: string) {
  const attempt = randomBytes(32).toString('base64url');
  const options = await (await webauthn()).generateAuthenticationOptions({
    rpID: relyingParty(ctx).id,
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    userVerification: 'preferred',
  });
  await putPasskeyChallenge(
    ctx.db,
    { key: loginKey(attempt), challenge: options.challenge, staffId: null, login, expiresAt: expiry(ctx) },
    ctx.now(),
  );
  return { attempt, options };
}

export interface PasskeyAssertion {
  attempt: string;
  response: AuthenticationResponseJSON;
}

/**
 * Checks a login's passkey answer for `account`: the attempt's challenge (taken, so it works once, and only
 * for the name it was issued to), a credential of this account, the signature over this site's origin and
 * rpID, and a signature counter past the stored one. Every refusal is the same `false` for the caller; the
 * log says which check failed.
 */
export async function passkeyAnswers(
  ctx: Context,
  account: StaffAccount,
  login: string,
  assertion: PasskeyAssertion,
): Promise<boolean> {
  const challenge = await takePasskeyChallenge(ctx.db, loginKey(assertion.attempt), ctx.now());
  const refused = (reason: string, error?: unknown) => {
    ctx.log.warn({ staffId: account.id, reason, err: error }, 'passkey login refused');
    return false;
  };
  if (!challenge || challenge.login !== login) return refused('no live challenge for this attempt');
  const passkey = await findStaffPasskey(ctx.db, account.id, assertion.response.id);
  if (!passkey) return refused('not a passkey of this account');
  const expected = expectedAnswer(ctx, challenge.challenge);
  let newCounter: number;
  try {
    const verification = await (await webauthn()).verifyAuthenticationResponse({
      response: assertion.response,
      ...expected,
      credential: {
        id: passkey.credentialId,
        publicKey: bytesOf(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports,
      },
    });
    if (!verification.verified) return refused('signature not verified');
    newCounter = verification.authenticationInfo.newCounter;
  } catch (error) {
    // A counter that went back is what a cloned authenticator looks like: the library refuses it here.
    return refused('verification failed', error);
  }
  const recorded = await recordPasskeyUse(ctx.db, {
    id: passkey.id,
    checkedCounter: passkey.counter,
    newCounter,
    now: ctx.now(),
  });
  return recorded || refused('counter changed by a concurrent login');
}
