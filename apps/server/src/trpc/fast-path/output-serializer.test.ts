import { TimestampDate } from '@exrated/db';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { readableDetails } from '../../services/admin/readable-details';
import { serializeOutput } from './output-serializer';

const wire = (value: unknown) => JSON.stringify(serializeOutput(value));
const superjsonWire = (value: unknown) => JSON.stringify(superjson.serialize(value));

const created = new Date('2026-11-20T10:15:00.000Z');
const shared = { id: 1 };
const circular: { self?: unknown } = {};
circular.self = circular;
const nullPrototype = Object.assign(Object.create(null) as Record<string, unknown>, { at: created, n: 1 });

/** Shapes procedures return: rows with dates, nested lists, pages with totals, empty results. */
const outputs: Record<string, unknown> = {
  'rows with dates and nested scores': {
    ratings: [1, 2, 3].map((i) => ({
      id: `rating-${i}`,
      name: 'Pat',
      testimonial: null,
      createdAt: new Date(created.getTime() + i),
      scores: [1, 2, 3, 4, 5].map((questionId) => ({ questionId, score: i + questionId })),
      reportStatus: i === 2 ? 'open' : null,
    })),
    summary: { count: 3, average: 7.5 },
  },
  'a page with a total': { items: [{ at: created, ok: true }], total: 1, page: 1 },
  'no dates at all': [{ id: 1, question: 'Bedroom Chemistry', lowLabel: 'No spark' }],
  'empty object and list': { list: [], object: {} },
  'keys with dots and backslashes': { 'a.b': { 'c\\d': created }, 'e\\.f': [created] },
  'integer-like keys': { 2: created, b: { 1: created }, 0: 'zero' },
  'a null-prototype object': { row: nullPrototype },
  'a list of dates': [created, new Date(0)],
  'dates as the hot reads decode them': {
    rows: [
      { at: TimestampDate.fromPostgresText('2026-11-20 10:15:00.123456+00'), n: 1 },
      { at: TimestampDate.fromPostgresText('2026-11-20 10:15:00+00'), n: 2 },
    ],
  },
  'strings, booleans and numbers': { s: '', t: true, f: false, n: 0, big: 1e300, negative: -1.5 },
};

/** Values only superjson writes: the fast path must hand them over, never write them differently. */
const handedOver: Record<string, unknown> = {
  'undefined in an object': { a: undefined, b: 1 },
  'undefined in a list': [1, undefined],
  'a sparse list': Object.assign(new Array<unknown>(3), { 1: 'only the middle' }),
  NaN: { n: Number.NaN },
  Infinity: { n: Number.POSITIVE_INFINITY },
  'negative zero': { n: -0 },
  BigInt: { n: 10n },
  Map: { m: new Map([['a', created]]) },
  Set: { s: new Set([1]) },
  'an invalid date': { d: new Date(Number.NaN) },
  'a class instance': { url: new URL('https://exrated.example/a') },
  'an error': { e: new Error('boom') },
  'a repeated object': { a: shared, b: shared },
  'a repeated date': { a: created, b: created },
  'a circular object': circular,
  'a root date': created,
  'a root undefined': undefined,
  'a root string': 'text',
  'a root null': null,
};

describe('serializeOutput', () => {
  it.each(Object.entries({ ...outputs, ...handedOver }))(
    'writes superjson’s bytes for %s',
    (_name, value) => {
      expect(wire(value)).toBe(superjsonWire(value));
    },
  );

  it.each(Object.entries(outputs))('reads back through superjson for %s', (_name, value) => {
    expect(superjson.deserialize(JSON.parse(wire(value)))).toEqual(value);
  });

  it('annotates each date by its escaped path', () => {
    const later = new Date(created.getTime() + 1);
    expect(serializeOutput({ rows: [{ at: created }], 'x.y': later })).toEqual({
      json: { rows: [{ at: created }], 'x.y': later },
      meta: { values: { 'rows.0.at': ['Date'], 'x\\.y': ['Date'] }, v: 1 },
    });
  });

  it('writes keys superjson refuses as plain data, which superjson reads without polluting anything', () => {
    const stored = JSON.parse(
      '{"at": "x", "__proto__": {"admin": true}, "constructor": {"prototype": [1]}, "prototype": null}',
    ) as unknown;
    const written = serializeOutput({ row: stored, createdAt: created });
    expect(written.meta).toEqual({ values: { createdAt: ['Date'] }, v: 1 });
    const read = superjson.deserialize<{ row: Record<string, unknown>; createdAt: Date }>(
      JSON.parse(JSON.stringify(written)),
    );
    expect(read.createdAt).toEqual(created);
    expect(Object.getPrototypeOf(read.row)).toBe(Object.prototype);
    expect(Object.keys(read.row)).toEqual(['at', 'constructor', 'prototype']);
    expect(read.row.constructor).toEqual({ prototype: [1] });
    expect(({} as { admin?: boolean }).admin).toBeUndefined();
  });

  it('leaves an annotation beneath a refused key to superjson, which throws', () => {
    const polluted = JSON.parse('{"constructor": {}}') as { constructor: Record<string, unknown> };
    polluted.constructor.at = created;
    expect(() => serializeOutput(polluted)).toThrow(/prototype pollution/);
  });

  it('hands everything to superjson while Object.prototype holds an enumerable key', () => {
    // One plain object: with more, the inherited Date would be met twice, which alone hands it over.
    const value = { at: created, name: 'Pat' };
    Object.defineProperty(Object.prototype, 'injected', {
      value: new Date(1),
      enumerable: true,
      configurable: true,
      writable: true,
    });
    try {
      expect(wire(value)).toBe(superjsonWire(value));
    } finally {
      delete (Object.prototype as { injected?: unknown }).injected;
    }
    expect(serializeOutput(value).meta).toEqual({ values: { at: ['Date'] }, v: 1 });
  });

  it('reads the same through superjson when annotations are ordered differently', () => {
    // superjson flattens each level's annotations in that level's key order (integer-like keys first); a list
    // holding a date after a row with a date is the one shape where the order differs, not the meaning.
    const mixed = { list: [{ at: created }, created] };
    expect(superjson.deserialize(serializeOutput(mixed))).toEqual(
      superjson.deserialize(superjson.serialize(mixed)),
    );
  });
});

describe('the stored details of a log entry, as the admin reads them', () => {
  it('always gives the output serializer plain JSON it writes without superjson', () => {
    const stored = JSON.parse('{"constructor": {"prototype": 1e400}, "__proto__": [-0]}') as unknown;
    expect(serializeOutput({ details: readableDetails(stored) })).toEqual({
      json: { details: readableDetails(stored) },
    });
  });
});
