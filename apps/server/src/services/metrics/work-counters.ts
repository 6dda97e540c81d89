import type { StatementCounter } from '@exrated/db';
import type { Redis } from 'ioredis';

/** ioredis's internal entry point of every command, pipelined or not (a pipeline passes its own stream). */
type SendCommand = (command: unknown, stream?: object) => unknown;

/**
 * What one instance asks of Postgres and Redis, counted for the bench (BENCH_PROBE_TOKEN,
 * docs/performance.md#capacity): statements sent, and Redis commands and round trips, a pipeline or a
 * MULTI being one round trip for all its commands. A script (EVALSHA) is one command here, whatever it runs
 * inside Redis.
 */
export class WorkCounters implements StatementCounter {
  statements = 0;
  /** Explicit transactions (BEGIN ... COMMIT); every other statement is a transaction of its own. */
  transactions = 0;
  redisCommands = 0;
  redisRoundTrips = 0;
  private readonly pipelines = new WeakSet<object>();

  statement() {
    this.statements += 1;
  }

  transaction() {
    this.transactions += 1;
  }

  /** Counts every command `redis` sends from now on. */
  watchRedis(redis: Redis) {
    const target = redis as unknown as { sendCommand: SendCommand };
    const send = target.sendCommand.bind(redis);
    target.sendCommand = (command, stream) => {
      this.redisCommands += 1;
      if (!stream) this.redisRoundTrips += 1;
      else if (!this.pipelines.has(stream)) {
        this.pipelines.add(stream);
        this.redisRoundTrips += 1;
      }
      return send(command, stream);
    };
  }

  snapshot() {
    return {
      statements: this.statements,
      transactions: this.transactions,
      redisCommands: this.redisCommands,
      redisRoundTrips: this.redisRoundTrips,
    };
  }
}
