import { LIGHTHOUSE_PAGES } from './lighthouse.mjs';
import { median } from './load.mjs';
import { OPEN } from './scenarios.mjs';

// Screening one rating: under 2 ms of the server's time (docs/screening.md).
const SCREENING_BUDGET_MS = 2;
// Texts shaped to make the reader work hardest cost at most twice an ordinary rating of the same length:
// the screening's work grows with the text, not with its square.
const ADVERSARIAL_RATIO_BUDGET = 2;
/**
 * Open-loop latency at half of each path's own capacity, in units of the same path's mean latency when
 * saturated (the closed loop's connections over its throughput, in the same rep), so a fast and a slow
 * machine judge the same code alike: at half the load, 95 % of requests wait no longer than every request
 * waits at full load, and 99 % no longer than twice that. A path that serializes on a lock, or whose latency
 * does not fall with its load, fails them.
 */
const LATENCY_BUDGETS = { p95: 1, p99: 2 };

export function screeningBudgets(screening) {
  const adversarialRatio = screening.adversarialMedianMs / screening.longestMedianMs;
  return [
    {
      name: 'screening one rating, median ms (CPU ms per rating in results)',
      value: screening.medianMs,
      target: `< ${SCREENING_BUDGET_MS}`,
      met: screening.medianMs < SCREENING_BUDGET_MS,
    },
    {
      name: 'screening a rating of adversarial 1,000-character texts / of ordinary ones, median',
      value: adversarialRatio,
      target: `< ${ADVERSARIAL_RATIO_BUDGET}`,
      met: adversarialRatio < ADVERSARIAL_RATIO_BUDGET,
    },
  ];
}

/** Medians over the reps of the runs `measurePaths` made. */
export function readings(runs) {
  return {
    rps: (name) => median(runs.closed[name].map((run) => run.rps)),
    ratio: (ours, baseline) =>
      median(
        (runs.closed[ours] ?? []).map((run, i) => run.rps / (runs.closed[baseline]?.[i]?.rps ?? Number.NaN)),
      ),
    latency: (name, key) => median((runs.open[name] ?? []).map((run) => run[key])),
    verification: (key) => median(runs.verification.map((run) => run[key])),
  };
}

/** Every budget with its value; `met` is null for a figure that is reported only. */
export function budgets({ plan, measured, receivedCount, embedded, client, lighthouse, screening }) {
  const { ratio, latency, verification } = readings(measured.runs);
  const percent = plan.openLoop.loadFraction * 100;
  const score = (page, category) => lighthouse?.[page][category] ?? Number.NaN;
  return [
    ['rating.questions / a (bare Fastify)', ratio('questions', 'a'), '>= 0.25', (v) => v >= 0.25],
    ['rating.questions / a2 (stock tRPC)', ratio('questions', 'a2'), '>= 2.5', (v) => v >= 2.5],
    ['rating.submit / b (bare SQL)', ratio('submit', 'b'), '>= 0.70', (v) => v >= 0.7],
    ['admin.profiles / d (bare page statement)', ratio('profiles', 'd'), '>= 0.60', (v) => v >= 0.6],
    [
      `profile.ratingsReceived (${receivedCount} ratings) / e (bare statement)`,
      ratio('ratingsReceived', 'e'),
      '>= 0.60',
      (v) => v >= 0.6,
    ],
    ['admin.profiles / c (1+2x50 queries)', ratio('profiles', 'c'), 'report', () => null],
    ['admin.profiles search / c', ratio('profilesSearch', 'c'), 'report', () => null],
    ...OPEN.flatMap((name) =>
      Object.entries(LATENCY_BUDGETS).map(([metric, most]) => [
        `${name} ${metric} at ${percent} % of its capacity / its saturated mean latency`,
        latency(name, `${metric}InSaturatedLatency`),
        `<= ${most}`,
        (v) => v <= most,
      ]),
    ),
    ...['send', 'check'].flatMap((step) =>
      Object.entries(LATENCY_BUDGETS).map(([metric, most]) => [
        `verification.${step} ${metric} at ${percent} % of the pairs' capacity / its saturated mean latency`,
        verification(`${step}${metric.toUpperCase()}InSaturatedLatency`),
        `<= ${most}`,
        (v) => v <= most,
      ]),
    ),
    ['server peak RSS under load (MB)', measured.rssMb, '< 200', (v) => v < 200],
    [
      'embedded default first start (empty data dir) to ready (ms)',
      embedded.freshMs,
      '< 6000',
      (v) => v < 6000,
    ],
    ['embedded default restart to ready (ms)', embedded.restartMs, '< 6000', (v) => v < 6000],
    ['public entry JS gzip (KB)', client.entryGzipKb, '<= 170', (v) => v <= 170 && !client.adminInEntry],
    ...(plan.lighthouseRuns > 0
      ? LIGHTHOUSE_PAGES.flatMap((page) => [
          [`Lighthouse ${page} performance (mobile)`, score(page, 'performance'), '>= 90', (v) => v >= 90],
          [`Lighthouse ${page} accessibility`, score(page, 'accessibility'), '>= 95', (v) => v >= 95],
        ])
      : []),
  ]
    .map(([name, value, target, check]) => ({ name, value, target, met: check(value) }))
    .concat(screening ? screeningBudgets(screening) : []);
}

/**
 * A budget without a value means a measurement or its baseline is missing: an error of the run, unless
 * `--only` left it out on purpose.
 */
export function requireEveryValue(plan, list) {
  if (plan.only) return;
  const missing = list.filter((budget) => !Number.isFinite(budget.value)).map((budget) => budget.name);
  if (missing.length > 0) throw new Error(`no value for: ${missing.join('; ')}`);
}
