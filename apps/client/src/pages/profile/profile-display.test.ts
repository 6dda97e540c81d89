import { describe, expect, it } from 'vitest';
import { formatScore, scoreColour } from './score-colour';

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
