import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration';

describe('formatDuration', () => {
  it('says minutes under an hour, hours under two days, then days', () => {
    expect(formatDuration(0)).toBe('0 min');
    expect(formatDuration(-5)).toBe('0 min');
    expect(formatDuration(59 * 60)).toBe('59 min');
    expect(formatDuration(60 * 60)).toBe('1 h');
    expect(formatDuration(90 * 60)).toBe('1.5 h');
    expect(formatDuration(47 * 3600)).toBe('47 h');
    expect(formatDuration(72 * 3600)).toBe('3 d');
  });
});
