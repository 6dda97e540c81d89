import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { databaseUrl } from './lib/environment.mjs';

/**
 * `pnpm bench:compare --against=<rev> [--runs=2] [--quick] [--no-build] [--only=<names>]`: this checkout's
 * build and an earlier one, each measured by a whole `pnpm bench` of its own commit (or, with `--only`, the
 * same measurements of both, passed on to each bench), alternated on this machine (this checkout first), and
 * their latencies side by side.
 *
 * The open-loop budgets are "no worse than" the table of an earlier build, taken on one machine; a
 * latency at a fixed offered rate depends on the machine far more than on the build, so on any other machine
 * the budget is read by running both builds there. The earlier build is cloned into the system's temporary
 * folder, installed and built once. Each build keeps a template of its own schema and seed: the earlier
 * one's is kept as `exrated_bench_template_<mode>_<sha>` and renamed into place for its runs only, so
 * neither bench reseeds the other's. With `--no-build` this checkout is measured as its bundle was last built,
 * whatever HEAD (the label) says since.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const options = new Map(
  process.argv.slice(2).map((arg) => {
    const [name, value = 'true'] = arg.replace(/^--/, '').split('=');
    return [name, value];
  }),
);
const against = options.get('against');
if (!against || against === 'true') {
  console.error(
    'usage: pnpm bench:compare --against=<rev> [--runs=2] [--quick] [--no-build] [--only=<names>]',
  );
  process.exit(2);
}
const runs = Number(options.get('runs') ?? 2);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number from 1, not ${runs}`);
const quick = options.has('quick');
const mode = quick ? 'quick' : 'full';
// A path's tail read from one bench is a handful of samples: `--only` buys more runs of it in the same time.
const only = options.get('only');
if (only === 'true') throw new Error('--only takes the bench names, as pnpm bench does: --only=verification');
const TEMPLATE = `exrated_bench_template_${mode}`;
// One folder per comparison: runs of another mode or selection would otherwise overwrite each other's files.
const OUT = path.join(here, 'compare', new Date().toISOString().replace(/[:.]/g, '-'));

const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
const run = (command, args, cwd) => execFileSync(command, args, { cwd, stdio: 'inherit', env: process.env });
const say = (line) => process.stdout.write(`[compare] ${line}\n`);

/** The earlier build, cloned, installed and built once per commit. */
function referenceCheckout(sha) {
  const dir = path.join(os.tmpdir(), 'exrated-bench-reference', sha);
  if (existsSync(path.join(dir, '.built'))) return dir;
  if (!existsSync(dir)) {
    say(`cloning ${sha} into ${dir}`);
    git('clone', '--quiet', '--no-checkout', root, dir);
    execFileSync('git', ['checkout', '--quiet', sha], { cwd: dir });
  }
  run('pnpm', ['install', '--frozen-lockfile'], dir);
  run('pnpm', ['exec', 'turbo', 'run', 'build', '--output-logs=errors-only'], dir);
  writeFileSync(path.join(dir, '.built'), `${new Date().toISOString()}\n`);
  return dir;
}

async function databaseExists(sql, name) {
  return (await sql`select 1 from pg_database where datname = ${name}`).length > 0;
}

async function rename(sql, from, to) {
  if (await databaseExists(sql, from)) await sql.unsafe(`alter database "${from}" rename to "${to}"`);
}

/** Runs `work` with the earlier build's template under the name its bench reads, then puts both back. */
async function withReferenceTemplate(sha, work) {
  const sql = postgres(databaseUrl('postgres'), { max: 1, onnotice: () => undefined });
  const kept = `${TEMPLATE}_${sha.slice(0, 12)}`;
  const parked = `${TEMPLATE}_parked`;
  try {
    if (await databaseExists(sql, parked)) {
      throw new Error(
        `${parked} exists: an earlier comparison stopped midway; rename it to ${TEMPLATE} first`,
      );
    }
    await rename(sql, TEMPLATE, parked);
    try {
      await rename(sql, kept, TEMPLATE);
      try {
        work();
      } finally {
        await rename(sql, TEMPLATE, kept);
      }
    } finally {
      await rename(sql, parked, TEMPLATE);
    }
  } finally {
    await sql.end();
  }
}

function benchOnce(cwd, label) {
  run(
    'node',
    ['bench/run.mjs', '--no-build', ...(quick ? ['--quick'] : []), ...(only ? [`--only=${only}`] : [])],
    cwd,
  );
  const file = path.join(OUT, `${label}.json`);
  copyFileSync(path.join(cwd, 'bench', only ? 'results.only.json' : 'results.json'), file);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The figures both builds' benches report, one row per figure, one value per run. */
function rows(results) {
  const open = [
    ['rating.questions p99 (ms)', 'questions', 'p99'],
    ['rating.submit p99 (ms)', 'submit', 'p99'],
    ['admin.profiles p95 (ms)', 'profiles', 'p95'],
    ['admin.profiles with search p95 (ms)', 'profilesSearch', 'p95'],
    ['admin.errorLogs p95 (ms)', 'errorLogs', 'p95'],
    ['profile.ratingsReceived p95 (ms)', 'ratingsReceived', 'p95'],
  ];
  const figures = [];
  for (const [name, key, stat] of open) {
    figures.push([name, (r) => r.latency?.[key]?.[stat]]);
    figures.push(['  achieved req/s', (r) => r.latency?.[key]?.achievedRps]);
    figures.push(['  server CPU ms/req', (r) => r.cpuMsPerRequest?.open?.[key]]);
  }
  figures.push(['verification capacity, pairs/s', (r) => r.verification?.capacityPairsPerSecond]);
  figures.push(['verification.send p99 / saturated', (r) => r.verification?.sendP99InSaturatedLatency]);
  figures.push(['verification.check p99 / saturated', (r) => r.verification?.checkP99InSaturatedLatency]);
  figures.push(['  server CPU ms per pair', (r) => r.verification?.cpuMsPerPair]);
  for (const key of ['a', 'questions', 'submit', 'profiles']) {
    figures.push([`closed loop ${key}, req/s`, (r) => r.throughput?.[key]]);
  }
  figures.push(['peak RSS (MB)', (r) => r.rssMb]);
  const format = (value) =>
    typeof value === 'number' && Number.isFinite(value) ? Number(value.toPrecision(3)) : '–';
  const measured = (read) => Object.values(results).some((list) => list.map(read).some(Number.isFinite));
  // With `--only`, the figures of paths neither bench measured are left out rather than shown as dashes.
  return figures
    .filter(([, read]) => measured(read))
    .map(([name, read]) => ({
      figure: name,
      ...Object.fromEntries(
        Object.entries(results).map(([label, list]) => [label, list.map(read).map(format).join(' / ')]),
      ),
    }));
}

async function main() {
  const sha = git('rev-parse', '--verify', `${against}^{commit}`);
  const current = git('rev-parse', 'HEAD');
  const dirty = git('status', '--porcelain') !== '';
  mkdirSync(OUT, { recursive: true });
  const reference = referenceCheckout(sha);
  if (!options.has('no-build'))
    run('pnpm', ['exec', 'turbo', 'run', 'build', '--output-logs=errors-only'], root);

  const currentLabel = `${current.slice(0, 7)}${dirty ? '+changes' : ''}`;
  const referenceLabel = sha.slice(0, 7);
  const results = { [currentLabel]: [], [referenceLabel]: [] };
  for (let index = 1; index <= runs; index += 1) {
    say(`run ${index} of ${runs}: ${currentLabel}`);
    results[currentLabel].push(benchOnce(root, `${currentLabel}-${index}`));
    say(`run ${index} of ${runs}: ${referenceLabel}`);
    await withReferenceTemplate(sha, () => {
      results[referenceLabel].push(benchOnce(reference, `${referenceLabel}-${index}`));
    });
  }
  const table = rows(results);
  writeFileSync(
    path.join(OUT, 'summary.json'),
    `${JSON.stringify({ date: new Date().toISOString(), mode, only, against: sha, current, dirty, table }, null, 2)}\n`,
  );
  console.log(
    `Each cell: one value per run, in run order (${mode} template${only ? `, only ${only}` : ''}).`,
  );
  console.table(table);
  say(`wrote ${path.relative(root, OUT)}/summary.json and each run's results`);
}

await main();
