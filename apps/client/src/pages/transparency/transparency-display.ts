import type { AppRouter } from '@exrated/server/router';
import type { inferOutput, TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { formatDuration } from '../../lib/format-duration';

export type Report = inferOutput<TRPCOptionsProxy<AppRouter>['transparency']['report']>;
export type PublishedMonth = Report['months'][number];
/** A published figure: the count, or null when it is not published (fewer than the minimum, or withheld). */
export type Figure = number | null;

// Months and days as the server counts them: calendar months in UTC, whatever the reader's zone.
const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'November 2026' for '2026-11'. */
export function monthTitle(month: string): string {
  return MONTH.format(new Date(`${month}-01T00:00:00Z`));
}

/** '1 December 2026', the day in UTC. */
export function formatUtcDay(date: Date): string {
  return DAY.format(date);
}

/** 'Figures for November 2026, published 1 December 2026': the period a card covers and when it was published. */
export function publishedLine(month: string, publishedAt: Date): string {
  return `Figures for ${monthTitle(month)}, published ${formatUtcDay(publishedAt)}`;
}

/**
 * A count as the page shows it. A total under the minimum reads 'Fewer than 10'; a part of a total may also
 * be withheld so that the total minus the parts shown does not give it away, so a part reads 'Not published'.
 */
export function figureText(figure: Figure, kind: 'total' | 'part', minimumCount: number): string {
  if (figure !== null) return figure.toLocaleString('en-GB');
  return kind === 'total' ? `Fewer than ${minimumCount}` : 'Not published';
}

export function medianText(seconds: Figure, minimumCount: number): string {
  return seconds === null ? `Fewer than ${minimumCount} decisions` : formatDuration(seconds);
}

/** Whether a month has any figure to show: months where every figure is withheld are left out together. */
export function hasPublishedFigure(month: PublishedMonth): boolean {
  const figures: Figure[] = [
    month.notices.total,
    ...Object.values(month.notices.byReason),
    month.decisions.total,
    ...Object.values(month.decisions.byOutcome),
    ...Object.values(month.decisions.byReason),
    ...Object.values(month.decisions.byItem),
    month.appeals.filed,
    ...Object.values(month.appeals.decidedByOutcome),
    month.medianSecondsToDecision,
  ];
  return figures.some((figure) => figure !== null);
}
