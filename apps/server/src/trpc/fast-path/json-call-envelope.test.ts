import type { AnyTRPCRouter } from '@trpc/server';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { RATING_QUESTIONS } from '../../services/rating/rating-questions';
import { envelopeText } from './json-call-envelope';
import { serializeOutput } from './output-serializer';

let serializations = 0;
const config = {
  transformer: {
    input: superjson,
    output: {
      serialize: (value: unknown) => {
        serializations += 1;
        return serializeOutput(value);
      },
      deserialize: (value: unknown) => superjson.deserialize(value as never),
    },
  },
} as unknown as AnyTRPCRouter['_def']['_config'];

const success = (data: unknown) => ({ result: { data } });
/** The text as written afresh, as every envelope was before its text was held. */
const fresh = (data: unknown) => JSON.stringify({ result: { data: serializeOutput(data) } });

describe('envelopeText', () => {
  it('writes a deeply frozen answer once and sends the same text again', () => {
    const before = serializations;
    const first = envelopeText(config, success(RATING_QUESTIONS));
    expect(first).toBe(fresh(RATING_QUESTIONS));
    expect(envelopeText(config, success(RATING_QUESTIONS))).toBe(first);
    expect(serializations - before).toBe(1);
  });

  it('writes afresh whatever could read differently the next time', () => {
    let reads = 0;
    const getter = Object.freeze({
      get count() {
        reads += 1;
        return reads;
      },
    });
    expect(envelopeText(config, success(getter))).not.toBe(envelopeText(config, success(getter)));
    const shallow = Object.freeze({ list: [1] });
    const dated = Object.freeze({ at: new Date('2026-11-20T10:15:00.000Z') });
    for (const data of [shallow, dated, { plain: true }]) {
      expect(envelopeText(config, success(data))).toBe(fresh(data));
      const before = serializations;
      envelopeText(config, success(data));
      expect(serializations - before).toBe(1);
    }
    shallow.list.push(2);
    expect(envelopeText(config, success(shallow))).toBe(fresh(shallow));
  });

  it('writes errors afresh', () => {
    const error = { error: { message: 'no', code: -32600, data: { code: 'BAD_REQUEST' } } } as const;
    expect(envelopeText(config, error)).toBe(JSON.stringify({ error: serializeOutput(error.error) }));
  });
});
