// The soak's verdict: the checks and the results object (soak/results.json) built from what the run recorded.
import type { Sample } from './client';
import type { FaultWindow } from './faults';
import type { RssSample } from './monitor';
import type { DatabaseOutcome } from './outcome';
import { BROWSERS, MAX_IN_FLIGHT, RSS_GROWTH_LIMIT, RSS_SAMPLE_MS } from './settings';

export interface RunRecord {
  parameters: { minutes: number; rate: number; faultSeconds: number };
  runStart: number;
  runEnd: number;
  fault: FaultWindow;
  samples: Sample[];
  shed: number;
  acceptedRatings: string[];
  rss: RssSample[];
  database: DatabaseOutcome;
  /** Texts the SNS stub accepted per notification id. */
  publishesPerNotification: Map<string, number>;
  publishesRefused: number;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** The 20 most frequent errors in `list`, by operation, status and message. */
function errorKinds(list: Sample[]): Record<string, number> {
  const counts = new Map<string, number>();
  for (const sample of list) {
    const key = `${sample.op} ${sample.status} ${(sample.error ?? '').slice(0, 120)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]).slice(0, 20));
}

export function buildResults(run: RunRecord) {
  const { parameters, runStart, runEnd, fault, samples, shed, acceptedRatings, rss, database } = run;
  const { pending, drainMs, ratingRows, statusRows, sentRows } = database;
  const { publishesPerNotification } = run;

  const byId = new Map(ratingRows.map((row) => [row.id, row]));
  const missingRatings = acceptedRatings.filter((id) => !byId.has(id));
  const wrongScores = ratingRows.filter((row) => row.scores !== 5).length;
  const wrongNotifications = ratingRows.filter((row) => row.notifications !== 1).length;
  const duplicates = [...publishesPerNotification.values()].filter((count) => count > 1).length;
  const sentWithoutPublish = sentRows.filter((row) => !publishesPerNotification.has(row.id)).length;
  const notificationStatus = Object.fromEntries(statusRows.map((row) => [row.status, row.count]));

  const inFault = (sample: Sample) => sample.startedAt >= fault.start && sample.startedAt <= fault.end;
  const outside = samples.filter((sample) => !inFault(sample));
  const inside = samples.filter(inFault);
  const outsideErrors = outside.filter((sample) => !sample.ok);
  const insideErrors = inside.filter((sample) => !sample.ok);
  const firstThird = rss.slice(0, Math.floor(rss.length / 3)).map((sample) => sample.kb);
  const lastThird = rss.slice(rss.length - Math.floor(rss.length / 3)).map((sample) => sample.kb);
  const rssFirstMedian = median(firstThird);
  const rssLastMedian = median(lastThird);
  const rssGrowth = rssFirstMedian > 0 ? rssLastMedian / rssFirstMedian - 1 : 0;

  const perOp = Object.fromEntries(
    [...new Set(samples.map((sample) => sample.op))].map((op) => {
      const ofOp = samples.filter((sample) => sample.op === op);
      const ms = ofOp.map((sample) => sample.ms);
      return [
        op,
        {
          requests: ofOp.length,
          failedOutsideFault: ofOp.filter((sample) => !sample.ok && !inFault(sample)).length,
          failedInFault: ofOp.filter((sample) => !sample.ok && inFault(sample)).length,
          p50Ms: percentile(ms, 50),
          p95Ms: percentile(ms, 95),
          p99Ms: percentile(ms, 99),
        },
      ];
    }),
  );

  const checks = {
    everyAcceptedRatingStored: missingRatings.length === 0,
    everyRatingHasFiveScores: wrongScores === 0,
    everyRatingHasOneNotification: wrongNotifications === 0,
    noNotificationSentTwice: duplicates === 0,
    everySentNotificationReachedSns: sentWithoutPublish === 0,
    noPendingNotificationLeft: pending === 0 && (notificationStatus.failed ?? 0) === 0,
    noErrorsOutsideFaultWindow: outsideErrors.length === 0,
    memoryBounded: rss.length >= 6 && rssGrowth <= RSS_GROWTH_LIMIT,
    noRequestsShed: shed === 0,
  };
  const passed = Object.values(checks).every(Boolean);
  return {
    finishedAt: new Date().toISOString(),
    parameters: {
      minutes: parameters.minutes,
      ratePerSecond: parameters.rate,
      faultSeconds: parameters.faultSeconds,
      maxInFlight: MAX_IN_FLIGHT,
      browsers: BROWSERS,
    },
    passed,
    checks,
    durationSeconds: Math.round((runEnd - runStart) / 1000),
    faultWindowSeconds: {
      start: Math.round((fault.start - runStart) / 1000),
      end: Math.round((fault.end - runStart) / 1000),
      redisCut: [fault.redisCut.start, fault.redisCut.end].map((at) => Math.round((at - runStart) / 1000)),
      snsFailing: [fault.snsFailing.start, fault.snsFailing.end].map((at) =>
        Math.round((at - runStart) / 1000),
      ),
    },
    requests: {
      total: samples.length,
      shed,
      outsideFault: outside.length,
      failedOutsideFault: outsideErrors.length,
      errorRateOutsideFault: outside.length ? outsideErrors.length / outside.length : 0,
      inFault: inside.length,
      failedInFault: insideErrors.length,
      errorsOutsideFault: errorKinds(outsideErrors),
      errorsInFault: errorKinds(insideErrors),
    },
    perOperation: perOp,
    ratings: {
      accepted: acceptedRatings.length,
      inDatabase: ratingRows.length,
      missing: missingRatings.length,
      withoutFiveScores: wrongScores,
      withoutExactlyOneNotification: wrongNotifications,
    },
    notifications: {
      status: notificationStatus,
      publishesRefusedDuringFault: run.publishesRefused,
      distinctPublished: publishesPerNotification.size,
      publishedMoreThanOnce: duplicates,
      sentWithoutPublish,
      drainSeconds: Math.round(drainMs / 1000),
    },
    memory: {
      samples: rss.length,
      sampleEverySeconds: RSS_SAMPLE_MS / 1000,
      firstThirdMedianMb: Math.round(rssFirstMedian / 102.4) / 10,
      lastThirdMedianMb: Math.round(rssLastMedian / 102.4) / 10,
      maxMb: Math.round(Math.max(...rss.map((sample) => sample.kb)) / 102.4) / 10,
      growth: Math.round(rssGrowth * 1000) / 1000,
      limit: RSS_GROWTH_LIMIT,
      series: rss,
    },
  };
}
