import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache';

const at = (ms: number) => new Date(Date.UTC(2026, 10, 26) + ms);
const session = (id: string, expiresAtMs = 60_000) => ({ id, expiresAt: at(expiresAtMs) });

describe('SessionCache', () => {
  it('serves a read for its max age and no longer', () => {
    const cache = new SessionCache(2000);
    cache.remember('hash-a', session('a'), at(0), cache.mark());
    expect(cache.get('hash-a', at(1999))?.id).toBe('a');
    expect(cache.get('hash-a', at(2000))).toBeNull();
    expect(cache.get('hash-b', at(0))).toBeNull();
  });

  it('never serves a session past its expiry', () => {
    const cache = new SessionCache(2000);
    cache.remember('hash-a', session('a', 500), at(0), cache.mark());
    expect(cache.get('hash-a', at(499))?.id).toBe('a');
    expect(cache.get('hash-a', at(500))).toBeNull();
  });

  it('forgets the sessions it is told to at once', () => {
    const cache = new SessionCache(2000);
    cache.remember('hash-a', session('a'), at(0), cache.mark());
    cache.remember('hash-b', session('b'), at(0), cache.mark());
    cache.forget(({ id }) => id === 'a');
    expect(cache.get('hash-a', at(1))).toBeNull();
    expect(cache.get('hash-b', at(1))?.id).toBe('b');
  });

  it('does not keep a read that was under way while a session was forgotten', () => {
    const cache = new SessionCache(2000);
    const mark = cache.mark();
    // A logout lands between the start of this read and its answer: the answer may predate it.
    cache.forget(({ id }) => id === 'a');
    cache.remember('hash-a', session('a'), at(0), mark);
    expect(cache.get('hash-a', at(1))).toBeNull();
    cache.remember('hash-a', session('a'), at(0), cache.mark());
    expect(cache.get('hash-a', at(1))?.id).toBe('a');
  });

  it('takes a row this process wrote only for an entry it holds', () => {
    const cache = new SessionCache<{ id: string; expiresAt: Date; lastSeenAt: Date }>(2000);
    cache.update('hash-a', { ...session('a'), lastSeenAt: at(5) });
    expect(cache.get('hash-a', at(1))).toBeNull();
    cache.remember('hash-a', { ...session('a'), lastSeenAt: at(0) }, at(0), cache.mark());
    cache.update('hash-a', { ...session('a'), lastSeenAt: at(5) });
    expect(cache.get('hash-a', at(6))?.lastSeenAt).toEqual(at(5));
  });

  it('keeps nothing with a max age of 0, and drops the oldest entry when full', () => {
    const off = new SessionCache(0);
    off.remember('hash-a', session('a'), at(0), off.mark());
    expect(off.get('hash-a', at(0))).toBeNull();

    const small = new SessionCache(2000, 2);
    for (const id of ['a', 'b', 'c']) small.remember(`hash-${id}`, session(id), at(0), small.mark());
    expect(['a', 'b', 'c'].map((id) => small.get(`hash-${id}`, at(1))?.id ?? null)).toEqual([null, 'b', 'c']);
  });
});
