import { saveUnprovenPhone } from '@exrated/db/queries';
import type { DeviceSession } from '@exrated/db/schema';
import { TRPCError } from '@trpc/server';
import type { Context } from '../../trpc/context';
import { enforceRateLimit, enforceRateLimitsInOrder, tooManyRequests } from '../../trpc/rate-limit';
import { isSmsCountryAllowed, parsePhone } from '../phone';
import { SmsDeliveryError } from '../sms/sms-sender';
import { PHONE_FORMAT_NOT_SUPPORTED } from '../sms/sns-sms-sender';
import { CODE_TTL_MS, RESEND_COOLDOWN_MS } from './code-store';
import { generateVerificationCode, hashVerificationCode, verificationText } from './verification-code';

export const VERIFICATION_UNAVAILABLE =
  'Verification is temporarily unavailable. Please try again in a few minutes.';
export const INVALID_CODE = 'Invalid or expired verification code. Please try again or request a new code.';
export const VERIFY_ERROR = 'An error occurred while verifying your code. Please try again.';
const SEND_FAILED = 'Failed to send verification code';
const PROVIDER_UNREACHABLE =
  'Our text message service is not reachable right now. Please try again in a few minutes.';
const HOUR_SECONDS = 60 * 60;

type DeviceContext = Context & { session: DeviceSession };

/**
 * verification.send: checks the country and the caps, stores the code's HMAC for this device session and
 * texts the code. The reply is the same whether or not the phone already has a profile.
 */
export async function sendVerificationCode(ctx: DeviceContext, phone: string) {
  const audit = (action: string, details?: Record<string, unknown>) =>
    ctx.audit.log(action, details, { phoneNumber: phone });
  audit('verification_code_requested');

  const parsed = parsePhone(phone);
  if (!parsed || !isSmsCountryAllowed(parsed, ctx.config.allowedSmsCountries)) {
    audit('verification_error', { reason: 'country_not_allowed', country: parsed?.country ?? null });
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `${SEND_FAILED}: Texts can only be sent to numbers in ${countryNames(ctx.config.allowedSmsCountries)}.`,
    });
  }

  const now = ctx.now().getTime();
  await withCodeStore(ctx, phone, 'send', () => enforceSendLimits(ctx, phone, now));
  const code = generateVerificationCode();
  const codeHash = hashVerificationCode(ctx.config.sessionSecret, phone, code);
  const issued = await withCodeStore(ctx, phone, 'send', () =>
    ctx.codeStore.issue(phone, { codeHash, sessionId: ctx.session.id, now }),
  );
  // Two sends racing past the first cooldown check: the store lets only one of them through.
  if (issued.status === 'cooldown') throw cooldownError(issued.retryAfterMs);

  let messageId: string;
  try {
    ({ messageId } = await ctx.sms.send({ to: phone, body: verificationText(code), kind: 'verification' }));
  } catch (error) {
    // The text never left: drop the code so the person can ask again at once instead of after the cooldown.
    await ctx.codeStore.discard(phone, codeHash).catch(() => undefined);
    throw sendFailure(ctx, phone, error);
  }

  await rememberPhone(ctx, phone);
  audit(issued.replacedLive ? 'verification_code_resent' : 'verification_code_sent', {
    provider: ctx.sms.name,
    messageId,
  });
  return {
    phoneNumber: phone,
    resendAfterSeconds: RESEND_COOLDOWN_MS / 1000,
    expiresInSeconds: CODE_TTL_MS / 1000,
  };
}

/**
 * verification.check: counts the attempt against the record this device session asked for. A match proves
 * the phone for this session (new token), verifies its profile and attributes this device's earlier ratings.
 */
export async function checkVerificationCode(ctx: DeviceContext, phone: string, code: string) {
  const audit = (action: string, details?: Record<string, unknown>) =>
    ctx.audit.log(action, details, { phoneNumber: phone });
  const now = ctx.now();
  const result = await withCodeStore(ctx, phone, 'check', async () => {
    await enforceRateLimit(
      ctx.rateLimiter,
      `verification-check:ip:${ctx.request.ipAddress ?? 'unknown'}`,
      { limit: ctx.config.limits.verificationChecksPerIpPerHour, windowSeconds: HOUR_SECONDS },
      (wait) => `Too many verification attempts. Please try again ${wait}.`,
    );
    audit('verification_code_attempt');
    return ctx.codeStore.check(phone, {
      codeHash: hashVerificationCode(ctx.config.sessionSecret, phone, code),
      sessionId: ctx.session.id,
      now: now.getTime(),
    });
  });

  switch (result.status) {
    case 'missing':
      audit('verification_code_expired');
      throw new TRPCError({ code: 'BAD_REQUEST', message: INVALID_CODE });
    case 'other_session':
      audit('verification_code_invalid', { reason: 'other_session' });
      throw new TRPCError({ code: 'BAD_REQUEST', message: INVALID_CODE });
    case 'max_attempts':
      audit('verification_code_max_attempts', { attempts: result.attempts });
      throw new TRPCError({ code: 'BAD_REQUEST', message: INVALID_CODE });
    case 'invalid':
      audit('verification_code_invalid', { attempts: result.attempts, attemptsLeft: result.attemptsLeft });
      throw new TRPCError({ code: 'BAD_REQUEST', message: INVALID_CODE });
    case 'valid':
      audit('verification_code_valid', { attempts: result.attempts });
  }

  try {
    // With a new token: a cookie planted before the proof (session fixation) never carries the privilege.
    const attributed = await ctx.sessions.provePhone(ctx.cookies, ctx.session, {
      phoneNumber: phone,
      provenAt: now,
    });
    ctx.audit.setActor({ userId: ctx.session.id, phoneNumber: phone });
    audit('verification_complete', { ratingsAttributed: attributed });
  } catch (error) {
    const cause = error instanceof Error ? error : new Error(String(error));
    ctx.log.error({ err: cause }, 'verification could not be completed');
    audit('verification_error', { reason: 'completion_failed' });
    ctx.audit.error({
      action: 'verification_error',
      message: `Verification could not be completed: ${cause.message}`,
      stack: cause.stack ?? null,
      severity: 'high',
      errorType: 'server',
      componentName: 'verification.check',
      phoneNumber: phone,
    });
    throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: VERIFY_ERROR, cause });
  }
  return { verified: true as const, phoneNumber: phone };
}

/** The 60 s resend cooldown, then the hourly caps per IP and per phone (DESIGN.md section 3). */
async function enforceSendLimits(ctx: DeviceContext, phone: string, now: number) {
  // The cooldown comes first so a too-early resend does not use up the hour's sends.
  const wait = await ctx.codeStore.cooldownRemainingMs(phone, now);
  if (wait > 0) throw cooldownError(wait);
  const { limits } = ctx.config;
  await enforceRateLimitsInOrder(
    ctx.rateLimiter,
    [
      {
        key: `verification-send:ip:${ctx.request.ipAddress ?? 'unknown'}`,
        rule: { limit: limits.verificationSendsPerIpPerHour, windowSeconds: HOUR_SECONDS },
      },
      {
        key: `verification-send:phone:${phone}`,
        rule: { limit: limits.verificationSendsPerPhonePerHour, windowSeconds: HOUR_SECONDS },
      },
    ],
    (wait) => `Too many verification codes requested. Please try again ${wait}.`,
  );
}

/**
 * After a successful send the device keeps the number, unproven, so the header can show it as unverified
 * (spec section 4). A session that already proved a phone keeps it until the new one is proven. The
 * profile row is created only when missing, so nothing here depends on whether one existed.
 */
async function rememberPhone(ctx: DeviceContext, phone: string) {
  try {
    await saveUnprovenPhone(ctx.db, {
      sessionId: ctx.session.id,
      phoneNumber: phone,
      onSession: !ctx.session.phoneProvenAt,
    });
  } catch (error) {
    // The code is on its way and the check creates the profile anyway: a failure here is only logged.
    const cause = error instanceof Error ? error : new Error(String(error));
    ctx.log.error({ err: cause }, 'saving the phone after a code send failed');
    ctx.audit.error({
      action: 'verification_error',
      message: `Saving the profile after a code send failed: ${cause.message}`,
      stack: cause.stack ?? null,
      severity: 'medium',
      errorType: 'server',
      componentName: 'verification.send',
      phoneNumber: phone,
    });
  }
}

function sendFailure(ctx: DeviceContext, phone: string, error: unknown): TRPCError {
  const delivery = error instanceof SmsDeliveryError ? error : null;
  const reason = delivery?.invalidNumberFormat
    ? PHONE_FORMAT_NOT_SUPPORTED
    : (delivery?.reason ?? PROVIDER_UNREACHABLE);
  const cause = error instanceof Error ? error : new Error(String(error));
  const detail = cause.cause instanceof Error ? cause.cause.message : cause.message;
  ctx.log.warn({ err: cause }, 'verification text not sent');
  ctx.audit.log(
    'verification_error',
    { reason: 'send_failed', provider: ctx.sms.name },
    { phoneNumber: phone },
  );
  ctx.audit.error({
    action: 'verification_error',
    message: `${SEND_FAILED}: ${detail}`,
    stack: cause.stack ?? null,
    severity: 'high',
    errorType: 'sms',
    componentName: 'verification.send',
    details: { provider: ctx.sms.name, reason },
    phoneNumber: phone,
  });
  return new TRPCError({
    code: delivery?.invalidNumberFormat ? 'BAD_REQUEST' : 'BAD_GATEWAY',
    message: `${SEND_FAILED}: ${reason}`,
    cause,
  });
}

/**
 * Runs code-store and rate-limit work. Verification fails closed (DESIGN.md section 3): when Redis cannot
 * answer, the person is told to try again later, the fault is logged, and the server carries on.
 */
async function withCodeStore<T>(
  ctx: DeviceContext,
  phone: string,
  step: 'send' | 'check',
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TRPCError) throw error;
    const cause = error instanceof Error ? error : new Error(String(error));
    ctx.log.error({ err: cause, step }, 'verification code store unavailable');
    ctx.audit.log('verification_error', { reason: 'store_unavailable', step }, { phoneNumber: phone });
    ctx.audit.error({
      action: 'verification_error',
      message: `Verification code store unavailable: ${cause.message}`,
      stack: cause.stack ?? null,
      severity: 'high',
      errorType: 'server',
      componentName: `verification.${step}`,
      phoneNumber: phone,
    });
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: VERIFICATION_UNAVAILABLE, cause });
  }
}

function cooldownError(waitMs: number): TRPCError {
  return tooManyRequests(
    Math.max(1, Math.ceil(waitMs / 1000)),
    (wait) => `Please wait before requesting a new code. You can request one ${wait}.`,
  );
}

function countryNames(codes: readonly string[]): string {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  const list = codes.map((code) => names.of(code) ?? code);
  return list.length > 1 ? `${list.slice(0, -1).join(', ')} and ${list.at(-1)}` : (list[0] ?? '');
}
