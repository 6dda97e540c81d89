import postgres from 'postgres';
import { BUNDLE, databaseUrl, SERVER_NODE_ARGS, serverEnv } from './environment.mjs';
import { say } from './plan.mjs';
import { startServer, stop } from './processes.mjs';
import { SEED_VERSION, SIZES, seedDatabase, templateIsSeeded } from './seed.mjs';

/**
 * The run's database. Per process: two benches at once (one profiling, one measuring) must not drop each
 * other's database. Measuring runs clone a template seeded once per seed version and size; the smoke seeds
 * its own database, the same way.
 */
export async function prepareDatabase(plan, snsUrl) {
  const adminSql = postgres(databaseUrl('postgres'), { max: 1, onnotice: () => undefined });
  const runDb = `exrated_bench_run_${plan.mode}_${process.pid}`;
  const sizes = SIZES[plan.mode];
  await dropDatabasesOfDeadRuns(adminSql);
  let seedSeconds = null;
  let cloneSeconds = null;
  if (plan.template) {
    const template = `exrated_bench_template_${plan.mode}`;
    const note = `${SEED_VERSION} ${JSON.stringify(sizes)}`;
    if (plan.reseed || (await templateIsSeeded(adminSql, template)) !== note) {
      say(`seeding template ${template} (${JSON.stringify(sizes)}) — once`);
      seedSeconds = await createSeeded(adminSql, plan, template, sizes, snsUrl);
      await adminSql.unsafe(`comment on database ${template} is '${note}'`);
      say(`seeded in ${seedSeconds.toFixed(1)} s`);
    }
    const cloneStarted = performance.now();
    await adminSql.unsafe(`create database ${runDb} template ${template}`);
    cloneSeconds = (performance.now() - cloneStarted) / 1000;
  } else {
    seedSeconds = await createSeeded(adminSql, plan, runDb, sizes, snsUrl);
  }
  return {
    name: runDb,
    url: databaseUrl(runDb),
    adminSql,
    sizes,
    seedSeconds,
    cloneSeconds,
    settle: () => settle(adminSql, runDb),
    async drop() {
      await adminSql.unsafe(`drop database if exists ${runDb} with (force)`);
      await adminSql.end();
    },
  };
}

/** A new database migrated by the production bundle (which applies the committed migrations at start), seeded. */
async function createSeeded(adminSql, plan, name, sizes, snsUrl) {
  await adminSql.unsafe(`drop database if exists ${name} with (force)`);
  await adminSql.unsafe(`create database ${name}`);
  const migrator = await startServer({
    bundle: BUNDLE,
    env: serverEnv(name, snsUrl),
    logFile: plan.logFile,
    nodeArgs: SERVER_NODE_ARGS,
  });
  await stop(migrator.child);
  return seedDatabase(databaseUrl(name), sizes);
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

/**
 * Requests autocannon abandoned at the end of a run still run in the server and the database: wait until no
 * statement of the run database is active (or 60 s), so they do not load the next measurement.
 */
async function settle(adminSql, runDb) {
  const until = performance.now() + 60_000;
  await new Promise((resolve) => setTimeout(resolve, 200));
  while (performance.now() < until) {
    const [row] = await adminSql`select count(*)::int as active from pg_stat_activity
      where datname = ${runDb} and state <> 'idle' and pid <> pg_backend_pid()`;
    if (row.active === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
