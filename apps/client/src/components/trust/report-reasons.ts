// The terms' categories a review can be reported for, as people read them. The reason values come from the
// server's input type, so a category added there fails the type check here until it has a label.
import type { AppRouter } from '@exrated/server/router';
import type { inferInput, TRPCOptionsProxy } from '@trpc/tanstack-react-query';

export type ReportReason = inferInput<TRPCOptionsProxy<AppRouter>['profile']['reportRating']>['reason'];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  full_name: 'Full name (more than a first name and initial)',
  contact_info: 'Contact information (number, email, address, handle)',
  sexual_content: 'Explicit sexual content',
  hate_speech: 'Hate speech',
  threats: 'Threats of violence or harm',
  false_or_harassing: 'False or harassing content',
};

export const REPORT_REASON_OPTIONS = (Object.keys(REPORT_REASON_LABELS) as ReportReason[]).map((value) => ({
  value,
  label: REPORT_REASON_LABELS[value],
}));

export function isReportReason(value: string | null): value is ReportReason {
  return value !== null && Object.hasOwn(REPORT_REASON_LABELS, value);
}

/** A reason from the server, labelled; an unknown one (a newer server) shows as it is. */
export function reportReasonLabel(reason: string): string {
  return isReportReason(reason) ? REPORT_REASON_LABELS[reason] : reason;
}
