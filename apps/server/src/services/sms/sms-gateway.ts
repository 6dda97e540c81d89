import { type UntextableReason, untextableReason } from '@exrated/content/phone';
import type { Database } from '@exrated/db';
import { recordSmsAccepted, recordSmsAttempt, recordSmsRefused } from '@exrated/db/queries';
import type { SmsMessageKind } from '@exrated/db/schema';
import type { FastifyBaseLogger } from 'fastify';
import type { AuditObserver } from '../audit/audit-writer';
import { parsePhone } from '../phone/phone';
import { HEALTH_WATCH_MS, ProviderHealth } from './provider-health';
import type { PaceClass, SendPacer } from './send-pacer';
import { NUMBER_NOT_TEXTABLE, PROVIDER_UNREACHABLE } from './sms-errors';
import {
  type SmsAttemptQuery,
  SmsBusyError,
  SmsDeliveryError,
  type SmsKind,
  type SmsLookupResult,
  type SmsMessage,
  type SmsSender,
  type SmsSendResult,
} from './sms-sender';

/** How long one provider call may take before its outcome counts as unknown. */
export const SEND_TIMEOUT_MS = 30_000;
/** A code text the provider throttled is tried again once after this long at most (the person is waiting). */
const CODE_THROTTLE_WAIT_MS = 2_000;
/**
 * How long a rating text waits in the gateway for the slots prompt texts leave, before the dispatcher is
 * told to come back later (it is due over hours; its claim's lease is longer than this plus one send).
 */
const BULK_MAX_WAIT_MS = 10_000;

export type AttemptResult =
  | { status: 'accepted'; provider: string; messageId: string; reference: string }
  /** Every provider refused or could not be reached: nothing was sent. `error` is the last refusal. */
  | { status: 'failed'; error: SmsDeliveryError }
  /** The provider asked us to slow down: not an attempt, and no failover. */
  | { status: 'throttled'; error: SmsDeliveryError }
  /** The request left and its answer was lost: the attempt stays open until the provider is asked. */
  | { status: 'unknown'; provider: string; reference: string; error: SmsDeliveryError }
  /** The provider's schedule has no slot for it now (send-pacer.ts): nothing was booked, recorded or sent. */
  | { status: 'busy'; retryAfterMs: number }
  /** No text may go to this number (country, number type): nothing was recorded or sent. */
  | { status: 'untextable'; reason: UntextableReason };

export interface SmsGatewayDeps {
  db: Database;
  /** The primary provider first, then the fallback when one is configured. */
  providers: readonly SmsSender[];
  pacer: SendPacer;
  /** ALLOWED_SMS_COUNTRIES: with the number-type rule, checked here for every text of every kind. */
  allowedCountries: readonly string[];
  logger: FastifyBaseLogger;
  now: () => Date;
  sendTimeoutMs?: number;
  /** Sees each acceptance as an `sms_receipt` with status 'sent' (metrics). */
  observe?: AuditObserver;
}

/**
 * Every text goes through here: code texts (as the app's SmsSender), rating texts (the dispatcher) and the
 * answers to HELP. No text goes to a number outside the allowed countries or of a type that is not a
 * mobile's, whatever its kind; each waits for its provider's slot (send-pacer.ts), prompt texts at most
 * PROMPT_MAX_WAIT_MS. Each attempt is recorded before it leaves, with our reference, and its outcome after;
 * a provider that refuses or cannot be reached hands the text to the fallback; a provider that may have
 * taken it (answer lost) does not, so no text is ever accepted by two providers. A prompt text skips a
 * provider its health says is down (provider-health.ts), as a code request answered without a text does.
 */
export class SmsGateway implements SmsSender {
  readonly name: string;
  /** Of each provider that can be checked without a text (provider-health.ts). */
  private readonly health = new Map<SmsSender, ProviderHealth>();

  constructor(private readonly deps: SmsGatewayDeps) {
    const [primary] = deps.providers;
    if (!primary) throw new Error('SmsGateway needs at least one provider');
    this.name = primary.name;
    for (const provider of deps.providers) {
      if (!provider.checkHealth) continue;
      const check = provider.checkHealth.bind(provider);
      this.health.set(
        provider,
        new ProviderHealth(check, (up) =>
          up
            ? deps.logger.info({ provider: provider.name }, 'SMS provider answers again')
            : deps.logger.warn(
                { provider: provider.name },
                'SMS provider is down: code texts wait for its check to pass',
              ),
        ),
      );
    }
  }

  get providers(): readonly SmsSender[] {
    return this.deps.providers;
  }

  provider(name: string): SmsSender | undefined {
    return this.deps.providers.find((candidate) => candidate.name === name);
  }

  /** A code or help text, sent now while the person waits. */
  async send(message: SmsMessage): Promise<SmsSendResult> {
    let result = await this.attempt(message, null);
    if (result.status === 'throttled') {
      await sleep(Math.min(result.error.retryAfterMs ?? CODE_THROTTLE_WAIT_MS, CODE_THROTTLE_WAIT_MS));
      result = await this.attempt(message, null);
    }
    if (result.status === 'accepted') return { messageId: result.messageId };
    if (result.status === 'busy') throw new SmsBusyError(result.retryAfterMs);
    if (result.status === 'untextable') throw new SmsDeliveryError(NUMBER_NOT_TEXTABLE);
    if (result.status === 'unknown') {
      // The person is waiting: ask at once whether the provider has it, rather than answering 'failed'.
      const found = await this.ask(result.provider, {
        reference: result.reference,
        to: message.to,
        body: message.body,
        since: this.deps.now(),
      }).catch(() => null);
      if (found?.found) {
        await this.accepted(result.reference, result.provider, found.messageId, message.kind, message.to);
        return { messageId: found.messageId };
      }
    }
    throw result.error;
  }

  /**
   * A code request the number's own ledger answers without a text takes the slot its text would take, from
   * the provider it would go through, with the same bound (docs/security.md#codes).
   */
  async holdCodeSlot(): Promise<void> {
    let provider: SmsSender | undefined;
    for (const candidate of this.deps.providers) {
      if (await this.usable(candidate)) {
        provider = candidate;
        break;
      }
    }
    // Every provider is down: refused as the text would be (attempt() skips them the same way).
    if (!provider) throw new SmsDeliveryError(PROVIDER_UNREACHABLE, { kind: 'unreachable' });
    const slot = await this.slot(provider.name, 'prompt');
    if (slot?.status === 'busy') throw new SmsBusyError(slot.retryAfterMs);
  }

  /** Checks, every so often, each provider nothing was heard from (provider-health.ts); returns its stop. */
  watchHealth(): () => void {
    if (this.health.size === 0) return () => {};
    const timer = setInterval(() => {
      for (const health of this.health.values()) void health.watch();
    }, HEALTH_WATCH_MS);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** A rating text of the outbox: one attempt through the providers in order. */
  deliverRating(params: { notificationId: string; to: string; body: string }): Promise<AttemptResult> {
    return this.attempt({ to: params.to, body: params.body, kind: 'rating' }, params.notificationId);
  }

  /** Asks the provider that got an attempt whose answer was lost; no lookup at all counts as 'cannot tell'. */
  async ask(providerName: string, query: SmsAttemptQuery): Promise<SmsLookupResult> {
    const provider = this.provider(providerName);
    if (!provider?.lookup) return { found: false, final: false };
    return provider.lookup(query);
  }

  async accepted(reference: string, provider: string, messageId: string, kind: SmsKind, to: string) {
    await recordSmsAccepted(this.deps.db, {
      reference,
      provider,
      providerMessageId: messageId,
      at: this.deps.now(),
    });
    this.deps.observe?.('sms_receipt', {
      kind: ledgerKind(kind),
      provider,
      country: parsePhone(to)?.country ?? null,
      status: 'sent',
    });
  }

  /** Any provider that keeps an opt-out list and has the number on it: ours and theirs then agree. */
  async isOptedOut(phoneNumber: string): Promise<boolean> {
    for (const provider of this.deps.providers) {
      if (await provider.isOptedOut(phoneNumber)) return true;
    }
    return false;
  }

  async optIn(phoneNumber: string): Promise<void> {
    for (const provider of this.deps.providers) await provider.optIn?.(phoneNumber);
  }

  /** Why no text of any kind may go to this number (ALLOWED_SMS_COUNTRIES, number type), or null. */
  untextable(to: string): UntextableReason | null {
    const parsed = parsePhone(to);
    return parsed ? untextableReason(parsed, this.deps.allowedCountries) : 'country_not_allowed';
  }

  /** The answer to a reply, through the provider (and so the number) the reply came to. */
  async sendThrough(providerName: string, message: SmsMessage): Promise<AttemptResult> {
    const provider = this.provider(providerName);
    if (!provider) throw new Error(`SMS provider ${providerName} is not configured`);
    return this.attempt(message, null, [provider]);
  }

  private async attempt(
    message: SmsMessage,
    notificationId: string | null,
    providers: readonly SmsSender[] = this.deps.providers,
  ): Promise<AttemptResult> {
    const { db, now } = this.deps;
    const untextable = this.untextable(message.to);
    if (untextable) return { status: 'untextable', reason: untextable };
    const country = parsePhone(message.to)?.country ?? null;
    let lastError = new SmsDeliveryError(PROVIDER_UNREACHABLE, { kind: 'unreachable' });
    const paceClass = paceClassOf(message.kind);
    for (const provider of providers) {
      // A prompt text skips a provider that is down, as holdCodeSlot does; a rating text tries it (it is due
      // over hours, and its outcome is news of the provider).
      if (paceClass === 'prompt' && !(await this.usable(provider))) continue;
      const slot = await this.slot(provider.name, paceClass);
      if (slot) return slot;
      const reference = await recordSmsAttempt(db, {
        kind: ledgerKind(message.kind),
        notificationId,
        provider: provider.name,
        country,
      });
      let messageId: string;
      try {
        ({ messageId } = await withTimeout(
          provider.send({ ...message, reference }),
          this.deps.sendTimeoutMs ?? SEND_TIMEOUT_MS,
        ));
      } catch (caught) {
        const error = asDeliveryError(caught);
        this.health.get(provider)?.failed(error);
        if (error.kind === 'unknown') return { status: 'unknown', provider: provider.name, reference, error };
        await recordSmsRefused(db, {
          reference,
          reason: error.reason,
          errorCode: error.errorCode,
          at: now(),
        });
        this.deps.logger.warn(
          { err: caught, provider: provider.name, kind: error.kind, errorCode: error.errorCode },
          'SMS provider did not take the text',
        );
        if (error.kind === 'throttled') return { status: 'throttled', error };
        // A number that opted out at one provider is not texted through another.
        if (error.optedOut) return { status: 'failed', error };
        lastError = error;
        continue;
      }
      this.health.get(provider)?.sent();
      try {
        await this.accepted(reference, provider.name, messageId, message.kind, message.to);
      } catch (recordError) {
        // The text went out: the attempt stays open with our reference, and whoever looks at it next asks
        // the provider (which finds it) before anything is sent again.
        this.deps.logger.error({ err: recordError, reference }, 'could not record an accepted text');
      }
      return { status: 'accepted', provider: provider.name, messageId, reference };
    }
    return { status: 'failed', error: lastError };
  }

  private async usable(provider: SmsSender): Promise<boolean> {
    return (await this.health.get(provider)?.usable()) ?? true;
  }

  /**
   * Waits for the provider's slot; answers `busy` when there is none for this text: at once for a prompt
   * text (the pacer refused to book past its bound), after BULK_MAX_WAIT_MS for a rating text.
   */
  private async slot(provider: string, paceClass: PaceClass): Promise<AttemptResult | null> {
    // Real time, as the pacer's slots and the sleeps are (the app's clock may be a test's).
    const started = performance.now();
    for (;;) {
      const verdict = await this.deps.pacer.reserve(provider, paceClass);
      if (verdict.granted) {
        if (verdict.waitMs > 0) await sleep(verdict.waitMs);
        return null;
      }
      const waited = performance.now() - started;
      if (paceClass === 'prompt' || waited + verdict.retryInMs > BULK_MAX_WAIT_MS) {
        return { status: 'busy', retryAfterMs: verdict.retryInMs };
      }
      await sleep(verdict.retryInMs);
    }
  }
}

function paceClassOf(kind: SmsKind): PaceClass {
  return kind === 'rating' ? 'bulk' : 'prompt';
}

function ledgerKind(kind: SmsKind): SmsMessageKind {
  return kind === 'verification' ? 'code' : kind;
}

function asDeliveryError(error: unknown): SmsDeliveryError {
  if (error instanceof SmsDeliveryError) return error;
  return new SmsDeliveryError(PROVIDER_UNREACHABLE, { cause: error, kind: 'unknown' });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new SmsDeliveryError(PROVIDER_UNREACHABLE, {
            kind: 'unknown',
            cause: new Error(`the SMS provider did not answer within ${ms / 1000} s`),
          }),
        ),
      ms,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
