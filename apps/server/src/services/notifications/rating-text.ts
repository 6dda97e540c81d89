/**
 * The text to the rated person (docs/architecture.md#ratings): the integer-rounded average of the five
 * scores, the /r/{notification id} link and how to stop texts, in one GSM-7 segment (at most 160 characters)
 * for any PUBLIC_URL of up to 30 characters. 'An ex' says 'Someone you dated' in the 12 characters the full
 * UUID link needs (rating-text.test.ts holds every average and address length to it).
 */
export function ratingTextMessage(params: {
  scores: ReadonlyArray<{ score: number }>;
  publicUrl: string;
  notificationId: string;
}): string {
  const total = params.scores.reduce((sum, entry) => sum + entry.score, 0);
  const average = Math.round(total / params.scores.length);
  return `An ex rated your relationship ${average}/10 on ExRated. See what they said: ${params.publicUrl}/r/${params.notificationId} Reply STOP to opt out.`;
}
