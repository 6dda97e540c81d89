import { describe, expect, it } from 'vitest';
import { type CorpusLine, figures, misses, readCorpus, report, screenLine } from './corpus-screening';

/**
 * The labelled corpus (docs/screening.md): 1,224 lines written apart from the rules, split once at random
 * into a development part, on which the rules are tuned, and a frozen test part, which only these figures
 * read. Every line goes through what the server does: normalization, then screening as `rating.submit`,
 * `profile.updateName` or a notice screens it. The bar on the frozen part: at most 2 % of benign lines
 * refused or held, at least 95 % of hostile lines caught, and at least 85 % of each hostile class and of
 * each kind of disguise. SCREENING_CORPUS_MISSES=1 lists what the development part gets wrong.
 */

const MAX_BENIGN_FLAGGED = 0.02;
const MIN_HOSTILE_CAUGHT = 0.95;
const MIN_CLASS_CAUGHT = 0.85;

const corpus: CorpusLine[] = readCorpus('screening-corpus.jsonl');
/**
 * The blind set (corpus/blind-set.md): written by someone who never read the rules and told only the classes,
 * read by no one who tunes them. Its figures are printed beside the frozen part's; nobody lists its misses.
 */
const blindSet: CorpusLine[] = readCorpus('blind-set.jsonl');

const screened = corpus.map(screenLine);

const dev = figures(screened.filter((line) => line.part === 'dev'));
const test = figures(screened.filter((line) => line.part === 'test'));
const blind = figures(blindSet.map((line) => screenLine({ ...line, part: 'test' })));

describe('the labelled screening corpus', () => {
  it('holds at least 1,200 lines, at least half of them benign, a third of them frozen', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(1200);
    expect(dev.benign + test.benign).toBeGreaterThanOrEqual(corpus.length / 2);
    expect(test.benign + test.hostile).toBeGreaterThanOrEqual(corpus.length / 3);
    const listed =
      process.env.SCREENING_CORPUS_MISSES === '1'
        ? misses(
            'dev',
            screened.filter((line) => line.part === 'dev'),
          )
        : [];
    process.stdout.write(
      `${[`[corpus] measured ${new Date().toISOString().slice(0, 10)}`, ...report('development part', dev), ...report('frozen test part', test), ...report('blind set', blind), ...listed].join('\n')}\n`,
    );
  });

  it('has a blind set of at least 400 lines, half of them benign, measured beside the frozen part', () => {
    expect(blindSet.length).toBeGreaterThanOrEqual(400);
    expect(blind.benign).toBe(blind.hostile);
  });

  it('refuses or holds at most 2 % of the benign lines of the frozen part', () => {
    expect((test.benignRefused + test.benignHeld) / test.benign).toBeLessThanOrEqual(MAX_BENIGN_FLAGGED);
  });

  it('catches at least 95 % of the hostile lines of the frozen part', () => {
    expect(test.caught / test.hostile).toBeGreaterThanOrEqual(MIN_HOSTILE_CAUGHT);
  });

  it('catches at least 85 % of each hostile class and each disguise in the frozen part', () => {
    const weak = [...test.byClass.entries()]
      .filter(([key]) => !key.startsWith('benign'))
      .filter(([, entry]) => entry.right / entry.lines < MIN_CLASS_CAUGHT)
      .map(([key]) => key);
    expect(weak).toEqual([]);
  });
});
