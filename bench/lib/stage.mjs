import { execFileSync, fork } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { browser, ratingInput } from './api-client.mjs';
import { createCounters } from './counters.mjs';
import { prepareDatabase } from './database.mjs';
import { BENCH_REDIS_URL, BUNDLE, PROBE_TOKEN, SERVER_NODE_ARGS, serverEnv } from './environment.mjs';
import { BENCH_DIR, REPO_ROOT, say } from './plan.mjs';
import { killOnExit, startServer, stop } from './processes.mjs';
import { TARGET_PHONE, TARGET_RATINGS } from './seed.mjs';
import { startSnsStub } from './sns-stub.mjs';
import { signInFirstAdmin } from './staff-sign-in.mjs';

/**
 * Everything the measurements drive, set up through the real API: the production bundle on the run's
 * database, an admin signed in, a viewer who proved the phone with the seeded ratings and gave 2, a rater,
 * and the baselines' process. `close()` stops it all and drops the run's database.
 */
export async function setUpStage(plan) {
  if (!existsSync(BUNDLE)) {
    throw new Error(`${BUNDLE} was not found: build first (pnpm build; pnpm test builds before its tests)`);
  }
  const sns = await startSnsStub();
  let database = null;
  try {
    database = await prepareDatabase(plan, sns.url);
    return await populate(plan, sns, database);
  } catch (error) {
    // Its servers die with the bench (killOnExit); the database would stay until the next run.
    await database?.drop();
    await sns.close();
    throw error;
  }
}

async function populate(plan, sns, database) {
  if (database.cloneSeconds !== null) {
    say(`database ${database.name} cloned in ${database.cloneSeconds.toFixed(1)} s`);
  }
  const server = await startServer({
    bundle: BUNDLE,
    env: serverEnv(database.name, sns.url),
    logFile: plan.logFile,
    nodeArgs: [
      ...SERVER_NODE_ARGS,
      ...(plan.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(BENCH_DIR, 'profiles')}`] : []),
    ],
  });
  const base = server.url;
  say(`server ready on ${base} (pid ${server.child.pid})`);

  const admin = await signInFirstAdmin(base);
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
  const questions = await rater.call('query', 'rating.questions', undefined);
  await rater.call('mutation', 'rating.submit', ratingInput());

  const baselines = await startBaselines(database.url, questions);
  say(`baselines ready on ${baselines.url}`);
  const counters = createCounters({
    adminSql: database.adminSql,
    databaseName: database.name,
    redisUrl: BENCH_REDIS_URL,
    probeToken: PROBE_TOKEN,
  });
  return {
    counters,
    sns,
    database,
    server,
    base,
    bare: baselines.url,
    baselinesPid: baselines.child.pid,
    admin,
    viewer,
    rater,
    receivedCount,
    async stopServers() {
      await stop(baselines.child);
      await stop(server.child);
    },
    async close() {
      await this.stopServers();
      await counters.close();
      await sns.close();
      await database.drop();
    },
  };
}

/**
 * The baselines in a process of their own (bench/baselines.mjs), with rating.questions' answer and the SQL
 * the server sends for (b), (d) and (e), from the app's own query builders (TypeScript: run with tsx).
 */
async function startBaselines(databaseUrl, questions) {
  const questionsFile = path.join(os.tmpdir(), `exrated-bench-questions-${process.pid}.json`);
  const statementsFile = path.join(os.tmpdir(), `exrated-bench-statements-${process.pid}.json`);
  writeFileSync(questionsFile, JSON.stringify(questions));
  writeFileSync(
    statementsFile,
    execFileSync(
      process.execPath,
      ['--import', 'tsx', path.join(BENCH_DIR, 'lib/statements.mjs'), databaseUrl, TARGET_PHONE],
      { cwd: path.join(REPO_ROOT, 'apps/server'), encoding: 'utf8' },
    ),
  );
  const child = killOnExit(
    fork(path.join(BENCH_DIR, 'baselines.mjs'), [], {
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: databaseUrl,
        BENCH_QUESTIONS_FILE: questionsFile,
        BENCH_STATEMENTS_FILE: statementsFile,
      },
      stdio: 'inherit',
    }),
  );
  try {
    const port = await new Promise((resolve, reject) => {
      child.once('message', (message) => resolve(message.port));
      child.once('exit', (code) => reject(new Error(`the baselines exited with code ${code} before ready`)));
    });
    return { child, url: `http://127.0.0.1:${port}` };
  } finally {
    rmSync(questionsFile, { force: true });
    rmSync(statementsFile, { force: true });
  }
}
