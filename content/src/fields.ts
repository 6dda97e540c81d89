// The input fields the server and the browser check with one schema (zod's mini build, which keeps the
// browser's form chunk small and pipes into the server's full zod schemas). The server adds what only it
// checks (a bound on the raw text, the screening rules); the browser's forms validate with these through
// @mantine/form's schema resolver, so a mistake shows with the server's wording before anything is sent.
import { z } from 'zod/mini';
import { NAME_MESSAGE, NAME_PATTERN, NAME_REQUIRED_MESSAGE } from './name';
import { containsDirectionControls, normalizeName } from './normalize';
import { RATED_NAME_LABEL } from './rating-fields';
import { screeningMessage } from './rules';

/**
 * A name, before its own length or pattern rules: direction controls are refused (a name that reads
 * differently from what it is has no innocent use), then the name is normalized.
 */
export function normalizedName(label: string) {
  return z.pipe(
    z.string().check(
      z.refine((value) => !containsDirectionControls(value), {
        message: screeningMessage(label, 'direction-controls'),
        abort: true,
      }),
    ),
    z.transform(normalizeName),
  );
}

/** The rated person's name as `rating.submit` takes it: normalized, present, a first name and one initial. */
export const ratedNameField = z.pipe(
  normalizedName(RATED_NAME_LABEL),
  z
    .string()
    .check(
      z.minLength(1, { message: NAME_REQUIRED_MESSAGE, abort: true }),
      z.regex(NAME_PATTERN, { message: NAME_MESSAGE, abort: true }),
    ),
);

export const RELATIONSHIP_REQUIRED_MESSAGE = 'Please choose the relationship type';
