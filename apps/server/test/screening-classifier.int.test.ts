import { ratings } from '@exrated/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OPENAI_MODERATION_MODEL } from '../src/services/screening/openai-moderation';
import {
  FAKE_OPENAI_KEY,
  type FakeModeration,
  FLAGGED_PHRASE,
  startFakeComprehend,
  startFakeOpenAiModeration,
} from './support/fake-moderation';
import { captureLogs } from './support/log-capture';
import { ratingInput, submitRating, usPhone } from './support/rating-fixtures';
import { createTestApp, type TestApp, testAdminLogin, UNCAPPED_LIMITS_ENV } from './support/test-app';

// The screening classifier behind the rules (docs/screening.md#the-classifier), against loopback fakes of
// OpenAI's moderation endpoint and of AWS Comprehend's DetectToxicContent that score, fail and stall.
const METRICS_TOKEN = 'metrics-token-for-the-tests-0123';
const TIMEOUT_MS = 1500;
const COST = 0.0004;

const TESTIMONIAL = 'Kind, funny, and terrible at texting back.';
const GRATITUDE = 'They taught me to slow down.';

const PROVIDERS = [
  {
    provider: 'openai',
    start: startFakeOpenAiModeration,
    env: (url: string) => ({ OPENAI_API_KEY: FAKE_OPENAI_KEY, OPENAI_BASE_URL: url }),
    flaggedAs: 'screening-classifier:harassment/threatening',
    sent: (feedback: string) => ({
      model: OPENAI_MODERATION_MODEL,
      input: [TESTIMONIAL, GRATITUDE, feedback],
    }),
  },
  {
    provider: 'comprehend',
    start: startFakeComprehend,
    env: () => ({}),
    // Profanity scores high on every text: only the labels that hold a rating count.
    flaggedAs: 'screening-classifier:violence_or_threat',
    sent: (feedback: string) => ({
      LanguageCode: 'en',
      TextSegments: [{ Text: TESTIMONIAL }, { Text: GRATITUDE }, { Text: feedback }],
    }),
  },
] as const;

describe.each(PROVIDERS)(
  'the screening classifier: $provider',
  ({ provider, start, env, flaggedAs, sent }) => {
    let fake: FakeModeration;
    let t: TestApp;
    const logs = captureLogs();
    let phone = provider === 'openai' ? 0 : 500;

    beforeAll(async () => {
      fake = await start();
      // The AWS SDK reads the standard AWS environment, as it does for the texts.
      vi.stubEnv('AWS_ENDPOINT_URL_COMPREHEND', fake.url);
      vi.stubEnv('AWS_REGION', 'us-east-1');
      vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
      vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'example-secret');
      vi.stubEnv('AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED', 'true');
      t = await createTestApp({
        env: {
          ...UNCAPPED_LIMITS_ENV,
          METRICS_TOKEN,
          SCREENING_CLASSIFIER: provider,
          SCREENING_CLASSIFIER_TIMEOUT_MS: String(TIMEOUT_MS),
          SCREENING_CLASSIFIER_COST_USD_PER_CALL: String(COST),
          ...env(fake.url),
        },
        overrides: { runDispatcher: false, logger: { level: 'warn', stream: logs.stream } },
      });
    });

    afterEach(() => fake.setMode('score'));

    afterAll(async () => {
      await t?.close();
      await fake?.close();
      vi.unstubAllEnvs();
    });

    async function submit(overrides: Record<string, unknown>) {
      const reply = await submitRating(t, ratingInput({ ...overrides, phoneNumber: usPhone(100 + phone++) }));
      expect(reply.error).toBeUndefined();
      const [row] = await t.database.db
        .select({ heldReason: ratings.heldReason })
        .from(ratings)
        .where(eq(ratings.id, reply.data?.ratingId ?? ''));
      return row?.heldReason ?? null;
    }

    async function metrics() {
      const reply = await t.http({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      return reply.body;
    }

    function calls(body: string, outcome: string, flagged: boolean) {
      const line = body
        .split('\n')
        .find((each) =>
          each.startsWith(
            `exrated_screening_classifier_calls_total{provider="${provider}",outcome="${outcome}",flagged="${flagged}"}`,
          ),
        );
      return Number(line?.split(' ').at(-1) ?? 0);
    }

    it('holds what the rules accept and the classifier flags, sending the texts only', async () => {
      const feedback = `He is ${FLAGGED_PHRASE} for the day she walks out alone`;
      const before = fake.requests.length;
      expect(await submit({ feedback })).toBe(flaggedAs);
      const [request] = fake.requests.slice(before);
      // The rating's texts, each an input of its own: no name, no phone number, no identifier.
      expect(request?.body).toEqual(sent(feedback));
    });

    it('lets through what neither flags, and keeps a rule’s own hold when the classifier agrees', async () => {
      expect(await submit({})).toBeNull();
      expect(await submit({ feedback: `I will find you, I am ${FLAGGED_PHRASE}` })).toBe('screening:threats');
    });

    it('never refuses: a refusal is the rules’ alone, and the classifier is not asked', async () => {
      const before = fake.requests.length;
      const reply = await submitRating(
        t,
        ratingInput({ feedback: 'add me on snap alex_s92', phoneNumber: usPhone(90) }),
      );
      expect(reply.status).toBe(400);
      expect(fake.requests.length).toBe(before);
    });

    it('falls back to the rules on a failure, with a metric and a log line', async () => {
      const failedBefore = calls(await metrics(), 'failed', false);
      fake.setMode('fail');
      expect(await submit({ feedback: `${FLAGGED_PHRASE} for her` })).toBeNull();
      expect(await submit({ feedback: 'I will find you' })).toBe('screening:threats');
      expect(calls(await metrics(), 'failed', false)).toBe(failedBefore + 2);
      expect(logs.text()).toContain('screening classifier did not answer; the rules alone decide');
      expect(logs.text()).toContain('"outcome":"failed"');
    });

    it('falls back to the rules when the provider stalls, after the time-out', async () => {
      const timedOutBefore = calls(await metrics(), 'timed_out', false);
      fake.setMode('stall');
      const started = Date.now();
      expect(await submit({ feedback: `${FLAGGED_PHRASE} for her` })).toBeNull();
      expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS);
      expect(calls(await metrics(), 'timed_out', false)).toBe(timedOutBefore + 1);
      expect(logs.text()).toContain('"outcome":"timed_out"');
    });

    it('shows its calls and their cost per rating on the dashboard and in the metrics', async () => {
      const body = await metrics();
      const total = ['answered', 'failed', 'timed_out']
        .flatMap((outcome) => [calls(body, outcome, true), calls(body, outcome, false)])
        .reduce((sum, each) => sum + each, 0);
      expect(body).toMatch(
        new RegExp(`exrated_screening_classifier_cost_usd_total\\{provider="${provider}"\\} ${total * COST}`),
      );
      const admin = t.caller({ ip: provider === 'openai' ? '198.51.100.77' : '198.51.100.78' });
      await admin.trpc.admin.login(testAdminLogin());
      const { classifier } = await admin.trpc.admin.dashboard();
      expect(classifier).toMatchObject({ provider, calls: total, failed: 2, timedOut: 1 });
      expect(classifier.costUsd).toBeCloseTo(total * COST, 10);
      expect(classifier.costPerRatingUsd).toBeCloseTo(COST, 10);
    });
  },
);
