import { Badge, Code, Group, Stack, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { noticeReasonLabel } from '../../../components/trust/notice-reasons';
import { formatDuration } from '../../../lib/format-duration';
import { formatDateTime } from '../admin-format';
import type { AdminRating } from '../admin-types';
import { AdminRatingList } from '../profiles/AdminRatingList';
import { DecisionForm } from './DecisionForm';
import { QueueEntryCard, type QueueEntryProps } from './QueueEntryCard';
import type { FormControls, Queue, QueueItem } from './queue-types';
import { useDecideItem } from './use-queue-decision';

export const KIND_LABELS: Record<QueueItem['kind'], { label: string; color: string }> = {
  held_rating: { label: 'Held rating', color: 'yellow' },
  notice: { label: 'Notice', color: 'red' },
  appeal: { label: 'Appeal', color: 'violet' },
};

const PRIORITY_LABELS: Record<QueueItem['priority'], { label: string; color: string }> = {
  urgent: { label: 'Urgent', color: 'red' },
  doxxing: { label: 'Doxxing', color: 'orange' },
  notice: { label: 'Notice', color: 'yellow' },
  appeal: { label: 'Appeal', color: 'violet' },
  other: { label: 'Held', color: 'gray' },
};

const SOURCE_LABELS: Record<string, string> = {
  notification_link: 'from the texted link',
  received_review: 'by the rated person',
  public_form: 'from the Report content page',
};

/** The item's rating in the admin's usual layout (the rater is never part of a queue item). */
function asAdminRating(rating: NonNullable<QueueItem['rating']>): AdminRating {
  return {
    id: rating.id,
    name: rating.name,
    relationshipType: rating.relationshipType,
    phoneNumber: rating.phoneNumber,
    createdByPhone: null,
    testimonial: rating.testimonial,
    gratitude: rating.gratitude,
    selfReflection: rating.selfReflection,
    feedback: rating.feedback,
    hiddenAt: rating.hiddenAt,
    createdAt: rating.createdAt,
    scores: rating.scores,
  };
}

export function triggerText(item: QueueItem): string {
  if (item.kind === 'notice') return noticeReasonLabel(item.trigger);
  if (item.kind === 'appeal')
    return item.triggerLabel ? `Appeal of a held rating: ${item.triggerLabel}` : 'Appeal by the author';
  return item.triggerLabel ?? item.trigger;
}

function plural(count: number, one: string, many: string) {
  return `${count} ${count === 1 ? one : many}`;
}

/** The author's record and the rated number's, as counts (the author's phone is never shown). */
function HistoryLine({ history }: { history: NonNullable<QueueItem['history']> }) {
  const { author, subject } = history;
  return (
    <Stack gap={2} data-testid="queue-history">
      <Text size="xs" c="dimmed">
        Author: {plural(author.given, 'rating', 'ratings')} given, {author.held} held, {author.hidden} hidden,{' '}
        {author.removed} removed by moderators, {plural(author.appeals, 'appeal', 'appeals')}
      </Text>
      <Text size="xs" c="dimmed">
        Rated number: {plural(subject.notices, 'notice', 'notices')} about its ratings
        {subject.doNotRate ? ", 'Do not rate me' is on" : ''}
      </Text>
    </Stack>
  );
}

function ItemDecisionForm({
  item,
  primary,
  reasons,
  register,
}: {
  item: QueueItem;
  primary: boolean;
  reasons: Queue['decisionReasons'];
  register: (controls: FormControls | null) => void;
}) {
  const decide = useDecideItem();
  return (
    <DecisionForm
      primary={primary}
      canRemove={item.rating !== null}
      reasons={reasons}
      noteLabel="Note (shown to the reporter and the author)"
      submitLabel={(outcome) => `: ${outcome}`}
      pending={decide.isPending}
      onDecide={(choice) => decide.mutate({ kind: item.kind, id: item.id, ...choice })}
      register={register}
    />
  );
}

/** One held rating, notice or appeal with its decision form. */
export function QueueCard({
  item,
  reasons,
  current,
  cardRef,
  register,
  onActivate,
}: QueueEntryProps & { item: QueueItem }) {
  const kind = KIND_LABELS[item.kind];
  return (
    <QueueEntryCard
      label={`${kind.label}: ${triggerText(item)}`}
      testId="queue-item"
      current={current}
      cardRef={cardRef}
      onActivate={onActivate}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="xs">
          <Group gap="xs">
            <Badge color={kind.color} variant="light" size="lg" tt="none">
              {kind.label}
            </Badge>
            <Text size="sm" fw={600}>
              {triggerText(item)}
            </Text>
          </Group>
          <Group gap={4}>
            <Badge color={PRIORITY_LABELS[item.priority].color} variant="outline" size="sm">
              {PRIORITY_LABELS[item.priority].label}
            </Badge>
            <IconClock size={14} aria-hidden="true" />
            <Text size="xs" c={item.overdue ? 'red.4' : 'dimmed'} fw={item.overdue ? 700 : undefined}>
              Waiting {formatDuration(item.waitedSeconds)} of {formatDuration(item.targetSeconds)}
              {item.overdue ? ' (overdue)' : ''} · since {formatDateTime(item.queuedAt)}
            </Text>
          </Group>
        </Group>
        {item.notice ? (
          <Stack gap={4}>
            <Text size="sm">
              Reference <Code>{item.notice.reference}</Code>, filed{' '}
              {SOURCE_LABELS[item.notice.source] ?? item.notice.source}
            </Text>
            {item.notice.text ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                “{item.notice.text}”
              </Text>
            ) : null}
            {item.notice.contact ? <Text size="sm">Answer to: {item.notice.contact}</Text> : null}
          </Stack>
        ) : null}
        {item.appeal?.text ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            The author says: “{item.appeal.text}”
          </Text>
        ) : null}
        {item.history ? <HistoryLine history={item.history} /> : null}
        {item.rating ? (
          <AdminRatingList ratings={[asAdminRating(item.rating)]} counterpart="rated" emptyText="" />
        ) : (
          <Text size="sm" c="dimmed">
            No rating is attached: the notice describes the content, or the rating was deleted.
          </Text>
        )}
        <ItemDecisionForm item={item} primary={current} reasons={reasons} register={register} />
      </Stack>
    </QueueEntryCard>
  );
}
