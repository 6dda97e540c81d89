/** docs/product.md#profile: a score under 4 is red, under 7 blue, otherwise green (Mantine palette names). */
export function scoreColour(score: number): 'red' | 'blue' | 'green' {
  if (score < 4) return 'red';
  if (score < 7) return 'blue';
  return 'green';
}

/** Scores always show one decimal ('7.0', not '7'), so every score on the page reads the same way. */
export function formatScore(score: number): string {
  return score.toFixed(1);
}
