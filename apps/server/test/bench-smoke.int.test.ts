import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const OUTPUT_LIMIT = 20_000;

// What the bench drives (bench/lib/scenarios.mjs): every request path, and beside them the baselines their
// budgets divide by. A path or baseline dropped from the bench fails here as surely as one that errs.
const BASELINES = ['a', 'a2', 'b', 'c', 'd', 'e'];
const CLOSED_LOOP = [
  ...BASELINES,
  'questions',
  'submit',
  'profiles',
  'profilesSearch',
  'ratingsReceived',
  'errorLogs',
];
const OPEN_LOOP = ['questions', 'submit', 'profiles', 'profilesSearch', 'errorLogs', 'ratingsReceived'];

interface Run {
  requests: number;
  failures: number;
}
interface SmokeResults {
  mode: string;
  runs: { closed: Record<string, Run[]>; open: Record<string, Run[]>; verification: Run[] };
  budgets: Array<{ name: string; value: number | null }>;
  lighthouse: unknown;
  embedded: { fresh: number[]; restart: number[] };
}

/** `pnpm bench --smoke`, as a person runs it, on the test run's Postgres and Redis. */
function runSmoke(resultsFile: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(
    process.execPath,
    [path.join(REPO_ROOT, 'bench/run.mjs'), '--smoke', `--results=${resultsFile}`],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? tmpdir(),
        BENCH_POSTGRES_URL: inject('testDatabaseServerUrl'),
        BENCH_REDIS_URL: inject('testRedisUrl') ?? 'none',
      },
    },
  );
  let output = '';
  const record = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_LIMIT);
  };
  child.stdout.on('data', record);
  child.stderr.on('data', record);
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

describe('bench smoke (pnpm bench --smoke)', () => {
  let dir = '';
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('sets up as the bench does and answers every request of every path and baseline', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'exrated-bench-smoke-'));
    const resultsFile = path.join(dir, 'results.json');
    const { code, output } = await runSmoke(resultsFile);
    expect(code, output).toBe(0);

    const results = JSON.parse(await readFile(resultsFile, 'utf8')) as SmokeResults;
    expect(results.mode).toBe('smoke');
    expect(Object.keys(results.runs.closed).sort()).toEqual([...CLOSED_LOOP].sort());
    expect(Object.keys(results.runs.open).sort()).toEqual([...OPEN_LOOP].sort());
    const all = [
      ...Object.entries(results.runs.closed).map(([name, runs]) => [`closed ${name}`, runs] as const),
      ...Object.entries(results.runs.open).map(([name, runs]) => [`open ${name}`, runs] as const),
      ['verification pairs', results.runs.verification] as const,
    ];
    for (const [name, runs] of all) {
      expect(runs, name).toHaveLength(1);
      expect(runs[0]?.requests, name).toBeGreaterThan(0);
      expect(runs[0]?.failures, name).toBe(0);
    }
    expect(results.embedded.fresh).toHaveLength(1);
    expect(results.embedded.restart).toHaveLength(1);
    // Every budget has its figure (no timing is judged here); Lighthouse needs Chromium and is left out.
    const missing = results.budgets.filter((budget) => !Number.isFinite(budget.value));
    expect(missing).toEqual([]);
    expect(results.budgets.length).toBeGreaterThan(15);
    expect(results.lighthouse).toBeNull();
  }, 240_000);
});
