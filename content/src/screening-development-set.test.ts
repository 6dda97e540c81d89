import { describe, expect, it } from 'vitest';
import { figures, misses, readCorpus, report, screenLine } from './corpus-screening';

/**
 * The development sets, on which the rules are tuned; the frozen part of the corpus and the blind set measure
 * them. corpus/development-set.jsonl: lines written from the descriptions of the hostile and benign classes
 * only (every kind of contact detail, threat, self-harm, hate, sexual content, doxxing and disguise; harsh but
 * fair reviews, idioms, numbers, other languages, place names, reported speech), before the rules were changed
 * against them. corpus/retired-blind-set.jsonl: an earlier blind set, written by someone who never read the
 * rules, which became development material when a new blind set replaced it. corpus/retired-blind-set-2.jsonl:
 * the blind set after it, retired in turn when a third one replaced it. SCREENING_CORPUS_MISSES=1 lists what
 * each gets wrong.
 */
const MAX_BENIGN_FLAGGED = 0.02;
const MIN_HOSTILE_CAUGHT = 0.95;

const sets = [
  { name: 'development set', file: 'development-set.jsonl' },
  { name: 'retired blind set', file: 'retired-blind-set.jsonl' },
  { name: 'second retired blind set', file: 'retired-blind-set-2.jsonl' },
];

for (const set of sets) {
  const lines = readCorpus(set.file).map(screenLine);
  const result = figures(lines);

  describe(`the ${set.name}`, () => {
    it('holds at least 300 lines, at least 40 % of them benign and 40 % hostile', () => {
      expect(lines.length).toBeGreaterThanOrEqual(300);
      expect(result.benign).toBeGreaterThanOrEqual(lines.length * 0.4);
      expect(result.hostile).toBeGreaterThanOrEqual(lines.length * 0.4);
      const listed = process.env.SCREENING_CORPUS_MISSES === '1' ? misses(set.name, lines) : [];
      process.stdout.write(`${[...report(set.name, result), ...listed].join('\n')}\n`);
    });

    it(`refuses or holds at most ${MAX_BENIGN_FLAGGED * 100} % of its benign lines`, () => {
      expect((result.benignRefused + result.benignHeld) / result.benign).toBeLessThanOrEqual(
        MAX_BENIGN_FLAGGED,
      );
    });

    it(`catches at least ${MIN_HOSTILE_CAUGHT * 100} % of its hostile lines`, () => {
      expect(result.caught / result.hostile).toBeGreaterThanOrEqual(MIN_HOSTILE_CAUGHT);
    });
  });
}
