import type { QueueItemKind } from '@exrated/db/schema';

/**
 * Held ratings and notices about one rated number that entered the queue within this span of the group's
 * first are one pile-on (docs/trust-and-safety.md#pile-ons): shown and decidable together.
 */
export const PILE_ON_WINDOW_MS = 24 * 3600 * 1000;

/** Which kinds a group gathers: appeals are their author's own, never part of a pile-on. */
const GROUPED_KINDS: ReadonlySet<QueueItemKind> = new Set(['held_rating', 'notice']);

export interface PileOnGroup {
  /** The group's key on the page: its earliest item's id (never the rated number). */
  id: string;
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
  rating: { phoneNumber: string } | null;
}

function isGroupedKind(kind: QueueItemKind): kind is 'held_rating' | 'notice' {
  return GROUPED_KINDS.has(kind);
}

/**
 * Finds the pile-ons among `items` (already in queue order) and moves each group's items together, to the
 * place of its first (worst) item. Returns the reordered items, each with its group's id or null, and the
 * groups.
 */
export function groupPileOns<T extends Groupable>(
  items: readonly T[],
): { items: Array<T & { groupId: string | null }>; groups: PileOnGroup[] } {
  const byNumber = new Map<string, T[]>();
  for (const item of items) {
    if (!item.rating || !isGroupedKind(item.kind)) continue;
    const list = byNumber.get(item.rating.phoneNumber) ?? [];
    list.push(item);
    byNumber.set(item.rating.phoneNumber, list);
  }
  const groupOf = new Map<string, string>();
  const members = new Map<string, T[]>();
  for (const list of byNumber.values()) {
    const byTime = [...list].sort((a, b) => a.queuedAt.getTime() - b.queuedAt.getTime());
    let window: T[] = [];
    const close = () => {
      const [first] = window;
      if (first && window.length > 1) {
        members.set(first.id, window);
        for (const member of window) groupOf.set(member.id, first.id);
      }
    };
    for (const item of byTime) {
      const start = window[0];
      if (start && item.queuedAt.getTime() - start.queuedAt.getTime() > PILE_ON_WINDOW_MS) {
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
    const inQueueOrder = [...group].sort((a, b) => rank(a) - rank(b));
    const times = group.map((member) => member.queuedAt.getTime());
    groups.push({
      id: groupId,
      count: group.length,
      firstQueuedAt: new Date(Math.min(...times)),
      lastQueuedAt: new Date(Math.max(...times)),
      items: inQueueOrder.flatMap((member) =>
        isGroupedKind(member.kind) ? [{ kind: member.kind, id: member.id }] : [],
      ),
    });
    for (const member of inQueueOrder) {
      placed.add(member.id);
      result.push({ ...member, groupId });
    }
  }
  return { items: result, groups };
}
