import { and, count, desc, eq, getTableColumns, ilike, like, or } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from '../database';
import { type ErrorSeverity, errorLogs, logs } from '../schema';
import { containing, pageCarryingTotal, pageWithTotal } from './admin-lists';
import { totalMatching } from './paging';

/** Log actions of the verification flow (docs/security.md#codes): verification_code_* and verification_*. */
const VERIFICATION_ACTION_PATTERN = 'verification\\_%';

/** A phone's activity entries, newest first; `verificationOnly` keeps the verification_* actions. */
export async function listLogsByPhone(
  db: Executor,
  params: { phoneNumber: string; verificationOnly?: boolean; limit: number },
) {
  return db
    .select()
    .from(logs)
    .where(
      and(
        eq(logs.phoneNumber, params.phoneNumber),
        params.verificationOnly ? like(logs.action, VERIFICATION_ACTION_PATTERN) : undefined,
      ),
    )
    .orderBy(desc(logs.createdAt), desc(logs.id))
    .limit(params.limit);
}

export async function listErrorLogsByPhone(db: Executor, params: { phoneNumber: string; limit: number }) {
  return db
    .select()
    .from(errorLogs)
    .where(eq(errorLogs.phoneNumber, params.phoneNumber))
    .orderBy(desc(errorLogs.createdAt), desc(errorLogs.id))
    .limit(params.limit);
}

/** The activity log list: search by phone, action, IP or user id; filter by action or verification actions. */
export async function searchLogs(
  db: Executor,
  params: { search?: string; action?: string; verificationOnly: boolean; limit: number },
) {
  const search = params.search?.trim();
  const pattern = search ? containing(search) : null;
  return db
    .select()
    .from(logs)
    .where(
      and(
        pattern
          ? or(
              ilike(logs.phoneNumber, pattern),
              ilike(logs.action, pattern),
              ilike(logs.ipAddress, pattern),
              ilike(logs.userId, pattern),
            )
          : undefined,
        params.action ? eq(logs.action, params.action) : undefined,
        params.verificationOnly ? like(logs.action, VERIFICATION_ACTION_PATTERN) : undefined,
      ),
    )
    .orderBy(desc(logs.createdAt), desc(logs.id))
    .limit(params.limit);
}

/** Every action name present in the activity log, for the action filter. */
export async function listLogActions(db: Executor) {
  const rows = await db.selectDistinct({ action: logs.action }).from(logs).orderBy(logs.action).limit(500);
  return rows.map((row) => row.action);
}

/** One page of error entries, newest first, with the total matching the same filters. */
export async function searchErrorLogs(
  db: Executor,
  params: { search?: string; phone?: string; severity?: ErrorSeverity; limit: number; offset: number },
) {
  const search = params.search?.trim();
  const phone = params.phone?.trim();
  const where = and(
    search
      ? or(
          ilike(errorLogs.errorMessage, containing(search)),
          ilike(errorLogs.componentName, containing(search)),
        )
      : undefined,
    phone ? ilike(errorLogs.phoneNumber, containing(phone)) : undefined,
    params.severity ? eq(errorLogs.severity, params.severity) : undefined,
  );
  const total = () => db.select({ value: count() }).from(errorLogs).where(where);
  const newestFirst = <Query extends PgSelect>(query: Query) =>
    query
      .where(where)
      .orderBy(desc(errorLogs.createdAt), desc(errorLogs.id))
      .limit(params.limit)
      .offset(params.offset);
  const columns = getTableColumns(errorLogs);
  // Without a substring the page walks an index and stops after `limit` rows, so the total is its own count.
  if (!search && !phone) {
    return pageWithTotal(newestFirst(db.select(columns).from(errorLogs).$dynamic()), total());
  }
  // A substring search visits every match through the trigram indexes anyway: the page and its total come
  // from that one visit instead of two statements doing the same work (half the database time per request).
  return pageCarryingTotal(
    await newestFirst(db.select({ row: columns, total: totalMatching() }).from(errorLogs).$dynamic()),
    total,
  );
}
