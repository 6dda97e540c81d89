import { readdirSync, readFileSync } from 'node:fs';

// The SQL functions as the migrations leave them (docs/architecture.md#data-model): migrations only ever add,
// so a function redefined three times has three copies there and only the last is live. Each live definition
// also has a home of its own, `db/src/functions/<name>.sql`, to read and to review; `live-functions.test.ts`
// holds the two to the same text, so a change to a function is a new migration and the same change here.

const MIGRATIONS = new URL('../../migrations/', import.meta.url);
const CREATE = /^CREATE (?:OR REPLACE )?FUNCTION "([a-z_]+)"/m;

export interface FunctionDefinition {
  name: string;
  migration: string;
  /** The statement with the comments before it, as the migration has it. */
  statement: string;
}

/** Every function's last definition, in migration order. */
export function liveFunctions(): Map<string, FunctionDefinition> {
  const live = new Map<string, FunctionDefinition>();
  const files = readdirSync(MIGRATIONS)
    .filter((file) => file.endsWith('.sql'))
    .sort();
  for (const migration of files) {
    const text = readFileSync(new URL(migration, MIGRATIONS), 'utf8');
    for (const part of text.split('--> statement-breakpoint')) {
      const match = CREATE.exec(part);
      if (!match?.[1]) continue;
      live.set(match[1], { name: match[1], migration, statement: part.trim() });
    }
  }
  return live;
}

/** A statement without its comments and with its whitespace collapsed, as the test compares them. */
export function comparable(statement: string): string {
  return statement
    .split('\n')
    .map((line) => line.replace(/--.*$/, ''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^CREATE OR REPLACE FUNCTION/, 'CREATE FUNCTION');
}
