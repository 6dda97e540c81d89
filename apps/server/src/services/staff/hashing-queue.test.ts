import { describe, expect, it } from 'vitest';
import { HashingBusy, HashingQueue } from './hashing-queue';

/** A task that runs until the test lets it finish, recording when it started. */
function heldTask(started: string[], name: string) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    run: async () => {
      started.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('HashingQueue', () => {
  it('runs at most its slots at once and takes known callers before strangers', async () => {
    const queue = new HashingQueue({ slots: 1, strangerSlots: 1, rooms: { known: 2, stranger: 2 } });
    const started: string[] = [];
    const tasks = ['s1', 's2', 's3', 'k1'].map((name) => heldTask(started, name));
    const [s1, s2, s3, k1] = tasks;
    if (!s1 || !s2 || !s3 || !k1) throw new Error('four tasks');
    const runs = [
      queue.run('stranger', s1.run),
      queue.run('stranger', s2.run),
      queue.run('stranger', s3.run),
      queue.run('known', k1.run),
    ];
    await turn();
    expect(started).toEqual(['s1']);
    s1.finish();
    await turn();
    expect(started).toEqual(['s1', 'k1']);
    k1.finish();
    await turn();
    s2.finish();
    await turn();
    s3.finish();
    expect(await Promise.all(runs)).toEqual(['s1', 's2', 's3', 'k1']);
    expect(started).toEqual(['s1', 'k1', 's2', 's3']);
  });

  it('turns a caller away at once when its waiting room is full, whatever the other room holds', async () => {
    const queue = new HashingQueue({ slots: 1, strangerSlots: 1, rooms: { known: 1, stranger: 1 } });
    const started: string[] = [];
    const first = heldTask(started, 'first');
    const waiting = heldTask(started, 'waiting');
    const runs = [queue.run('stranger', first.run), queue.run('stranger', waiting.run)];
    await expect(queue.run('stranger', async () => 'refused')).rejects.toBeInstanceOf(HashingBusy);
    const known = queue.run('known', async () => 'known');
    first.finish();
    expect(await known).toBe('known');
    waiting.finish();
    expect(await Promise.all(runs)).toEqual(['first', 'waiting']);
  });

  it('frees the slot of a task that fails', async () => {
    const queue = new HashingQueue({ slots: 1, strangerSlots: 1, rooms: { known: 0, stranger: 0 } });
    await expect(queue.run('stranger', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run('stranger', async () => 'next')).toBe('next');
  });

  it('keeps a slot that strangers cannot take for known callers, and starts no stranger beside one', async () => {
    const queue = new HashingQueue({ slots: 2, strangerSlots: 1, rooms: { known: 1, stranger: 1 } });
    const started: string[] = [];
    const [s1, s2, k1] = ['s1', 's2', 'k1'].map((name) => heldTask(started, name));
    if (!s1 || !s2 || !k1) throw new Error('three tasks');
    const runs = [queue.run('stranger', s1.run), queue.run('stranger', s2.run)];
    await turn();
    expect(started).toEqual(['s1']);
    const known = queue.run('known', k1.run);
    await turn();
    expect(started).toEqual(['s1', 'k1']);
    // No stranger starts while the known caller's hash runs, though a slot is free.
    s1.finish();
    await turn();
    expect(started).toEqual(['s1', 'k1']);
    k1.finish();
    expect(await known).toBe('k1');
    await turn();
    expect(started).toEqual(['s1', 'k1', 's2']);
    s2.finish();
    expect(await Promise.all(runs)).toEqual(['s1', 's2']);
  });
});
