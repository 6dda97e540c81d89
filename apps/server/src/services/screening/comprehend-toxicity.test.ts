import { describe, expect, it } from 'vitest';
import { comprehendSegments } from './comprehend-toxicity';

describe('comprehendSegments', () => {
  it('keeps a text of up to 1,000 bytes whole', () => {
    expect(comprehendSegments('Kind, funny.')).toEqual(['Kind, funny.']);
    expect(comprehendSegments('a'.repeat(1000))).toEqual(['a'.repeat(1000)]);
  });

  it('cuts a longer text in UTF-8 at spaces, each piece at most 1,000 bytes, losing no word', () => {
    const text = Array.from({ length: 300 }, (_, index) => `mañana${index}`).join(' ');
    const pieces = comprehendSegments(text);
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) expect(Buffer.byteLength(piece)).toBeLessThanOrEqual(1000);
    expect(pieces.join(' ')).toBe(text);
  });
});
