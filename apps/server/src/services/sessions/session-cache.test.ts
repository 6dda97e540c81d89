import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache';

const at = (ms: number) => new Date(Date.UTC(2026, 10, 26) + ms);
const session = (id: string, expiresAtMs = 60_000) => ({ id, expiresAt: at(expiresAtMs) });

/** A loader that counts its database reads. */
function rows(...sessions: ReturnType<typeof session>[]) {
  const loader = {
    reads: 0,
    load: (id: string) => async () => {
      loader.reads += 1;
      return sessions.find((entry) => entry.id === id) ?? null;
    },
  };
  return loader;
}

/**
 * A cache holding reads for 2 s over a database of `sessions`, and `read(id, ms)`: session `id` read at `ms`
 * with its own token (`hash-<id>`).
 */
function cacheOver(...sessions: ReturnType<typeof session>[]) {
  const cache = new SessionCache(2000);
  const db = rows(...sessions);
  const read = (id: string, ms: number, options?: { fresh?: boolean }) =>
    cache.read(`hash-${id}`, at(ms), db.load(id), options);
  return { cache, db, read };
}

describe('SessionCache', () => {
  it('serves a read for its max age and no longer', async () => {
    const { db, read } = cacheOver(session('a'));
    expect((await read('a', 0))?.id).toBe('a');
    expect((await read('a', 1999))?.id).toBe('a');
    expect(db.reads).toBe(1);
    await read('a', 2000);
    expect(db.reads).toBe(2);
  });

  it('never serves a session past its expiry, and holds no read of a missing one', async () => {
    const { db, read } = cacheOver(session('a', 500));
    await read('a', 0);
    await read('a', 499);
    expect(db.reads).toBe(1);
    await read('a', 500);
    expect(db.reads).toBe(2);
    expect(await read('b', 0)).toBeNull();
    expect(await read('b', 1)).toBeNull();
    expect(db.reads).toBe(4);
  });

  it('forgets the sessions it is told to at once', async () => {
    const { cache, db, read } = cacheOver(session('a'), session('b'));
    await read('a', 0);
    await read('b', 0);
    cache.forget(['a']);
    await read('a', 1);
    await read('b', 1);
    expect(db.reads).toBe(3);
  });

  it('does not hold a read that was under way while a session was forgotten', async () => {
    const { cache, db, read } = cacheOver(session('a'));
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    // A logout lands between this read's query and its answer: the answer may predate the logout.
    const slow = cache.read('hash-a', at(0), async () => {
      await answered;
      return db.load('a')();
    });
    cache.forget(['a']);
    answer();
    await slow;
    await read('a', 1);
    expect(db.reads).toBe(2);
  });

  it('reads the row again when asked for a fresh read, and holds that read', async () => {
    const { db, read } = cacheOver(session('a'));
    await read('a', 0);
    await read('a', 1, { fresh: true });
    await read('a', 2);
    expect(db.reads).toBe(2);
  });

  it('forgets every token held for a session, and drops a token whose row is gone', async () => {
    const { cache, db } = cacheOver(session('a'));
    // Two tokens of one session: before and after a rotation.
    await cache.read('hash-old', at(0), db.load('a'));
    await cache.read('hash-new', at(0), db.load('a'));
    cache.forget(['a']);
    await cache.read('hash-old', at(1), db.load('a'));
    await cache.read('hash-new', at(1), db.load('a'));
    expect(db.reads).toBe(4);
    // A fresh read that finds no row drops what was held for that token.
    await cache.read('hash-old', at(2), async () => null, { fresh: true });
    await cache.read('hash-old', at(3), db.load('a'));
    expect(db.reads).toBe(5);
  });

  it('takes a row this process wrote only for an entry it holds', async () => {
    const cache = new SessionCache<{ id: string; expiresAt: Date; lastSeenAt: Date }>(2000);
    cache.update('hash-a', { ...session('a'), lastSeenAt: at(5) });
    const stored = { ...session('a'), lastSeenAt: at(0) };
    expect((await cache.read('hash-a', at(1), async () => stored))?.lastSeenAt).toEqual(at(0));
    cache.update('hash-a', { ...session('a'), lastSeenAt: at(5) });
    expect((await cache.read('hash-a', at(6), async () => stored))?.lastSeenAt).toEqual(at(5));
  });

  it('holds nothing with a max age of 0, and drops the oldest entry when full', async () => {
    const off = new SessionCache(0);
    const db = rows(session('a'), session('b'), session('c'));
    await off.read('hash-a', at(0), db.load('a'));
    await off.read('hash-a', at(0), db.load('a'));
    expect(db.reads).toBe(2);

    const small = new SessionCache(2000, 2);
    for (const id of ['a', 'b', 'c']) await small.read(`hash-${id}`, at(0), db.load(id));
    db.reads = 0;
    for (const id of ['c', 'b', 'a']) await small.read(`hash-${id}`, at(1), db.load(id));
    expect(db.reads).toBe(1);
  });
});
