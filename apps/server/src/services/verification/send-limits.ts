import type { DeviceSession } from '@exrated/db/schema';
import type { Context } from '../../context';
import { networkKey } from '../limits/network-key';
import { tooManyRequests } from '../limits/rate-limit-errors';
import { SENDING_BUSY } from '../sms/sms-errors';

/**
 * What a person refused for want of an SMS slot is told to wait: by then the burst that filled the
 * schedule has long passed (it books at most a second ahead), and a crowd told '1 second' would come back
 * as the same burst.
 */
const BUSY_RETRY_AFTER_SECONDS = 60;
const HOUR_SECONDS = 60 * 60;
const DAY_SECONDS = 24 * HOUR_SECONDS;

type DeviceContext = Context & { session: DeviceSession };

/**
 * The counted limits on code texts (docs/security.md#codes), after the number's own wait and daily ceiling
 * (the ledger, judged by the code store): counted in one round trip up to the first refusal, the sender's
 * network per hour, the number's country per hour and all code texts per day (a flood to one country stops
 * before it eats the global budget). The last two are the SMS-pumping alarms: reaching one pauses code texts
 * and writes a critical error log entry (once per window).
 */
export async function enforceCountedSendLimits(
  ctx: DeviceContext,
  phone: string,
  country: string | undefined,
) {
  const caps = countedSendCaps(ctx, country);
  const results = await ctx.rateLimiter.hitInOrder(caps);
  const index = results.findIndex((result) => !result.allowed);
  const cap = caps[index];
  const result = results[index];
  if (!cap || !result) return;
  ctx.audit.log(
    'verification_error',
    { reason: 'send_limit', limit: cap.key.split(':')[1] },
    { phoneNumber: phone },
  );
  // The first refusal of a window raises the alarm; the ones after it would only repeat it.
  if (cap.alarm && result.count === cap.rule.limit + 1) {
    ctx.log.error({ limit: cap.key, country }, `SMS pumping alarm: ${cap.alarm}`);
    ctx.audit.error({
      action: 'verification_texts_paused',
      message: `Code texts paused: ${cap.alarm} (${cap.rule.limit} per ${cap.rule.windowSeconds / 3600} h).`,
      severity: 'critical',
      errorType: 'sms',
      componentName: 'verification.send',
      details: { limit: cap.key, country: country ?? null },
    });
  }
  throw tooManyRequests(result.retryAfterSeconds, cap.message);
}

/** The counted caps of one code text, in the order they are counted. */
function countedSendCaps(ctx: DeviceContext, country: string | undefined) {
  const { limits } = ctx.config;
  return [
    {
      key: `verification-send:ip:${networkKey(ctx.request.ipAddress)}`,
      rule: { limit: limits.verificationSendsPerIpPerHour, windowSeconds: HOUR_SECONDS },
      message: (wait: string) => `Too many verification codes requested. Please try again ${wait}.`,
      alarm: null,
    },
    {
      key: `verification-send:country:${country ?? 'none'}`,
      rule: { limit: limits.verificationTextsPerCountryPerHour, windowSeconds: HOUR_SECONDS },
      message: (wait: string) =>
        `Verification texts to this country are paused for now. Please try again ${wait}.`,
      alarm: `hourly ceiling of code texts to ${country ?? 'an unknown country'} reached`,
    },
    {
      key: 'verification-send:global',
      rule: { limit: limits.verificationTextsPerDay, windowSeconds: DAY_SECONDS },
      message: (wait: string) => `Verification texts are paused for now. Please try again ${wait}.`,
      alarm: 'global daily ceiling of code texts reached',
    },
  ];
}

/**
 * No SMS slot within the bound: the code was discarded (its send taken out of the number's ledger) and no
 * text will follow. The counted caps take their hit back too, so the refusal costs the person, their
 * network and the country's ceilings nothing.
 */
export async function sendingBusy(ctx: DeviceContext, phone: string, country: string | undefined) {
  await ctx.rateLimiter
    .refund(countedSendCaps(ctx, country).map((cap) => cap.key))
    .catch((error: unknown) => ctx.log.warn({ err: error }, 'code text caps not refunded'));
  ctx.log.warn({ country }, 'code text refused: no SMS slot within the bound');
  ctx.audit.log('verification_error', { reason: 'sending_busy' }, { phoneNumber: phone });
  return tooManyRequests(BUSY_RETRY_AFTER_SECONDS, SENDING_BUSY);
}
