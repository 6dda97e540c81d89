import { readFileSync } from 'node:fs';
import { initTRPC } from '@trpc/server';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify from 'fastify';
import postgres from 'postgres';
import superjson from 'superjson';

/**
 * The baselines, in their own process so they never share an event loop with the server under test:
 * (a) bare Fastify returning rating.questions' JSON, (a2) the same procedure on a bare tRPC router with the
 * stock Fastify adapter, (b) rating.submit's SQL in one transaction through postgres.js, (c) the spec's
 * original admin profiles page: 1 query for 50 profiles, then 2 count queries per profile.
 */
const questions = JSON.parse(readFileSync(process.env.BENCH_QUESTIONS_FILE, 'utf8'));
const sql = postgres(process.env.DATABASE_URL, { max: 10, onnotice: () => undefined });
const app = Fastify({ logger: false });

app.get('/a/rating.questions', async () => ({ result: { data: { json: questions } } }));

const t = initTRPC.create({ transformer: superjson });
const bareRouter = t.router({ rating: t.router({ questions: t.procedure.query(() => questions) }) });
await app.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions: { router: bareRouter } });

app.post('/b/rating.submit', async (request) => {
  const input = request.body;
  return sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtextextended(${`rating:${input.phoneNumber}`}, 0))`;
    await tx`select created_at from ratings where phone_number = ${input.phoneNumber}
             and created_at > now() - interval '30 days' and device_session_id is null
             order by created_at desc limit 1`;
    await tx`select phone_number from sms_opt_outs where phone_number = ${input.phoneNumber} limit 1`;
    const [rating] = await tx`insert into ratings (name, relationship_type, phone_number, testimonial)
      values (${input.name}, ${input.relationshipType}, ${input.phoneNumber}, ${input.testimonial}) returning *`;
    await tx`insert into rating_scores ${tx(input.scores.map((s) => ({ rating_id: rating.id, question_id: s.questionId, score: s.score })))}`;
    const [notification] = await tx`insert into notifications (rating_id, message, status)
      values (${rating.id}, ${'Someone rated you on ExRated.'}, 'pending') returning *`;
    return { ratingId: rating.id, notificationId: notification.id };
  });
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

await app.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ ready: true, port: app.server.address().port });
process.on('SIGTERM', async () => {
  await app.close();
  await sql.end({ timeout: 1 });
  process.exit(0);
});
