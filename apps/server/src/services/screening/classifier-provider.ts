import type { ClassifierSettings } from './classifier-settings';
import { ComprehendToxicityClassifier } from './comprehend-toxicity';
import { OpenAiModerationClassifier } from './openai-moderation';
import { NO_CLASSIFIER, type ScreeningClassifier } from './screening-classifier';

/** The classifier SCREENING_CLASSIFIER names. */
export function createScreeningClassifier(settings: ClassifierSettings): ScreeningClassifier {
  if (settings.provider === 'openai') return new OpenAiModerationClassifier(settings.openai);
  if (settings.provider === 'comprehend') return new ComprehendToxicityClassifier(settings.threshold);
  return NO_CLASSIFIER;
}
