import type { AppRouter } from '@exrated/server/router';
import {
  Badge,
  Button,
  Code,
  Group,
  Kbd,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconClock, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferInput, inferOutput, TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { useEffect, useRef, useState } from 'react';
import { NOTICE_REASON_OPTIONS, noticeReasonLabel } from '../../../components/trust/notice-reasons';
import { formatDuration } from '../../../lib/format-duration';
import { notify } from '../../../lib/notify';
import { userFacingMessage } from '../../../lib/server-error';
import { useTRPC } from '../../../lib/trpc';
import { AdminPageHeader, LoadError } from '../AdminPageHeader';
import { formatDateTime } from '../admin-format';
import type { AdminRating } from '../admin-types';
import { AdminRatingList } from '../profiles/AdminRatingList';

type AdminApi = TRPCOptionsProxy<AppRouter>['admin'];
type Queue = inferOutput<AdminApi['queue']>;
type QueueItem = Queue['items'][number];
type DecideInput = inferInput<AdminApi['decide']>;
type Outcome = DecideInput['outcome'];
type Reason = DecideInput['reason'];

const KIND_LABELS: Record<QueueItem['kind'], { label: string; color: string }> = {
  held_rating: { label: 'Held rating', color: 'yellow' },
  notice: { label: 'Notice', color: 'red' },
  appeal: { label: 'Appeal', color: 'violet' },
};

/** admin.queue's filters. */
interface QueueFilters {
  kind?: QueueItem['kind'] | undefined;
  trigger?: string | undefined;
  reference?: string | undefined;
}

const PRIORITY_LABELS: Record<QueueItem['priority'], { label: string; color: string }> = {
  urgent: { label: 'Urgent', color: 'red' },
  doxxing: { label: 'Doxxing', color: 'orange' },
  notice: { label: 'Notice', color: 'yellow' },
  appeal: { label: 'Appeal', color: 'violet' },
  other: { label: 'Held', color: 'gray' },
};

const KIND_FILTER_OPTIONS = [
  { value: '', label: 'Every kind' },
  { value: 'held_rating', label: 'Held ratings' },
  { value: 'notice', label: 'Notices' },
  { value: 'appeal', label: 'Appeals' },
];

function isKind(value: string): value is QueueItem['kind'] {
  return value === 'held_rating' || value === 'notice' || value === 'appeal';
}

const OUTCOME_OPTIONS: Array<{ value: Outcome; label: string }> = [
  { value: 'keep', label: 'Keep' },
  { value: 'hide', label: 'Hide' },
  { value: 'delete', label: 'Delete' },
];

const SOURCE_LABELS: Record<string, string> = {
  notification_link: 'from the texted link',
  received_review: 'by the rated person',
  public_form: 'from the Report content page',
};

function isOutcome(value: string): value is Outcome {
  return OUTCOME_OPTIONS.some((option) => option.value === value);
}

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

function triggerText(item: QueueItem): string {
  if (item.kind === 'notice') return noticeReasonLabel(item.trigger);
  if (item.kind === 'appeal')
    return item.triggerLabel ? `Appeal of a held rating: ${item.triggerLabel}` : 'Appeal by the author';
  return item.triggerLabel ?? item.trigger;
}

/** What the queue's keyboard shortcuts do to the current item's decision form. */
interface FormControls {
  choose(outcome: Outcome): void;
  focusReason(): void;
  focusNote(): void;
  submit(): void;
}

function DecisionForm({
  item,
  reasons,
  register,
}: {
  item: QueueItem;
  reasons: Queue['decisionReasons'];
  register: (controls: FormControls | null) => void;
}) {
  const reasonRef = useRef<HTMLInputElement>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>(item.rating ? 'hide' : 'keep');
  const [reason, setReason] = useState<Reason | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const decide = useMutation(
    trpc.admin.decide.mutationOptions({
      onSuccess: async (result) => {
        notify.success({
          title: result.alreadyDecided ? 'Already decided' : 'Decision saved',
          message: result.message,
        });
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.admin.queue.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.admin.dashboard.queryKey() }),
        ]);
      },
      onError: (error) => {
        notify.error({
          title: 'Decision not saved',
          message: userFacingMessage(error, 'The decision could not be saved. Please try again.'),
        });
      },
    }),
  );
  const submit = () => {
    if (!reason) {
      setReasonError('Please choose a reason from the list.');
      return;
    }
    if (!decide.isPending)
      decide.mutate({ kind: item.kind, id: item.id, outcome, reason, note: note.trim() });
  };
  // Registered anew on every render, so a shortcut always acts on the form's current choices.
  useEffect(() => {
    register({
      choose: (choice) => {
        if (item.rating || choice === 'keep') setOutcome(choice);
      },
      // Centred: the reason list opens only while its field is in view, and a phone shows little else.
      focusReason: () => {
        reasonRef.current?.focus();
        reasonRef.current?.scrollIntoView({ block: 'center' });
      },
      focusNote: () => {
        noteRef.current?.focus();
        noteRef.current?.scrollIntoView({ block: 'center' });
      },
      submit,
    });
    return () => register(null);
  });
  return (
    <Stack gap="xs">
      <SegmentedControl
        data={item.rating ? OUTCOME_OPTIONS : OUTCOME_OPTIONS.filter((option) => option.value === 'keep')}
        value={outcome}
        onChange={(value) => isOutcome(value) && setOutcome(value)}
        aria-label="Decision"
      />
      <Select
        ref={reasonRef}
        label="Reason"
        placeholder="Choose a reason"
        data={reasons}
        value={reason}
        onChange={(value) => {
          setReason(reasons.find((option) => option.value === value)?.value ?? null);
          setReasonError(null);
        }}
        error={reasonError}
        allowDeselect={false}
        // On a phone the page can scroll the field out of view as the list opens; the list stays open then
        // instead of hiding until the field returns.
        comboboxProps={{ withinPortal: true, hideDetached: false }}
      />
      <Textarea
        ref={noteRef}
        label="Note (shown to the reporter and the author)"
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        maxLength={1000}
        autosize
        minRows={2}
      />
      <Group justify="flex-end">
        <Button onClick={submit} loading={decide.isPending} color={outcome === 'keep' ? 'gray' : 'red'}>
          Decide: {OUTCOME_OPTIONS.find((option) => option.value === outcome)?.label}
        </Button>
      </Group>
    </Stack>
  );
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
        {plural(author.appeals, 'appeal', 'appeals')}
      </Text>
      <Text size="xs" c="dimmed">
        Rated number: {plural(subject.notices, 'notice', 'notices')} about its ratings
        {subject.doNotRate ? ", 'Do not rate me' is on" : ''}
      </Text>
    </Stack>
  );
}

function QueueCard({
  item,
  reasons,
  current,
  cardRef,
  register,
  onActivate,
}: {
  item: QueueItem;
  reasons: Queue['decisionReasons'];
  current: boolean;
  cardRef: (element: HTMLElement | null) => void;
  register: (controls: FormControls | null) => void;
  onActivate: () => void;
}) {
  const kind = KIND_LABELS[item.kind];
  return (
    <Paper
      ref={cardRef}
      withBorder
      radius="md"
      p="md"
      className="glass-card"
      component="article"
      aria-label={`${kind.label}: ${triggerText(item)}`}
      aria-current={current ? 'true' : undefined}
      data-testid="queue-item"
      tabIndex={-1}
      onFocus={onActivate}
      style={current ? { outline: '2px solid var(--mantine-color-pink-5)', outlineOffset: 2 } : undefined}
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
        <DecisionForm item={item} reasons={reasons} register={register} />
      </Stack>
    </Paper>
  );
}

function itemKey(item: QueueItem): string {
  return `${item.kind}:${item.id}`;
}

/** The shortcuts, as the page lists them. */
const SHORTCUTS: Array<[string, string]> = [
  ['J / K', 'next / previous item'],
  ['1 / 2 / 3', 'keep / hide / delete'],
  ['R', 'reason (arrows and Enter pick one)'],
  ['N', 'note'],
  ['Enter', 'decide (Ctrl+Enter in a field)'],
  ['Esc', 'back to the item'],
];

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * The queue without a mouse (docs/trust-and-safety.md): J and K move between items, 1-3 choose the outcome,
 * R and N reach the reason and the note, Enter decides. The current item keeps the focus: after a decision
 * removes it, the item that takes its place gets the focus, so it is never lost to the page.
 */
function useQueueKeyboard(
  count: number,
  currentKey: string | null,
  setIndex: (update: (index: number) => number) => void,
  cards: Map<string, HTMLElement>,
  controls: Map<string, FormControls>,
) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (count === 0 || !currentKey) return;
      const form = controls.get(currentKey);
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        form?.submit();
        return;
      }
      if (isTyping(event.target)) {
        if (event.key === 'Escape') cards.get(currentKey)?.focus();
        return;
      }
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      // Enter on a button or link keeps its own meaning.
      if (event.key === 'Enter' && event.target instanceof HTMLElement && event.target.closest('button, a')) {
        return;
      }
      const actions: Record<string, () => void> = {
        j: () => setIndex((index) => Math.min(count - 1, index + 1)),
        k: () => setIndex((index) => Math.max(0, index - 1)),
        '1': () => form?.choose('keep'),
        '2': () => form?.choose('hide'),
        '3': () => form?.choose('delete'),
        r: () => form?.focusReason(),
        n: () => form?.focusNote(),
        enter: () => form?.submit(),
      };
      const action = actions[event.key.toLowerCase()];
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [count, currentKey, setIndex, cards, controls]);

  // The current item takes the focus whenever it changes (the keys moved on, or a decided item's card left
  // the page), unless someone is typing in a field.
  useEffect(() => {
    if (!currentKey) return;
    const card = cards.get(currentKey);
    if (!card || isTyping(document.activeElement)) return;
    card.focus();
    card.scrollIntoView({ block: 'nearest' });
  }, [currentKey, cards]);
}

/** The list of shortcuts shown on the page. */
function ShortcutList() {
  return (
    <Group gap="md" mb="sm" aria-label="Keyboard shortcuts" role="note">
      {SHORTCUTS.map(([keys, action]) => (
        <Text key={keys} size="xs" c="dimmed">
          <Kbd size="xs">{keys}</Kbd> {action}
        </Text>
      ))}
    </Group>
  );
}

/** The queue's filters: kind, rule or reason, and a notice's reference (searched on Enter). */
function QueueFilterBar({
  filters,
  onChange,
  heldReasons,
}: {
  filters: QueueFilters;
  onChange: (filters: QueueFilters) => void;
  heldReasons: Queue['heldReasonOptions'];
}) {
  const [reference, setReference] = useState(filters.reference ?? '');
  const triggers = [
    { value: '', label: 'Every rule and reason' },
    ...heldReasons,
    ...NOTICE_REASON_OPTIONS.map((option) => ({ value: option.value, label: `Notice: ${option.label}` })),
    { value: 'appeal', label: 'Appeals' },
  ];
  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
      <Select
        label="Kind"
        data={KIND_FILTER_OPTIONS}
        value={filters.kind ?? ''}
        onChange={(value) => onChange({ ...filters, kind: value && isKind(value) ? value : undefined })}
        allowDeselect={false}
        w={{ base: '100%', sm: 180 }}
      />
      <Select
        label="Rule or reason"
        data={triggers}
        value={filters.trigger ?? ''}
        onChange={(value) => onChange({ ...filters, trigger: value || undefined })}
        allowDeselect={false}
        w={{ base: '100%', sm: 320 }}
      />
      <TextInput
        label="Notice reference"
        placeholder="e.g. ABCD-EFGH-2345"
        value={reference}
        onChange={(event) => setReference(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onChange({ ...filters, reference: reference.trim() || undefined });
        }}
        onBlur={() => onChange({ ...filters, reference: reference.trim() || undefined })}
        w={{ base: '100%', sm: 220 }}
      />
    </Group>
  );
}

/**
 * /admin/queue: held ratings, notices and appeals in one list, the worst first and the oldest first within
 * a priority, each wait against its priority's target (docs/trust-and-safety.md).
 */
export function QueuePage() {
  const trpc = useTRPC();
  const [filters, setFilters] = useState<QueueFilters>({});
  const queue = useQuery({
    ...trpc.admin.queue.queryOptions(filters),
    placeholderData: (previous) => previous,
  });
  const data = queue.data;
  const items = data?.items ?? [];
  const [index, setIndex] = useState(0);
  const position = Math.min(index, Math.max(0, items.length - 1));
  const current = items[position];
  const currentKey = current ? itemKey(current) : null;
  const cards = useRef(new Map<string, HTMLElement>());
  const controls = useRef(new Map<string, FormControls>());
  useQueueKeyboard(items.length, currentKey, setIndex, cards.current, controls.current);
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
          {items.map((item, itemIndex) => {
            const key = itemKey(item);
            return (
              <QueueCard
                key={key}
                item={item}
                reasons={data?.decisionReasons ?? []}
                current={key === currentKey}
                cardRef={(element) => {
                  if (element) cards.current.set(key, element);
                  else cards.current.delete(key);
                }}
                register={(form) => {
                  if (form) controls.current.set(key, form);
                  else controls.current.delete(key);
                }}
                onActivate={() => setIndex(itemIndex)}
              />
            );
          })}
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
