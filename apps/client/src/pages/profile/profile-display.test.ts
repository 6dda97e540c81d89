import { describe, expect, it } from 'vitest';
import { postedAgo } from './posted-ago';
import { formatScore, scoreColour } from './score-colour';

describe('postedAgo', () => {
  const now = new Date('2026-05-10T12:00:00Z');

  it('says how long ago a review was posted', () => {
    expect(postedAgo(new Date('2026-05-07T12:00:00Z'), now)).toBe('Posted 3 days ago');
    expect(postedAgo('2026-05-10T11:00:00Z', now)).toBe('Posted an hour ago');
    expect(postedAgo(new Date('2026-05-10T11:59:50Z'), now)).toBe('Posted a few seconds ago');
    expect(postedAgo(new Date('2025-05-01T12:00:00Z'), now)).toBe('Posted a year ago');
  });

  it("reads 'recently' when the date cannot be formatted", () => {
    expect(postedAgo('not a date', now)).toBe('Posted recently');
    expect(postedAgo(new Date(Number.NaN), now)).toBe('Posted recently');
    expect(postedAgo(null, now)).toBe('Posted recently');
    expect(postedAgo(undefined, now)).toBe('Posted recently');
  });

  it('treats a date a little in the future as just posted', () => {
    expect(postedAgo(new Date('2026-05-10T12:00:30Z'), now)).toBe('Posted a few seconds ago');
  });
});

describe('scoreColour', () => {
  it('is red under 4, blue under 7, green from 7', () => {
    expect(scoreColour(1)).toBe('red');
    expect(scoreColour(3.9)).toBe('red');
    expect(scoreColour(4)).toBe('blue');
    expect(scoreColour(6.9)).toBe('blue');
    expect(scoreColour(7)).toBe('green');
    expect(scoreColour(10)).toBe('green');
  });
});

describe('formatScore', () => {
  it('always shows one decimal', () => {
    expect(formatScore(7)).toBe('7.0');
    expect(formatScore(6.8)).toBe('6.8');
    expect(formatScore(10)).toBe('10.0');
  });
});
