import type { ClassifierSettings } from './classifier-settings';
import { OpenAiModerationClassifier } from './openai-moderation';
import { NO_CLASSIFIER, type ScreeningClassifier } from './screening-classifier';

/** The classifier SCREENING_CLASSIFIER names. */
export function createScreeningClassifier(settings: ClassifierSettings): ScreeningClassifier {
  return settings.provider === 'openai' ? new OpenAiModerationClassifier(settings.openai) : NO_CLASSIFIER;
}
