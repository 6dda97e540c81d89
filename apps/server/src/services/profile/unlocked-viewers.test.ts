import { describe, expect, it } from 'vitest';
import { UnlockedViewers } from './unlocked-viewers';

describe('UnlockedViewers', () => {
  it('knows a viewer by session and proven phone together', () => {
    const viewers = new UnlockedViewers();
    viewers.add('session-1', '+14155550100');
    expect(viewers.has('session-1', '+14155550100')).toBe(true);
    expect(viewers.has('session-1', '+14155550101')).toBe(false);
    expect(viewers.has('session-2', '+14155550100')).toBe(false);
  });

  it('forgets the oldest viewer first when full', () => {
    const viewers = new UnlockedViewers(2);
    viewers.add('a', '+1');
    viewers.add('b', '+1');
    viewers.add('c', '+1');
    expect([viewers.has('a', '+1'), viewers.has('b', '+1'), viewers.has('c', '+1')]).toEqual([
      false,
      true,
      true,
    ]);
  });
});
