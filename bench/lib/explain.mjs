import postgres from 'postgres';

/**
 * EXPLAIN ANALYZE of the statements behind the measured reads, written as db/src/queries builds them
 * (admin.ts listAdminProfiles/searchErrorLogs, received-ratings.ts receivedRatingsQuery), on the run database.
 */
const counts = `(select count(*) from ratings r where r.created_by_phone = claimed_profiles.phone_number) as ratings_given,
  (select count(*) from ratings r where r.phone_number = claimed_profiles.phone_number) as ratings_received`;

function statements({ searchInput, errorLogsInput, targetPhone }) {
  const like = (term) => `%${term}%`;
  return {
    // Without a search, the page carries the total, read from the row kept by triggers (migration 0003).
    profilesPage: [
      `select id, phone_number, name, ${counts}, (select sum(total) from profile_counts) as total
       from claimed_profiles order by created_at desc, id desc limit 50`,
      [],
    ],
    profilesSearch: [
      `select id, phone_number, name, ${counts} from claimed_profiles
       where (name ilike $1 or phone_number ilike $1) order by created_at desc, id desc limit 50`,
      [like(searchInput.search)],
    ],
    profilesSearchTotal: [
      'select count(*) from claimed_profiles where (name ilike $1 or phone_number ilike $1)',
      [like(searchInput.search)],
    ],
    // A substring search reads its page and its total in one statement (admin.ts searchErrorLogs).
    errorLogs: [
      `select *, count(*) over () as matches from error_logs
       where (error_message ilike $1 or component_name ilike $1) and severity = $2
       order by created_at desc, id desc limit 10`,
      [like(errorLogsInput.search), errorLogsInput.severity],
    ],
    ratingsReceived: [
      `select id, name, (select json_agg(s) from rating_scores s where s.rating_id = ratings.id) as scores
       from ratings where phone_number = $1 and hidden_at is null order by created_at desc, id desc`,
      [targetPhone],
    ],
  };
}

export async function explainAll(url, inputs) {
  const sql = postgres(url, { max: 1, onnotice: () => undefined });
  const out = {};
  try {
    for (const [name, [text, params]] of Object.entries(statements(inputs))) {
      const [row] = await sql.unsafe(`explain (analyze, format json) ${text}`, params);
      const plan = row['QUERY PLAN'][0];
      const nodes = [];
      const walk = (node) => {
        nodes.push(node);
        for (const child of node.Plans ?? []) walk(child);
      };
      walk(plan.Plan);
      out[name] = {
        executionMs: Math.round(plan['Execution Time'] * 100) / 100,
        indexes: [
          ...new Set(
            nodes
              .filter((node) => node['Index Name'])
              .map((node) => `${node['Node Type']} ${node['Index Name']}`),
          ),
        ],
        seqScans: [
          ...new Set(
            nodes.filter((node) => node['Node Type'] === 'Seq Scan').map((node) => node['Relation Name']),
          ),
        ],
      };
    }
  } finally {
    await sql.end();
  }
  return out;
}
