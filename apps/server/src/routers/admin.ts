import {
  listAdminProfiles,
  listFirstClaimedProfiles,
  listLogActions,
  searchErrorLogs,
  searchLogs,
} from '@exrated/db/queries';
import { loadDashboard } from '../services/admin/admin-dashboard';
import { loadProfileDetail } from '../services/admin/admin-profile-detail';
import { withReadableDetails } from '../services/admin/readable-details';
import { decide, decideGroup } from '../services/moderation/decide';
import { loadQueue } from '../services/moderation/queue';
import { loginStaff } from '../services/staff/staff-login';
import { router } from '../trpc/init';
import { adminProcedure, publicProcedure, staffProcedure } from '../trpc/procedures';
import {
  adminDecideGroupInput,
  adminDecideInput,
  adminErrorLogsInput,
  adminLoginInput,
  adminLogsInput,
  adminProfileInput,
  adminProfilesInput,
  adminQueueInput,
  adminSaveSettingsInput,
  adminSqlQueryInput,
  ERROR_LOG_PAGE_SIZE,
  LOG_LIST_LIMIT,
  SQL_TOOL_ROWS,
} from './admin.schemas';

/**
 * The administrator area (docs/product.md#admin); who may call what is decided by the base procedures only:
 * staffProcedure for both roles, adminProcedure for admins (docs/staff.md).
 */
export const adminRouter = router({
  login: publicProcedure.input(adminLoginInput).mutation(({ ctx, input }) => loginStaff(ctx, input)),

  logout: staffProcedure.mutation(async ({ ctx }) => {
    await ctx.sessions.revokeAdmin(ctx.cookies, ctx.adminSession);
    ctx.audit.log('admin_logout');
    return { isAdmin: false as const };
  }),

  /** Whether this browser has a live staff session, and whose; the client's admin flag only caches this. */
  me: publicProcedure.query(async ({ ctx }) => {
    try {
      const session = await ctx.sessions.resolveAdmin(ctx.cookies, { fresh: false });
      return session
        ? { isAdmin: true, name: session.staffName, role: session.staffRole }
        : { isAdmin: false, name: null, role: null };
    } catch (error) {
      ctx.log.error({ err: error }, 'admin session lookup failed');
      return { isAdmin: false, name: null, role: null };
    }
  }),

  dashboard: adminProcedure.query(({ ctx }) => loadDashboard(ctx)),

  profiles: staffProcedure.input(adminProfilesInput).query(async ({ ctx, input }) => {
    const { rows, total } = await listAdminProfiles(ctx.db, {
      search: input.search,
      filter: input.filter,
      limit: input.pageSize,
      offset: (input.page - 1) * input.pageSize,
    });
    return { profiles: rows, total, page: input.page, pageSize: input.pageSize };
  }),

  profile: staffProcedure
    .input(adminProfileInput)
    .query(({ ctx, input }) => loadProfileDetail(ctx, input.phoneNumber)),

  logs: staffProcedure.input(adminLogsInput).query(async ({ ctx, input }) => {
    const [entries, actions] = await Promise.all([
      searchLogs(ctx.db, {
        search: input.search,
        action: input.action || undefined,
        verificationOnly: input.category === 'verification',
        limit: LOG_LIST_LIMIT,
      }),
      listLogActions(ctx.db),
    ]);
    return { entries: withReadableDetails(entries), actions };
  }),

  errorLogs: staffProcedure.input(adminErrorLogsInput).query(async ({ ctx, input }) => {
    const { rows, total } = await searchErrorLogs(ctx.db, {
      search: input.search,
      phone: input.phone,
      severity: input.severity,
      limit: ERROR_LOG_PAGE_SIZE,
      offset: (input.page - 1) * ERROR_LOG_PAGE_SIZE,
    });
    return { entries: withReadableDetails(rows), total, page: input.page, pageSize: ERROR_LOG_PAGE_SIZE };
  }),

  /**
   * The SQL tool (docs/product.md#admin): whatever is typed, it shows the first claimed_profiles rows. The
   * text is only logged, never executed — an admin page must not be a way to run arbitrary SQL.
   */
  sqlQuery: adminProcedure.input(adminSqlQueryInput).mutation(async ({ ctx, input }) => {
    ctx.audit.log('admin_sql_query', { query: input.query.slice(0, 2000) });
    return { rows: await listFirstClaimedProfiles(ctx.db, SQL_TOOL_ROWS) };
  }),

  /** Held ratings, notices and appeals waiting for a decision, the worst first (docs/trust-and-safety.md). */
  queue: staffProcedure.input(adminQueueInput).query(({ ctx, input }) => loadQueue(ctx, input)),

  /** Keep, hide or delete, with a reason from the fixed list and a note; logged with the staff member. */
  decide: staffProcedure.input(adminDecideInput).mutation(({ ctx, input }) => decide(ctx, input)),

  /**
   * One decision for a pile-on group (several held ratings or notices about one number within a day), all or
   * nothing; each item is decided and logged as admin.decide would.
   */
  decideGroup: staffProcedure
    .input(adminDecideGroupInput)
    .mutation(({ ctx, input }) => decideGroup(ctx, input)),

  settings: adminProcedure.query(({ ctx }) => ctx.settings.get()),

  saveSettings: adminProcedure.input(adminSaveSettingsInput).mutation(async ({ ctx, input }) => {
    const { repeatOffenderThreshold, ...switches } = input;
    const saved = await ctx.settings.save(
      repeatOffenderThreshold === undefined ? switches : { ...switches, repeatOffenderThreshold },
    );
    ctx.audit.log('admin_settings_saved', { ...saved });
    return saved;
  }),
});
