import { fileNotice } from '../services/notices/file-notice';
import { loadNoticeStatus } from '../services/notices/notice-status';
import { router } from '../trpc/init';
import { deviceProcedure, publicProcedure } from '../trpc/procedures';
import { fileNoticeInput, noticeStatusInput } from './notice.schemas';

/** Notices about content from anyone, and their public status pages (docs/trust-and-safety.md#notices). */
export const noticeRouter = router({
  /** A device session, so a notice can be tied to its filer's session for their export; no proof needed. */
  file: deviceProcedure.input(fileNoticeInput).mutation(({ ctx, input }) => fileNotice(ctx, input)),
  /** Whoever holds the reference sees the outcome and the statement of reasons, and nothing of the rating. */
  status: publicProcedure
    .input(noticeStatusInput)
    .query(({ ctx, input }) => loadNoticeStatus(ctx, input.reference)),
});
