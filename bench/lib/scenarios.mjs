import { queryUrl, ratingInput } from './api-client.mjs';

export const PROFILES_INPUT = { page: 1, pageSize: 50 };
export const SEARCH_INPUT = { page: 1, pageSize: 50, search: 'ordan' };
export const ERROR_LOGS_INPUT = { page: 1, severity: 'high', search: 'property 42' };

/** The bare baselines (bench/baselines.mjs): their CPU is the baselines process's, not the server's. */
export const BASELINES = ['a', 'a2', 'b', 'c', 'd', 'e'];
/** Closed loop: each server path interleaved with its baselines. */
export const CLOSED = [
  'a',
  'a2',
  'questions',
  'b',
  'submit',
  'c',
  'd',
  'profiles',
  'profilesSearch',
  'e',
  'ratingsReceived',
  'errorLogs',
];
/**
 * Open loop, each path offered a fixed fraction of its own closed-loop capacity in the same rep (so the load,
 * and the budget, are the code's and not the machine's): the server paths with latency budgets.
 */
export const OPEN = ['questions', 'submit', 'profiles', 'profilesSearch', 'errorLogs', 'ratingsReceived'];

/** The request each measurement sends, against the stage's server and baselines. */
export function scenarios({ base, bare, admin, rater, viewer }) {
  const json = { 'content-type': 'application/json' };
  const adminHeaders = { cookie: admin.cookie() };
  return {
    a: { url: `${bare}/a/rating.questions` },
    a2: { url: `${bare}/trpc/rating.questions` },
    questions: { url: `${base}/trpc/rating.questions` },
    b: {
      url: `${bare}/b/rating.submit`,
      method: 'POST',
      headers: json,
      makeBody: () => JSON.stringify(ratingInput()),
    },
    submit: {
      url: `${base}/trpc/rating.submit`,
      method: 'POST',
      headers: { ...json, cookie: rater.cookie() },
      makeBody: () => JSON.stringify({ json: ratingInput() }),
    },
    c: { url: `${bare}/c/admin.profiles` },
    d: { url: `${bare}/d/admin.profiles` },
    e: { url: `${bare}/e/profile.ratingsReceived` },
    profiles: { url: queryUrl(base, 'admin.profiles', PROFILES_INPUT), headers: adminHeaders },
    profilesSearch: { url: queryUrl(base, 'admin.profiles', SEARCH_INPUT), headers: adminHeaders },
    errorLogs: { url: queryUrl(base, 'admin.errorLogs', ERROR_LOGS_INPUT), headers: adminHeaders },
    ratingsReceived: {
      url: queryUrl(base, 'profile.ratingsReceived', undefined),
      headers: { cookie: viewer.cookie() },
    },
  };
}

/**
 * One request of each scenario, its answer read: a path or baseline that fails says why here, before any
 * load hides it behind a count.
 */
export async function probe(name, { url, method = 'GET', headers = {}, makeBody }) {
  const res = await fetch(url, { method, headers, body: makeBody?.() });
  const text = await res.text();
  if (!res.ok) throw new Error(`${name} (${method} ${url}) answered ${res.status}: ${text.slice(0, 500)}`);
}
