import { Group, Kbd, Text } from '@mantine/core';
import { useEffect } from 'react';
import type { FormControls } from './queue-types';

/** The shortcuts, as the page lists them. */
const SHORTCUTS: Array<[string, string]> = [
  ['J / K', 'next / previous item'],
  ['G', "the item's group"],
  ['1 / 2 / 3', 'keep / hide / delete'],
  ['R', 'reason (arrows and Enter pick one)'],
  ['N', 'note'],
  ['Enter', 'decide (Ctrl+Enter in a field)'],
  ['Esc', 'back to the item'],
];

/** The list of shortcuts shown on the page. */
export function ShortcutList() {
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

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * The queue without a mouse (docs/trust-and-safety.md): J and K move between entries (a group's header, then
 * its items), G goes to the current item's group, 1-3 choose the outcome, R and N reach the reason and the
 * note, Enter decides. The current entry keeps the focus: after a decision removes it, the entry that takes
 * its place gets the focus, so it is never lost to the page.
 */
export function useQueueKeyboard(
  count: number,
  currentKey: string | null,
  setIndex: (update: (index: number) => number) => void,
  groupIndexOf: (index: number) => number | null,
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
        g: () => setIndex((index) => groupIndexOf(index) ?? index),
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
  }, [count, currentKey, setIndex, groupIndexOf, cards, controls]);

  // The current entry takes the focus whenever it changes (the keys moved on, or a decided item's card left
  // the page), unless someone is typing in a field.
  useEffect(() => {
    if (!currentKey) return;
    const card = cards.get(currentKey);
    if (!card || isTyping(document.activeElement)) return;
    card.focus();
    card.scrollIntoView({ block: 'nearest' });
  }, [currentKey, cards]);
}
