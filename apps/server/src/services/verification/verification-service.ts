import { untextableReason } from '@exrated/content/phone';
import { dropErasedRepeatsOfDevice, setAsideUnpresentedRatings } from '@exrated/db/queries';
import type { DeviceSession } from '@exrated/db/schema';
import type { Context } from '../../context';
import { DomainError, invalidRequest, unavailable, upstreamFailed } from '../errors/domain-error';
import { networkKey } from '../limits/network-key';
import { enforceRateLimit, tooManyRequests } from '../limits/rate-limit-errors';
import { holdShownToAuthor } from '../moderation/author-holds';
import { NOTHING_SCREENED, screenRatingsAtProof } from '../moderation/held-limits';
import {
  erasedAccountKey,
  holdRatingsOfRepeatOffenderAtProof,
  REPEAT_OFFENDER_HOLD,
} from '../moderation/repeat-offenders';
import { parsePhone } from '../phone/phone';
import { claimedRatingIds } from '../rating/rating-claims';
import { claimedAtProofSince, ratingWindows } from '../rating/rating-limits';
import { logWithheld, releaseTimesAtProof } from '../rating/rating-stands';
import { unheldTokenHash } from '../sessions/sessions';
import { PHONE_FORMAT_NOT_SUPPORTED, PROVIDER_UNREACHABLE } from '../sms/sms-errors';
import { SmsBusyError, SmsDeliveryError } from '../sms/sms-sender';
import { CODE_TTL_MS, type SendRefusal } from './code-store';
import { enforceCountedSendLimits, sendingBusy } from './send-limits';
import { codeTextTimesOf, waitAsLongAsACodeText } from './send-timing';
import { generateVerificationCode, hashVerificationCode, verificationText } from './verification-code';

export const VERIFICATION_UNAVAILABLE =
  'Verification is temporarily unavailable. Please try again in a few minutes.';
export const INVALID_CODE = 'Invalid or expired verification code. Please try again or request a new code.';
const SEND_FAILED = 'Failed to send verification code';
const HOUR_SECONDS = 60 * 60;

type DeviceContext = Context & { session: DeviceSession };

/**
 * verification.send: checks that the number can get texts and every send limit, stores the code's HMAC and
 * texts the code. Whoever asks, the code goes to the number's owner, who then uses it
 * (docs/security.md#codes). The reply is the same whether or not the phone already has a profile.
 */
export async function sendVerificationCode(ctx: DeviceContext, phone: string) {
  const audit = (action: string, details?: Record<string, unknown>) =>
    ctx.audit.log(action, details, { phoneNumber: phone });
  audit('verification_code_requested');

  const parsed = parsePhone(phone);
  const untextable = parsed
    ? untextableReason(parsed, ctx.config.allowedSmsCountries)
    : 'country_not_allowed';
  if (!parsed || untextable) {
    audit('verification_error', { reason: untextable, country: parsed?.country ?? null });
    throw invalidRequest(
      untextable === 'number_type_not_allowed'
        ? `${SEND_FAILED}: Texts can only be sent to mobile numbers. Please enter a mobile number.`
        : `${SEND_FAILED}: Texts can only be sent to numbers in ${countryNames(ctx.config.allowedSmsCountries)}.`,
    );
  }

  const code = generateVerificationCode();
  const codeHash = hashVerificationCode(ctx.config.sessionSecret, phone, code);
  const startedAt = performance.now();
  // The asker's own wait and daily ceiling first (no counting, so a too-early resend uses up nothing), then
  // the counted limits (`admit`), then the number's own ledger, which decides silently whether the code is
  // texted; two sends racing past them: the store lets only one of them through.
  const issued = await withCodeStore(ctx, phone, 'send', () =>
    ctx.codeStore.issue(phone, {
      codeHash,
      now: ctx.now().getTime(),
      requester: ctx.session.id,
      admit: () => enforceCountedSendLimits(ctx, phone, parsed.country),
    }),
  );
  if (issued.status !== 'issued') throw sendRefused(ctx, phone, issued);

  const messageId = issued.delivered
    ? await textCode(ctx, { phone, code, codeHash, country: parsed.country })
    : await notTexted(ctx, { phone, codeHash, country: parsed.country }, startedAt);
  if (messageId !== null) codeTextTimesOf(ctx.sms).record(performance.now() - startedAt);

  await rememberPhone(ctx, phone);
  // What became of the text is the number's, not the asker's activity (their export shows their request).
  if (messageId !== null) {
    ctx.audit.logAboutNumber(
      issued.replacedLive ? 'verification_code_resent' : 'verification_code_sent',
      { provider: ctx.sms.name, messageId, country: parsed.country ?? null },
      phone,
    );
  }
  // The wait grows with the asker's own sends: the countdown shows the real one.
  return {
    phoneNumber: phone,
    resendAfterSeconds: Math.ceil((issued.nextSend?.retryAfterMs ?? 0) / 1000),
    expiresInSeconds: CODE_TTL_MS / 1000,
  };
}

/**
 * Texts the code; the provider's refusal of an opted-out number is answered like a text sent (the number's
 * STOP is its owner's, not the asker's, to know; /verify tells whoever gets no code to reply START). Returns
 * the provider's message id, or null when nothing left.
 */
async function textCode(
  ctx: DeviceContext,
  text: { phone: string; code: string; codeHash: string; country: string | undefined },
): Promise<string | null> {
  try {
    const { messageId } = await ctx.sms.send({
      to: text.phone,
      body: verificationText(text.code, ctx.config.publicUrl),
      kind: 'verification',
    });
    return messageId;
  } catch (error) {
    if (error instanceof SmsDeliveryError && error.optedOut) {
      ctx.audit.logAboutNumber('verification_error', { reason: 'not_texted_opted_out' }, text.phone);
      return null;
    }
    // The text never left: drop the code and the send, so the person can ask again at once.
    await ctx.codeStore.discard(text.phone, text.codeHash, ctx.session.id).catch(() => undefined);
    if (error instanceof SmsBusyError) throw await sendingBusy(ctx, text.phone, text.country);
    throw sendFailure(ctx, text.phone, error);
  }
}

/**
 * A send the number's own ledger refused (somebody asked for a code to it a moment ago, or it got its codes of
 * the day): nothing is texted, the live code on the phone still works, and the asker is answered as if it
 * were: it takes the schedule's slot a text would (refused as busy when there is none, as failed when every
 * provider is down) and answers after as long as a text takes.
 */
async function notTexted(
  ctx: DeviceContext,
  text: { phone: string; codeHash: string; country: string | undefined },
  startedAt: number,
): Promise<null> {
  try {
    // The slot the text would take: a full schedule, or every provider down, refuses this request as it
    // would the text.
    await ctx.sms.holdCodeSlot?.();
  } catch (error) {
    if (!(error instanceof SmsBusyError || error instanceof SmsDeliveryError)) throw error;
    await ctx.codeStore.discard(text.phone, text.codeHash, ctx.session.id).catch(() => undefined);
    if (error instanceof SmsBusyError) throw await sendingBusy(ctx, text.phone, text.country);
    throw sendFailure(ctx, text.phone, error);
  }
  ctx.audit.logAboutNumber('verification_error', { reason: 'not_texted_number_ledger' }, text.phone);
  await waitAsLongAsACodeText(ctx.sms, startedAt);
  return null;
}

/**
 * verification.check: counts the attempt against the number's live code, whichever session asked for it. A
 * match proves the phone in a new session (new id and token) that ends every earlier one of the number,
 * verifies its profile and settles the ratings this visit gave before (docs/security.md#sessions).
 */
export async function checkVerificationCode(
  ctx: DeviceContext,
  phone: string,
  code: string,
  claims: readonly string[],
) {
  const audit = (action: string, details?: Record<string, unknown>) =>
    ctx.audit.log(action, details, { phoneNumber: phone });
  const now = ctx.now();
  const result = await withCodeStore(ctx, phone, 'check', async () => {
    // Fresh cookies buy no extra guesses: the bound is the network's, and the code's own attempts.
    await enforceRateLimit(
      ctx.rateLimiter,
      `verification-check:ip:${networkKey(ctx.request.ipAddress)}`,
      { limit: ctx.config.limits.verificationChecksPerIpPerHour, windowSeconds: HOUR_SECONDS },
      (wait) => `Too many verification attempts. Please try again ${wait}.`,
    );
    audit('verification_code_attempt');
    return ctx.codeStore.check(phone, {
      codeHash: hashVerificationCode(ctx.config.sessionSecret, phone, code),
      now: now.getTime(),
    });
  });

  if (result.status !== 'valid') {
    // Whether the number had a live code, and how many guesses others made at it, is the number's: the
    // checker's activity holds only their attempt.
    ctx.audit.logAboutNumber(
      `verification_code_${result.status === 'missing' ? 'expired' : result.status}`,
      result.status === 'missing' ? {} : { attempts: result.attempts },
      phone,
    );
    throw invalidRequest(INVALID_CODE);
  }
  // The attempts before the match may be others' guesses at the number's code: not the prover's to read.
  audit('verification_code_valid');

  try {
    // The ratings this visit gave before the proof go with it (docs/security.md#sessions).
    const claimed = { deviceSessionId: ctx.session.id, claimSince: claimedAtProofSince(now) };
    // Only what this tab gave (the claims in the input, or in the header every request of the tab carries):
    // ratings of the browser it holds no claim of are an earlier visitor's.
    const keep = claimedRatingIds(ctx.config.sessionSecret, [...claims, ...ctx.ratingClaims]);
    await setAsideUnpresentedRatings(ctx.db, { ...claimed, keep, tokenHash: unheldTokenHash() });
    // prove_phone attributes only these: with no genuine claim the proof takes nothing, and the steps that
    // read what it takes have nothing to read (most proofs: a visitor who has not rated yet).
    const claimedAny = keep.length > 0;
    // Numbers a deleted account of this phone rated within the window are not rated again through a proof.
    const erasedRepeats = claimedAny
      ? await dropErasedRepeatsOfDevice(ctx.db, {
          deviceSessionId: ctx.session.id,
          authorKey: erasedAccountKey(ctx.config.sessionSecret, phone),
          repeatSince: ratingWindows(ctx.config.limits, now).repeatSince,
        })
      : 0;
    // What the device rated unproven was no moderation item: its texts are read again now.
    const screened = claimedAny ? await screenRatingsAtProof(ctx, phone) : NOTHING_SCREENED;
    // A repeat offender's phone: the claimed ratings wait for a moderator instead of standing.
    const offenderHolds = claimedAny
      ? await holdRatingsOfRepeatOffenderAtProof(ctx, { phone, ...claimed })
      : 0;
    // A new session with a new token: a cookie planted before the proof (session fixation) never carries the
    // privilege, and what the browser did before stays with the session that did it.
    const { sessionId, settlement } = await ctx.sessions.provePhone(ctx.cookies, ctx.session, {
      phoneNumber: phone,
      provenAt: now,
      claimSince: claimed.claimSince,
      claimed: keep,
      ...ratingWindows(ctx.config.limits, now),
      ...(await releaseTimesAtProof(ctx, claimedAny ? claimed : null, now)),
    });
    ctx.audit.setActor({ userId: sessionId, phoneNumber: phone });
    audit('verification_complete', { ratingsAttributed: settlement.attributed });
    // The server's log only: on a shared browser the dropped rating may be an earlier visitor's, and the
    // prover's activity would tell them someone there rated their number.
    if (settlement.droppedOwnNumber > 0) {
      ctx.log.info({ count: settlement.droppedOwnNumber }, 'ratings of the proven number dropped at proof');
    }
    const droppedRepeat = settlement.droppedRepeat + erasedRepeats;
    if (droppedRepeat > 0) audit('rating_dropped_repeat', { count: droppedRepeat });
    // The held ratings the proof found are the device's repeat-offender holds (recorded as a plain review, as
    // rating.submit records them), the screening holds of their own texts, and the rest, over the daily
    // ceiling, which the author is not told of (docs/anonymity.md#non-interference): the server's log has those.
    const screeningHolds = [...screened.held.values()].reduce((sum, count) => sum + count, 0);
    const overCeiling = settlement.heldForModeration - offenderHolds - screeningHolds;
    for (const [reason, count] of screened.held) audit('rating_held_for_review', { reason, count });
    if (screened.dropped > 0) audit('rating_dropped_held_limit', { count: screened.dropped });
    if (overCeiling > 0) ctx.log.info({ count: overCeiling }, 'ratings held for review at proof');
    if (offenderHolds > 0) {
      audit('rating_held_for_review', {
        reason: holdShownToAuthor(REPEAT_OFFENDER_HOLD),
        count: offenderHolds,
      });
    }
    if (settlement.withheld > 0) logWithheld(ctx, null, 'proof', settlement.withheld);
    // Ratings that stand from the proof have their texts due at their release times; with no delay
    // configured that is now, and the dispatcher sends them after the response.
    if (settlement.attributed > settlement.heldForModeration) ctx.afterResponse(() => ctx.dispatcher.kick());
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
    // Logged above, and no refusal: it leaves as it is, and the procedure answers it as an internal error.
    throw cause;
  }
  return { verified: true as const, phoneNumber: phone };
}

function sendRefused(ctx: DeviceContext, phone: string, refusal: SendRefusal): DomainError {
  const seconds = Math.max(1, Math.ceil(refusal.retryAfterMs / 1000));
  ctx.audit.log('verification_error', { reason: refusal.status }, { phoneNumber: phone });
  return refusal.status === 'cooldown'
    ? tooManyRequests(
        seconds,
        (wait) => `Please wait before requesting a new code. You can request one ${wait}.`,
      )
    : tooManyRequests(
        seconds,
        (wait) =>
          `This number has been sent the most verification codes allowed in one day. You can request one ${wait}.`,
      );
}

/**
 * After a successful send the device keeps the number, unproven, so the header can show it as unverified
 * (docs/product.md#verification). A session that already proved a phone keeps it until the new one is proven.
 * The profile row is created only when missing, so nothing here depends on whether one existed.
 */
async function rememberPhone(ctx: DeviceContext, phone: string) {
  try {
    await ctx.sessions.saveUnprovenPhone(ctx.session, phone, !ctx.session.phoneProvenAt);
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

function sendFailure(ctx: DeviceContext, phone: string, error: unknown): DomainError {
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
  const message = `${SEND_FAILED}: ${reason}`;
  return delivery?.invalidNumberFormat ? invalidRequest(message, cause) : upstreamFailed(message, cause);
}

/**
 * Runs code-store and rate-limit work. Verification fails closed (docs/security.md#codes): when Redis cannot
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
    if (error instanceof DomainError) throw error;
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
    throw unavailable(VERIFICATION_UNAVAILABLE, cause);
  }
}

function countryNames(codes: readonly string[]): string {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  const list = codes.map((code) => names.of(code) ?? code);
  return list.length > 1 ? `${list.slice(0, -1).join(', ')} and ${list.at(-1)}` : (list[0] ?? '');
}
