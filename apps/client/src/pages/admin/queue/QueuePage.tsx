import { Box, Button, Loader, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTRPC } from '../../../lib/trpc';
import { AdminPageHeader, LoadError } from '../AdminPageHeader';
import { QueueCard } from './QueueCard';
import { QueueFilterBar, type QueueFilters } from './QueueFilterBar';
import { QueueGroupHeader } from './QueueGroupHeader';
import { ShortcutList, useQueueKeyboard } from './QueueShortcuts';
import type { FormControls, Queue, QueueGroup, QueueItem } from './queue-types';

/** What J and K move through: a group's header, then its items, then the next entry. */
type Entry =
  | { type: 'group'; key: string; group: QueueGroup }
  | { type: 'item'; key: string; item: QueueItem; groupKey: string | null };

function groupKey(id: string) {
  return `group:${id}`;
}

/** The queue's items in order, a group's header before its items (the server keeps a group's items together). */
function entriesOf(data: Queue | undefined): Entry[] {
  if (!data) return [];
  const groups = new Map(data.groups.map((group) => [group.id, group]));
  const entries: Entry[] = [];
  const opened = new Set<string>();
  for (const item of data.items) {
    const group = item.groupId ? groups.get(item.groupId) : undefined;
    if (group && !opened.has(group.id)) {
      opened.add(group.id);
      entries.push({ type: 'group', key: groupKey(group.id), group });
    }
    entries.push({
      type: 'item',
      key: `${item.kind}:${item.id}`,
      item,
      groupKey: group ? groupKey(group.id) : null,
    });
  }
  return entries;
}

/** Consecutive entries of one group rendered inside one frame; other entries alone. */
function framesOf(entries: Entry[]): Array<{ key: string; grouped: boolean; entries: Entry[] }> {
  const frames: Array<{ key: string; grouped: boolean; entries: Entry[] }> = [];
  for (const entry of entries) {
    const inGroup = entry.type === 'group' ? entry.key : entry.groupKey;
    const last = frames.at(-1);
    if (inGroup && last?.grouped && last.key === inGroup) last.entries.push(entry);
    else frames.push({ key: inGroup ?? entry.key, grouped: inGroup !== null, entries: [entry] });
  }
  return frames;
}

/**
 * /admin/queue: held ratings, notices and appeals in one list, the worst first and the oldest first within
 * a priority, each wait against its priority's target; pile-ons about one number shown as one group with a
 * decision for all of it (docs/trust-and-safety.md).
 */
export function QueuePage() {
  const trpc = useTRPC();
  const [filters, setFilters] = useState<QueueFilters>({});
  const queue = useQuery({
    ...trpc.admin.queue.queryOptions(filters),
    placeholderData: (previous) => previous,
  });
  const data = queue.data;
  const entries = useMemo(() => entriesOf(data), [data]);
  const [index, setIndex] = useState(0);
  const position = Math.min(index, Math.max(0, entries.length - 1));
  const currentKey = entries[position]?.key ?? null;
  const cards = useRef(new Map<string, HTMLElement>());
  const controls = useRef(new Map<string, FormControls>());
  const groupIndexOf = useCallback(
    (at: number) => {
      const entry = entries[Math.min(at, entries.length - 1)];
      const key = entry?.type === 'item' ? entry.groupKey : null;
      const found = key ? entries.findIndex((candidate) => candidate.key === key) : -1;
      return found >= 0 ? found : null;
    },
    [entries],
  );
  useQueueKeyboard(entries.length, currentKey, setIndex, groupIndexOf, cards.current, controls.current);
  const indexOf = new Map(entries.map((entry, at) => [entry.key, at]));
  const reasons = data?.decisionReasons ?? [];
  const render = (entry: Entry) => {
    const shared = {
      reasons,
      current: entry.key === currentKey,
      cardRef: (element: HTMLElement | null) => {
        if (element) cards.current.set(entry.key, element);
        else cards.current.delete(entry.key);
      },
      register: (form: FormControls | null) => {
        if (form) controls.current.set(entry.key, form);
        else controls.current.delete(entry.key);
      },
      onActivate: () => setIndex(indexOf.get(entry.key) ?? 0),
    };
    return entry.type === 'group' ? (
      <QueueGroupHeader key={entry.key} group={entry.group} {...shared} />
    ) : (
      <QueueCard key={entry.key} item={entry.item} {...shared} />
    );
  };
  return (
    <>
      <AdminPageHeader
        title="Moderation Queue"
        description={
          data
            ? `${data.total.toLocaleString()} waiting, the worst first`
            : 'Held ratings, notices and appeals, the worst first'
        }
        actions={
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={() => queue.refetch()}
            loading={queue.isFetching}
          >
            Refresh
          </Button>
        }
      />
      <QueueFilterBar filters={filters} onChange={setFilters} heldReasons={data?.heldReasonOptions ?? []} />
      <ShortcutList />
      {queue.isPending ? (
        <Loader aria-label="Loading the queue" />
      ) : queue.isError ? (
        <LoadError error={queue.error} />
      ) : data && data.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          Nothing waits for a decision. Held ratings, notices and appeals appear here.
        </Text>
      ) : (
        <Stack gap="sm">
          {framesOf(entries).map((frame) =>
            frame.grouped ? (
              <Box
                key={frame.key}
                component="section"
                aria-label="Group of items about one number"
                pl={{ base: 6, sm: 'sm' }}
                style={{ borderLeft: '3px solid var(--mantine-color-pink-6)', borderRadius: 4 }}
              >
                <Stack gap="sm">{frame.entries.map(render)}</Stack>
              </Box>
            ) : (
              frame.entries.map(render)
            ),
          )}
          {data && data.total > data.items.length ? (
            <Text c="dimmed" size="sm" ta="center">
              Showing the first {data.items.length} of {data.total}. Decide these to see the rest.
            </Text>
          ) : null}
        </Stack>
      )}
    </>
  );
}
