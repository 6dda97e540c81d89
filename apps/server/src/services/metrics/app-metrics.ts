import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { RateLimiter, RateLimitResult } from '../limits/rate-limiter';

/**
 * Every Prometheus metric of ExRated, defined here and nowhere else (GET /metrics, plugins/metrics.ts). Code
 * elsewhere records through the small functions below, one call each. Each app has its own registry, so the
 * tests can build many apps in one process.
 *
 * Most counts come from the audit trail: every audit entry passes `observeAuditAction`, so the actions that
 * docs/architecture.md names (verification_code_*, rating_created, sms_notification_*, ...) count themselves, without a
 * metrics call in the services that write them.
 */

export type AuditDetails = Record<string, unknown> | null | undefined;

export interface OutboxBacklog {
  pending: number;
  oldestCreatedAt: Date | null;
}

const TEXT_KINDS = ['verification', 'rating', 'reply'] as const;
const TEXT_OUTCOMES = ['sent', 'failed', 'suppressed', 'held'] as const;
type TextKind = (typeof TEXT_KINDS)[number];
type TextOutcome = (typeof TEXT_OUTCOMES)[number];

/** The audit actions that are a text's outcome (docs/sms.md). */
function textOutcomeOf(action: string, details: AuditDetails): [TextKind, TextOutcome] | null {
  switch (action) {
    case 'verification_code_sent':
    case 'verification_code_resent':
      return ['verification', 'sent'];
    case 'verification_error':
      return details?.reason === 'send_failed' ? ['verification', 'failed'] : null;
    case 'sms_notification_sent':
      return ['rating', 'sent'];
    case 'sms_notification_failed':
      return ['rating', 'failed'];
    case 'sms_notification_suppressed':
      return ['rating', 'suppressed'];
    case 'sms_auto_reply':
      return details?.outcome === 'sent' || details?.outcome === 'failed' || details?.outcome === 'suppressed'
        ? ['reply', details.outcome]
        : null;
    default:
      return null;
  }
}

const VERIFICATION_OUTCOMES: Record<string, string> = {
  verification_code_valid: 'valid',
  verification_code_invalid: 'invalid',
  verification_code_expired: 'expired',
  verification_code_max_attempts: 'max_attempts',
};

/** 'verification-send:phone:+1415...' -> 'verification-send:phone': the cap, never the value it keys on. */
function limitName(key: string): string {
  return key.split(':').slice(0, 2).join(':');
}

export class AppMetrics {
  readonly registry = new Registry();
  private processMetrics = false;

  private readonly procedureDuration = new Histogram({
    name: 'exrated_trpc_procedure_duration_seconds',
    help: 'Time spent in each tRPC procedure; outcome is ok or the tRPC error code.',
    labelNames: ['procedure', 'outcome'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  private readonly texts = new Counter({
    name: 'exrated_sms_texts_total',
    help: 'Texts by kind (verification, rating, reply: the answer to HELP) and outcome (sent; failed: a send attempt failed; suppressed; held).',
    labelNames: ['kind', 'outcome'] as const,
    registers: [this.registry],
  });

  private readonly smsDelivery = new Counter({
    name: 'exrated_sms_delivery_total',
    help: 'Texts by kind (code, rating, reply), provider, country and status: sent (a provider took it), then delivered, undelivered or unknown as its receipts say.',
    labelNames: ['kind', 'provider', 'country', 'status'] as const,
    registers: [this.registry],
  });

  private readonly smsReplies = new Counter({
    name: 'exrated_sms_replies_total',
    help: 'Texts received from people, by provider and keyword (opt_out, opt_in, help, other).',
    labelNames: ['provider', 'keyword'] as const,
    registers: [this.registry],
  });

  private readonly verificationChecks = new Counter({
    name: 'exrated_verification_checks_total',
    help: 'Verification code checks by outcome (valid, invalid, expired, max_attempts).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  private readonly ratingsSubmitted = new Counter({
    name: 'exrated_ratings_submitted_total',
    help: 'Ratings saved.',
    registers: [this.registry],
  });

  private readonly identifyingDetails = new Counter({
    name: 'exrated_rating_identifying_details_total',
    help: 'Submitted ratings whose texts name a detail an ex could tie to one person, by kind (date, place, event, number).',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  private readonly ratingsWithheld = new Counter({
    name: 'exrated_ratings_withheld_total',
    help: 'Ratings that came to stand for a number that asked not to be rated, by path (submit, proof, moderation).',
    labelNames: ['path'] as const,
    registers: [this.registry],
  });

  private readonly ratingsHeld = new Counter({
    name: 'exrated_ratings_held_total',
    help: 'Ratings saved but held back (moderation, or an author without a proven phone).',
    registers: [this.registry],
  });

  private readonly classifierCalls = new Counter({
    name: 'exrated_screening_classifier_calls_total',
    help: 'Calls of the screening classifier by provider and outcome (answered, failed, timed_out) and whether it flagged the texts.',
    labelNames: ['provider', 'outcome', 'flagged'] as const,
    registers: [this.registry],
  });

  private readonly classifierCost = new Counter({
    name: 'exrated_screening_classifier_cost_usd_total',
    help: "Estimated cost of the screening classifier's calls in US dollars, by provider.",
    labelNames: ['provider'] as const,
    registers: [this.registry],
  });

  private readonly refusals = new Counter({
    name: 'exrated_rate_limit_refusals_total',
    help: 'Requests (or rating texts) refused by a rate limit, by limit.',
    labelNames: ['limit'] as const,
    registers: [this.registry],
  });

  constructor(outboxBacklog: () => Promise<OutboxBacklog>) {
    // Read from the database at scrape time: the outbox is shared by every instance, so each reports the same.
    let backlog: Promise<OutboxBacklog> | null = null;
    const read = () => {
      backlog ??= outboxBacklog().finally(() => {
        backlog = null;
      });
      return backlog;
    };
    new Gauge({
      name: 'exrated_outbox_pending',
      help: 'Rating texts waiting in the outbox (status pending).',
      registers: [this.registry],
      async collect() {
        this.set((await read()).pending);
      },
    });
    new Gauge({
      name: 'exrated_outbox_oldest_pending_age_seconds',
      help: 'Age of the oldest pending rating text; 0 when none waits.',
      registers: [this.registry],
      async collect() {
        const { oldestCreatedAt } = await read();
        this.set(oldestCreatedAt ? Math.max(0, (Date.now() - oldestCreatedAt.getTime()) / 1000) : 0);
      },
    });
    for (const kind of TEXT_KINDS) for (const outcome of TEXT_OUTCOMES) this.texts.inc({ kind, outcome }, 0);
    for (const outcome of Object.values(VERIFICATION_OUTCOMES)) this.verificationChecks.inc({ outcome }, 0);
  }

  /** The process's CPU, memory, event loop and GC metrics; started once, when /metrics is served. */
  collectProcessMetrics() {
    if (this.processMetrics) return;
    this.processMetrics = true;
    collectDefaultMetrics({ register: this.registry });
  }

  /** Starts timing a procedure; call the result with 'ok' or the tRPC error code when it ends. */
  startProcedure(procedure: string): (outcome: string) => void {
    const end = this.procedureDuration.startTimer({ procedure });
    return (outcome) => void end({ outcome });
  }

  /** Counts what an audit entry says happened (see the class comment). */
  readonly observeAuditAction = (action: string, details: AuditDetails) => {
    const text = textOutcomeOf(action, details);
    if (text) this.texts.inc({ kind: text[0], outcome: text[1] });
    if (text?.[0] === 'rating' && text[1] === 'held') this.ratingsHeld.inc();
    if (action === 'rating_created') this.ratingsSubmitted.inc();
    if (action === 'sms_receipt') {
      this.smsDelivery.inc({
        kind: String(details?.kind),
        provider: String(details?.provider),
        country: String(details?.country ?? 'unknown'),
        status: String(details?.status),
      });
    }
    if (action === 'sms_reply') {
      this.smsReplies.inc({ provider: String(details?.provider), keyword: String(details?.keyword) });
    }
    const verification = VERIFICATION_OUTCOMES[action];
    if (verification) this.verificationChecks.inc({ outcome: verification });
  };

  /**
   * A rating's text held back from the start: suppressed (opt-out, country, caps) or held (moderation, an
   * author without a proven phone). Not from the audit trail: the rater's own entries say nothing of the text.
   */
  countRatingTextCreated(status: string) {
    if (status !== 'suppressed' && status !== 'held') return;
    this.texts.inc({ kind: 'rating', outcome: status });
    if (status === 'held') this.ratingsHeld.inc();
  }

  /** A submission's texts named details an ex could tie to one person (never refused for it). */
  countIdentifyingDetails(kinds: readonly string[]) {
    for (const kind of kinds) this.identifyingDetails.inc({ kind });
  }

  /** One call of the screening classifier: its outcome, whether it flagged the texts, its estimated cost. */
  countClassifierCall(provider: string, outcome: string, flagged: boolean, costUsd: number) {
    this.classifierCalls.inc({ provider, outcome, flagged: String(flagged) });
    this.classifierCost.inc({ provider }, costUsd);
  }

  /** A rating that came to stand was withheld from a number that asked not to be rated. */
  countWithheld(path: 'submit' | 'proof' | 'moderation', count = 1) {
    this.ratingsWithheld.inc({ path }, count);
  }

  /** The limiter every cap goes through, counting each refusal by its limit. */
  countingRefusals(limiter: RateLimiter): RateLimiter {
    const count = (key: string, result: RateLimitResult) => {
      if (!result.allowed) this.refusals.inc({ limit: limitName(key) });
      return result;
    };
    return {
      hit: async (key, rule) => count(key, await limiter.hit(key, rule)),
      hitInOrder: async (hits) =>
        (await limiter.hitInOrder(hits)).map((result, index) => count(hits[index]?.key ?? '', result)),
      peek: (key, rule) => limiter.peek(key, rule),
      reset: (keys) => limiter.reset(keys),
      refund: (keys) => limiter.refund(keys),
    };
  }

  /** The text format Prometheus scrapes. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
