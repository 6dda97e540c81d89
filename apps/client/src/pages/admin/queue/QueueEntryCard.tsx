import { Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import type { FormControls, Queue } from './queue-types';

/** What the page hands every entry of the queue (an item or a group's header). */
export interface QueueEntryProps {
  reasons: Queue['decisionReasons'];
  current: boolean;
  cardRef: (element: HTMLElement | null) => void;
  register: (controls: FormControls | null) => void;
  onActivate: () => void;
}

/** An entry's card: J and K focus it, and the current one is outlined. */
export function QueueEntryCard({
  label,
  testId,
  current,
  cardRef,
  onActivate,
  children,
}: Pick<QueueEntryProps, 'current' | 'cardRef' | 'onActivate'> & {
  label: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Paper
      ref={cardRef}
      withBorder
      radius="md"
      p="md"
      className="glass-card"
      component="article"
      aria-label={label}
      aria-current={current ? 'true' : undefined}
      data-testid={testId}
      tabIndex={-1}
      onFocus={onActivate}
      style={current ? { outline: '2px solid var(--mantine-color-pink-5)', outlineOffset: 2 } : undefined}
    >
      {children}
    </Paper>
  );
}
