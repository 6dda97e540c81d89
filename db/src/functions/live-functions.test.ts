import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { comparable, liveFunctions } from './live-functions';

const HOME = new URL('./', import.meta.url);

describe('each live SQL function has one readable home', () => {
  const live = liveFunctions();
  const homes = readdirSync(HOME).filter((file) => file.endsWith('.sql'));

  it('has a file for every function the migrations define, and none for a function they do not', () => {
    expect(homes.map((file) => file.replace(/\.sql$/, '')).sort()).toEqual([...live.keys()].sort());
  });

  for (const definition of live.values()) {
    it(`db/src/functions/${definition.name}.sql is what ${definition.migration} defines`, () => {
      const home = readFileSync(new URL(`${definition.name}.sql`, HOME), 'utf8');
      expect(
        comparable(home),
        `change ${definition.name} in a new migration and copy its definition here (or the other way round)`,
      ).toBe(comparable(definition.statement));
    });
  }
});
