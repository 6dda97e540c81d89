/**
 * The text to the rated person (DESIGN.md section 4), at most 160 GSM-7 characters with a short PUBLIC_URL:
 * the integer-rounded average of the five scores, the /r/{notification id} link and how to stop texts.
 */
export function ratingTextMessage(params: {
  scores: ReadonlyArray<{ score: number }>;
  publicUrl: string;
  notificationId: string;
}): string {
  const total = params.scores.reduce((sum, entry) => sum + entry.score, 0);
  const average = Math.round(total / params.scores.length);
  return `Someone you dated rated your relationship ${average}/10 on ExRated. See what they said: ${params.publicUrl}/r/${params.notificationId} Reply STOP to opt out.`;
}
