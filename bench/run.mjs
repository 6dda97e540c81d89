import { execFileSync, fork } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import postgres from 'postgres';
import { explainAll } from './lib/explain.mjs';
import { auditPages, describeRun, LIGHTHOUSE_PAGES } from './lib/lighthouse.mjs';
import { drive, drivePaced, median, percentile } from './lib/load.mjs';
import { machineCpuTicks, stealPercent } from './lib/machine.mjs';
import { cpuMs, killOnExit, sampleRss, startServer, stop } from './lib/processes.mjs';
import { summarize } from './lib/profile-summary.mjs';
import { measureScreening } from './lib/screening.mjs';
import {
  SEED_VERSION,
  SIZES,
  seedDatabase,
  TARGET_PHONE,
  TARGET_RATINGS,
  templateIsSeeded,
} from './lib/seed.mjs';
import { startSnsStub } from './lib/sns-stub.mjs';

/**
 * `pnpm bench [--quick] [--no-build] [--reseed] [--profile]`: the production server bundle against real
 * Postgres and Redis, driven by autocannon from this process, side by side with its baselines.
 */
const args = new Set(process.argv.slice(2));
// `--only=submit,b,verification,embedded` runs just those measurements (for profiling one path); the budgets
// of the others then read NaN and the results go to results.only.json instead of results.json.
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const selected = (name) => !only || only.includes(name);
const quick = args.has('--quick');
const mode = quick ? 'quick' : 'full';
const REPS = 3;
const DURATION = quick ? 1 : 6;
const RATE = 200;
/** Seconds each path is driven, unmeasured, before the first rep: rep 1 otherwise measures V8's JIT warm-up. */
const WARMUP = quick ? 1 : 2;
// Lighthouse runs take 10-20 s each here: the median of 3 per page fits the full run, one keeps quick short.
const LIGHTHOUSE_RUNS = quick ? 1 : 3;
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const bundle = path.join(root, 'apps/server/dist/server/main.js');
const logFile = path.join(here, 'server.log');
const PG = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const TEMPLATE = `exrated_bench_template_${mode}`;
// Per process: two benches at once (one profiling, one measuring) must not drop each other's database.
const RUN_DB = `exrated_bench_run_${mode}_${process.pid}`;
const ADMIN_PASSWORD = 'bench-admin-password-0123';
const BIG = 1_000_000_000;
// The production start command's flags (apps/server/package.json `start`, docker/Dockerfile CMD).
const SERVER_NODE_ARGS = ['--max-old-space-size=160', '--heap-growing-percent=300'];
const benchStarted = performance.now();
const say = (line) =>
  process.stdout.write(`[bench ${((performance.now() - benchStarted) / 1000).toFixed(0)}s] ${line}\n`);

function limitsEnv() {
  return Object.fromEntries(
    [
      'VERIFICATION_TEXTS_PER_PHONE_PER_DAY',
      'VERIFICATION_TEXTS_PER_DAY',
      'VERIFICATION_TEXTS_PER_COUNTRY_PER_HOUR',
      'PHONE_SAVES_PER_IP_PER_HOUR',
      'RATINGS_PER_NUMBER_PER_DAY',
      'VERIFICATION_SENDS_PER_IP_PER_HOUR',
      'VERIFICATION_CHECKS_PER_IP_PER_HOUR',
      'RATINGS_PER_DEVICE_PER_HOUR',
      'RATINGS_PER_IP_PER_HOUR',
      'RATING_TEXTS_PER_RECIPIENT_PER_DAY',
      'RATING_TEXTS_PER_DAY',
      'ADMIN_LOGINS_PER_IP_PER_15_MIN',
      'TELEMETRY_PER_IP_PER_MINUTE',
      'DEVICE_SESSIONS_PER_IP_PER_HOUR',
    ].map((name) => [`LIMIT_${name}`, String(BIG)]),
  );
}

function serverEnv(databaseName, snsUrl) {
  return {
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1',
    DATABASE_URL: `${PG}/${databaseName}`,
    REDIS_URL: 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: `exrated-bench:${process.pid}:`,
    SESSION_SECRET: 'bench-session-secret-0123456789abcdef',
    ADMIN_PASSWORD,
    COOKIE_SECURE: 'false',
    SMS_PROVIDER: 'sns',
    AWS_ENDPOINT_URL_SNS: snsUrl,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'AKIDBENCH',
    AWS_SECRET_ACCESS_KEY: 'bench-secret',
    AWS_MAX_ATTEMPTS: '1',
    // Texts go out as ratings are made, as the baselines measured (release times: docs/anonymity.md).
    RELEASE_DELAY_MIN_MINUTES: '0',
    RELEASE_DELAY_SPREAD_MINUTES: '0',
    RELEASE_QUIET_HOURS: 'off',
    ...limitsEnv(),
  };
}

async function prepareDatabase(adminSql, snsUrl) {
  const sizes = SIZES[mode];
  let note = await templateIsSeeded(adminSql, TEMPLATE);
  let seedSeconds = null;
  if (args.has('--reseed') || note !== `${SEED_VERSION} ${JSON.stringify(sizes)}`) {
    say(`seeding template ${TEMPLATE} (${JSON.stringify(sizes)}) — once`);
    await adminSql.unsafe(`drop database if exists ${TEMPLATE}`);
    await adminSql.unsafe(`create database ${TEMPLATE}`);
    // The production bundle applies the committed migrations at start: the template gets exactly them.
    const migrator = await startServer({
      bundle,
      env: serverEnv(TEMPLATE, snsUrl),
      logFile,
      nodeArgs: SERVER_NODE_ARGS,
    });
    await stop(migrator.child);
    seedSeconds = await seedDatabase(`${PG}/${TEMPLATE}`, sizes);
    note = `${SEED_VERSION} ${JSON.stringify(sizes)}`;
    await adminSql.unsafe(`comment on database ${TEMPLATE} is '${note}'`);
    say(`seeded in ${seedSeconds.toFixed(1)} s`);
  }
  await dropDatabasesOfDeadRuns(adminSql);
  const cloneStarted = performance.now();
  await adminSql.unsafe(`create database ${RUN_DB} template ${TEMPLATE}`);
  return { sizes, seedSeconds, cloneSeconds: (performance.now() - cloneStarted) / 1000 };
}

/** Run databases left by benches that were killed before their cleanup (named after their process id). */
async function dropDatabasesOfDeadRuns(adminSql) {
  const rows = await adminSql`select datname from pg_database where datname like 'exrated_bench_run_%'`;
  for (const { datname } of rows) {
    const pid = Number(datname.split('_').at(-1));
    if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) continue;
    await adminSql.unsafe(`drop database if exists ${datname} with (force)`);
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A tiny cookie jar for one simulated browser. */
function browser(base) {
  const jar = new Map();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  async function call(kind, procedure, input) {
    const payload = JSON.stringify({ json: input });
    const res =
      kind === 'query'
        ? await fetch(`${base}/trpc/${procedure}?input=${encodeURIComponent(payload)}`, {
            headers: { cookie: cookie() },
          })
        : await fetch(`${base}/trpc/${procedure}`, {
            method: 'POST',
            headers: { cookie: cookie(), 'content-type': 'application/json' },
            body: payload,
          });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const body = await res.json();
    if (!res.ok)
      throw new Error(`${procedure} answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
    return body.result.data.json;
  }
  return { call, cookie };
}

/**
 * Requests autocannon abandoned at the end of a run still run in the server and the database: wait until no
 * statement of the run database is active (or 60 s), so they do not load the next measurement.
 */
async function settle(adminSql) {
  const until = performance.now() + 60_000;
  await new Promise((resolve) => setTimeout(resolve, 200));
  while (performance.now() < until) {
    const [row] = await adminSql`select count(*)::int as active from pg_stat_activity
      where datname = ${RUN_DB} and state <> 'idle' and pid <> pg_backend_pid()`;
    if (row.active === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let phoneCounter = Math.floor(Math.random() * 1_000_000);
/** A fresh valid US number per call, outside the seeded range, so no same-phone rule interferes. */
const freshPhone = () => `+1312${String(2_000_000 + (phoneCounter++ % 7_000_000)).padStart(7, '0')}`;
const ratingInput = () => ({
  name: 'Alex',
  relationshipType: 'casual',
  phoneNumber: freshPhone(),
  testimonial: 'Kind, funny and always late',
  scores: [1, 2, 3, 4, 5].map((questionId) => ({ questionId, score: 1 + ((questionId * 3) % 10) })),
});
const queryUrl = (base, procedure, input) =>
  `${base}/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;

/** Open-loop verification pairs: a new visitor starts a send every 1/rate s, then checks the texted code. */
async function verificationPairs({ base, sns, pairsPerSecond, duration }) {
  const send = [];
  const check = [];
  let failures = 0;
  const inFlight = [];
  const pair = async () => {
    const visitor = browser(base);
    const phoneNumber = freshPhone();
    try {
      let started = performance.now();
      await visitor.call('mutation', 'verification.send', { phoneNumber });
      send.push(performance.now() - started);
      const code = await sns.takeCode(phoneNumber);
      started = performance.now();
      await visitor.call('mutation', 'verification.check', { phoneNumber, code });
      check.push(performance.now() - started);
    } catch {
      failures++;
    }
  };
  const total = Math.round(pairsPerSecond * duration);
  const began = performance.now();
  for (let i = 0; i < total; i++) {
    const due = began + (i * 1000) / pairsPerSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(pair());
  }
  await Promise.all(inFlight);
  return {
    pairs: total,
    failures,
    sendP95: percentile(send, 95),
    sendP99: percentile(send, 99),
    checkP95: percentile(check, 95),
    checkP99: percentile(check, 99),
  };
}

function clientBundle() {
  const dist = path.join(root, 'apps/client/dist');
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((match) => match[1]);
  const gzip = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  const assets = readdirSync(path.join(dist, 'assets')).filter((file) => file.endsWith('.js'));
  return {
    entryFiles: entry,
    entryGzipKb: entry.reduce((sum, file) => sum + gzip(file), 0) / 1024,
    adminChunks: assets.filter((file) => /admin/i.test(file) && !entry.includes(`assets/${file}`)),
    adminInEntry: entry.some((file) => /admin/i.test(file)),
  };
}

/**
 * The bundle with no configuration (PGlite in DATA_DIR): the first start in an empty data dir (which unpacks
 * the build's migrated cluster, dist/pglite-template.tar.gz, and runs the migrations), then a restart on it.
 */
async function embeddedStart() {
  const fresh = [];
  const restart = [];
  for (let i = 0; i < (quick ? 1 : 3); i++) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'exrated-bench-embedded-'));
    try {
      for (const times of [fresh, restart]) {
        const server = await startServer({
          bundle,
          env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
          logFile,
          nodeArgs: SERVER_NODE_ARGS,
        });
        times.push(server.readyMs);
        await stop(server.child);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return { freshMs: median(fresh), restartMs: median(restart), fresh, restart };
}

// Screening one rating: under 2 ms of the server's time (docs/screening.md).
const SCREENING_BUDGET_MS = 2;
// Texts shaped to make the reader work hardest cost at most twice an ordinary rating of the same length:
// the screening's work grows with the text, not with its square.
const ADVERSARIAL_RATIO_BUDGET = 2;

function screeningBudgets(screening) {
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

function reportScreening(screening) {
  const fmt = (v) => (Number.isFinite(v) ? v.toFixed(3) : String(v));
  console.log(`Screening one rating (${screening.ratings} ratings from the corpus, each screened 5 times):`);
  console.table({
    'typical rating': {
      'CPU ms': fmt(screening.cpuMsPerRating),
      p50: fmt(screening.medianMs),
      p95: fmt(screening.p95Ms),
      p99: fmt(screening.p99Ms),
      'x normalization': screening.ratioToBaseline.toFixed(0),
    },
    'three 1,000-character texts': { p50: fmt(screening.longestMedianMs), p99: fmt(screening.longestP99Ms) },
    'three adversarial 1,000-character texts': {
      p50: fmt(screening.adversarialMedianMs),
      p99: fmt(screening.adversarialP99Ms),
    },
  });
}

async function main() {
  // In-process and before any server starts, so that nothing competes with it.
  const screening = selected('screening') ? measureScreening(root) : null;
  if (screening) reportScreening(screening);
  if (only?.length === 1 && only[0] === 'screening' && screening) {
    const budgets = screeningBudgets(screening);
    writeFileSync(
      path.join(here, 'results.only.json'),
      `${JSON.stringify({ date: new Date().toISOString(), screening, budgets }, null, 2)}\n`,
    );
    const met = budgets.every((budget) => budget.met);
    say(`screening budgets ${met ? 'met' : 'NOT met'}; wrote bench/results.only.json`);
    return;
  }
  if (!args.has('--no-build')) {
    say('turbo run build');
    execFileSync('pnpm', ['exec', 'turbo', 'run', 'build', '--output-logs=errors-only'], {
      cwd: root,
      stdio: 'inherit',
    });
  }
  writeFileSync(logFile, '');
  const sns = await startSnsStub();
  const adminSql = postgres(`${PG}/postgres`, { max: 1, onnotice: () => undefined });
  const dataset = await prepareDatabase(adminSql, sns.url);
  say(`database ${RUN_DB} cloned from ${TEMPLATE} in ${dataset.cloneSeconds.toFixed(1)} s`);

  const server = await startServer({
    bundle,
    env: serverEnv(RUN_DB, sns.url),
    logFile,
    nodeArgs: [
      ...SERVER_NODE_ARGS,
      ...(args.has('--profile') ? ['--cpu-prof', `--cpu-prof-dir=${path.join(here, 'profiles')}`] : []),
    ],
  });
  const base = server.url;
  say(`server ready on ${base} (pid ${server.child.pid})`);

  // Setup through the real API: an admin, and a viewer who proved the phone with 50 ratings and gave 2.
  const admin = browser(base);
  await admin.call('mutation', 'admin.login', { password: ADMIN_PASSWORD });
  const viewer = browser(base);
  await viewer.call('mutation', 'verification.send', { phoneNumber: TARGET_PHONE });
  await viewer.call('mutation', 'verification.check', {
    phoneNumber: TARGET_PHONE,
    code: await sns.takeCode(TARGET_PHONE),
  });
  await viewer.call('mutation', 'rating.submit', ratingInput());
  await viewer.call('mutation', 'rating.submit', ratingInput());
  const received = await viewer.call('query', 'profile.ratingsReceived', undefined);
  const receivedCount = Array.isArray(received) ? received.length : (received.ratings?.length ?? Number.NaN);
  // A read of fewer ratings than the seed holds is cheaper and would pass for a faster path.
  if (receivedCount !== TARGET_RATINGS) {
    throw new Error(`profile.ratingsReceived shows ${receivedCount} of the ${TARGET_RATINGS} seeded ratings`);
  }
  const rater = browser(base);
  await rater.call('query', 'rating.questions', undefined);
  await rater.call('mutation', 'rating.submit', ratingInput());

  const questionsRes = await fetch(`${base}/trpc/rating.questions`);
  const questions = (await questionsRes.json()).result.data.json;
  const questionsFile = path.join(os.tmpdir(), `exrated-bench-questions-${process.pid}.json`);
  writeFileSync(questionsFile, JSON.stringify(questions));
  // The SQL the server sends for (d) and (e), from the app's own query builders (TypeScript: run with tsx).
  const statementsFile = path.join(os.tmpdir(), `exrated-bench-statements-${process.pid}.json`);
  writeFileSync(
    statementsFile,
    execFileSync(
      process.execPath,
      ['--import', 'tsx', path.join(here, 'lib/statements.mjs'), `${PG}/${RUN_DB}`, TARGET_PHONE],
      { cwd: path.join(root, 'apps/server'), encoding: 'utf8' },
    ),
  );
  const baselines = killOnExit(
    fork(path.join(here, 'baselines.mjs'), [], {
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: `${PG}/${RUN_DB}`,
        BENCH_QUESTIONS_FILE: questionsFile,
        BENCH_STATEMENTS_FILE: statementsFile,
      },
      stdio: 'inherit',
    }),
  );
  const basePort = await new Promise((resolve, reject) => {
    baselines.once('message', (message) => resolve(message.port));
    baselines.once('exit', (code) => reject(new Error(`baselines exited with ${code}`)));
  });
  const bare = `http://127.0.0.1:${basePort}`;
  say(`baselines ready on ${bare}`);

  const json = { 'content-type': 'application/json' };
  const profilesInput = { page: 1, pageSize: 50 };
  const searchInput = { page: 1, pageSize: 50, search: 'ordan' };
  const errorLogsInput = { page: 1, severity: 'high', search: 'property 42' };
  const adminHeaders = { cookie: admin.cookie() };
  const scenarios = {
    a: { url: `${bare}/a/rating.questions` },
    a2: { url: `${bare}/trpc/rating.questions` },
    questions: { url: `${base}/trpc/rating.questions` },
    b: {
      url: `${bare}/b/rating.submit`,
      method: 'POST',
      headers: json,
      makeBody: () => JSON.stringify(ratingInput()),
    },
    submit: {
      url: `${base}/trpc/rating.submit`,
      method: 'POST',
      headers: { ...json, cookie: rater.cookie() },
      makeBody: () => JSON.stringify({ json: ratingInput() }),
    },
    c: { url: `${bare}/c/admin.profiles` },
    d: { url: `${bare}/d/admin.profiles` },
    e: { url: `${bare}/e/profile.ratingsReceived` },
    profiles: { url: queryUrl(base, 'admin.profiles', profilesInput), headers: adminHeaders },
    profilesSearch: { url: queryUrl(base, 'admin.profiles', searchInput), headers: adminHeaders },
    errorLogs: { url: queryUrl(base, 'admin.errorLogs', errorLogsInput), headers: adminHeaders },
    ratingsReceived: {
      url: queryUrl(base, 'profile.ratingsReceived', undefined),
      headers: { cookie: viewer.cookie() },
    },
  };
  const closed = [
    'a',
    'a2',
    'questions',
    'b',
    'submit',
    'c',
    'd',
    'profiles',
    'profilesSearch',
    'e',
    'ratingsReceived',
  ].filter(selected);
  const open = ['questions', 'submit', 'profiles', 'profilesSearch', 'errorLogs', 'ratingsReceived'].filter(
    selected,
  );
  const runs = {
    closed: Object.fromEntries(closed.map((name) => [name, []])),
    open: Object.fromEntries(open.map((name) => [name, []])),
    verification: [],
  };
  const peakRss = sampleRss(server.child.pid);
  for (const name of new Set([...closed, ...open])) {
    await drive({ ...scenarios[name], duration: WARMUP });
  }
  const pairsPerSecond = RATE / 2;
  if (selected('verification')) await verificationPairs({ base, sns, pairsPerSecond, duration: WARMUP });
  await settle(adminSql);
  say(`warmed up (${WARMUP} s per path)`);
  const measurementsStart = machineCpuTicks();
  // Server CPU per answered request: steadier than throughput on shared cores, and what a budget costs.
  const BASELINES = new Set(['a', 'a2', 'b', 'c', 'd', 'e']);
  const measured = async (name, run) => {
    const pid = BASELINES.has(name) ? baselines.pid : server.child.pid;
    const before = cpuMs(pid);
    const machineBefore = machineCpuTicks();
    const result = await run();
    return {
      ...result,
      cpuMsPerRequest: (cpuMs(pid) - before) / result.requests,
      stealPercent: stealPercent(machineBefore, machineCpuTicks()),
    };
  };
  for (let rep = 1; rep <= REPS; rep++) {
    for (const name of closed) {
      const result = await measured(name, () => drive({ ...scenarios[name], duration: DURATION }));
      runs.closed[name].push(result);
      await settle(adminSql);
      say(
        `rep ${rep} closed ${name}: ${result.rps.toFixed(0)} req/s, ${result.cpuMsPerRequest.toFixed(2)} ms CPU/req, steal ${result.stealPercent.toFixed(0)} %${result.failures ? `, ${result.failures} failed` : ''}`,
      );
    }
    for (const name of open) {
      const result = await measured(name, () =>
        drivePaced({ ...scenarios[name], duration: DURATION, rate: RATE }),
      );
      runs.open[name].push(result);
      await settle(adminSql);
      say(
        `rep ${rep} open@${RATE} ${name}: achieved ${result.rps.toFixed(0)} req/s, ${result.cpuMsPerRequest.toFixed(2)} ms CPU/req, p95 ${result.p95.toFixed(1)} ms p99 ${result.p99.toFixed(1)} ms, steal ${result.stealPercent.toFixed(0)} %${result.failures ? `, ${result.failures} failed` : ''}`,
      );
    }
    if (!selected('verification')) continue;
    const cpuBefore = cpuMs(server.child.pid);
    const machineBefore = machineCpuTicks();
    const pairs = await verificationPairs({ base, sns, pairsPerSecond, duration: DURATION });
    pairs.cpuMsPerPair = (cpuMs(server.child.pid) - cpuBefore) / pairs.pairs;
    pairs.stealPercent = stealPercent(machineBefore, machineCpuTicks());
    runs.verification.push(pairs);
    await settle(adminSql);
    say(
      `rep ${rep} verification pairs: ${pairs.cpuMsPerPair.toFixed(2)} ms CPU/pair, send p99 ${pairs.sendP99.toFixed(1)} ms, check p99 ${pairs.checkP99.toFixed(1)} ms, steal ${pairs.stealPercent.toFixed(0)} %${pairs.failures ? `, ${pairs.failures} failed` : ''}`,
    );
  }
  const measurementsSteal = stealPercent(measurementsStart, machineCpuTicks());
  const rssMb = peakRss();
  const explain = await explainAll(`${PG}/${RUN_DB}`, {
    searchInput,
    errorLogsInput,
    targetPhone: TARGET_PHONE,
  });
  let lighthouse = null;
  if (selected('lighthouse')) {
    await settle(adminSql);
    say(`lighthouse, mobile preset, ${LIGHTHOUSE_RUNS} run(s) per page`);
    lighthouse = await auditPages(base, {
      runs: LIGHTHOUSE_RUNS,
      onRun: (page, sample) => say(describeRun(page, sample)),
    });
  }

  await stop(baselines);
  await stop(server.child);
  rmSync(questionsFile, { force: true });
  rmSync(statementsFile, { force: true });
  const profileDir = path.join(here, 'profiles');
  const cpuProfile = args.has('--profile')
    ? summarize(
        JSON.parse(
          readFileSync(
            path.join(
              profileDir,
              readdirSync(profileDir)
                .filter((file) => file.endsWith('.cpuprofile'))
                .sort()
                .at(-1),
            ),
            'utf8',
          ),
        ),
      )
    : null;
  say('embedded (PGlite) start-to-ready');
  const embedded = selected('embedded')
    ? await embeddedStart()
    : { freshMs: Number.NaN, restartMs: Number.NaN };
  await sns.close();
  await adminSql.unsafe(`drop database if exists ${RUN_DB} with (force)`);
  await adminSql.end();

  const rps = (name) => median(runs.closed[name].map((run) => run.rps));
  const ratio = (ours, baseline) =>
    median(
      (runs.closed[ours] ?? []).map((run, i) => run.rps / (runs.closed[baseline]?.[i]?.rps ?? Number.NaN)),
    );
  const lat = (name, key) => median((runs.open[name] ?? []).map((run) => run[key]));
  const ver = (key) => median(runs.verification.map((run) => run[key]));
  const failures = (list) => list.reduce((sum, run) => sum + run.failures, 0);
  const client = clientBundle();
  const score = (page, category) => lighthouse?.[page][category] ?? Number.NaN;

  // The budgets. Open-loop latency: no worse than the README's table of 2026-11-25 01:38 and 01:45
  // (the worse of its two runs); where that table gave p95 only, the p95 is held to it and the p99 reported.
  const TABLE_OF_0145 = {
    questions: ['p99', 2.4],
    submit: ['p99', 42],
    profiles: ['p95', 3.1],
    profilesSearch: ['p95', 40],
    errorLogs: ['p95', 13.2],
    ratingsReceived: ['p95', 3.8],
  };
  const budgets = [
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
    ...Object.entries(TABLE_OF_0145).flatMap(([name, [metric, before]]) => [
      [`${name} ${metric} @${RATE}/s (ms)`, lat(name, metric), `<= ${before}`, (v) => v <= before],
      ...(metric === 'p95' ? [[`${name} p99 @${RATE}/s (ms)`, lat(name, 'p99'), 'report', () => null]] : []),
    ]),
    [`verification.send p99 (${pairsPerSecond} pairs/s)`, ver('sendP99'), '<= 24', (v) => v <= 24],
    [`verification.check p99 (${pairsPerSecond} pairs/s)`, ver('checkP99'), '<= 13', (v) => v <= 13],
    ['server peak RSS under load (MB)', rssMb, '< 200', (v) => v < 200],
    [
      'embedded default first start (empty data dir) to ready (ms)',
      embedded.freshMs,
      '< 6000',
      (v) => v < 6000,
    ],
    ['embedded default restart to ready (ms)', embedded.restartMs, '< 6000', (v) => v < 6000],
    ['public entry JS gzip (KB)', client.entryGzipKb, '<= 170', (v) => v <= 170 && !client.adminInEntry],
    ...LIGHTHOUSE_PAGES.flatMap((page) => [
      [`Lighthouse ${page} performance (mobile)`, score(page, 'performance'), '>= 90', (v) => v >= 90],
      [`Lighthouse ${page} accessibility`, score(page, 'accessibility'), '>= 95', (v) => v >= 95],
    ]),
  ]
    .map(([name, value, target, check]) => ({ name, value, target, met: check(value) }))
    .concat(screening ? screeningBudgets(screening) : []);

  const throughput = Object.fromEntries(closed.map((name) => [name, rps(name)]));
  const cpuPerRequest = (list) => median(list.map((run) => run.cpuMsPerRequest));
  const results = {
    date: new Date().toISOString(),
    mode,
    machine: {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model,
      node: process.version,
      note: 'shared with other workloads',
      // CPU time the hypervisor took from this VM during the measurements: what a noisy host costs.
      stealPercent: measurementsSteal,
    },
    method: {
      reps: REPS,
      durationSeconds: DURATION,
      closedLoopConnections: 50,
      openLoopRate: RATE,
      openLoop: 'evenly paced (one request every 1000/rate ms), latency from the due time',
      statistic: 'median of 3',
    },
    dataset: {
      ...dataset.sizes,
      ratingScores: dataset.sizes.ratings * 5,
      seedSeconds: dataset.seedSeconds,
      cloneSeconds: dataset.cloneSeconds,
      targetPhoneRatings: TARGET_RATINGS,
    },
    throughput,
    cpuMsPerRequest: {
      closed: Object.fromEntries(closed.map((name) => [name, cpuPerRequest(runs.closed[name])])),
      open: Object.fromEntries(open.map((name) => [name, cpuPerRequest(runs.open[name])])),
    },
    failures: {
      closed: Object.fromEntries(closed.map((name) => [name, failures(runs.closed[name])])),
      open: Object.fromEntries(open.map((name) => [name, failures(runs.open[name])])),
      verification: failures(runs.verification),
    },
    latency: Object.fromEntries(
      open.map((name) => [
        name,
        {
          achievedRps: lat(name, 'rps'),
          p50: lat(name, 'p50'),
          p95: lat(name, 'p95'),
          p99: lat(name, 'p99'),
        },
      ]),
    ),
    verification: {
      pairsPerSecond,
      cpuMsPerPair: ver('cpuMsPerPair'),
      sendP95: ver('sendP95'),
      sendP99: ver('sendP99'),
      checkP95: ver('checkP95'),
      checkP99: ver('checkP99'),
    },
    rssMb,
    embedded,
    screening,
    client,
    lighthouse: lighthouse && { preset: 'mobile', runsPerPage: LIGHTHOUSE_RUNS, pages: lighthouse },
    explain,
    cpuProfile,
    budgets,
    runs,
  };
  writeFileSync(
    path.join(here, only ? 'results.only.json' : 'results.json'),
    `${JSON.stringify(results, null, 2)}\n`,
  );

  const fmt = (v) => (Number.isFinite(v) ? (Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(2)) : String(v));
  console.log(
    `\nExRated bench (${mode}, ${results.date}, ${results.machine.cpus} cores ${results.machine.model}, Node ${process.version}, ${results.machine.stealPercent.toFixed(1)} % of the CPU stolen by the host during the measurements)`,
  );
  console.log(
    `Closed-loop throughput at 50 connections, req/s, and the serving process's CPU per request (median of ${REPS}):`,
  );
  console.table(
    Object.fromEntries(
      closed.map((name) => [
        name,
        {
          'req/s': Math.round(throughput[name]),
          'CPU ms/req': fmt(results.cpuMsPerRequest.closed[name]),
          failed: results.failures.closed[name],
        },
      ]),
    ),
  );
  console.log(
    `Open loop at ${RATE} req/s offered, evenly paced (achieved below ${RATE} means the server saturated):`,
  );
  console.table(
    Object.fromEntries(
      Object.entries(results.latency).map(([name, l]) => [
        name,
        {
          'achieved req/s': Math.round(l.achievedRps),
          'CPU ms/req': fmt(results.cpuMsPerRequest.open[name]),
          p50: fmt(l.p50),
          p95: fmt(l.p95),
          p99: fmt(l.p99),
        },
      ]),
    ),
  );
  if (Number.isFinite(results.verification.cpuMsPerPair)) {
    console.log(
      `Verification, ${pairsPerSecond} pairs/s: ${fmt(results.verification.cpuMsPerPair)} ms of server CPU per send + check pair`,
    );
  }
  console.log('Budgets:');
  console.table(
    budgets.map(({ name, value, target, met }) => ({
      measure: name,
      value: fmt(value),
      target,
      met: met === null ? '-' : met ? 'yes' : 'NO',
    })),
  );
  console.log('EXPLAIN:');
  console.table(
    Object.fromEntries(
      Object.entries(explain).map(([name, plan]) => [
        name,
        { indexes: plan.indexes.join(', '), seqScans: plan.seqScans.join(', ') || '-', ms: plan.executionMs },
      ]),
    ),
  );
  say(`done; wrote bench/${only ? 'results.only.json' : 'results.json'}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
