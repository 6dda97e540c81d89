import { describe, expect, it } from 'vitest';
import {
  figureText,
  hasPublishedFigure,
  medianText,
  monthTitle,
  type PublishedMonth,
  publishedLine,
} from './transparency-display';

const none = <Key extends string>(keys: readonly Key[]) =>
  Object.fromEntries(keys.map((key) => [key, null])) as Record<Key, null>;

const OUTCOMES = ['keep', 'hide', 'delete'] as const;

/** A month in which every figure is withheld. */
function withheldMonth(): PublishedMonth {
  return {
    month: '2026-11',
    periodStart: new Date('2026-11-01T00:00:00Z'),
    periodEnd: new Date('2026-12-01T00:00:00Z'),
    publishedAt: new Date('2026-12-01T01:00:00Z'),
    notices: {
      total: null,
      byReason: none(['not_about_me', 'harassment', 'false_claims', 'private_information', 'other']),
    },
    decisions: {
      total: null,
      byOutcome: none(OUTCOMES),
      byReason: none([
        'within_terms',
        'insufficient_information',
        'threats',
        'harassment',
        'hate_speech',
        'sexual_content',
        'private_information',
        'full_name_or_contact_details',
        'not_about_this_person',
        'false_statement',
        'spam_or_manipulation',
      ]),
      byItem: none(['held_by_screening', 'held_by_daily_limit', 'held_by_author_record', 'notice', 'appeal']),
    },
    appeals: { filed: null, decidedByOutcome: none(OUTCOMES) },
    medianSecondsToDecision: null,
  };
}

describe('the transparency page’s figures', () => {
  it('names the period a card covers and the day it was published, in UTC', () => {
    expect(monthTitle('2026-11')).toBe('November 2026');
    expect(publishedLine('2026-11', new Date('2026-12-01T01:00:00Z'))).toBe(
      'Figures for November 2026, published 1 December 2026',
    );
    // 23:30 on 31 December in New York is already 1 January in UTC, the day the server counts.
    expect(publishedLine('2026-12', new Date('2027-01-01T04:30:00Z'))).toBe(
      'Figures for December 2026, published 1 January 2027',
    );
  });

  it('says in words why a figure is not shown, never a number under the minimum', () => {
    expect(figureText(null, 'total', 10)).toBe('Fewer than 10');
    expect(figureText(null, 'part', 10)).toBe('Not published');
    expect(figureText(12, 'part', 10)).toBe('12');
    expect(figureText(1234, 'total', 10)).toBe('1,234');
    expect(medianText(null, 10)).toBe('Fewer than 10 decisions');
    expect(medianText(55 * 60, 10)).toBe('55 min');
  });

  it('lists a month only when it has a figure to show', () => {
    const month = withheldMonth();
    expect(hasPublishedFigure(month)).toBe(false);
    expect(hasPublishedFigure({ ...month, medianSecondsToDecision: 3600 })).toBe(true);
    expect(
      hasPublishedFigure({
        ...month,
        decisions: { ...month.decisions, byItem: { ...month.decisions.byItem, notice: 11 } },
      }),
    ).toBe(true);
  });
});
