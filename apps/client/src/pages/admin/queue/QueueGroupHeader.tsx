import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconStack2 } from '@tabler/icons-react';
import { NOTICE_REASON_LABELS } from '../../../components/trust/notice-reasons';
import { formatDuration } from '../../../lib/format-duration';
import { formatDateTime } from '../admin-format';
import { DecisionForm } from './DecisionForm';
import { QueueEntryCard, type QueueEntryProps } from './QueueEntryCard';
import type { QueueGroup } from './queue-types';
import { useDecideGroup } from './use-queue-decision';

/** What a group's items are: held ratings of one rule, or notices of one reason. */
function groupSubject(group: QueueGroup): string {
  if (group.kind === 'held_rating') return `held ratings (${group.triggerLabel ?? group.trigger})`;
  const labels: Readonly<Record<string, string>> = NOTICE_REASON_LABELS;
  return `notices (${labels[group.trigger] ?? group.trigger})`;
}

/**
 * A pile-on's header (docs/trust-and-safety.md#pile-ons): how many items of one kind and one rule about one
 * number came within a day, over what span, and one decision for all of them. Its items follow it; each can
 * still be decided alone.
 */
export function QueueGroupHeader({
  group,
  reasons,
  current,
  cardRef,
  register,
  onActivate,
}: QueueEntryProps & { group: QueueGroup }) {
  const decide = useDecideGroup();
  const spanSeconds =
    (new Date(group.lastQueuedAt).getTime() - new Date(group.firstQueuedAt).getTime()) / 1000;
  const title = `${group.count} ${groupSubject(group)} about one number within ${formatDuration(spanSeconds)}`;
  return (
    <QueueEntryCard
      label={`Group: ${title}`}
      testId="queue-group"
      current={current}
      cardRef={cardRef}
      onActivate={onActivate}
    >
      <Stack gap="sm">
        <Group gap="xs" align="center">
          <Badge color="pink" variant="light" size="lg" tt="none" leftSection={<IconStack2 size={14} />}>
            Group of {group.count}
          </Badge>
          <Text size="sm" fw={600}>
            {title}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          From {formatDateTime(group.firstQueuedAt)} to {formatDateTime(group.lastQueuedAt)}. This decision
          answers every item below, and each reporter and author is given its reasons. An item can still be
          decided on its own.
        </Text>
        <DecisionForm
          primary={current}
          canRemove
          reasons={reasons}
          noteLabel="Note (shown to every reporter and author of the group)"
          submitLabel={(outcome) => ` all ${group.count}: ${outcome}`}
          pending={decide.isPending}
          onDecide={(choice) => decide.mutate({ items: group.items, ...choice })}
          register={register}
        />
      </Stack>
    </QueueEntryCard>
  );
}
