import { Redis } from 'ioredis';
import { cpuMs } from './processes.mjs';

/**
 * What a measurement cost beyond the serving process's own CPU (docs/performance.md#capacity), read before
 * and after it:
 * - from each server's bench probe (`GET /bench/probe`, BENCH_PROBE_TOKEN): the statements it sent to
 *   Postgres and the commands and round trips it sent to Redis;
 * - from Postgres: the CPU time of the run database's backends of the measured side (the servers' pool is
 *   `application_name` 'exrated', the baselines' is not), and the WAL it wrote (`pg_current_wal_lsn()`, the
 *   whole Postgres server's: other databases' writes meanwhile show up in it; `pg_stat_database`'s commit
 *   counts would be exact but reach it up to 10 s late);
 * - from Redis: `INFO commandstats`, every command Redis ran, those inside scripts included. It is the whole
 *   Redis server's: anything else using the same Redis meanwhile shows up in it.
 */
export const SERVER_APPLICATION = 'exrated';

export function createCounters({ adminSql, databaseName, redisUrl, probeToken }) {
  const redis = redisUrl ? new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 }) : null;

  async function backendPids(side) {
    const rows = await adminSql`select pid, application_name from pg_stat_activity
      where datname = ${databaseName} and backend_type = 'client backend'`;
    return rows
      .filter((row) => (row.application_name === SERVER_APPLICATION) === (side === 'server'))
      .map((row) => row.pid);
  }

  async function redisCalls() {
    if (!redis) return Number.NaN;
    if (redis.status === 'wait') await redis.connect();
    const text = await redis.info('commandstats');
    return [...text.matchAll(/^cmdstat_[^:]+:calls=(\d+)/gm)].reduce(
      (sum, match) => sum + Number(match[1]),
      0,
    );
  }

  async function probe(url) {
    const res = await fetch(`${url}/bench/probe`, { headers: { authorization: `Bearer ${probeToken}` } });
    if (!res.ok) throw new Error(`${url}/bench/probe answered ${res.status}: ${await res.text()}`);
    return res.json();
  }

  /**
   * A reading of everything above. `servers`: the probed instances' URLs (none for a baseline); `side`:
   * whose Postgres backends count. A backend that connects during the measurement counts from zero; one
   * that ends during it loses its time (the pools keep theirs open).
   */
  async function read({ servers, side }) {
    const pids = await backendPids(side);
    const postgresCpu = new Map(pids.map((pid) => [pid, safeCpuMs(pid)]));
    const [[wal], probes, redisTotal] = await Promise.all([
      adminSql`select pg_current_wal_lsn() - '0/0'::pg_lsn as bytes`,
      Promise.all(servers.map(probe)),
      redisCalls(),
    ]);
    const sum = (key) => probes.reduce((total, reading) => total + reading[key], 0);
    return {
      postgresCpu,
      walBytes: Number(wal.bytes),
      statements: servers.length > 0 ? sum('statements') : Number.NaN,
      transactions: servers.length > 0 ? sum('transactions') : Number.NaN,
      redisCommands: servers.length > 0 ? sum('redisCommands') : Number.NaN,
      redisRoundTrips: servers.length > 0 ? sum('redisRoundTrips') : Number.NaN,
      redisServerCalls: redisTotal,
      memory: probes.map((reading) => reading.memory),
    };
  }

  /** Per request between two readings; the counts of the probe's own readings are taken out. */
  function perRequest(before, after, requests) {
    let postgresCpuMs = 0;
    for (const [pid, ms] of after.postgresCpu) postgresCpuMs += ms - (before.postgresCpu.get(pid) ?? 0);
    const per = (value) => value / requests;
    return {
      postgresCpuMs: per(postgresCpuMs),
      statements: per(after.statements - before.statements),
      explicitTransactions: per(after.transactions - before.transactions),
      walBytes: per(after.walBytes - before.walBytes),
      redisCommands: per(after.redisCommands - before.redisCommands),
      redisRoundTrips: per(after.redisRoundTrips - before.redisRoundTrips),
      // The INFO call itself is one command of the reading.
      redisServerCalls: per(after.redisServerCalls - before.redisServerCalls - 1),
    };
  }

  async function readAfter({ servers, side }) {
    // Statements and commands in flight when the load stops land a moment later.
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The reading finds the pids afresh: the backends of the reading before are looked up again.
    return read({ servers, side });
  }

  return {
    read,
    readAfter,
    perRequest,
    async close() {
      redis?.disconnect();
    },
  };
}

/** A backend's CPU time, or 0 when it ended in between. */
function safeCpuMs(pid) {
  try {
    return cpuMs(pid);
  } catch {
    return 0;
  }
}
