import { z } from 'zod';

export const SCREENING_CLASSIFIERS = ['off', 'openai', 'comprehend'] as const;
export type ScreeningClassifierName = (typeof SCREENING_CLASSIFIERS)[number];

/** The classifier part of the environment (config/index.ts merges it into the one schema); docs/screening.md. */
export const classifierEnvShape = {
  SCREENING_CLASSIFIER: z
    .enum(SCREENING_CLASSIFIERS, { message: 'must be off, openai or comprehend' })
    .default('off'),
  // Short: the rater waits for it, and past it the rules alone decide.
  SCREENING_CLASSIFIER_TIMEOUT_MS: z.coerce
    .number({ message: 'must be a number of milliseconds' })
    .int()
    .min(50, 'must be at least 50')
    .max(10_000, 'must be at most 10000')
    .default(1500),
  // The score from which a Comprehend label holds a rating (OpenAI's endpoint decides by itself).
  SCREENING_CLASSIFIER_THRESHOLD: z.coerce
    .number({ message: 'must be a score between 0 and 1' })
    .min(0, 'must be a score between 0 and 1')
    .max(1, 'must be a score between 0 and 1')
    .default(0.5),
  // OpenAI's moderation endpoint is free of charge; a deployment behind a paid proxy sets its price.
  SCREENING_CLASSIFIER_COST_USD_PER_CALL: z.coerce
    .number({ message: 'must be an amount in US dollars' })
    .min(0, 'must be 0 or more')
    .default(0),
  OPENAI_API_KEY: z.string().min(20, 'must be an OpenAI API key').optional(),
  OPENAI_BASE_URL: z.url({ message: 'must be an absolute URL' }).default('https://api.openai.com'),
};

type ClassifierEnv = z.infer<z.ZodObject<typeof classifierEnvShape>>;

export interface ClassifierSettings {
  provider: ScreeningClassifierName;
  timeoutMs: number;
  costUsdPerCall: number;
  /** Comprehend: a label with this score or more flags the texts. */
  threshold: number;
  openai: { apiKey: string; baseUrl: string };
}

/** The classifier's settings; a provider without its credentials is a configuration problem. */
export function classifierSettings(env: ClassifierEnv, problems: string[]): ClassifierSettings {
  if (env.SCREENING_CLASSIFIER === 'openai' && !env.OPENAI_API_KEY) {
    problems.push('OPENAI_API_KEY: required when SCREENING_CLASSIFIER is openai');
  }
  return {
    provider: env.SCREENING_CLASSIFIER,
    timeoutMs: env.SCREENING_CLASSIFIER_TIMEOUT_MS,
    costUsdPerCall: env.SCREENING_CLASSIFIER_COST_USD_PER_CALL,
    threshold: env.SCREENING_CLASSIFIER_THRESHOLD,
    openai: { apiKey: env.OPENAI_API_KEY ?? '', baseUrl: env.OPENAI_BASE_URL.replace(/\/+$/, '') },
  };
}
