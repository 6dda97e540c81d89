import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { WorkCounters } from './work-counters';

describe('WorkCounters', () => {
  it('counts every Redis command, and a pipeline as one round trip for all its commands', () => {
    const sent: unknown[] = [];
    const redis = { sendCommand: (command: unknown) => sent.push(command) };
    const counters = new WorkCounters();
    counters.watchRedis(redis as unknown as Redis);
    const send = (redis as unknown as { sendCommand(command: unknown, stream?: object): unknown })
      .sendCommand;
    const pipeline = {};
    const other = {};
    send('get');
    send('evalsha');
    for (const command of ['multi', 'incr', 'exec']) send(command, pipeline);
    send('del', other);
    expect(sent).toEqual(['get', 'evalsha', 'multi', 'incr', 'exec', 'del']);
    expect(counters.snapshot()).toEqual({
      statements: 0,
      transactions: 0,
      redisCommands: 6,
      redisRoundTrips: 4,
    });
  });

  it('counts statements and transactions as the database reports them', () => {
    const counters = new WorkCounters();
    counters.transaction();
    for (let i = 0; i < 3; i++) counters.statement();
    expect(counters.snapshot()).toMatchObject({ statements: 3, transactions: 1 });
  });
});
