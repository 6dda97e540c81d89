import { z } from 'zod';
import type { ClassifierVerdict, ScreeningClassifier } from './screening-classifier';

export const OPENAI_MODERATION_MODEL = 'omni-moderation-latest';

// POST /v1/moderations answers one result per input, in the order given.
const moderationResponse = z.object({
  results: z
    .array(
      z.object({
        flagged: z.boolean(),
        categories: z.record(z.string(), z.boolean().nullable()),
      }),
    )
    .min(1),
});

/** OpenAI's moderation endpoint over fetch: one call per rating, every text an input of its own. */
export class OpenAiModerationClassifier implements ScreeningClassifier {
  readonly provider = 'openai';

  constructor(private readonly settings: { apiKey: string; baseUrl: string }) {}

  async classify(texts: readonly string[], signal: AbortSignal): Promise<ClassifierVerdict> {
    const response = await fetch(`${this.settings.baseUrl}/v1/moderations`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${this.settings.apiKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ model: OPENAI_MODERATION_MODEL, input: texts }),
      signal,
    });
    if (!response.ok) throw new Error(`OpenAI moderation answered ${response.status}`);
    const { results } = moderationResponse.parse(await response.json());
    const categories = new Set<string>();
    for (const result of results) {
      if (!result.flagged) continue;
      for (const [category, found] of Object.entries(result.categories)) if (found) categories.add(category);
    }
    return { flagged: results.some((result) => result.flagged), categories: [...categories].sort() };
  }
}
