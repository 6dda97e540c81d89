import type { Context } from '../../context';
import { classifierHoldReason } from './classifier-hold';
import type { ClassifierVerdict } from './screening-classifier';

export type ClassifierOutcome = 'answered' | 'failed' | 'timed_out';

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/**
 * The classifier's part of a rating's screening (docs/screening.md#the-classifier). It runs for every rating
 * the rules did not refuse, held or not, so that the answer takes the same time whatever the rules found. A
 * flag holds the rating for a moderator; it never refuses one. A failure or a time-out leaves the rules
 * alone to decide, with a metric and a log line; every call is counted with its cost. Returns the held
 * reason when the classifier flags the texts, else null.
 */
export async function classifyRating(
  ctx: Pick<Context, 'classifier' | 'config' | 'metrics' | 'log' | 'audit'>,
  texts: ReadonlyArray<string | null>,
): Promise<string | null> {
  const { classifier } = ctx;
  const present = texts.filter((text): text is string => text !== null && text !== '');
  if (classifier.provider === 'off' || present.length === 0) return null;
  const { timeoutMs, costUsdPerCall } = ctx.config.classifier;
  let verdict: ClassifierVerdict | null = null;
  let outcome: ClassifierOutcome = 'answered';
  try {
    verdict = await classifier.classify(present, AbortSignal.timeout(timeoutMs));
  } catch (error) {
    outcome = isTimeout(error) ? 'timed_out' : 'failed';
    ctx.log.warn(
      { err: error, provider: classifier.provider, outcome, timeoutMs },
      'screening classifier did not answer; the rules alone decide',
    );
  }
  ctx.metrics.countClassifierCall(classifier.provider, outcome, verdict?.flagged ?? false, costUsdPerCall);
  // The rater's own activity: which provider read the texts and at what cost, never what it found.
  ctx.audit.log('screening_classifier_call', {
    provider: classifier.provider,
    outcome,
    costUsd: costUsdPerCall,
  });
  return verdict?.flagged ? classifierHoldReason(verdict.categories) : null;
}
