import { appRouter } from '../../src/routers';
import type { AccessLevel } from '../../src/trpc/init';

export type ProcedureKind = 'query' | 'mutation' | 'subscription';

/**
 * Every procedure of the router by its dotted path ('rating.submit'), with its kind. Read at run time from
 * the router itself, so suites built on it cover a new procedure the moment it is added.
 */
export function routerProcedures(): Map<string, ProcedureKind> {
  // tRPC types `_def.procedures` as the nested router record; at run time it is flat, keyed by dotted path.
  const entries: Array<[string, unknown]> = Object.entries(appRouter._def.procedures);
  return new Map(
    entries
      .map(([path, procedure]): [string, ProcedureKind] => [path, kindOf(procedure)])
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

function kindOf(procedure: unknown): ProcedureKind {
  const type = (procedure as { _def?: { type?: unknown } } | undefined)?._def?.type;
  if (type === 'query' || type === 'mutation' || type === 'subscription') return type;
  throw new Error('router entry without a procedure type');
}

/** The field names of a procedure's input, read from its (zod object) schema; none when it takes no object. */
export function procedureInputFields(path: string): string[] {
  const procedures: Record<string, unknown> = appRouter._def.procedures;
  const inputs = (procedures[path] as { _def?: { inputs?: unknown[] } } | undefined)?._def?.inputs;
  const shape = (inputs?.[0] as { shape?: unknown } | undefined)?.shape;
  return typeof shape === 'object' && shape !== null ? Object.keys(shape) : [];
}

const ACCESS_LEVELS: readonly AccessLevel[] = [
  'public',
  'device',
  'proven',
  'recentlyProven',
  'unlocked',
  'staff',
  'admin',
];

/** Who may call the procedure at `path`: the access level its base procedure set (trpc/procedures.ts). */
export function procedureAccess(path: string): AccessLevel {
  const procedures: Record<string, unknown> = appRouter._def.procedures;
  const access = (procedures[path] as { _def?: { meta?: { access?: unknown } } } | undefined)?._def?.meta
    ?.access;
  const level = ACCESS_LEVELS.find((candidate) => candidate === access);
  if (!level) {
    throw new Error(
      `${path} has no access level: build it on a base procedure of apps/server/src/trpc/procedures.ts`,
    );
  }
  return level;
}
