import type { QueueItemKind } from '@exrated/db/schema';

/**
 * Items of one kind and one rule about one rated number that entered the queue within this span of the
 * group's first are one pile-on (docs/trust-and-safety.md#pile-ons): shown and decidable together.
 */
export const PILE_ON_WINDOW_MS = 24 * 3600 * 1000;

/**
 * The page's entries (a group counts as one) and, of them, how many groups keep their place whatever single
 * items wait: the worst groups first, each whole, then the worst single items until the page is full.
 */
export const QUEUE_PAGE_ENTRIES = 100;
export const QUEUE_PAGE_GROUPS = 50;

/** A group's most items (what one admin.decideGroup takes); the next ones of the same pile-on start another. */
export const PILE_ON_MAX_ITEMS = 100;

/** Pile-on candidates read per kind, however far down the queue they wait (the worst first). */
export const PILE_ON_CANDIDATES = 500;

/** Which kinds a group gathers: appeals are their author's own, never part of a pile-on. */
const GROUPED_KINDS: ReadonlySet<QueueItemKind> = new Set(['held_rating', 'notice']);

export interface PileOnGroup {
  /** The group's key on the page: its earliest item's id (never the rated number). */
  id: string;
  /** What every item of the group is: one kind, and one rule (a held rating's held reason, a notice's reason). */
  kind: 'held_rating' | 'notice';
  trigger: string;
  count: number;
  firstQueuedAt: Date;
  lastQueuedAt: Date;
  /** Its items in queue order, as admin.decideGroup takes them. */
  items: Array<{ kind: 'held_rating' | 'notice'; id: string }>;
}

interface Groupable {
  kind: QueueItemKind;
  id: string;
  queuedAt: Date;
  trigger: string;
  rating: { phoneNumber: string } | null;
}

function isGroupedKind(kind: QueueItemKind): kind is 'held_rating' | 'notice' {
  return GROUPED_KINDS.has(kind);
}

/**
 * What makes items one pile-on: one kind, one rule and one number. A report about an honest review and a
 * held threat about the same number are different questions, and one decision must not answer both.
 */
export function pileOnKey(kind: 'held_rating' | 'notice', trigger: string, phoneNumber: string): string {
  return JSON.stringify([kind, trigger, phoneNumber]);
}

/**
 * Finds the pile-ons among `items` (already in queue order) and moves each group's items together, to the
 * place of its first (worst) item. Returns the reordered items, each with its group's id or null, and the
 * groups.
 */
export function groupPileOns<T extends Groupable>(
  items: readonly T[],
): { items: Array<T & { groupId: string | null }>; groups: PileOnGroup[] } {
  type Members = { kind: 'held_rating' | 'notice'; list: T[] };
  const byKey = new Map<string, Members>();
  for (const item of items) {
    if (!item.rating || !isGroupedKind(item.kind)) continue;
    const key = pileOnKey(item.kind, item.trigger, item.rating.phoneNumber);
    const entry = byKey.get(key) ?? { kind: item.kind, list: [] };
    entry.list.push(item);
    byKey.set(key, entry);
  }
  const groupOf = new Map<string, string>();
  const members = new Map<string, Members>();
  for (const { kind, list } of byKey.values()) {
    const byTime = [...list].sort((a, b) => a.queuedAt.getTime() - b.queuedAt.getTime());
    let window: T[] = [];
    const close = () => {
      const [first] = window;
      if (first && window.length > 1) {
        members.set(first.id, { kind, list: window });
        for (const member of window) groupOf.set(member.id, first.id);
      }
    };
    for (const item of byTime) {
      const start = window[0];
      const full = window.length >= PILE_ON_MAX_ITEMS;
      if (start && (full || item.queuedAt.getTime() - start.queuedAt.getTime() > PILE_ON_WINDOW_MS)) {
        close();
        window = [];
      }
      window.push(item);
    }
    close();
  }

  const order = new Map(items.map((item, index) => [item.id, index]));
  const rank = (item: T) => order.get(item.id) ?? 0;
  const placed = new Set<string>();
  const result: Array<T & { groupId: string | null }> = [];
  const groups: PileOnGroup[] = [];
  for (const item of items) {
    if (placed.has(item.id)) continue;
    const groupId = groupOf.get(item.id);
    const group = groupId ? members.get(groupId) : undefined;
    if (!groupId || !group) {
      result.push({ ...item, groupId: null });
      continue;
    }
    const inQueueOrder = [...group.list].sort((a, b) => rank(a) - rank(b));
    const times = group.list.map((member) => member.queuedAt.getTime());
    groups.push({
      id: groupId,
      kind: group.kind,
      trigger: item.trigger,
      count: group.list.length,
      firstQueuedAt: new Date(Math.min(...times)),
      lastQueuedAt: new Date(Math.max(...times)),
      items: inQueueOrder.map((member) => ({ kind: group.kind, id: member.id })),
    });
    for (const member of inQueueOrder) {
      placed.add(member.id);
      result.push({ ...member, groupId });
    }
  }
  return { items: result, groups };
}

/**
 * The first page of the queue from every item in queue order (grouped by `groupPileOns`): the first
 * `QUEUE_PAGE_GROUPS` groups whole, at the place of their worst item, and single items in order until the
 * page holds `QUEUE_PAGE_ENTRIES` entries. Single items can never push a group off the page; only worse
 * groups can.
 */
export function firstQueuePage<T extends { id: string; groupId: string | null }>(
  items: readonly T[],
  groups: readonly PileOnGroup[],
): { items: T[]; groups: PileOnGroup[] } {
  const kept = groups.slice(0, QUEUE_PAGE_GROUPS);
  const keptIds = new Set(kept.map((group) => group.id));
  let singles = QUEUE_PAGE_ENTRIES - kept.length;
  const page = items.filter((item) => {
    if (item.groupId !== null) return keptIds.has(item.groupId);
    singles -= 1;
    return singles >= 0;
  });
  return { items: page, groups: kept };
}
