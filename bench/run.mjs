import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { budgets, requireEveryValue, screeningBudgets } from './lib/budgets.mjs';
import { clientBundle } from './lib/client-bundle.mjs';
import { embeddedStart } from './lib/embedded.mjs';
import { explainAll } from './lib/explain.mjs';
import { auditPages, describeRun } from './lib/lighthouse.mjs';
import { measurePaths } from './lib/measure.mjs';
import { BENCH_DIR, parsePlan, REPO_ROOT, say } from './lib/plan.mjs';
import { summarize } from './lib/profile-summary.mjs';
import { machineOf, printResults, printScale, printScreening, resultsOf } from './lib/report.mjs';
import { measureScale } from './lib/scale.mjs';
import { ERROR_LOGS_INPUT, SEARCH_INPUT } from './lib/scenarios.mjs';
import { measureScreening } from './lib/screening.mjs';
import { TARGET_PHONE } from './lib/seed.mjs';
import { setUpStage } from './lib/stage.mjs';

/**
 * `pnpm bench [--quick | --smoke] [--no-build] [--reseed] [--profile] [--only=<names> | --scale[=1,2,3]] [--results=<file>]`:
 * the production server bundle against real Postgres and Redis, driven by autocannon from this process,
 * side by side with its baselines (docs/performance.md). Any failed request, and any budget left without a
 * value, ends the run with an error.
 */
const plan = parsePlan(process.argv.slice(2));

function writeResults(results) {
  writeFileSync(plan.resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  say(`wrote ${path.relative(process.cwd(), plan.resultsFile)}`);
}

/** The newest CPU profile the server wrote under --profile, summarized. */
function latestProfile() {
  const dir = path.join(BENCH_DIR, 'profiles');
  const newest = readdirSync(dir)
    .filter((file) => file.endsWith('.cpuprofile'))
    .sort()
    .at(-1);
  if (!newest) throw new Error(`--profile: the server wrote no .cpuprofile to ${dir}`);
  return summarize(JSON.parse(readFileSync(path.join(dir, newest), 'utf8')));
}

/** The measurements on the stage's server; its servers are stopped at the end (the profile is written then). */
async function measureOnStage(stage) {
  const measured = await measurePaths(plan, stage);
  const explain = await explainAll(stage.database.url, {
    searchInput: SEARCH_INPUT,
    errorLogsInput: ERROR_LOGS_INPUT,
    targetPhone: TARGET_PHONE,
  });
  let lighthouse = null;
  if (plan.lighthouseRuns > 0 && plan.selected('lighthouse')) {
    await stage.database.settle();
    say(`lighthouse, mobile preset, ${plan.lighthouseRuns} run(s) per page`);
    lighthouse = await auditPages(stage.base, {
      runs: plan.lighthouseRuns,
      onRun: (page, sample) => say(describeRun(page, sample)),
    });
  }
  await stage.stopServers();
  return { measured, explain, lighthouse, cpuProfile: plan.profile ? latestProfile() : null };
}

async function main() {
  // In-process and before any server starts, so that nothing competes with it.
  const screening = plan.selected('screening') && !plan.scale ? measureScreening(REPO_ROOT) : null;
  if (screening) printScreening(screening);
  if (plan.only?.length === 1 && plan.only[0] === 'screening' && screening) {
    const list = screeningBudgets(screening);
    writeResults({ date: new Date().toISOString(), screening, budgets: list });
    say(`screening budgets ${list.every((budget) => budget.met) ? 'met' : 'NOT met'}`);
    return;
  }
  if (plan.build) {
    say('turbo run build');
    execFileSync('pnpm', ['exec', 'turbo', 'run', 'build', '--output-logs=errors-only'], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    });
  }
  writeFileSync(plan.logFile, '');
  const stage = await setUpStage(plan);
  if (plan.scale) {
    const scale = await measureScale(plan, stage).finally(() => stage.close());
    const results = { date: new Date().toISOString(), mode: plan.mode, machine: machineOf(), scale };
    writeResults(results);
    printScale(results);
    say('done');
    return;
  }
  const { measured, explain, lighthouse, cpuProfile } = await measureOnStage(stage).finally(() =>
    stage.close(),
  );
  let embedded = { freshMs: Number.NaN, restartMs: Number.NaN };
  if (plan.selected('embedded')) {
    say('embedded (PGlite) start-to-ready');
    embedded = await embeddedStart(plan);
  }

  const client = clientBundle();
  const list = budgets({
    plan,
    measured,
    receivedCount: stage.receivedCount,
    embedded,
    client,
    lighthouse,
    screening,
  });
  const results = resultsOf({
    plan,
    dataset: stage.database,
    measured,
    embedded,
    screening,
    client,
    lighthouse,
    explain,
    cpuProfile,
    budgets: list,
  });
  writeResults(results);
  printResults(results);
  requireEveryValue(plan, list);
  say('done');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
