import { describe, expect, it } from 'vitest';
import { ReportCache } from './report-cache';

describe('ReportCache', () => {
  it('computes a period once, for callers at the same time and after', async () => {
    const cache = new ReportCache<number>();
    let computed = 0;
    const compute = async () => {
      computed += 1;
      return computed;
    };
    expect(await Promise.all([cache.get('2026-11', compute), cache.get('2026-11', compute)])).toEqual([1, 1]);
    expect(await cache.get('2026-11', compute)).toBe(1);
    expect(computed).toBe(1);
    expect(await cache.get('2026-12', compute)).toBe(2);
  });

  it('asks again after a computation failed', async () => {
    const cache = new ReportCache<string>();
    await expect(cache.get('2026-11', () => Promise.reject(new Error('database away')))).rejects.toThrow(
      'database away',
    );
    expect(await cache.get('2026-11', async () => 'report')).toBe('report');
  });
});
