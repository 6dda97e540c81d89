import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NAME_PATTERN } from './name';
import { containsDirectionControls, normalizeName, normalizeText } from './normalize';
import { DISPLAY_NAME_LABEL, RATED_NAME_LABEL } from './rating-fields';
import { nameScreeningMessage, screenRatingInput, screenText } from './screening';

/**
 * The labelled corpus (docs/screening.md): 1,224 lines written apart from the rules, split once at random
 * into a development part, on which the rules are tuned, and a frozen test part, which only these figures
 * read. Every line goes through what the server does: normalization, then screening as `rating.submit`,
 * `profile.updateName` or a notice screens it. The bar on the frozen part: at most 2 % of benign lines
 * refused or held, at least 95 % of hostile lines caught, and at least 85 % of each hostile class and of
 * each kind of disguise. SCREENING_CORPUS_MISSES=1 lists what the development part gets wrong.
 */
interface CorpusLine {
  id: string;
  label: 'benign' | 'hostile';
  class: string;
  part: 'dev' | 'test';
  disguise?: string[];
  fields: Record<string, string>;
}

type Outcome = 'accept' | 'refuse' | 'hold';

const MAX_BENIGN_FLAGGED = 0.02;
const MIN_HOSTILE_CAUGHT = 0.95;
const MIN_CLASS_CAUGHT = 0.85;

function readCorpus(file: string) {
  return readFileSync(new URL(`./corpus/${file}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as CorpusLine);
}

const corpus: CorpusLine[] = readCorpus('screening-corpus.jsonl');
/**
 * The blind set (corpus/blind-set.md): written by someone who never read the rules and told only the classes,
 * read by no one who tunes them. Its figures are printed beside the frozen part's; nobody lists its misses.
 */
const blindSet: Omit<CorpusLine, 'part'>[] = readCorpus('blind-set.jsonl');

function nameOutcome(label: string, raw: string): { outcome: Outcome; rule: string | null } {
  if (containsDirectionControls(raw)) return { outcome: 'refuse', rule: 'direction-controls' };
  const name = normalizeName(raw);
  if (label === RATED_NAME_LABEL && !NAME_PATTERN.test(name))
    return { outcome: 'refuse', rule: 'name-pattern' };
  const message = nameScreeningMessage(label, name);
  return message ? { outcome: 'refuse', rule: message } : { outcome: 'accept', rule: null };
}

/** What the server does with the line: accept, refuse or hold it, and by which rule. */
function screen(fields: Record<string, string>): { outcome: Outcome; rule: string | null } {
  if (fields.displayName !== undefined) return nameOutcome(DISPLAY_NAME_LABEL, fields.displayName);
  if (fields.notice !== undefined) {
    const found = screenText(normalizeText(fields.notice));
    return found?.outcome === 'refuse'
      ? { outcome: 'refuse', rule: found.rule }
      : { outcome: 'accept', rule: null };
  }
  const name = nameOutcome(RATED_NAME_LABEL, fields.name ?? '');
  if (name.outcome !== 'accept') return name;
  const text = (field: string) => (fields[field] === undefined ? null : normalizeText(fields[field]) || null);
  const verdict = screenRatingInput({
    name: normalizeName(fields.name ?? ''),
    testimonial: text('testimonial'),
    gratitude: text('gratitude'),
    selfReflection: text('selfReflection'),
    feedback: text('feedback'),
  });
  return verdict.outcome === 'accept'
    ? { outcome: 'accept', rule: null }
    : { outcome: verdict.outcome, rule: `${verdict.rule} [${verdict.fields.join('+')}] ${verdict.words}` };
}

const screened = corpus.map((line) => ({ ...line, ...screen(line.fields) }));
type Screened = (typeof screened)[number];

function percent(part: number, whole: number): string {
  return whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)} %`;
}

interface Figures {
  benign: number;
  benignRefused: number;
  benignHeld: number;
  hostile: number;
  caught: number;
  byClass: Map<string, { lines: number; right: number }>;
}

function figures(lines: Screened[]): Figures {
  const benign = lines.filter((line) => line.label === 'benign');
  const hostile = lines.filter((line) => line.label === 'hostile');
  const byClass = new Map<string, { lines: number; right: number }>();
  const count = (key: string, right: boolean) => {
    const entry = byClass.get(key) ?? { lines: 0, right: 0 };
    byClass.set(key, { lines: entry.lines + 1, right: entry.right + (right ? 1 : 0) });
  };
  for (const line of lines) {
    const right = (line.outcome === 'accept') === (line.label === 'benign');
    count(`${line.label} ${line.class}`, right);
    if (line.label === 'hostile')
      for (const disguise of line.disguise ?? []) count(`disguise ${disguise}`, right);
  }
  return {
    benign: benign.length,
    benignRefused: benign.filter((line) => line.outcome === 'refuse').length,
    benignHeld: benign.filter((line) => line.outcome === 'hold').length,
    hostile: hostile.length,
    caught: hostile.filter((line) => line.outcome !== 'accept').length,
    byClass,
  };
}

function report(part: string, result: Figures): string[] {
  return [
    `[corpus] ${part}: ${result.benign} benign, ${result.hostile} hostile lines`,
    `[corpus] ${part}: benign refused ${percent(result.benignRefused, result.benign)}, held ${percent(result.benignHeld, result.benign)}, refused or held ${percent(result.benignRefused + result.benignHeld, result.benign)}`,
    `[corpus] ${part}: hostile caught ${percent(result.caught, result.hostile)}`,
    ...[...result.byClass.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([key, entry]) =>
          `[corpus] ${part}:   ${key.padEnd(28)} ${String(entry.lines).padStart(4)} lines, ${percent(entry.right, entry.lines)} right`,
      ),
  ];
}

const dev = figures(screened.filter((line) => line.part === 'dev'));
const test = figures(screened.filter((line) => line.part === 'test'));
const blind = figures(blindSet.map((line) => ({ ...line, part: 'test' as const, ...screen(line.fields) })));

describe('the labelled screening corpus', () => {
  it('holds at least 1,200 lines, at least half of them benign, a third of them frozen', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(1200);
    expect(dev.benign + test.benign).toBeGreaterThanOrEqual(corpus.length / 2);
    expect(test.benign + test.hostile).toBeGreaterThanOrEqual(corpus.length / 3);
    const misses =
      process.env.SCREENING_CORPUS_MISSES === '1'
        ? screened
            .filter(
              (line) => line.part === 'dev' && (line.outcome === 'accept') !== (line.label === 'benign'),
            )
            .map(
              (line) =>
                `[corpus]   dev ${line.label} ${line.class} ${line.outcome} ${line.rule ?? ''}: ${JSON.stringify(line.fields)}`,
            )
        : [];
    process.stdout.write(
      `${[`[corpus] measured ${new Date().toISOString().slice(0, 10)}`, ...report('development part', dev), ...report('frozen test part', test), ...report('blind set', blind), ...misses].join('\n')}\n`,
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
