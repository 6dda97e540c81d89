// Sample data for the admin UI gallery only (DESIGN.md section 1: the spec's sample dataset with question ids
// 1 to 10 lives here and nowhere else). Nothing here is ever sent to the server or shown to users.

export interface SampleQuestion {
  id: number;
  question: string;
  lowLabel: string;
  highLabel: string;
}

export const SAMPLE_QUESTIONS: SampleQuestion[] = [
  { id: 1, question: 'Bedroom Chemistry', lowLabel: 'No spark', highLabel: 'Fireworks' },
  { id: 2, question: 'Generosity as a Lover', lowLabel: 'All about them', highLabel: 'Truly giving' },
  { id: 3, question: 'Emotional Maturity', lowLabel: 'Stormy', highLabel: 'Grounded' },
  { id: 4, question: 'Relational Integrity', lowLabel: 'Untrustworthy', highLabel: 'Rock solid' },
  { id: 5, question: 'Impact on You', lowLabel: 'Left scars', highLabel: 'Made me better' },
  { id: 6, question: 'Communication', lowLabel: 'Silent treatment', highLabel: 'Open book' },
  { id: 7, question: 'Sense of Humour', lowLabel: 'Flat', highLabel: 'Hilarious' },
  { id: 8, question: 'Reliability', lowLabel: 'Flaky', highLabel: 'Always there' },
  { id: 9, question: 'Ambition', lowLabel: 'Drifting', highLabel: 'Driven' },
  { id: 10, question: 'Kindness', lowLabel: 'Cold', highLabel: 'Warm-hearted' },
];

export interface SampleRating {
  id: string;
  name: string;
  relationshipType: string;
  testimonial: string | null;
  gratitude: string | null;
  daysAgo: number;
  ratings: Array<{ questionId: number; score: number }>;
}

export const SAMPLE_RATINGS: SampleRating[] = [
  {
    id: 'sample-1',
    name: 'Alex S.',
    relationshipType: 'Serious Relationship',
    testimonial: 'Great listener, terrible at texting back.',
    gratitude: 'Always made time for my family.',
    daysAgo: 2,
    ratings: SAMPLE_QUESTIONS.map((question) => ({
      questionId: question.id,
      score: ((question.id * 7) % 10) + 1,
    })),
  },
  {
    id: 'sample-2',
    name: 'Sam K.',
    relationshipType: 'Situationship',
    testimonial: 'Fun while it lasted.',
    gratitude: null,
    daysAgo: 16,
    ratings: SAMPLE_QUESTIONS.slice(0, 5).map((question) => ({
      questionId: question.id,
      score: 4 + (question.id % 3),
    })),
  },
];

export const SAMPLE_PHONE = '+12025550143';

/** Spec section 9: under 4 red, under 7 blue, otherwise green. */
export function sampleScoreColor(score: number): string {
  if (score < 4) return 'red';
  if (score < 7) return 'blue';
  return 'green';
}

export function sampleAverage(rating: SampleRating): number {
  return rating.ratings.reduce((sum, entry) => sum + entry.score, 0) / rating.ratings.length;
}
