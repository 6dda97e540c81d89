import type { AppRouter } from '@exrated/server/router';
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { inferOutput, TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { useTRPC } from '../../lib/trpc';

type AnonymitySettings = inferOutput<TRPCOptionsProxy<AppRouter>['rating']['anonymity']>;

/** '1 hour', '13 hours', '90 minutes': a delay as the pages say it. */
export function spokenDelay(minutes: number): string {
  if (minutes % 60 === 0 && minutes >= 60) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
  const rounded = Math.round(minutes);
  return rounded === 1 ? '1 minute' : `${rounded} minutes`;
}

/** The anonymity settings in force, in sentences, from the server's configuration (docs/anonymity.md). */
export function anonymitySentences(settings: AnonymitySettings): string[] {
  const { delayMinMinutes, delayMaxMinutes, quietHours } = settings;
  const when =
    delayMaxMinutes === 0
      ? 'as soon as it stands'
      : delayMinMinutes === delayMaxMinutes
        ? `${spokenDelay(delayMinMinutes)} after it stands`
        : `at a random time between ${spokenDelay(delayMinMinutes)} and ${spokenDelay(delayMaxMinutes)} after it stands`;
  const night = quietHours
    ? `, and never between ${quietHours.from} and ${quietHours.until} in their time zone`
    : '';
  const [week, month] = settings.dates;
  return [
    `A rating reaches the person it is about ${when} (when it is submitted by someone who proved their number, when its author proves their number, or when a moderator approves it)${night}. Their text, their profile and their score change at that moment, never at the moment of rating.`,
    `They see when a rating was posted only as '${week}', '${month}' or the month ('Posted in March'), and their ratings are not listed in the order they were written.`,
    'Someone who asked not to be rated never gets a rating, shown or texted; the person rating them is answered exactly as for anyone else, so nobody learns from ExRated that they asked.',
  ];
}

export function useAnonymitySettings() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.rating.anonymity.queryOptions(), staleTime: Number.POSITIVE_INFINITY });
}

/** The settings as paragraphs (terms, privacy, transparency); nothing while they load. */
export function AnonymityStatement({ size }: { size?: 'sm' | 'md' }) {
  const settings = useAnonymitySettings();
  if (!settings.data) return null;
  return (
    <>
      {anonymitySentences(settings.data).map((sentence) =>
        size ? (
          <Text key={sentence} size={size} c="dimmed">
            {sentence}
          </Text>
        ) : (
          <p key={sentence}>{sentence}</p>
        ),
      )}
    </>
  );
}

/** The settings in one line, for the rate form under 'Your ex won't know it's you'. */
export function anonymitySummary(settings: AnonymitySettings): string {
  const { delayMinMinutes, delayMaxMinutes, quietHours } = settings;
  const when =
    delayMaxMinutes === 0
      ? 'They see your rating as soon as it stands'
      : `They get your rating ${delayMinMinutes === delayMaxMinutes ? spokenDelay(delayMinMinutes) : `between ${spokenDelay(delayMinMinutes)} and ${spokenDelay(delayMaxMinutes)}`} after it stands`;
  const night = quietHours ? `, never between ${quietHours.from} and ${quietHours.until} their time` : '';
  return `${when}${night}, dated only '${settings.dates[0]}', '${settings.dates[1]}' or by month.`;
}

/** The one-line summary on the rate form; nothing while the settings load. */
export function AnonymitySummary() {
  const settings = useAnonymitySettings();
  if (!settings.data) return null;
  return (
    <Text c="dimmed" size="xs" data-testid="anonymity-summary">
      {anonymitySummary(settings.data)}
    </Text>
  );
}
