import { readFileSync } from 'node:fs';
import { NAME_PATTERN } from './name';
import { containsDirectionControls, normalizeName, normalizeText } from './normalize';
import { DISPLAY_NAME_LABEL, RATED_NAME_LABEL } from './rating-fields';
import { nameScreeningMessage, screenRatingInput, screenText } from './screening';

/**
 * Reads the labelled lines of `corpus/` and screens each as the server does (normalization, then screening
 * as `rating.submit`, `profile.updateName` or a notice screens it), for the corpus tests' figures.
 */
export interface CorpusLine {
  id: string;
  label: 'benign' | 'hostile';
  class: string;
  part?: 'dev' | 'test';
  disguise?: string[];
  fields: Record<string, string>;
}

export type Outcome = 'accept' | 'refuse' | 'hold';

export interface Screened extends CorpusLine {
  outcome: Outcome;
  rule: string | null;
}

export function readCorpus(file: string): CorpusLine[] {
  return readFileSync(new URL(`./corpus/${file}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as CorpusLine);
}

function nameOutcome(label: string, raw: string): { outcome: Outcome; rule: string | null } {
  if (containsDirectionControls(raw)) return { outcome: 'refuse', rule: 'direction-controls' };
  const name = normalizeName(raw);
  if (label === RATED_NAME_LABEL && !NAME_PATTERN.test(name))
    return { outcome: 'refuse', rule: 'name-pattern' };
  const message = nameScreeningMessage(label, name);
  return message ? { outcome: 'refuse', rule: message } : { outcome: 'accept', rule: null };
}

/** What the server does with the line: accept, refuse or hold it, and by which rule. */
export function screenLine(line: CorpusLine): Screened {
  const { fields } = line;
  if (fields.displayName !== undefined)
    return { ...line, ...nameOutcome(DISPLAY_NAME_LABEL, fields.displayName) };
  if (fields.notice !== undefined) {
    const found = screenText(normalizeText(fields.notice));
    return found?.outcome === 'refuse'
      ? { ...line, outcome: 'refuse', rule: found.rule }
      : { ...line, outcome: 'accept', rule: null };
  }
  const name = nameOutcome(RATED_NAME_LABEL, fields.name ?? '');
  if (name.outcome !== 'accept') return { ...line, ...name };
  const text = (field: string) => (fields[field] === undefined ? null : normalizeText(fields[field]) || null);
  const verdict = screenRatingInput({
    name: normalizeName(fields.name ?? ''),
    testimonial: text('testimonial'),
    gratitude: text('gratitude'),
    selfReflection: text('selfReflection'),
    feedback: text('feedback'),
  });
  return verdict.outcome === 'accept'
    ? { ...line, outcome: 'accept', rule: null }
    : {
        ...line,
        outcome: verdict.outcome,
        rule: `${verdict.rule} [${verdict.fields.join('+')}] ${verdict.words}`,
      };
}

function percent(part: number, whole: number): string {
  return whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)} %`;
}

export interface Figures {
  benign: number;
  benignRefused: number;
  benignHeld: number;
  hostile: number;
  caught: number;
  byClass: Map<string, { lines: number; right: number }>;
}

/** Whether screening did right by the line: a benign line accepted, a hostile one refused or held. */
export function isRight(line: Screened): boolean {
  return (line.outcome === 'accept') === (line.label === 'benign');
}

export function figures(lines: Screened[]): Figures {
  const benign = lines.filter((line) => line.label === 'benign');
  const hostile = lines.filter((line) => line.label === 'hostile');
  const byClass = new Map<string, { lines: number; right: number }>();
  const count = (key: string, right: boolean) => {
    const entry = byClass.get(key) ?? { lines: 0, right: 0 };
    byClass.set(key, { lines: entry.lines + 1, right: entry.right + (right ? 1 : 0) });
  };
  for (const line of lines) {
    count(`${line.label} ${line.class}`, isRight(line));
    if (line.label === 'hostile')
      for (const disguise of line.disguise ?? []) count(`disguise ${disguise}`, isRight(line));
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

export function report(part: string, result: Figures): string[] {
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

/** The lines screening gets wrong, one a line, for SCREENING_CORPUS_MISSES=1. */
export function misses(part: string, lines: Screened[]): string[] {
  return lines
    .filter((line) => !isRight(line))
    .map(
      (line) =>
        `[corpus]   ${part} ${line.label} ${line.class} ${line.outcome} ${line.rule ?? ''}: ${JSON.stringify(line.fields)}`,
    );
}
