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
interface Work {
  postgresCpuMs: number;
  statements: number;
  redisCommands: number;
}
interface SmokeResults {
  mode: string;
  capacity: Record<string, { cpuMs: number; statements: number; redisCommands: number }>;
  runs: {
    closed: Record<string, Array<Run & { work: Work }>>;
    open: Record<string, Run[]>;
    verification: Run[];
  };
  budgets: Array<{ name: string; value: number | null }>;
  lighthouse: unknown;
  embedded: { fresh: number[]; restart: number[] };
}

interface ScaleResults {
  mode: string;
  scale: {
    instances: number[];
    paths: Record<string, Record<string, { rps: number; requestsPerCpuSecondRatio: number }>>;
    runs: Record<string, Record<string, Array<Run & { instances: number }>>>;
  };
}

/** `pnpm bench --smoke [flags]`, as a person runs it, on the test run's Postgres and Redis. */
function runSmoke(
  resultsFile: string,
  flags: string[] = [],
): Promise<{ code: number | null; output: string }> {
  const child = spawn(
    process.execPath,
    [path.join(REPO_ROOT, 'bench/run.mjs'), '--smoke', ...flags, `--results=${resultsFile}`],
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
    // The capacity plan's counts come from every server path's probe readings (no figure is judged here).
    for (const name of CLOSED_LOOP.filter((path) => !BASELINES.includes(path))) {
      expect(Number.isFinite(results.runs.closed[name]?.[0]?.work.statements), name).toBe(true);
      expect(results.capacity[name], name).toBeDefined();
    }
    // rating.submit reads the session, the author's record and saves in one statement: never none.
    expect(results.capacity.submit?.statements).toBeGreaterThan(0);
  }, 240_000);

  it('runs the multi-instance mode (--scale) on 1, 2 and 3 instances of one database', async () => {
    dir ||= await mkdtemp(path.join(tmpdir(), 'exrated-bench-smoke-'));
    const resultsFile = path.join(dir, 'scale.json');
    const { code, output } = await runSmoke(resultsFile, ['--scale']);
    expect(code, output).toBe(0);

    const results = JSON.parse(await readFile(resultsFile, 'utf8')) as ScaleResults;
    expect(results.scale.instances).toEqual([1, 2, 3]);
    expect(Object.keys(results.scale.paths).sort()).toEqual(
      ['profiles', 'questions', 'ratingsReceived', 'submit'].sort(),
    );
    for (const [name, byCount] of Object.entries(results.scale.runs)) {
      for (const count of ['1', '2', '3']) {
        const [run] = byCount[count] ?? [];
        expect(run?.instances, `${name} x${count}`).toBe(Number(count));
        expect(run?.requests, `${name} x${count}`).toBeGreaterThan(0);
        expect(run?.failures, `${name} x${count}`).toBe(0);
      }
    }
  }, 240_000);
});
