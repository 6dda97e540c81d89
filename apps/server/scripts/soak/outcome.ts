// What the soak reads back from the database once traffic has stopped: the notification drain, then the rows.
import type postgres from 'postgres';
import { sleep } from './client';

export interface DatabaseOutcome {
  /** Notifications still pending when the drain wait ended (0 when it drained). */
  pending: number;
  drainMs: number;
  ratingRows: Array<{ id: string; scores: number; notifications: number }>;
  statusRows: Array<{ status: string; count: number }>;
  sentRows: Array<{ id: string }>;
}

/** Waits up to `timeoutMs` for no notification to be pending; returns how many still are and how long it took. */
export async function waitForDrain(
  db: postgres.Sql,
  timeoutMs: number,
): Promise<Pick<DatabaseOutcome, 'pending' | 'drainMs'>> {
  const drainStart = Date.now();
  let pending = Number.POSITIVE_INFINITY;
  while (Date.now() - drainStart < timeoutMs) {
    const [row] = await db<
      { pending: number }[]
    >`select count(*)::int as pending from notifications where status = 'pending'`;
    pending = row?.pending ?? 0;
    if (pending === 0) break;
    await sleep(2_000);
  }
  return { pending, drainMs: Date.now() - drainStart };
}

/** Every rating with its score and notification counts, notifications per status, and the sent ones. */
export async function readRows(
  db: postgres.Sql,
): Promise<Pick<DatabaseOutcome, 'ratingRows' | 'statusRows' | 'sentRows'>> {
  const ratingRows = await db<{ id: string; scores: number; notifications: number }[]>`
    select r.id,
      (select count(*)::int from rating_scores s where s.rating_id = r.id) as scores,
      (select count(*)::int from notifications n where n.rating_id = r.id) as notifications
    from ratings r`;
  const statusRows = await db<{ status: string; count: number }[]>`
    select status, count(*)::int as count from notifications group by status`;
  const sentRows = await db<{ id: string }[]>`select id from notifications where status = 'sent'`;
  return { ratingRows, statusRows, sentRows };
}
