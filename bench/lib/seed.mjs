import postgres from 'postgres';

/**
 * The bench dataset, seeded ONCE into a template database with set-based SQL (generate_series) and cloned
 * with `create database ... template ...` for every run. The full size is the issue's; quick is a tenth; the smoke's only has to hold every path's rows.
 */
export const SEED_VERSION = 'exrated-bench-seed-v3';
export const TARGET_PHONE = '+14155550100';
export const TARGET_RATINGS = 50;

export const SIZES = {
  full: { profiles: 100_000, ratings: 1_000_000, logs: 1_000_000, errorLogs: 100_000 },
  quick: { profiles: 10_000, ratings: 100_000, logs: 100_000, errorLogs: 10_000 },
  smoke: { profiles: 200, ratings: 2_000, logs: 2_000, errorLogs: 200 },
};

const NAMES = "array['Alex','Sam','Jordan','Taylor','Casey','Riley','Morgan','Jamie','Robin','Avery']";
const TYPES = "array['serious','casual','situationship','fling','long-term']";
const ACTIONS =
  "array['rating_created','rating_scores_created','notification_created','verification_code_sent','verification_complete','page_view','rate_link_opened']";
const SEVERITIES = "array['low','medium','high','critical']";
const phoneOf = (expr) => `'+1415' || (2000001 + (${expr}))::text`;

export function seedStatements({ profiles, ratings, logs, errorLogs }) {
  return [
    `insert into claimed_profiles (phone_number, name, is_verified, verified_at, created_at)
     select ${phoneOf('i - 1')}, (${NAMES})[1 + i % 10] || ' ' || chr(65 + i % 26) || '.', i % 3 = 0,
            case when i % 3 = 0 then now() - make_interval(mins => i) end, now() - make_interval(mins => i)
     from generate_series(1, ${profiles}) i`,
    `insert into ratings (name, relationship_type, phone_number, testimonial, created_by_phone, created_at)
     select (${NAMES})[1 + i % 10], (${TYPES})[1 + i % 5], ${phoneOf(`i % ${profiles}`)},
            'Benchmark testimonial number ' || i,
            case when i % 2 = 0 then ${phoneOf(`(i * 7 + 3) % ${profiles}`)} end, now() - make_interval(secs => i)
     from generate_series(1, ${ratings - TARGET_RATINGS}) i`,
    // Each by a proven phone of its own: only a rating a proven phone stands behind is shown (migration 0005).
    `insert into ratings (name, relationship_type, phone_number, testimonial, created_by_phone, created_at)
     select 'Pat', (${TYPES})[1 + i % 5], '${TARGET_PHONE}', 'A rating the bench reads back ' || i,
            ${phoneOf(`i * 13 % ${profiles}`)}, now() - make_interval(hours => i)
     from generate_series(1, ${TARGET_RATINGS}) i`,
    `insert into rating_scores (rating_id, question_id, score)
     select r.id, q, 1 + (abs(hashtext(r.id::text)) + q) % 10 from ratings r cross join generate_series(1, 5) q`,
    `insert into logs (user_id, phone_number, action, details, ip_address, user_agent, created_at)
     select md5(i::text), case when i % 4 = 0 then ${phoneOf(`i % ${profiles}`)} end, (${ACTIONS})[1 + i % 7],
            jsonb_build_object('n', i), '10.0.' || (i % 250) || '.' || (i % 200), 'bench-agent/1.0',
            now() - make_interval(secs => i)
     from generate_series(1, ${logs}) i`,
    `insert into error_logs (user_id, phone_number, error_message, error_type, severity, url, component_name, ip_address, created_at)
     select md5(i::text), case when i % 3 = 0 then ${phoneOf(`i % ${profiles}`)} end,
            'TypeError: cannot read property ' || i % 500 || ' of undefined', 'runtime', (${SEVERITIES})[1 + i % 4],
            '/rate', 'Component' || (i % 40), '10.1.' || (i % 250) || '.1', now() - make_interval(secs => i * 10)
     from generate_series(1, ${errorLogs}) i`,
    // What autovacuum does to a live table: statistics, and the visibility map index-only scans rely on.
    'vacuum analyze',
  ];
}

export async function templateIsSeeded(adminSql, name) {
  const [row] =
    await adminSql`select shobj_description(oid, 'pg_database') as note from pg_database where datname = ${name}`;
  return row?.note ?? null;
}

/** Runs the seed into an already migrated database; returns the seconds it took. */
export async function seedDatabase(url, sizes) {
  const sql = postgres(url, { max: 1, onnotice: () => undefined });
  const started = performance.now();
  try {
    await sql`set synchronous_commit = off`;
    await sql`set maintenance_work_mem = '256MB'`;
    for (const statement of seedStatements(sizes)) await sql.unsafe(statement);
  } finally {
    await sql.end();
  }
  return (performance.now() - started) / 1000;
}
