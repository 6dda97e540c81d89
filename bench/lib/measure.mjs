import { drive, drivePaced } from './load.mjs';
import { machineCpuTicks, stealPercent } from './machine.mjs';
import { say } from './plan.mjs';
import { cpuMs, sampleRss } from './processes.mjs';
import { BASELINES, CLOSED, OPEN, probe, scenarios } from './scenarios.mjs';
import { verificationCapacity, verificationPairs } from './verification-pairs.mjs';

/**
 * A failed request is an error of the run, in every phase: a fast error is not a fast answer. A measurement
 * that got no answer at all has no figure to compare either; a warm-up may end before the first answer.
 */
function requireAnswered(label, result, { warmUp = false } = {}) {
  if (result.requests === 0 && !warmUp) throw new Error(`${label}: no request was answered`);
  if (result.failures > 0) {
    throw new Error(
      `${label}: ${result.failures} of ${result.requests} requests failed (${JSON.stringify(result.failureKinds)})`,
    );
  }
  return result;
}

/** A measurement's counts per request, for its progress line. */
function describeWork(work) {
  const figure = (value, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
  return `Postgres ${figure(work.postgresCpuMs)} ms CPU, ${figure(work.statements)} statements, Redis ${figure(work.redisCommands)} commands`;
}

/**
 * Every selected path and baseline: probed once, warmed up, then measured `plan.reps` times, interleaved,
 * the database settled between measurements. Returns the runs, the server's peak RSS and the CPU the host
 * stole meanwhile.
 */
export async function measurePaths(plan, stage) {
  const requests = scenarios(stage);
  const closed = CLOSED.filter(plan.selected);
  const open = OPEN.filter(plan.selected);
  const verification = plan.selected('verification');
  for (const name of new Set([...closed, ...open])) await probe(name, requests[name]);

  const runs = {
    closed: Object.fromEntries(closed.map((name) => [name, []])),
    open: Object.fromEntries(open.map((name) => [name, []])),
    verification: [],
  };
  const peakRss = sampleRss(stage.server.child.pid);
  if (plan.warmupSeconds > 0) {
    // Rep 1 otherwise measures V8's JIT warm-up.
    for (const name of new Set([...closed, ...open])) {
      const result = await drive({ ...requests[name], duration: plan.warmupSeconds });
      requireAnswered(`warm-up ${name}`, result, { warmUp: true });
    }
    if (verification) {
      const pairs = await verificationCapacity({
        ...stage,
        connections: plan.closedLoop.connections,
        duration: plan.warmupSeconds,
      });
      requireAnswered('warm-up verification pairs', pairs, { warmUp: true });
    }
    await stage.database.settle();
    say(`warmed up (${plan.warmupSeconds} s per path)`);
  }

  const measurementsStart = machineCpuTicks();
  // Server CPU per answered request: steadier than throughput on shared cores, and what a budget costs.
  // With it, what the request asked of Postgres and Redis (bench/lib/counters.mjs): the capacity plan's counts.
  const measured = async (label, name, run) => {
    const baseline = BASELINES.includes(name);
    const pid = baseline ? stage.baselinesPid : stage.server.child.pid;
    const sides = { servers: baseline ? [] : [stage.base], side: baseline ? 'baselines' : 'server' };
    const countsBefore = await stage.counters.read(sides);
    const before = cpuMs(pid);
    const machineBefore = machineCpuTicks();
    const result = requireAnswered(label, await run());
    const cpuAfter = cpuMs(pid);
    const machineAfter = machineCpuTicks();
    const countsAfter = await stage.counters.readAfter(sides);
    const measuredResult = {
      ...result,
      cpuMsPerRequest: (cpuAfter - before) / result.requests,
      stealPercent: stealPercent(machineBefore, machineAfter),
      work: stage.counters.perRequest(countsBefore, countsAfter, result.requests),
      // The server's own account of its memory right after the load (the probe's process.memoryUsage()).
      ...(baseline ? {} : { memory: countsAfter.memory[0] }),
    };
    await stage.database.settle();
    return measuredResult;
  };
  for (let rep = 1; rep <= plan.reps; rep++) {
    for (const name of closed) {
      const result = await measured(`rep ${rep} closed ${name}`, name, () =>
        drive({ ...requests[name], ...plan.closedLoop }),
      );
      runs.closed[name].push(result);
      say(
        `rep ${rep} closed ${name}: ${result.rps.toFixed(0)} req/s, ${result.cpuMsPerRequest.toFixed(2)} ms CPU/req, ${describeWork(result.work)}, steal ${result.stealPercent.toFixed(0)} %`,
      );
    }
    for (const name of open) {
      const capacity = runs.closed[name]?.[rep - 1]?.rps;
      if (!capacity) throw new Error(`open ${name}: no closed-loop capacity measured in rep ${rep}`);
      const rate = Math.max(1, Math.round(plan.openLoop.loadFraction * capacity));
      const result = await measured(`rep ${rep} open ${name}`, name, () =>
        drivePaced({ ...requests[name], duration: plan.openLoop.duration, rate }),
      );
      // The path's mean latency when saturated (Little's law over the closed loop): the unit the open-loop
      // budgets are set in.
      result.offeredRps = rate;
      result.saturatedMs = (1000 * plan.closedLoop.connections) / capacity;
      result.p95InSaturatedLatency = result.p95 / result.saturatedMs;
      result.p99InSaturatedLatency = result.p99 / result.saturatedMs;
      runs.open[name].push(result);
      say(
        `rep ${rep} open@${rate} (${plan.openLoop.loadFraction * 100} % of ${capacity.toFixed(0)}) ${name}: achieved ${result.rps.toFixed(0)} req/s, ${result.cpuMsPerRequest.toFixed(2)} ms CPU/req, p95 ${result.p95.toFixed(1)} ms p99 ${result.p99.toFixed(1)} ms, steal ${result.stealPercent.toFixed(0)} %`,
      );
    }
    if (!verification) continue;
    // The code pairs as the other paths: their own capacity first, then half of it, evenly paced.
    const capacity = await measured(`rep ${rep} closed verification pairs`, 'verification', () =>
      verificationCapacity({ ...stage, ...plan.closedLoop }),
    );
    const pairsPerSecond = Math.max(1, Math.round(plan.openLoop.loadFraction * capacity.pairsPerSecond));
    const pairs = await measured(`rep ${rep} open verification pairs`, 'verification', () =>
      verificationPairs({ ...stage, pairsPerSecond, duration: plan.openLoop.duration }),
    );
    pairs.capacityPairsPerSecond = capacity.pairsPerSecond;
    pairs.offeredPairsPerSecond = pairsPerSecond;
    pairs.cpuMsPerPair = capacity.cpuMsPerRequest * 2;
    pairs.work = capacity.work;
    pairs.cpuMsPerRequest = capacity.cpuMsPerRequest;
    for (const step of ['send', 'check']) {
      const saturatedMs = capacity[`${step}SaturatedMs`];
      pairs[`${step}SaturatedMs`] = saturatedMs;
      pairs[`${step}P95InSaturatedLatency`] = pairs[`${step}P95`] / saturatedMs;
      pairs[`${step}P99InSaturatedLatency`] = pairs[`${step}P99`] / saturatedMs;
    }
    runs.verification.push(pairs);
    say(
      `rep ${rep} verification pairs: capacity ${capacity.pairsPerSecond.toFixed(0)} pairs/s, ${pairs.cpuMsPerPair.toFixed(2)} ms CPU/pair, ${describeWork(capacity.work)}; open@${pairsPerSecond}: send p99 ${pairs.sendP99.toFixed(1)} ms (${pairs.sendP99InSaturatedLatency.toFixed(2)} saturated), check p99 ${pairs.checkP99.toFixed(1)} ms (${pairs.checkP99InSaturatedLatency.toFixed(2)} saturated), steal ${pairs.stealPercent.toFixed(0)} %`,
    );
  }
  return {
    closed,
    open,
    runs,
    rssMb: peakRss(),
    stealPercent: stealPercent(measurementsStart, machineCpuTicks()),
  };
}
