import { ratings } from '@exrated/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OPENAI_MODERATION_MODEL } from '../src/services/screening/openai-moderation';
import {
  FAKE_OPENAI_KEY,
  type FakeOpenAiModeration,
  FLAGGED_PHRASE,
  startFakeOpenAiModeration,
} from './support/fake-openai-moderation';
import { captureLogs } from './support/log-capture';
import { ratingInput, submitRating, usPhone } from './support/rating-fixtures';
import { createTestApp, type TestApp, testAdminLogin, UNCAPPED_LIMITS_ENV } from './support/test-app';

// The screening classifier behind the rules (docs/screening.md#the-classifier), against a loopback fake of
// OpenAI's moderation endpoint that scores, fails and stalls.
const METRICS_TOKEN = 'metrics-token-for-the-tests-0123';
const TIMEOUT_MS = 1500;
const COST = 0.0004;

let fake: FakeOpenAiModeration;
let t: TestApp;
const logs = captureLogs();
let phone = 0;

beforeAll(async () => {
  fake = await startFakeOpenAiModeration();
  t = await createTestApp({
    env: {
      ...UNCAPPED_LIMITS_ENV,
      METRICS_TOKEN,
      SCREENING_CLASSIFIER: 'openai',
      OPENAI_API_KEY: FAKE_OPENAI_KEY,
      OPENAI_BASE_URL: fake.url,
      SCREENING_CLASSIFIER_TIMEOUT_MS: String(TIMEOUT_MS),
      SCREENING_CLASSIFIER_COST_USD_PER_CALL: String(COST),
    },
    overrides: { runDispatcher: false, logger: { level: 'warn', stream: logs.stream } },
  });
});

afterEach(() => fake.setMode('score'));

afterAll(async () => {
  await t?.close();
  await fake?.close();
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
        `exrated_screening_classifier_calls_total{provider="openai",outcome="${outcome}",flagged="${flagged}"}`,
      ),
    );
  return Number(line?.split(' ').at(-1) ?? 0);
}

describe('the screening classifier', () => {
  it('holds what the rules accept and the classifier flags, sending the texts only', async () => {
    const feedback = `He is ${FLAGGED_PHRASE} for the day she walks out alone`;
    const before = fake.requests.length;
    expect(await submit({ feedback })).toBe('screening-classifier:harassment/threatening');
    const [request] = fake.requests.slice(before);
    expect(request?.authorization).toBe(`Bearer ${FAKE_OPENAI_KEY}`);
    // The rating's texts, each an input of its own: no name, no phone number, no identifier.
    expect(request?.body).toEqual({
      model: OPENAI_MODERATION_MODEL,
      input: ['Kind, funny, and terrible at texting back.', 'They taught me to slow down.', feedback],
    });
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
      new RegExp(`exrated_screening_classifier_cost_usd_total\\{provider="openai"\\} ${total * COST}`),
    );
    const admin = t.caller({ ip: '198.51.100.77' });
    await admin.trpc.admin.login(testAdminLogin());
    const { classifier } = await admin.trpc.admin.dashboard();
    expect(classifier).toMatchObject({ provider: 'openai', calls: total, failed: 2, timedOut: 1 });
    expect(classifier.costUsd).toBeCloseTo(total * COST, 10);
    expect(classifier.costPerRatingUsd).toBeCloseTo(COST, 10);
  });
});
