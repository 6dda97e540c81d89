import { SCREENING_RULES, type ScreeningRuleName } from '@exrated/content';
import { screeningHoldReason } from '../content/held-screening';
import { REPEAT_OFFENDER_HOLD } from './repeat-offenders';

/**
 * The queue puts the worst first (docs/trust-and-safety.md): sexual content involving a minor and threats,
 * then doxxing, then notices, then appeals, then every other held rating; within one priority, the oldest.
 */
export const QUEUE_PRIORITIES = ['urgent', 'doxxing', 'notice', 'appeal', 'other'] as const;
export type QueuePriority = (typeof QUEUE_PRIORITIES)[number];

const RULES = Object.keys(SCREENING_RULES) as ScreeningRuleName[];

/** The held reasons of the two priorities above notices, in order (the database sorts held ratings by them). */
export const HELD_PRIORITY_GROUPS: readonly (readonly string[])[] = [
  RULES.filter((rule) => SCREENING_RULES[rule].urgent || rule === 'threats').map(screeningHoldReason),
  [screeningHoldReason('doxxing')],
];

export function heldPriority(heldReason: string | null): QueuePriority {
  const [urgent = [], doxxing = []] = HELD_PRIORITY_GROUPS;
  if (heldReason && urgent.includes(heldReason)) return 'urgent';
  if (heldReason && doxxing.includes(heldReason)) return 'doxxing';
  return 'other';
}

/**
 * The held reasons the queue's rule filter offers: every screening rule that holds, the daily ceiling and
 * repeat offenders.
 */
export const HELD_REASON_FILTERS: readonly string[] = [
  ...RULES.filter((rule) => SCREENING_RULES[rule].outcome === 'hold').map(screeningHoldReason),
  'daily_ceiling',
  REPEAT_OFFENDER_HOLD,
];

export function priorityRank(priority: QueuePriority): number {
  return QUEUE_PRIORITIES.indexOf(priority);
}
