import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * postgres.js keeps its pool's connections and waiting queries in this queue. Unpatched, a queue that never
 * empties (a saturated pool: more queries at once than connections) keeps a spent slot for every shift and
 * searches them all on every removal, so each query costs more than the one before: the bench's 101-query
 * baseline fell from 240 to 90 requests/s over four 6-second runs. patches/postgres@3.4.9.patch searches
 * only the live part and compacts the spent slots.
 */
interface Queue<T> {
  readonly length: number;
  push(item: T): T;
  shift(): T | undefined;
  remove(item: T): T | null;
}

// The module is not among the package's exports: it is loaded by its path inside the installed package.
const packageRoot = path.resolve(path.dirname(createRequire(import.meta.url).resolve('postgres')), '../..');
const { default: createQueue } = (await import(
  pathToFileURL(path.join(packageRoot, 'src/queue.js')).href
)) as {
  default: <T>(initial?: T[]) => Queue<T>;
};

describe("postgres.js's queue (patched)", () => {
  it('stays first in, first out through a long run in which it never empties', () => {
    const queue = createQueue<number>();
    const model: number[] = [];
    let next = 0;
    for (let i = 0; i < 10; i++) model.push(queue.push(next++));
    for (let step = 0; step < 50_000; step++) {
      // What the pool does with busy connections: take the first, put it back at the end.
      const taken = queue.shift();
      expect(taken).toBe(model.shift());
      model.push(queue.push(taken ?? -1));
      if (step % 7 === 0) {
        const victim = model[step % model.length] ?? -1;
        expect(queue.remove(victim)).toBe(victim);
        model.splice(model.indexOf(victim), 1);
        model.push(queue.push(next++));
      }
      if (step % 11 === 0) expect(queue.remove(-42)).toBeNull();
      expect(queue.length).toBe(model.length);
    }
    const rest: number[] = [];
    while (queue.length > 0) rest.push(queue.shift() ?? -1);
    expect(rest).toEqual(model);
  });

  it('does not slow down however long it has stayed non-empty', () => {
    const queue = createQueue<object>();
    const items = Array.from({ length: 10 }, () => queue.push({}));
    for (let step = 0; step < 300_000; step++) queue.push(queue.shift() ?? {});
    // Unpatched, each removal here would scan ~300,000 spent slots (billions of comparisons in all).
    const started = performance.now();
    for (let step = 0; step < 20_000; step++) {
      const item = items[step % items.length] ?? {};
      queue.remove(item);
      queue.push(item);
    }
    expect(performance.now() - started).toBeLessThan(500);
    expect(queue.length).toBe(items.length);
  });
});
