import { describe, expect, it } from 'vitest';
import { formatWaited } from './waited';

describe('formatWaited', () => {
  it('says minutes under an hour, hours under two days, then days', () => {
    expect(formatWaited(0)).toBe('0 min');
    expect(formatWaited(59 * 60)).toBe('59 min');
    expect(formatWaited(60 * 60)).toBe('1 h');
    expect(formatWaited(47 * 3600)).toBe('47 h');
    expect(formatWaited(72 * 3600)).toBe('3 d');
  });
});
