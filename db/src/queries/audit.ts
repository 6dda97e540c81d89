import { lt, sql } from 'drizzle-orm';
import type { Executor } from '../database';
import { errorLogs, logs, type NewErrorLogEntry, type NewLogEntry } from '../schema';

/**
 * Writes a request's activity and error entries in ONE statement, so auditing never costs a request more than
 * one round trip (DESIGN.md section 6). The rows travel as one JSON parameter: drizzle's multi-row insert
 * builds a parameter per cell, about 0.3 ms of CPU for a submission's seven entries against 0.01 ms for this.
 */
export async function insertAuditEntries(
  db: Executor,
  entries: { logs: NewLogEntry[]; errors: NewErrorLogEntry[] },
) {
  if (entries.logs.length === 0 && entries.errors.length === 0) return;
  if (entries.errors.length === 0) {
    await db.execute(insertLogs(entries.logs));
    return;
  }
  if (entries.logs.length === 0) {
    await db.execute(insertErrors(entries.errors));
    return;
  }
  // Data-modifying CTEs always run to completion, whether or not the main statement reads them.
  await db.execute(sql`with inserted_logs as (${insertLogs(entries.logs)}) ${insertErrors(entries.errors)}`);
}

function insertLogs(entries: NewLogEntry[]) {
  return sql`insert into logs (user_id, phone_number, action, details, ip_address, user_agent, created_at)
    select user_id, phone_number, action, details, ip_address, user_agent, ${inWriteOrder}
    from rows from (jsonb_to_recordset(${JSON.stringify(entries.map(toLogRow))}::jsonb)
      as (user_id text, phone_number text, action text, details jsonb, ip_address text, user_agent text))
      with ordinality as x(user_id, phone_number, action, details, ip_address, user_agent, position)`;
}

function insertErrors(entries: NewErrorLogEntry[]) {
  return sql`insert into error_logs (user_id, phone_number, error_message, error_stack, error_type, severity, url,
      component_name, details, ip_address, user_agent, created_at)
    select user_id, phone_number, error_message, error_stack, coalesce(error_type, 'runtime'),
      coalesce(severity, 'medium'), url, component_name, details, ip_address, user_agent, ${inWriteOrder}
    from rows from (jsonb_to_recordset(${JSON.stringify(entries.map(toErrorRow))}::jsonb)
      as (user_id text, phone_number text, error_message text, error_stack text, error_type text, severity text,
        url text, component_name text, details jsonb, ip_address text, user_agent text))
      with ordinality as x(user_id, phone_number, error_message, error_stack, error_type, severity, url,
        component_name, details, ip_address, user_agent, position)`;
}

/**
 * A request's entries share its moment (now()); one microsecond apart in the order they were recorded, they
 * come out newest first in that order too, where equal timestamps left it to chance.
 */
const inWriteOrder = sql.raw(`now() + x.position * interval '1 microsecond'`);

function toLogRow(entry: NewLogEntry) {
  return {
    user_id: entry.userId ?? null,
    phone_number: entry.phoneNumber ?? null,
    action: entry.action,
    details: entry.details ?? null,
    ip_address: entry.ipAddress ?? null,
    user_agent: entry.userAgent ?? null,
  };
}

function toErrorRow(entry: NewErrorLogEntry) {
  return {
    user_id: entry.userId ?? null,
    phone_number: entry.phoneNumber ?? null,
    error_message: entry.errorMessage,
    error_stack: entry.errorStack ?? null,
    error_type: entry.errorType ?? null,
    severity: entry.severity ?? null,
    url: entry.url ?? null,
    component_name: entry.componentName ?? null,
    details: entry.details ?? null,
    ip_address: entry.ipAddress ?? null,
    user_agent: entry.userAgent ?? null,
  };
}

/** Retention: deletes activity and error entries created before `cutoff`; returns how many went. */
export async function deleteAuditEntriesBefore(db: Executor, cutoff: Date) {
  const deletedLogs = await db.delete(logs).where(lt(logs.createdAt, cutoff)).returning({ id: logs.id });
  const deletedErrors = await db
    .delete(errorLogs)
    .where(lt(errorLogs.createdAt, cutoff))
    .returning({ id: errorLogs.id });
  return { logs: deletedLogs.length, errorLogs: deletedErrors.length };
}
