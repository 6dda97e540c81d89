import type { ScreeningClassifierName } from './classifier-settings';

/**
 * A second reader behind the rules (docs/screening.md#the-classifier), for what words alone cannot catch:
 * it reads a rating's texts and says whether a moderator should see them first. It can only hold a rating,
 * never refuse one.
 */
export interface ClassifierVerdict {
  flagged: boolean;
  /** The provider's names of what it found ('harassment/threatening', 'hate'), empty when not flagged. */
  categories: string[];
}

export interface ScreeningClassifier {
  readonly provider: ScreeningClassifierName;
  /** Reads the texts (each a field of one rating); rejects on failure or when `signal` aborts. */
  classify(texts: readonly string[], signal: AbortSignal): Promise<ClassifierVerdict>;
  /** Releases the provider's connections when the app closes. */
  close?(): void;
}

/** The embedded default: no classifier, the rules alone. */
export const NO_CLASSIFIER: ScreeningClassifier = {
  provider: 'off',
  classify: async () => ({ flagged: false, categories: [] }),
};
