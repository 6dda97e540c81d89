// Load soak (issue 9 item 5; not part of `pnpm test`): runs the BUILT server against a fresh Postgres
// database, a Redis key prefix reached through a TCP proxy this script controls, and a local SNS stub; drives
// steady mixed traffic for --minutes, injects a fault in the middle (SNS failing, Redis cut), then checks that
// nothing was lost or sent twice and that memory stayed flat. Writes soak/results.json.
//   pnpm --filter @exrated/server build && pnpm soak --minutes 10
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import postgres from 'postgres';
import { startControllableSns } from '../test/support/controllable-sns';
import { FetchBrowser, type ServerProcess, startServerProcess } from '../test/support/processes';
import { startTcpProxy } from '../test/support/tcp-proxy';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const OUT_DIR = path.join(REPO_ROOT, 'soak');
const POSTGRES_SERVER_URL = process.env.SOAK_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_HOST = '127.0.0.1';
const REDIS_PORT = Number(process.env.SOAK_REDIS_PORT ?? 6379);
const RSS_SAMPLE_MS = 5_000;
const DRAIN_TIMEOUT_MS = 240_000;
const MAX_IN_FLIGHT = 40;
const BROWSERS = 40;
/** Memory passes when the median RSS of the last third is at most this much above the first third's. */
const RSS_GROWTH_LIMIT = 0.25;

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    rate: { type: 'string', default: '8' },
    'fault-seconds': { type: 'string', default: '60' },
    'keep-database': { type: 'boolean', default: false },
  },
});
const minutes = Number(args.minutes);
const rate = Number(args.rate);
const faultSeconds = Number(args['fault-seconds']);
if (!(minutes > 0 && rate > 0 && faultSeconds > 0 && faultSeconds < minutes * 60)) {
  throw new Error('--minutes, --rate and --fault-seconds must be positive, the fault shorter than the run');
}

type OpName =
  | 'rating.questions'
  | 'profile.me'
  | 'rating.submit'
  | 'verification.send'
  | 'verification.check'
  | 'admin.read';

interface Sample {
  op: OpName;
  startedAt: number;
  ms: number;
  ok: boolean;
  status: number;
  error?: string;
}

interface Reply {
  ok: boolean;
  status: number;
  data: unknown;
  error?: string;
}

/** One browser (the fault suites' FetchBrowser) whose failures, network ones included, become a Reply. */
class Browser {
  private readonly browser = new FetchBrowser();
  constructor(private readonly baseUrl: string) {}

  async call(kind: 'query' | 'mutation', procedure: string, input?: unknown): Promise<Reply> {
    try {
      const reply = await this.browser.call(this.baseUrl, kind, procedure, input, {
        signal: AbortSignal.timeout(15_000),
      });
      return {
        ok: reply.status >= 200 && reply.status < 300,
        status: reply.status,
        data: reply.data,
        error: reply.error
          ? `${reply.error.data?.code ?? reply.error.code}: ${reply.error.message}`
          : undefined,
      };
    } catch (error) {
      return { ok: false, status: 0, data: undefined, error: String(error) };
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function rssKb(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main() {
  mkdirSync(OUT_DIR, { recursive: true });
  const runId = randomBytes(4).toString('hex');
  const databaseName = `exrated_soak_${runId}`;
  const redisPrefix = `soak:${runId}:`;
  const admin = postgres(POSTGRES_SERVER_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${databaseName}`);
  const databaseUrl = Object.assign(new URL(POSTGRES_SERVER_URL), {
    pathname: `/${databaseName}`,
  }).toString();

  // The fault suites' SNS stub: accepts or refuses publishes and counts accepted texts per notification.
  const sns = await startControllableSns();
  const codeSentTo = (phone: string) =>
    sns
      .accepted()
      .findLast((text) => text.to === phone)
      ?.message.match(/Your ExRated code is (\d{6})\./)?.[1];
  const redisProxy = await startTcpProxy({ host: REDIS_HOST, port: REDIS_PORT });

  const adminPassword = randomBytes(18).toString('base64url');
  const unlimited = '1000000';
  let server: ServerProcess | undefined;

  const samples: Sample[] = [];
  const rss: Array<{ at: number; kb: number }> = [];
  const acceptedRatings: string[] = [];
  let shed = 0;
  let inFlight = 0;
  const fault = { start: 0, end: 0, redisCut: { start: 0, end: 0 }, snsFailing: { start: 0, end: 0 } };
  let runStart = 0;
  let runEnd = 0;
  let recipientSeq = 0;
  let verifySeq = 0;

  const cleanup = async () => {
    if (server) {
      await server.stop();
      writeFileSync(path.join(OUT_DIR, 'server.log'), server.output());
    }
    await sns.close();
    await redisProxy.close();
    const redis = new Redis(REDIS_PORT, REDIS_HOST, { maxRetriesPerRequest: 1 });
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    if (!args['keep-database']) await admin.unsafe(`drop database if exists ${databaseName} with (force)`);
    await admin.end({ timeout: 5 });
  };

  try {
    server = await startServerProcess({
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      REDIS_URL: `redis://127.0.0.1:${redisProxy.port}`,
      REDIS_KEY_PREFIX: redisPrefix,
      SMS_PROVIDER: 'sns',
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      ADMIN_PASSWORD: adminPassword,
      AWS_ENDPOINT_URL_SNS: sns.url,
      AWS_REGION: 'eu-west-2',
      AWS_ACCESS_KEY_ID: 'AKIDSOAK',
      AWS_SECRET_ACCESS_KEY: 'soak-secret',
      AWS_MAX_ATTEMPTS: '1',
      // One client IP drives everything, so the per-IP and per-device caps are raised out of the way.
      LIMIT_VERIFICATION_SENDS_PER_PHONE_PER_HOUR: unlimited,
      LIMIT_VERIFICATION_SENDS_PER_IP_PER_HOUR: unlimited,
      LIMIT_VERIFICATION_CHECKS_PER_IP_PER_HOUR: unlimited,
      LIMIT_RATINGS_PER_DEVICE_PER_HOUR: unlimited,
      LIMIT_RATINGS_PER_IP_PER_HOUR: unlimited,
      LIMIT_RATING_TEXTS_PER_DAY: unlimited,
      LIMIT_ADMIN_LOGINS_PER_IP_PER_15_MIN: unlimited,
      // Fast retries so texts held back by the SNS fault are delivered within the drain wait.
      NOTIFICATION_RETRY_BASE_SECONDS: '5',
      NOTIFICATION_MAX_ATTEMPTS: '10',
      DISPATCHER_INTERVAL_MS: '1000',
      // Warnings and errors only: a 10-minute run at info level is mostly request lines.
      LOG_LEVEL: 'warn',
    });
    const { baseUrl } = server;
    const serverPid = server.child.pid ?? 0;
    const browsers = Array.from({ length: BROWSERS }, () => new Browser(baseUrl));
    const adminBrowser = new Browser(baseUrl);
    const login = await adminBrowser.call('mutation', 'admin.login', { password: adminPassword });
    if (!login.ok) throw new Error(`admin.login failed: ${login.error}`);
    const pick = () => browsers[Math.floor(Math.random() * browsers.length)] ?? new Browser(baseUrl);

    const timed = async (op: OpName, run: () => Promise<Reply>): Promise<Reply> => {
      const startedAt = Date.now();
      const reply = await run();
      samples.push({
        op,
        startedAt,
        ms: Date.now() - startedAt,
        ok: reply.ok,
        status: reply.status,
        ...(reply.ok ? {} : { error: reply.error }),
      });
      return reply;
    };

    const scenarios: Array<{ weight: number; run: () => Promise<unknown> }> = [
      {
        weight: 25,
        run: () => timed('rating.questions', () => new Browser(baseUrl).call('query', 'rating.questions')),
      },
      { weight: 20, run: () => timed('profile.me', () => pick().call('query', 'profile.me')) },
      {
        weight: 25,
        run: async () => {
          recipientSeq += 1;
          const reply = await timed('rating.submit', () =>
            pick().call('mutation', 'rating.submit', {
              name: 'Alex S.',
              relationshipType: 'casual',
              phoneNumber: `+447400${String(recipientSeq).padStart(6, '0')}`,
              scores: [1, 2, 3, 4, 5].map((questionId) => ({
                questionId,
                score: 1 + ((questionId * recipientSeq) % 10),
              })),
              testimonial: 'Kind, funny and always late.',
            }),
          );
          const ratingId = (reply.data as { ratingId?: string } | undefined)?.ratingId;
          if (reply.ok && ratingId) acceptedRatings.push(ratingId);
        },
      },
      {
        weight: 15,
        run: async () => {
          verifySeq += 1;
          const phone = `+447500${String(verifySeq).padStart(6, '0')}`;
          const browser = new Browser(baseUrl);
          const sent = await timed('verification.send', () =>
            browser.call('mutation', 'verification.send', { phoneNumber: phone }),
          );
          if (!sent.ok) return;
          await timed('verification.check', async () => {
            const code = codeSentTo(phone);
            if (!code)
              return { ok: false, status: 0, data: undefined, error: 'no code reached the SNS stub' };
            const checked = await browser.call('mutation', 'verification.check', {
              phoneNumber: phone,
              code,
            });
            const verified = (checked.data as { verified?: boolean } | undefined)?.verified === true;
            return verified || !checked.ok ? checked : { ...checked, ok: false, error: 'code not accepted' };
          });
        },
      },
      {
        weight: 15,
        run: () => {
          const reads: Array<[string, unknown]> = [
            ['admin.dashboard', undefined],
            ['admin.logs', {}],
            ['admin.profiles', {}],
            ['admin.errorLogs', {}],
          ];
          const [procedure, input] = reads[Math.floor(Math.random() * reads.length)] ??
            reads[0] ?? ['', undefined];
          return timed('admin.read', () => adminBrowser.call('query', procedure, input));
        },
      },
    ];
    const totalWeight = scenarios.reduce((sum, scenario) => sum + scenario.weight, 0);
    const chooseScenario = () => {
      let roll = Math.random() * totalWeight;
      for (const scenario of scenarios) {
        roll -= scenario.weight;
        if (roll < 0) return scenario;
      }
      return scenarios[0];
    };

    const durationMs = minutes * 60_000;
    const faultStartMs = durationMs / 2 - (faultSeconds * 1000) / 2;
    const totalOps = Math.round((durationMs / 1000) * rate);
    const intervalMs = 1000 / rate;
    const running = new Set<Promise<unknown>>();
    runStart = Date.now();
    const sampler = setInterval(() => {
      const kb = rssKb(serverPid);
      if (kb !== null) rss.push({ at: Date.now() - runStart, kb });
    }, RSS_SAMPLE_MS);
    const faultTimers = [
      setTimeout(() => {
        fault.start = Date.now();
        fault.snsFailing.start = fault.start;
        fault.redisCut.start = fault.start;
        sns.setMode({ kind: 'fail' });
        // Redis down: open connections dropped and new ones refused, as when the server dies.
        redisProxy.cutAll();
        void redisProxy.refuse();
        console.log(`[soak] fault injected: SNS failing ${faultSeconds} s, Redis cut ${faultSeconds / 2} s`);
      }, faultStartMs),
      setTimeout(
        () => {
          void redisProxy.restore().then(() => {
            fault.redisCut.end = Date.now();
            console.log('[soak] Redis restored');
          });
        },
        faultStartMs + (faultSeconds * 1000) / 2,
      ),
      setTimeout(
        () => {
          sns.setMode({ kind: 'ok' });
          fault.snsFailing.end = Date.now();
          fault.end = fault.snsFailing.end;
          console.log('[soak] SNS restored; fault over');
        },
        faultStartMs + faultSeconds * 1000,
      ),
    ];
    const progress = setInterval(() => {
      const failed = samples.filter((sample) => !sample.ok).length;
      console.log(
        `[soak] ${Math.round((Date.now() - runStart) / 1000)} s: ${samples.length} requests, ${failed} failed, ${acceptedRatings.length} ratings, RSS ${rss.at(-1)?.kb ?? '?'} kB`,
      );
    }, 30_000);

    // A steady open-loop schedule: one operation every 1/rate seconds, bounded by totalOps.
    for (let index = 0; index < totalOps; index += 1) {
      const due = runStart + index * intervalMs;
      const wait = due - Date.now();
      if (wait > 0) await sleep(wait);
      if (inFlight >= MAX_IN_FLIGHT) {
        shed += 1;
        continue;
      }
      inFlight += 1;
      const task = (chooseScenario()?.run() ?? Promise.resolve()).finally(() => {
        inFlight -= 1;
        running.delete(task);
      });
      running.add(task);
    }
    await Promise.allSettled([...running]);
    runEnd = Date.now();
    clearInterval(progress);
    for (const timer of faultTimers) clearTimeout(timer);

    // Texts held back by the SNS fault must all go out: wait for the dispatcher to drain.
    const db = postgres(databaseUrl, { max: 2, onnotice: () => {} });
    const drainStart = Date.now();
    let pending = Number.POSITIVE_INFINITY;
    while (Date.now() - drainStart < DRAIN_TIMEOUT_MS) {
      const [row] = await db<
        { pending: number }[]
      >`select count(*)::int as pending from notifications where status = 'pending'`;
      pending = row?.pending ?? 0;
      if (pending === 0) break;
      await sleep(2_000);
    }
    const drainMs = Date.now() - drainStart;
    clearInterval(sampler);

    const ratingRows = await db<{ id: string; scores: number; notifications: number }[]>`
      select r.id,
        (select count(*)::int from rating_scores s where s.rating_id = r.id) as scores,
        (select count(*)::int from notifications n where n.rating_id = r.id) as notifications
      from ratings r`;
    const statusRows = await db<{ status: string; count: number }[]>`
      select status, count(*)::int as count from notifications group by status`;
    const sentRows = await db<{ id: string }[]>`select id from notifications where status = 'sent'`;
    await db.end({ timeout: 5 });

    const byId = new Map(ratingRows.map((row) => [row.id, row]));
    const missingRatings = acceptedRatings.filter((id) => !byId.has(id));
    const wrongScores = ratingRows.filter((row) => row.scores !== 5).length;
    const wrongNotifications = ratingRows.filter((row) => row.notifications !== 1).length;
    const publishesPerNotification = sns.acceptedByNotification();
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
    const errorKinds = (list: Sample[]) => {
      const counts = new Map<string, number>();
      for (const sample of list) {
        const key = `${sample.op} ${sample.status} ${(sample.error ?? '').slice(0, 120)}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]).slice(0, 20));
    };

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
    const results = {
      finishedAt: new Date().toISOString(),
      parameters: {
        minutes,
        ratePerSecond: rate,
        faultSeconds,
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
        publishesRefusedDuringFault: sns.refusedCount(),
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
    writeFileSync(path.join(OUT_DIR, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
    const { series: _series, ...memorySummary } = results.memory;
    console.log(JSON.stringify({ ...results, memory: memorySummary }, null, 2));
    console.log(`[soak] ${passed ? 'PASSED' : 'FAILED'}; full results in soak/results.json`);
    process.exitCode = passed ? 0 : 1;
  } finally {
    await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
