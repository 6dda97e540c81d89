// What screening one rating costs, for the bench (bench/lib/screening.mjs runs this with tsx): ratings built
// from the corpus's lines, each screened as rating.submit screens it (normalization, then every field alone
// and all fields read together), timed one by one. The baseline, timed in the same run on the same ratings,
// is normalization alone. Prints one JSON object.
import { readFileSync } from 'node:fs';
import { normalizeName, normalizeText } from '../src/normalize';
import { LONG_TEXT_MAX_LENGTH, TESTIMONIAL_MAX_LENGTH } from '../src/rating-fields';
import { type ScreenedRating, screenRatingInput } from '../src/screening';

interface Line {
  fields: Record<string, string>;
}

const lines = readFileSync(new URL('../src/corpus/screening-corpus.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line !== '')
  .map((line) => JSON.parse(line) as Line);
const texts = lines.flatMap((line) =>
  Object.entries(line.fields)
    .filter(([field]) => field !== 'name' && field !== 'displayName')
    .map(([, text]) => text),
);
const short = texts.filter((text) => text.length <= TESTIMONIAL_MAX_LENGTH && !text.includes('\n'));

function pick(list: string[], index: number): string {
  return list[index % list.length] ?? '';
}

// A long text as a writer fills the field: lines of the corpus one after another, up to the limit.
function longText(start: number): string {
  let text = '';
  for (let index = start; text.length < LONG_TEXT_MAX_LENGTH - 200; index += 7)
    text += `${pick(texts, index)} `;
  return text.slice(0, LONG_TEXT_MAX_LENGTH).trim();
}

const typical: ScreenedRating[] = Array.from({ length: 400 }, (_, index) => ({
  name: 'Sam',
  testimonial: pick(short, index * 3),
  gratitude: pick(texts, index * 5 + 1),
  selfReflection: pick(texts, index * 5 + 2),
  feedback: pick(texts, index * 5 + 3),
}));
const longest: ScreenedRating[] = Array.from({ length: 50 }, (_, index) => ({
  name: 'Sam',
  testimonial: pick(short, index).slice(0, TESTIMONIAL_MAX_LENGTH),
  gratitude: longText(index),
  selfReflection: longText(index + 1),
  feedback: longText(index + 2),
}));

// Texts shaped to make a reader work hardest: one short unit repeated to the length limit, where every
// position starts a candidate (a digit run, a spaced-out run, a word before '@' or ',').
const ADVERSARIAL_UNITS = [
  '1 ',
  'a ',
  'a.',
  'aa',
  '1@',
  '#1',
  'é-',
  "'і",
  ':A',
  'seven ',
  'kill .',
  'a1 ',
  'x-1 ',
];
const adversarial: ScreenedRating[] = ADVERSARIAL_UNITS.map((unit) => {
  const text = unit.repeat(Math.ceil(LONG_TEXT_MAX_LENGTH / unit.length)).slice(0, LONG_TEXT_MAX_LENGTH);
  return {
    name: 'Sam',
    testimonial: text.slice(0, TESTIMONIAL_MAX_LENGTH),
    gratitude: text,
    selfReflection: text,
    feedback: text,
  };
});

function normalized(rating: ScreenedRating): ScreenedRating {
  const text = (value: string | null) => (value ? normalizeText(value) || null : null);
  return {
    name: normalizeName(rating.name),
    testimonial: text(rating.testimonial),
    gratitude: text(rating.gratitude),
    selfReflection: text(rating.selfReflection),
    feedback: text(rating.feedback),
  };
}

function timings(
  ratings: ScreenedRating[],
  work: (rating: ScreenedRating) => unknown,
  rounds: number,
): number[] {
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const rating of ratings) {
      const started = performance.now();
      work(rating);
      times.push(performance.now() - started);
    }
  }
  return times.sort((a, b) => a - b);
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

const screen = (rating: ScreenedRating) => screenRatingInput(normalized(rating));
// Warm-up: the first calls measure the JIT, not the rules.
timings(typical, screen, 3);
timings(typical, normalized, 3);
// CPU time, which other processes on the machine do not add to as they add to the wall clock.
const cpuBefore = process.cpuUsage();
const screening = timings(typical, screen, 5);
const cpu = process.cpuUsage(cpuBefore);
const baseline = timings(typical, normalized, 5);
const long = timings(longest, screen, 5);
timings(adversarial, screen, 1);
const hardest = timings(adversarial, screen, 5);
const result = {
  ratings: typical.length,
  cpuMsPerRating: (cpu.user + cpu.system) / 1000 / screening.length,
  medianMs: quantile(screening, 0.5),
  p95Ms: quantile(screening, 0.95),
  p99Ms: quantile(screening, 0.99),
  baselineMedianMs: quantile(baseline, 0.5),
  ratioToBaseline: quantile(screening, 0.5) / quantile(baseline, 0.5),
  longestMedianMs: quantile(long, 0.5),
  longestP99Ms: quantile(long, 0.99),
  adversarialMedianMs: quantile(hardest, 0.5),
  adversarialP99Ms: quantile(hardest, 0.99),
};
process.stdout.write(`${JSON.stringify(result)}\n`);
