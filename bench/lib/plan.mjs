import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.resolve(BENCH_DIR, '..');

/**
 * What one run of the bench does, from its command line (docs/performance.md#how-to-measure):
 * `full` (the default) and `--quick` measure; `--smoke` drives every path and every baseline with a handful
 * of requests on a small seed, to prove the bench runs (the test suite's bench smoke), and measures nothing.
 */
const MODES = {
  full: {
    reps: 3,
    warmupSeconds: 2,
    closedLoop: { connections: 50, duration: 6 },
    openLoop: { loadFraction: 0.5, duration: 6 },
    lighthouseRuns: 3,
    embeddedRuns: 3,
    screening: true,
    template: true,
  },
  quick: {
    reps: 3,
    warmupSeconds: 1,
    closedLoop: { connections: 50, duration: 1 },
    openLoop: { loadFraction: 0.5, duration: 1 },
    lighthouseRuns: 1,
    embeddedRuns: 1,
    screening: true,
    template: true,
  },
  // Each path, the code pairs and each baseline: 4 closed-loop requests over 2 connections, then a quarter
  // second paced at half that rate.
  // No Lighthouse (it needs Chromium, which the test command does not), no screening measurement (an
  // in-process timing of the screening code, 10-20 s of corpus here, and no request path), no template (a
  // seed this small takes under a second, and a shared template would be raced by other checkouts' runs).
  smoke: {
    reps: 1,
    warmupSeconds: 0,
    closedLoop: { connections: 2, amount: 4 },
    openLoop: { loadFraction: 0.5, duration: 0.25 },
    lighthouseRuns: 0,
    embeddedRuns: 1,
    screening: false,
    template: false,
  },
};

export function parsePlan(argv) {
  const flags = new Set(argv);
  const flagValue = (name) => argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const mode = flags.has('--smoke') ? 'smoke' : flags.has('--quick') ? 'quick' : 'full';
  // `--only=submit,b,verification,embedded` runs just those measurements (for profiling one path); the
  // budgets of the others read NaN and the results go to results.only.json instead of results.json.
  const only = flagValue('only')?.split(',') ?? null;
  const smoke = mode === 'smoke';
  // `--scale`: the multi-instance mode (bench/lib/scale.mjs) instead of the measurements, on 1, 2 and 3
  // instances (`--scale=1,2` names others).
  const scaleFlag = argv.find((arg) => arg === '--scale' || arg.startsWith('--scale='));
  const scale = scaleFlag ? { instances: scaleCounts(flagValue('scale') ?? '1,2,3') } : null;
  const resultsName = scale ? 'results.scale.json' : only ? 'results.only.json' : 'results.json';
  const defaultResults = smoke
    ? path.join(os.tmpdir(), `exrated-bench-smoke-${process.pid}.json`)
    : path.join(BENCH_DIR, resultsName);
  return {
    mode,
    ...MODES[mode],
    only,
    selected: (name) => (name !== 'screening' || MODES[mode].screening) && (!only || only.includes(name)),
    build: !smoke && !flags.has('--no-build'),
    reseed: flags.has('--reseed'),
    profile: flags.has('--profile'),
    scale,
    resultsFile: flagValue('results') ?? defaultResults,
    logFile: smoke
      ? path.join(os.tmpdir(), `exrated-bench-smoke-${process.pid}.log`)
      : path.join(BENCH_DIR, 'server.log'),
  };
}

/** `--scale=1,2,3`: instance counts, the first the one the others are compared to. */
function scaleCounts(list) {
  const counts = list.split(',').map(Number);
  if (counts.length < 2 || counts.some((count) => !Number.isInteger(count) || count < 1 || count > 8)) {
    throw new Error(`--scale=${list}: give two or more instance counts from 1 to 8, such as --scale=1,2,3`);
  }
  return counts;
}

const started = performance.now();
/** A progress line, with the seconds since the bench started. */
export const say = (line) =>
  process.stdout.write(`[bench ${((performance.now() - started) / 1000).toFixed(0)}s] ${line}\n`);
