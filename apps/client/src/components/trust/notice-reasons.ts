// The reasons a notice names (docs/architecture.md#api), as people read them. The values come from the
// server's input type, so a reason added there fails the type check here until it has a label.
import type { AppRouter } from '@exrated/server/router';
import type { inferInput, TRPCOptionsProxy } from '@trpc/tanstack-react-query';

export type NoticeReason = inferInput<TRPCOptionsProxy<AppRouter>['notice']['file']>['reason'];

export const NOTICE_REASON_LABELS: Record<NoticeReason, string> = {
  not_about_me: 'Not about me / we never dated',
  harassment: 'Harassment or threats',
  false_claims: 'False claims',
  private_information: 'Private information',
  other: 'Something else',
};

export const NOTICE_REASON_OPTIONS = (Object.keys(NOTICE_REASON_LABELS) as NoticeReason[]).map((value) => ({
  value,
  label: NOTICE_REASON_LABELS[value],
}));

export function isNoticeReason(value: string | null): value is NoticeReason {
  return value !== null && Object.hasOwn(NOTICE_REASON_LABELS, value);
}

/** A reason from the server, labelled; an unknown one (a newer server) shows as it is. */
export function noticeReasonLabel(reason: string): string {
  return isNoticeReason(reason) ? NOTICE_REASON_LABELS[reason] : reason;
}

/** Where a notice's status is shown: anyone holding the reference can read it. */
export function noticeStatusPath(reference: string): string {
  return `/notices/${encodeURIComponent(reference)}`;
}
