import path from 'node:path';
import { BUNDLE, SERVER_NODE_ARGS, serverEnv } from './environment.mjs';
import { drive, median } from './load.mjs';
import { BENCH_DIR, say } from './plan.mjs';
import { cpuMs, startServer, stop } from './processes.mjs';
import { probe, scenarios } from './scenarios.mjs';

/** The server paths the multi-instance mode drives: no database, reads, and the write with its locks. */
export const SCALE_PATHS = ['questions', 'submit', 'ratingsReceived', 'profiles'];

/**
 * `--scale`: the same paths on 1, 2 and 3 instances of the server together, on one Postgres and one Redis
 * (one database, one key prefix: one deployment), the closed loop's connections split evenly over the
 * instances. On a machine with fewer cores than instances the throughput cannot grow, so each count is
 * read per unit of CPU: requests per CPU second of the loaded instances, as a ratio to one instance's in
 * the same rep. Without contention between instances (a lock, a shared key, a claim they race for), the
 * ratio holds near 1; what they fight over shows as CPU per request that grows with the instances, or as
 * requests per CPU second of Postgres that fall.
 */
export async function measureScale(plan, stage) {
  const counts = plan.scale.instances;
  const extra = [];
  for (let i = 1; i < Math.max(...counts); i++) {
    const server = await startServer({
      bundle: BUNDLE,
      env: serverEnv(stage.database.name, stage.sns.url),
      logFile: plan.logFile,
      nodeArgs: [
        ...SERVER_NODE_ARGS,
        ...(plan.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(BENCH_DIR, 'profiles')}`] : []),
      ],
    });
    say(`instance ${i + 1} ready on ${server.url} (pid ${server.child.pid})`);
    extra.push(server);
  }
  const instances = [stage.server, ...extra];
  const requestsOf = (server) => scenarios({ ...stage, base: server.url });
  try {
    for (const server of instances) {
      const requests = requestsOf(server);
      for (const name of SCALE_PATHS) await probe(name, requests[name]);
      if (plan.warmupSeconds > 0) {
        for (const name of SCALE_PATHS) await drive({ ...requests[name], duration: plan.warmupSeconds });
      }
    }
    await stage.database.settle();
    const runs = Object.fromEntries(
      SCALE_PATHS.map((name) => [name, Object.fromEntries(counts.map((count) => [count, []]))]),
    );
    for (let rep = 1; rep <= plan.reps; rep++) {
      for (const count of counts) {
        const loaded = instances.slice(0, count);
        for (const name of SCALE_PATHS) {
          const result = await measureSpread(plan, stage, loaded, name, requestsOf);
          runs[name][count].push(result);
          say(
            `rep ${rep} scale ${name} on ${count} instance(s): ${result.rps.toFixed(0)} req/s, ${result.cpuMsPerRequest.toFixed(2)} ms CPU/req, ${result.requestsPerCpuSecond.toFixed(0)} req per CPU s, Postgres ${result.work.postgresCpuMs.toFixed(2)} ms CPU/req`,
          );
        }
      }
    }
    return summarizeScale(counts, runs);
  } finally {
    for (const server of extra) await stop(server.child);
  }
}

/** One closed-loop measurement of `name`, its connections split over `loaded`, all driven at once. */
async function measureSpread(plan, stage, loaded, name, requestsOf) {
  const { connections, ...rest } = plan.closedLoop;
  const share = Math.max(1, Math.floor(connections / loaded.length));
  const sides = { servers: loaded.map((server) => server.url), side: 'server' };
  const countsBefore = await stage.counters.read(sides);
  const cpuBefore = loaded.map((server) => cpuMs(server.child.pid));
  const results = await Promise.all(
    loaded.map((server) =>
      drive({
        ...requestsOf(server)[name],
        ...rest,
        connections: share,
        ...(rest.amount ? { amount: Math.max(share, Math.ceil(rest.amount / loaded.length)) } : {}),
      }),
    ),
  );
  const cpu = loaded.reduce((sum, server, i) => sum + cpuMs(server.child.pid) - cpuBefore[i], 0);
  const countsAfter = await stage.counters.readAfter(sides);
  const requests = results.reduce((sum, result) => sum + result.requests, 0);
  const failures = results.reduce((sum, result) => sum + result.failures, 0);
  if (requests === 0) throw new Error(`scale ${name} on ${loaded.length}: no request was answered`);
  if (failures > 0) {
    throw new Error(
      `scale ${name} on ${loaded.length}: ${failures} of ${requests} requests failed (${JSON.stringify(results.map((result) => result.failureKinds))})`,
    );
  }
  await stage.database.settle();
  const work = stage.counters.perRequest(countsBefore, countsAfter, requests);
  return {
    instances: loaded.length,
    requests,
    failures,
    rps: results.reduce((sum, result) => sum + result.rps, 0),
    cpuMsPerRequest: cpu / requests,
    requestsPerCpuSecond: (1000 * requests) / cpu,
    work,
  };
}

/** Per path and instance count, medians over the reps and the ratios to one instance. */
export function summarizeScale(counts, runs) {
  const paths = {};
  for (const [name, byCount] of Object.entries(runs)) {
    const one = byCount[counts[0]] ?? [];
    paths[name] = Object.fromEntries(
      counts.map((count) => {
        const list = byCount[count];
        // Ratios rep by rep (the same rep's one-instance run), then the median: as the budgets' ratios.
        const ratio = (read) => median(list.map((run, i) => read(run) / read(one[i] ?? {})));
        return [
          count,
          {
            rps: median(list.map((run) => run.rps)),
            cpuMsPerRequest: median(list.map((run) => run.cpuMsPerRequest)),
            postgresCpuMsPerRequest: median(list.map((run) => run.work.postgresCpuMs)),
            statementsPerRequest: median(list.map((run) => run.work.statements)),
            redisCommandsPerRequest: median(list.map((run) => run.work.redisCommands)),
            requestsPerCpuSecondRatio: ratio((run) => run.requestsPerCpuSecond),
            postgresCpuPerRequestRatio: ratio((run) => run.work?.postgresCpuMs),
            throughputRatio: ratio((run) => run.rps),
          },
        ];
      }),
    );
  }
  return { instances: counts, paths, runs };
}
