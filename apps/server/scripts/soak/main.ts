// Load soak (not part of `pnpm test`): runs the BUILT server against a fresh Postgres
// database, a Redis key prefix reached through a TCP proxy this script controls, and a local SNS stub; drives
// steady mixed traffic for --minutes, injects a fault in the middle (SNS failing, Redis cut), then checks that
// nothing was lost or sent twice and that memory stayed flat. Writes soak/results.json.
//   pnpm --filter @exrated/server build && pnpm soak --minutes 10
// The script is apps/server/scripts/soak/main.ts; the modules beside it each do one part of the run.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import postgres from 'postgres';
import { startControllableSns } from '../../test/support/controllable-sns';
import type { ServerProcess } from '../../test/support/processes';
import { startTcpProxy } from '../../test/support/tcp-proxy';
import { Browser } from './client';
import { scheduleFaults } from './faults';
import { logProgress, sampleRss } from './monitor';
import { readRows, waitForDrain } from './outcome';
import { buildResults } from './report';
import { runOpenLoop } from './schedule';
import {
  BROWSERS,
  DRAIN_TIMEOUT_MS,
  MAX_IN_FLIGHT,
  OUT_DIR,
  POSTGRES_SERVER_URL,
  REDIS_HOST,
  REDIS_PORT,
  RSS_SAMPLE_MS,
} from './settings';
import { createDatabase, startSoakServer } from './setup';
import { createTraffic } from './traffic';

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

async function main() {
  mkdirSync(OUT_DIR, { recursive: true });
  const runId = randomBytes(4).toString('hex');
  const databaseName = `exrated_soak_${runId}`;
  const redisPrefix = `soak:${runId}:`;
  const admin = postgres(POSTGRES_SERVER_URL, { max: 1, onnotice: () => {} });
  const databaseUrl = await createDatabase(admin, databaseName);

  // The fault suites' SNS stub: accepts or refuses publishes and counts accepted texts per notification.
  const sns = await startControllableSns();
  const redisProxy = await startTcpProxy({ host: REDIS_HOST, port: REDIS_PORT });

  const adminPassword = randomBytes(18).toString('base64url');
  let server: ServerProcess | undefined;

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
    server = await startSoakServer({
      databaseUrl,
      redisProxyPort: redisProxy.port,
      redisPrefix,
      snsUrl: sns.url,
      adminPassword,
    });
    const { baseUrl } = server;
    const serverPid = server.child.pid ?? 0;
    const browsers = Array.from({ length: BROWSERS }, () => new Browser(baseUrl));
    const adminBrowser = new Browser(baseUrl);
    const login = await adminBrowser.call('mutation', 'admin.login', { password: adminPassword });
    if (!login.ok) throw new Error(`admin.login failed: ${login.error}`);
    const traffic = createTraffic({ baseUrl, browsers, adminBrowser, sns });

    const durationMs = minutes * 60_000;
    const totalOps = Math.round((durationMs / 1000) * rate);
    const intervalMs = 1000 / rate;
    const runStart = Date.now();
    const sampler = sampleRss(serverPid, runStart, RSS_SAMPLE_MS);
    const faults = scheduleFaults({ sns, redisProxy, durationMs, faultSeconds });
    const stopProgress = logProgress({
      runStart,
      samples: traffic.samples,
      acceptedRatings: traffic.acceptedRatings,
      rss: sampler.series,
    });

    const { shed } = await runOpenLoop({
      runStart,
      totalOps,
      intervalMs,
      maxInFlight: MAX_IN_FLIGHT,
      chooseScenario: traffic.chooseScenario,
    });
    const runEnd = Date.now();
    stopProgress();
    faults.cancel();

    // Texts held back by the SNS fault must all go out: wait for the dispatcher to drain.
    const db = postgres(databaseUrl, { max: 2, onnotice: () => {} });
    const drain = await waitForDrain(db, DRAIN_TIMEOUT_MS);
    sampler.stop();
    const rows = await readRows(db);
    await db.end({ timeout: 5 });

    const results = buildResults({
      parameters: { minutes, rate, faultSeconds },
      runStart,
      runEnd,
      fault: faults.fault,
      samples: traffic.samples,
      shed,
      acceptedRatings: traffic.acceptedRatings,
      rss: sampler.series,
      database: { ...drain, ...rows },
      publishesPerNotification: sns.acceptedByNotification(),
      publishesRefused: sns.refusedCount(),
    });
    writeFileSync(path.join(OUT_DIR, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
    const { series: _series, ...memorySummary } = results.memory;
    console.log(JSON.stringify({ ...results, memory: memorySummary }, null, 2));
    console.log(`[soak] ${results.passed ? 'PASSED' : 'FAILED'}; full results in soak/results.json`);
    process.exitCode = results.passed ? 0 : 1;
  } finally {
    await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
