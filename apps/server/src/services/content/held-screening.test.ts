import { describe, expect, it } from 'vitest';
import { heldScreening, heldScreeningLabel, isUrgentHold, screeningHoldReason } from './held-screening';

const rating = { name: 'Sam', testimonial: null, gratitude: null, selfReflection: null, feedback: null };

describe('heldScreening', () => {
  it('gives a moderator the rule, its urgency, the fields and the words matched', () => {
    const held = { ...rating, feedback: 'She was only 15 when he slept with her' };
    const reason = screeningHoldReason('minor-sexual-content');
    expect(isUrgentHold(reason)).toBe(true);
    expect(heldScreening(reason, held)).toEqual({
      rule: 'minor-sexual-content',
      urgent: true,
      fields: ['feedback'],
      words: 'she was only 15 when he slept with her',
    });
    expect(
      heldScreeningLabel("Held by the screening rule 'minor-sexual-content'", heldScreening(reason, held)),
    ).toBe(
      "Held by the screening rule 'minor-sexual-content' (urgent): “she was only 15 when he slept with her”",
    );
  });

  it('keeps the stored rule when the texts no longer match it, and ignores other holds', () => {
    expect(heldScreening('screening:threats', { ...rating, feedback: 'Kind' })).toEqual({
      rule: 'threats',
      urgent: false,
      fields: [],
      words: '',
    });
    expect(heldScreening('daily_ceiling', rating)).toBeNull();
    expect(isUrgentHold('screening:threats')).toBe(false);
  });
});
