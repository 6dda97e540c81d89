import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { initTRPC } from '@trpc/server';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify from 'fastify';
import postgres from 'postgres';
import superjson from 'superjson';

/**
 * The baselines, in their own process so they never share an event loop with the server under test:
 * (a) bare Fastify returning rating.questions' JSON, (a2) the same procedure on a bare tRPC router with the
 * stock Fastify adapter, (b) rating.submit's statement through postgres.js, (c) the
 * naive admin profiles page: 1 query for 50 profiles, then 2 count queries per profile, (d) and (e) the
 * statements behind admin.profiles' plain page and profile.ratingsReceived; (b), (d) and (e) as the server
 * sends them (bench/lib/statements.mjs), through postgres.js, (d) and (e) with JSON.stringify on a bare
 * Fastify route.
 */
const questions = JSON.parse(readFileSync(process.env.BENCH_QUESTIONS_FILE, 'utf8'));
const statements = JSON.parse(readFileSync(process.env.BENCH_STATEMENTS_FILE, 'utf8'));
const sql = postgres(process.env.DATABASE_URL, { max: 10, onnotice: () => undefined });
const app = Fastify({ logger: false });

app.get('/a/rating.questions', async () => ({ result: { data: { json: questions } } }));

const t = initTRPC.create({ transformer: superjson });
const bareRouter = t.router({ rating: t.router({ questions: t.procedure.query(() => questions) }) });
await app.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions: { router: bareRouter } });

// (b) runs what rating.submit sends to the database: its one statement, the call of `submit_rating` (lock,
// 'Do not rate me' check, repeat check, daily ceiling, opt-out check, rating, 5 scores, the text held until a
// proven phone stands behind the rating, ratings given), as the app's query builder writes it, as one
// unproven device session of its own, like the bench's rater, with the bench's raised daily ceiling and its
// immediate release.
const [baselineDevice] = await sql`insert into device_sessions (token_hash, expires_at)
  values (${`bench-baseline-${process.pid}`}, now() + interval '1 day') returning id`;
const DAY_MS = 86_400_000;
const submitValues = (input) => {
  const now = new Date();
  return {
    id: randomUUID(),
    name: input.name,
    relationshipType: input.relationshipType,
    phoneNumber: input.phoneNumber,
    testimonial: input.testimonial ?? null,
    gratitude: input.gratitude ?? null,
    selfReflection: input.selfReflection ?? null,
    feedback: input.feedback ?? null,
    createdByPhone: null,
    deviceSessionId: baselineDevice.id,
    createdAt: now.toISOString(),
    // postgres.js writes a jsonb parameter as JSON itself.
    scores: input.scores,
    repeatSince: new Date(now.getTime() - 30 * DAY_MS).toISOString(),
    notificationId: randomUUID(),
    message: 'Someone rated you on ExRated.',
    suppressedReason: null,
    heldReason: null,
    daySince: new Date(now.getTime() - DAY_MS).toISOString(),
    dailyCeiling: 1_000_000_000,
    releaseAt: now.toISOString(),
    // A tab that holds no claims yet, as the server's unproven session sends it.
    claimed: '{}',
  };
};
const submit = statements.submitRating;
// A value for every placeholder and a placeholder for every value, or (b) does not start: a changed
// signature of `submit_rating` must change this baseline, never leave it calling the old one.
const placeholders = submit.params.map((param) => param?.name);
const provided = Object.keys(submitValues({ scores: [] }));
const unfilled = placeholders.filter((name) => !provided.includes(name));
const unused = provided.filter((name) => !placeholders.includes(name));
if (unfilled.length > 0 || unused.length > 0) {
  throw new Error(
    `baseline (b) is out of step with submit_rating's statement: no value for [${unfilled}], no placeholder for [${unused}]`,
  );
}
app.post('/b/rating.submit', async (request) => {
  const values = submitValues(request.body);
  const [row] = await sql.unsafe(
    submit.sql,
    placeholders.map((name) => values[name]),
    { prepare: true },
  );
  return { saved: row.previous_rating_at === null, ratingsGiven: row.rater_ratings_given };
});

app.get('/c/admin.profiles', async () => {
  const profiles = await sql`select * from claimed_profiles order by created_at desc, id desc limit 50`;
  const rows = [];
  for (const profile of profiles) {
    const [given] =
      await sql`select count(*)::int as n from ratings where created_by_phone = ${profile.phone_number}`;
    const [received] =
      await sql`select count(*)::int as n from ratings where phone_number = ${profile.phone_number}`;
    rows.push({ ...profile, ratingsGiven: given.n, ratingsReceived: received.n });
  }
  return { profiles: rows };
});

// Rows as arrays, the way drizzle reads them from postgres.js; prepared, as the server's statements are.
const bareStatement =
  ({ sql: text, params }) =>
  async (_request, reply) => {
    const rows = await sql.unsafe(text, params, { prepare: true }).values();
    reply.header('content-type', 'application/json');
    return JSON.stringify({ result: { data: { json: rows } } });
  };
app.get('/d/admin.profiles', bareStatement(statements.profilesPage));
app.get('/e/profile.ratingsReceived', bareStatement(statements.ratingsReceived));

await app.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ ready: true, port: app.server.address().port });
process.on('SIGTERM', async () => {
  await app.close();
  await sql.end({ timeout: 1 });
  process.exit(0);
});
