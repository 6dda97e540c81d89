import { describe, expect, it } from 'vitest';
import { MAX_DETAILS_DEPTH, NESTED_TOO_DEEPLY, readableDetails } from './readable-details';

describe('readableDetails', () => {
  it('writes numbers JSON cannot as JSON would, and keeps everything else', () => {
    const stored = JSON.parse(
      '{"big": 1e400, "small": -1e400, "zero": -0, "list": [1, "a", true, null], "constructor": {"x": 1}}',
    ) as unknown;
    expect(readableDetails(stored)).toEqual({
      big: null,
      small: null,
      zero: 0,
      list: [1, 'a', true, null],
      constructor: { x: 1 },
    });
  });

  it('keeps a __proto__ key as an ordinary key of an object without a prototype', () => {
    const read = readableDetails(JSON.parse('{"__proto__": {"isAdmin": true}}') as object);
    expect(Object.getPrototypeOf(read)).toBeNull();
    expect(Object.keys(read)).toEqual(['__proto__']);
    expect(({} as { isAdmin?: boolean }).isAdmin).toBeUndefined();
  });

  it('shows nesting down to its depth and a marker below', () => {
    const deep = JSON.parse(`${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`) as unknown;
    let node = readableDetails(deep) as unknown;
    for (let level = 0; level < MAX_DETAILS_DEPTH; level += 1) node = (node as { a: unknown }).a;
    expect(node).toBe(NESTED_TOO_DEEPLY);
  });

  it('leaves documents that are not objects as they are', () => {
    for (const value of ['text', 42, true, null, [1, 2]]) expect(readableDetails(value)).toEqual(value);
  });
});
