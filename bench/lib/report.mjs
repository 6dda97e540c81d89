import os from 'node:os';
import { readings } from './budgets.mjs';
import { median } from './load.mjs';
import { TARGET_RATINGS } from './seed.mjs';

const WORK_KEYS = [
  'postgresCpuMs',
  'statements',
  'explicitTransactions',
  'walBytes',
  'redisCommands',
  'redisRoundTrips',
  'redisServerCalls',
];

/**
 * The capacity plan's figures of each path (docs/performance.md#capacity), medians over the closed-loop reps
 * (the verification pair's over its reps, per pair): what one request costs the serving process, Postgres and
 * Redis, and the request rates one core of each would carry at that cost alone.
 */
export function capacityOf(runs) {
  const rowOf = (list, scale = 1) => {
    const row = { cpuMs: scale * median(list.map((run) => run.cpuMsPerRequest)) };
    for (const key of WORK_KEYS) row[key] = scale * median(list.map((run) => run.work?.[key] ?? Number.NaN));
    row.requestsPerServerCoreSecond = 1000 / row.cpuMs;
    row.requestsPerPostgresCoreSecond = 1000 / row.postgresCpuMs;
    return row;
  };
  const paths = Object.fromEntries(Object.entries(runs.closed).map(([name, list]) => [name, rowOf(list)]));
  if (runs.verification.length > 0) paths.verificationPair = rowOf(runs.verification, 2);
  return paths;
}

export function machineOf() {
  return {
    cpus: os.cpus().length,
    model: os.cpus()[0]?.model,
    node: process.version,
    note: 'shared with other workloads',
  };
}

/**
 * The largest of each part of the server's memory its probe reported after a measurement, in MB: where the
 * peak RSS goes (V8's heap, its used part, and memory outside it such as Buffers).
 */
function memoryOf(runs) {
  const readings = [...Object.values(runs.closed), ...Object.values(runs.open), runs.verification]
    .flat()
    .map((run) => run.memory)
    .filter(Boolean);
  const keys = ['rss', 'heapTotal', 'heapUsed', 'external', 'arrayBuffers'];
  return Object.fromEntries(
    keys.map((key) => [
      key,
      readings.length > 0 ? Math.max(...readings.map((reading) => reading[key] / 2 ** 20)) : Number.NaN,
    ]),
  );
}

/** Everything a run measured, as written to bench/results.json. */
export function resultsOf({ plan, dataset, measured, ...figures }) {
  const { closed, open, runs } = measured;
  const { rps, latency, verification } = readings(runs);
  const cpuPerRequest = (list) => median(list.map((run) => run.cpuMsPerRequest));
  const failures = (list) => list.reduce((sum, run) => sum + run.failures, 0);
  return {
    date: new Date().toISOString(),
    mode: plan.mode,
    machine: {
      ...machineOf(),
      // CPU time the hypervisor took from this VM during the measurements: what a noisy host costs.
      stealPercent: measured.stealPercent,
    },
    method: {
      reps: plan.reps,
      closedLoop: plan.closedLoop,
      openLoop: {
        ...plan.openLoop,
        pacing:
          "evenly paced at loadFraction of the path's closed-loop throughput in the same rep, latency from the due time",
      },
      statistic: `median of ${plan.reps}`,
    },
    dataset: {
      ...dataset.sizes,
      ratingScores: dataset.sizes.ratings * 5,
      seedSeconds: dataset.seedSeconds,
      cloneSeconds: dataset.cloneSeconds,
      targetPhoneRatings: TARGET_RATINGS,
    },
    throughput: Object.fromEntries(closed.map((name) => [name, rps(name)])),
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
          offeredRps: latency(name, 'offeredRps'),
          achievedRps: latency(name, 'rps'),
          p95InSaturatedLatency: latency(name, 'p95InSaturatedLatency'),
          p99InSaturatedLatency: latency(name, 'p99InSaturatedLatency'),
          p50: latency(name, 'p50'),
          p95: latency(name, 'p95'),
          p99: latency(name, 'p99'),
        },
      ]),
    ),
    verification: {
      capacityPairsPerSecond: verification('capacityPairsPerSecond'),
      offeredPairsPerSecond: verification('offeredPairsPerSecond'),
      cpuMsPerPair: verification('cpuMsPerPair'),
      sendSaturatedMs: verification('sendSaturatedMs'),
      checkSaturatedMs: verification('checkSaturatedMs'),
      sendP95InSaturatedLatency: verification('sendP95InSaturatedLatency'),
      sendP99InSaturatedLatency: verification('sendP99InSaturatedLatency'),
      checkP95InSaturatedLatency: verification('checkP95InSaturatedLatency'),
      checkP99InSaturatedLatency: verification('checkP99InSaturatedLatency'),
      sendP95: verification('sendP95'),
      sendP99: verification('sendP99'),
      checkP95: verification('checkP95'),
      checkP99: verification('checkP99'),
    },
    capacity: capacityOf(runs),
    rssMb: measured.rssMb,
    serverMemoryMb: memoryOf(runs),
    ...figures,
    lighthouse: figures.lighthouse && {
      preset: 'mobile',
      runsPerPage: plan.lighthouseRuns,
      pages: figures.lighthouse,
    },
    runs,
  };
}

const fmt = (v) => (Number.isFinite(v) ? (Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(2)) : String(v));

export function printScreening(screening) {
  const ms = (v) => (Number.isFinite(v) ? v.toFixed(3) : String(v));
  console.log(`Screening one rating (${screening.ratings} ratings from the corpus, each screened 5 times):`);
  console.table({
    'typical rating': {
      'CPU ms': ms(screening.cpuMsPerRating),
      p50: ms(screening.medianMs),
      p95: ms(screening.p95Ms),
      p99: ms(screening.p99Ms),
      'x normalization': screening.ratioToBaseline.toFixed(0),
    },
    'three 1,000-character texts': { p50: ms(screening.longestMedianMs), p99: ms(screening.longestP99Ms) },
    'three adversarial 1,000-character texts': {
      p50: ms(screening.adversarialMedianMs),
      p99: ms(screening.adversarialP99Ms),
    },
  });
}

/** The multi-instance mode's table on the console. */
export function printScale({ machine, scale }) {
  console.log(
    `\nExRated bench, ${scale.instances.join(', ')} instances on one Postgres and one Redis (${machine.cpus} cores): per path and instance count, throughput, the instances' CPU per request, requests per CPU second as a ratio to ${scale.instances[0]} instance(s), and Postgres CPU per request (medians of the reps):`,
  );
  const rows = {};
  for (const [name, byCount] of Object.entries(scale.paths)) {
    for (const [count, row] of Object.entries(byCount)) {
      rows[`${name} x${count}`] = {
        'req/s': fmt(row.rps),
        'CPU ms/req': fmt(row.cpuMsPerRequest),
        'req per CPU s / one': fmt(row.requestsPerCpuSecondRatio),
        'PG CPU ms/req': fmt(row.postgresCpuMsPerRequest),
        'PG CPU / one': fmt(row.postgresCpuPerRequestRatio),
        statements: fmt(row.statementsPerRequest),
        'Redis cmds': fmt(row.redisCommandsPerRequest),
      };
    }
  }
  console.table(rows);
}

/** The run's tables on the console. */
export function printResults(results) {
  const { machine, method } = results;
  console.log(
    `\nExRated bench (${results.mode}, ${results.date}, ${machine.cpus} cores ${machine.model}, Node ${machine.node}, ${machine.stealPercent.toFixed(1)} % of the CPU stolen by the host during the measurements)`,
  );
  console.log(
    `Closed-loop throughput at ${method.closedLoop.connections} connections, req/s, and the serving process's CPU per request (${method.statistic}):`,
  );
  console.table(
    Object.fromEntries(
      Object.entries(results.throughput).map(([name, rps]) => [
        name,
        { 'req/s': Math.round(rps), 'CPU ms/req': fmt(results.cpuMsPerRequest.closed[name]) },
      ]),
    ),
  );
  console.log(
    `Open loop at ${method.openLoop.loadFraction * 100} % of each path's closed-loop throughput, evenly paced; latency also over the path's saturated mean latency (connections / throughput):`,
  );
  console.table(
    Object.fromEntries(
      Object.entries(results.latency).map(([name, l]) => [
        name,
        {
          'offered req/s': Math.round(l.offeredRps),
          'achieved req/s': Math.round(l.achievedRps),
          'CPU ms/req': fmt(results.cpuMsPerRequest.open[name]),
          p50: fmt(l.p50),
          p95: fmt(l.p95),
          p99: fmt(l.p99),
          'p95 / saturated': fmt(l.p95InSaturatedLatency),
          'p99 / saturated': fmt(l.p99InSaturatedLatency),
        },
      ]),
    ),
  );
  if (Number.isFinite(results.verification.cpuMsPerPair)) {
    console.log(
      `Verification: capacity ${fmt(results.verification.capacityPairsPerSecond)} pairs/s, ${fmt(results.verification.cpuMsPerPair)} ms of server CPU per send + check pair; at ${fmt(results.verification.offeredPairsPerSecond)} pairs/s send p99 ${fmt(results.verification.sendP99)} ms, check p99 ${fmt(results.verification.checkP99)} ms`,
    );
  }
  console.log(
    "Capacity: per request (closed loop, median), the serving process's CPU, Postgres backends' CPU, statements (each one round trip), explicit transactions, WAL bytes (whole Postgres server), Redis commands and round trips (the server's), Redis calls (whole Redis server, script internals included), and the requests per second one core would carry at that cost:",
  );
  console.table(
    Object.fromEntries(
      Object.entries(results.capacity).map(([name, row]) => [
        name,
        {
          'CPU ms': fmt(row.cpuMs),
          'PG CPU ms': fmt(row.postgresCpuMs),
          statements: fmt(row.statements),
          tx: fmt(row.explicitTransactions),
          'WAL B': fmt(row.walBytes),
          'Redis cmds': fmt(row.redisCommands),
          'Redis RTs': fmt(row.redisRoundTrips),
          'Redis calls': fmt(row.redisServerCalls),
          'req/s per core': fmt(row.requestsPerServerCoreSecond),
          'req/s per PG core': fmt(row.requestsPerPostgresCoreSecond),
        },
      ]),
    ),
  );
  const memory = Object.entries(results.serverMemoryMb)
    .map(([key, mb]) => `${key} ${fmt(mb)}`)
    .join(', ');
  console.log(`Server memory after a measurement, largest (MB, process.memoryUsage()): ${memory}`);
  console.log('Budgets:');
  console.table(
    results.budgets.map(({ name, value, target, met }) => ({
      measure: name,
      value: fmt(value),
      target,
      met: met === null ? '-' : met ? 'yes' : 'NO',
    })),
  );
  console.log('EXPLAIN:');
  console.table(
    Object.fromEntries(
      Object.entries(results.explain).map(([name, plan]) => [
        name,
        { indexes: plan.indexes.join(', '), seqScans: plan.seqScans.join(', ') || '-', ms: plan.executionMs },
      ]),
    ),
  );
}
