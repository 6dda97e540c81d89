import {
  createTRPCClient,
  httpBatchLink,
  httpBatchStreamLink,
  httpLink,
  TRPCClientError,
} from '@trpc/client';
import { initTRPC, TRPCError } from '@trpc/server';
import type { FastifyHandlerOptions } from '@trpc/server/adapters/fastify';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type InjectOptions,
} from 'fastify';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { trpcRoute } from '../fastify-trpc-plugin';

/**
 * The options of tRPC's HTTP handler that the app does not use today (onError, responseMeta, batch limits,
 * method override, a failing createContext), each answered by the fast path as by the stock adapter; and the
 * unmodified @trpc/client links against the fast path. The app's own router is compared in
 * test/trpc-conformance.int.test.ts.
 */

interface Context {
  user: string | null;
}

// No stacks in error shapes (as in production): a stack names the frames that threw, which differ by design.
const t = initTRPC.context<Context>().create({ transformer: superjson, isDev: false });
const router = t.router({
  hello: t.procedure.input(z.object({ name: z.string() }).optional()).query(({ input, ctx }) => ({
    greeting: `hello ${input?.name ?? ctx.user ?? 'world'}`,
    at: new Date('2026-11-25T10:00:00.000Z'),
  })),
  echo: t.procedure.input(z.object({ text: z.string().max(5) })).mutation(({ input }) => input.text),
  refuse: t.procedure.query(() => {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'not you' });
  }),
  crash: t.procedure.mutation(() => {
    throw new Error('internal detail');
  }),
  streamed: t.procedure.query(() => ({ later: Promise.resolve(1) })),
});
type TestRouter = typeof router;
type Options = FastifyHandlerOptions<TestRouter, FastifyRequest, FastifyReply>;

interface Recorded {
  errors: string[];
  meta: string[];
}

/** Both adapters built from the same options, each recording what its hooks saw. */
async function pair(options: (recorded: Recorded) => Partial<Options>) {
  const apps: Record<'stock' | 'fast', { app: FastifyInstance; recorded: Recorded }> = {
    stock: await appWith(false, options),
    fast: await appWith(true, options),
  };
  return async (request: InjectOptions) => {
    const stock = await apps.stock.app.inject(request);
    const fast = await apps.fast.app.inject(request);
    expect(comparable(fast), `${request.method} ${request.url}`).toEqual(comparable(stock));
    expect(apps.fast.recorded).toEqual(apps.stock.recorded);
    return fast;
  };
}

async function appWith(fastPath: boolean, options: (recorded: Recorded) => Partial<Options>) {
  const recorded: Recorded = { errors: [], meta: [] };
  const app = Fastify({ logger: false });
  await app.register(trpcRoute<TestRouter>, {
    prefix: '/trpc',
    fastPath,
    trpcOptions: {
      router,
      createContext: ({ req }) => ({
        user: typeof req.headers['x-user'] === 'string' ? req.headers['x-user'] : null,
      }),
      ...options(recorded),
    },
  });
  await app.ready();
  return { app, recorded };
}

/** Everything but the framing (chunked in the stock adapter, a length in the fast path) and the date. */
function comparable(response: Awaited<ReturnType<FastifyInstance['inject']>>) {
  const {
    'content-length': _length,
    'transfer-encoding': _encoding,
    date: _date,
    ...headers
  } = response.headers;
  return { status: response.statusCode, headers, body: response.body };
}

const json = { 'content-type': 'application/json' };

describe('the handler options, answered alike by both adapters', () => {
  it('onError sees the same errors, paths, inputs, types and contexts', async () => {
    const send = await pair((recorded) => ({
      onError: ({ error, path, input, type, ctx, req }) => {
        recorded.errors.push(
          JSON.stringify([error.code, error.message, path, input, type, ctx ?? null, req.url]),
        );
      },
    }));
    await send({ method: 'GET', url: '/trpc/refuse', headers: { 'x-user': 'ann' } });
    await send({ method: 'POST', url: '/trpc/crash', headers: json, payload: '{}' });
    await send({ method: 'POST', url: '/trpc/echo', headers: json, payload: '{"json":{"text":"too long"}}' });
    await send({ method: 'GET', url: '/trpc/hello,refuse,nope?batch=1' });
    await send({ method: 'GET', url: '/trpc/streamed' });
    await send({ method: 'GET', url: '/trpc/hello,echo?batch=1' });
    await send({ method: 'GET', url: '/trpc/h%ZZ' });
  });

  it('responseMeta sets headers and statuses from what it is given', async () => {
    const send = await pair((recorded) => ({
      responseMeta: ({ paths, type, errors, eagerGeneration, data, info }) => {
        recorded.meta.push(
          JSON.stringify([paths, type, errors.length, eagerGeneration, data.length, info?.isBatchCall]),
        );
        if (errors.length > 0) return { status: 418, headers: { 'x-failed': String(errors.length) } };
        const headers = new Headers([['cache-control', 's-maxage=5']]);
        headers.append('vary', 'x-user');
        return type === 'query' ? { headers } : {};
      },
    }));
    await send({ method: 'GET', url: '/trpc/hello' });
    await send({ method: 'GET', url: '/trpc/hello,hello?batch=1' });
    await send({ method: 'GET', url: '/trpc/refuse' });
    await send({ method: 'POST', url: '/trpc/echo', headers: json, payload: '{"json":{"text":"hi"}}' });
    await send({ method: 'GET', url: '/trpc/h%ZZ' });
  });

  it('a batch limit, batching turned off and method override', async () => {
    const limited = await pair(() => ({ maxBatchSize: 2 }));
    await limited({ method: 'GET', url: '/trpc/hello,hello?batch=1' });
    const over = await limited({ method: 'GET', url: '/trpc/hello,hello,hello?batch=1' });
    expect(over.statusCode).toBe(400);
    const unbatched = await pair(() => ({ allowBatching: false }));
    expect((await unbatched({ method: 'GET', url: '/trpc/hello,hello?batch=1' })).statusCode).toBe(400);
    const overridden = await pair(() => ({ allowMethodOverride: true }));
    expect(
      (await overridden({ method: 'POST', url: '/trpc/hello', headers: json, payload: '{}' })).statusCode,
    ).toBe(200);
    await overridden({ method: 'GET', url: '/trpc/echo?input=%7B%7D' });
  });

  it('a createContext that throws fails every call of the request alike', async () => {
    const send = await pair(() => ({
      createContext: () => {
        throw new TRPCError({ code: 'UNAUTHORIZED', message: 'no context' });
      },
    }));
    await send({ method: 'GET', url: '/trpc/hello' });
    await send({ method: 'GET', url: '/trpc/hello,nope?batch=1' });
    await send({ method: 'POST', url: '/trpc/echo', headers: json, payload: '{"json":{"text":"hi"}}' });
  });
});

describe("the client's links against the fast path", () => {
  let app: FastifyInstance;
  let url = '';

  beforeAll(async () => {
    ({ app } = await appWith(true, () => ({})));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (typeof address !== 'object' || address === null) throw new Error('not listening');
    url = `http://127.0.0.1:${address.port}/trpc`;
  });
  afterAll(async () => {
    await app?.close();
  });

  it.each([
    ['httpBatchLink', () => httpBatchLink({ url, transformer: superjson })],
    ['httpLink', () => httpLink({ url, transformer: superjson })],
    ['httpBatchStreamLink (stock adapter)', () => httpBatchStreamLink({ url, transformer: superjson })],
  ])('%s: queries, mutations, dates and errors', async (_name, link) => {
    const client = createTRPCClient<TestRouter>({ links: [link()] });
    const [hello, named] = await Promise.all([client.hello.query(), client.hello.query({ name: 'Zoë' })]);
    expect(hello).toEqual({ greeting: 'hello world', at: new Date('2026-11-25T10:00:00.000Z') });
    expect(named.greeting).toBe('hello Zoë');
    expect(await client.echo.mutate({ text: 'hi' })).toBe('hi');
    const refused = await client.refuse.query().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TRPCClientError);
    expect((refused as TRPCClientError<TestRouter>).data?.code).toBe('FORBIDDEN');
    const invalid = await client.echo.mutate({ text: 'too long' }).catch((error: unknown) => error);
    expect((invalid as TRPCClientError<TestRouter>).data?.httpStatus).toBe(400);
  });
});
