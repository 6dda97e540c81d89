import { type AnyTRPCProcedure, initTRPC, TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { invokeProcedure, type ProcedureCallOptions } from './procedure-invoker';

interface Context {
  user: string | null;
  seen: string[];
}

const t = initTRPC.context<Context>().meta<{ label: string }>().create({ isDev: false });

const recordMeta = t.middleware(({ meta, ctx, path, type, batchIndex, next }) => {
  ctx.seen.push(`${meta?.label ?? 'none'} ${path} ${type} ${batchIndex}`);
  return next();
});
const withUser = t.middleware(({ next }) => next({ ctx: { user: 'ada' } }));
const doubleInput = t.middleware(async ({ getRawInput, next }) => {
  const raw = (await getRawInput()) as { n: number };
  return next({ getRawInput: async () => ({ n: raw.n * 2 }) });
});
const replaceInput = t.middleware(({ next }) => next({ input: { n: 41 } }));
const refuse = t.middleware(() => {
  throw new TRPCError({ code: 'FORBIDDEN', message: 'not you' });
});
const forgetNext = t.middleware(async ({ next }) => {
  await next();
  return undefined as unknown as ReturnType<typeof next>;
});
const afterwards = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  ctx.seen.push(result.ok ? 'ok' : `failed ${result.error.code}`);
  return result;
});

const number = z.object({ n: z.number().int() });
const procedures: Record<string, AnyTRPCProcedure> = {
  plain: t.procedure.input(number).query(({ input }) => input.n + 1),
  context: t.procedure.use(withUser).query(({ ctx }) => ctx),
  meta: t.procedure
    .meta({ label: 'tagged' })
    .use(recordMeta)
    .query(({ ctx }) => ctx.seen),
  rawInputOverride: t.procedure
    .use(doubleInput)
    .input(number)
    .query(({ input }) => input.n),
  inputOverride: t.procedure
    .input(number)
    .use(replaceInput)
    .query(({ input }) => input),
  refused: t.procedure.use(refuse).query(() => 'unreachable'),
  thrown: t.procedure.use(afterwards).mutation(() => {
    throw new Error('internal detail');
  }),
  badOutput: t.procedure.output(z.string()).query(() => 42 as unknown as string),
  noResult: t.procedure.use(forgetNext).query(() => 'lost'),
  // Typed as a plain function by tRPC, though it carries a procedure's `_def` at run time.
  caller: t.procedure
    .experimental_caller(async ({ invoke, _def }) =>
      invoke({
        ctx: { user: 'caller', seen: [] },
        getRawInput: async () => undefined,
        path: 'caller',
        type: _def.type,
        signal: undefined,
        batchIndex: 0,
      }),
    )
    .query(({ ctx }) => ctx.user) as unknown as AnyTRPCProcedure,
};

type Outcome =
  | { ok: true; data: unknown; seen: string[] }
  | { ok: false; code: string; message: string; cause: string | undefined; seen: string[] };

async function outcomeOf(
  run: (call: ProcedureCallOptions) => Promise<unknown>,
  name: string,
  rawInput: unknown,
) {
  const ctx: Context = { user: null, seen: [] };
  const call: ProcedureCallOptions = {
    ctx,
    getRawInput: async () => rawInput,
    path: name,
    type: procedures[name]?._def.type ?? 'query',
    signal: undefined,
    batchIndex: 2,
  };
  try {
    return { ok: true, data: await run(call), seen: ctx.seen } satisfies Outcome;
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    return {
      ok: false,
      code: error.code,
      message: error.message,
      cause: error.cause?.message,
      seen: ctx.seen,
    } satisfies Outcome;
  }
}

/** The same procedure called as tRPC calls it (the procedure itself) and through the invoker. */
async function both(name: string, rawInput?: unknown) {
  const procedure = procedures[name];
  if (!procedure) throw new Error(`no procedure ${name}`);
  return {
    trpc: await outcomeOf((call) => procedure(call), name, rawInput),
    invoker: await outcomeOf((call) => invokeProcedure(procedure, call), name, rawInput),
  };
}

describe('invokeProcedure', () => {
  it.each([
    ['plain', { n: 1 }],
    ['plain', { n: 'one' }],
    ['plain', undefined],
    ['context', undefined],
    ['meta', undefined],
    ['rawInputOverride', { n: 5 }],
    ['inputOverride', { n: 1 }],
    ['refused', undefined],
    ['thrown', undefined],
    ['badOutput', undefined],
    ['noResult', undefined],
    ['caller', undefined],
  ])('%s with input %j: the result or error of calling the procedure itself', async (name, rawInput) => {
    const { trpc, invoker } = await both(name, rawInput);
    expect(invoker).toEqual(trpc);
  });

  it('merges a middleware context over the one it was given, and runs every layer around the resolver', async () => {
    const { invoker } = await both('context');
    expect(invoker).toEqual({ ok: true, data: { user: 'ada', seen: [] }, seen: [] });
    const thrown = await both('thrown');
    expect(thrown.invoker).toMatchObject({
      ok: false,
      code: 'INTERNAL_SERVER_ERROR',
      cause: 'internal detail',
      seen: ['failed INTERNAL_SERVER_ERROR'],
    });
  });

  it('says so when a middleware returns nothing, and leaves a procedure with a caller of its own to it', async () => {
    expect((await both('noResult')).invoker).toMatchObject({
      ok: false,
      code: 'INTERNAL_SERVER_ERROR',
      message: 'No result from middlewares - did you forget to `return next()`?',
    });
    expect((await both('caller')).invoker).toEqual({ ok: true, data: 'caller', seen: [] });
  });

  it('hands each middleware the meta, path, type and batch index of the call', async () => {
    const { invoker } = await both('meta');
    expect(invoker).toEqual({ ok: true, data: ['tagged meta query 2'], seen: ['tagged meta query 2'] });
  });
});
