import type { Database } from '@exrated/db';
import { notifications, ratingScores, ratings } from '@exrated/db/schema';
import { count } from 'drizzle-orm';
import type { HttpBrowser, TestApp } from './test-app';

/** A valid rating input; `overrides` replace single fields. */
export function ratingInput(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Alex S.',
    relationshipType: 'serious',
    phoneNumber: '+12025550143',
    scores: [
      { questionId: 1, score: 7 },
      { questionId: 2, score: 8 },
      { questionId: 3, score: 6 },
      { questionId: 4, score: 9 },
      { questionId: 5, score: 5 },
    ],
    testimonial: 'Kind, funny, and terrible at texting back.',
    gratitude: 'They taught me to slow down.',
    selfReflection: '',
    feedback: null,
    ...overrides,
  };
}

/** A distinct valid US number per index (202-555-1000 onwards). */
export function usPhone(index: number) {
  return `+1202555${String(1000 + index)}`;
}

export interface ProcedureResponse<T> {
  status: number;
  data: T | undefined;
  error:
    | {
        message: string;
        data: { code: string; fieldErrors?: Record<string, string>; retryAfterSeconds?: number };
      }
    | undefined;
}

/** Calls a tRPC mutation over HTTP like the browser does (JSON body, cookies kept in `browser`). */
export async function postProcedure<T>(
  t: TestApp,
  path: string,
  input: unknown,
  browser?: HttpBrowser,
  options: { ip?: string } = {},
): Promise<ProcedureResponse<T>> {
  const response = await t.http(
    {
      method: 'POST',
      url: `/trpc/${path}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ json: browser ? browser.withClaims(path, input) : input }),
      ...(options.ip ? { remoteAddress: options.ip } : {}),
    },
    browser,
  );
  const body = response.json();
  const reply = { status: response.statusCode, data: body.result?.data?.json, error: body.error?.json };
  browser?.keepClaims(path, reply);
  return reply;
}

export interface SubmitReply {
  ratingId: string;
  ratingsGiven: number;
  isUnlocked: boolean;
}

export function submitRating(
  t: TestApp,
  input: unknown,
  browser?: HttpBrowser,
  options: { ip?: string } = {},
) {
  return postProcedure<SubmitReply>(t, 'rating.submit', input, browser, options);
}

/** How many ratings, scores and notifications are stored: a whole rating adds 1, 5 and 1. */
export async function ratingTableCounts(db: Database) {
  const [[r], [s], [n]] = await Promise.all([
    db.select({ value: count() }).from(ratings),
    db.select({ value: count() }).from(ratingScores),
    db.select({ value: count() }).from(notifications),
  ]);
  return { ratings: r?.value, scores: s?.value, notifications: n?.value };
}
