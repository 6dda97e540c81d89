import { describe, expect, it } from 'vitest';
import { heldRuleLabel } from '../moderation/decision-reasons';
import { classifierHoldLabel, classifierHoldReason } from './classifier-hold';

describe('classifier holds', () => {
  it('name what the classifier found, for the moderation queue', () => {
    const reason = classifierHoldReason(['harassment/threatening', 'violence']);
    expect(reason).toBe('screening-classifier:harassment/threatening,violence');
    expect(heldRuleLabel(reason)).toBe('Held by the screening classifier: harassment/threatening, violence');
    expect(classifierHoldLabel(classifierHoldReason([]))).toBe('Held by the screening classifier');
  });

  it('leave every other held reason to its own label', () => {
    expect(classifierHoldLabel('screening:threats')).toBeNull();
    expect(heldRuleLabel('screening:threats')).toBe("Held by the screening rule 'threats'");
  });
});
