import { RELATIONSHIP_TYPES, type RelationshipType } from '@exrated/db/schema';

export interface RatingQuestion {
  id: number;
  question: string;
  /** Shown as the slider's tooltip: what the score is about. */
  description: string;
  lowLabel: string;
  highLabel: string;
  category: 'chemistry' | 'generosity' | 'maturity' | 'integrity' | 'impact';
}

/**
 * The five questions of docs/product.md#rating-questions. Their ids are what ratings store, so they never
 * change. Frozen all the way down: `rating.questions` answers with this very value, and the tRPC fast path
 * writes the text of a deeply frozen answer once (json-call-envelope.ts).
 */
export const RATING_QUESTIONS: readonly Readonly<RatingQuestion>[] = Object.freeze(
  (
    [
      {
        id: 1,
        question: 'Bedroom Chemistry',
        description: 'How well you connected physically: attraction, spark and how in tune you were.',
        lowLabel: 'No spark',
        highLabel: 'Fireworks',
        category: 'chemistry',
      },
      {
        id: 2,
        question: 'Generosity as a Lover',
        description: 'Whether they cared about your pleasure and comfort as much as their own.',
        lowLabel: 'All about them',
        highLabel: 'Truly giving',
        category: 'generosity',
      },
      {
        id: 3,
        question: 'Emotional Maturity',
        description: 'How they handled conflict, feelings and hard conversations.',
        lowLabel: 'Stormy',
        highLabel: 'Grounded',
        category: 'maturity',
      },
      {
        id: 4,
        question: 'Relational Integrity',
        description: 'Honesty, loyalty and keeping their word while you were together.',
        lowLabel: 'Untrustworthy',
        highLabel: 'Rock solid',
        category: 'integrity',
      },
      {
        id: 5,
        question: 'Impact on You',
        description: 'How the relationship left you overall, looking back today.',
        lowLabel: 'Left scars',
        highLabel: 'Made me better',
        category: 'impact',
      },
    ] satisfies RatingQuestion[]
  ).map((question) => Object.freeze(question)),
);

export const RATING_QUESTION_IDS = RATING_QUESTIONS.map((question) => question.id);

/** docs/product.md#data-model: the relationship types and how they read; any other value displays as 'Ex'. */
export const RELATIONSHIP_TYPE_LABELS: Record<RelationshipType, string> = {
  serious: 'Serious Relationship',
  casual: 'Casual Dating',
  situationship: 'Situationship',
  fling: 'Brief Fling',
  'long-term': 'Long-Term Partner',
};

/** Frozen all the way down, as RATING_QUESTIONS: `rating.relationshipTypes` answers with this very value. */
export const RELATIONSHIP_TYPE_OPTIONS = Object.freeze(
  RELATIONSHIP_TYPES.map((value) => Object.freeze({ value, label: RELATIONSHIP_TYPE_LABELS[value] })),
);
