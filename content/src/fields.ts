// The input fields the server and the browser check with one schema (zod's mini build, which keeps the
// browser's form chunk small and pipes into the server's full zod schemas). The server adds what only it
// checks (a bound on the raw text, the screening rules); the browser's forms validate with these through
// @mantine/form's schema resolver, so a mistake shows with the server's wording before anything is sent.
import { z } from 'zod/mini';
import { NAME_MESSAGE, NAME_PATTERN, NAME_REQUIRED_MESSAGE } from './name';
import { containsDirectionControls, normalizeName } from './normalize';
import { DISPLAY_NAME_LABEL, DISPLAY_NAME_MAX_LENGTH, RATED_NAME_LABEL } from './rating-fields';
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

export const DISPLAY_NAME_TOO_LONG = `${DISPLAY_NAME_LABEL} must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`;

// Invisible control characters (newlines, escapes) have no place in a name shown on one line.
const CONTROL_CHARACTERS = /\p{Cc}/u;

/**
 * The public display name as `profile.updateName` takes it and the settings form checks it: one line,
 * normalized (direction controls refused), at most 40 characters as people count them (code points); empty
 * clears the name.
 */
export const displayNameField = z.pipe(
  z.string().check(
    z.refine((name) => !CONTROL_CHARACTERS.test(name.trim()), {
      message: `${DISPLAY_NAME_LABEL} must be a single line of text`,
      abort: true,
    }),
  ),
  z.pipe(
    normalizedName(DISPLAY_NAME_LABEL),
    z.string().check(
      z.refine((name) => [...name].length <= DISPLAY_NAME_MAX_LENGTH, {
        message: DISPLAY_NAME_TOO_LONG,
        abort: true,
      }),
    ),
  ),
);

export const RELATIONSHIP_REQUIRED_MESSAGE = 'Please choose the relationship type';

/** docs/product.md#verification: codes have 6 digits. */
export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_MESSAGE = `Please enter the complete ${VERIFICATION_CODE_LENGTH}-digit code`;

/** The code texted to a number, as `verification.check` takes it and the code steps check it. */
export const verificationCodeField = z
  .string({ message: VERIFICATION_CODE_MESSAGE })
  .check(z.regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), VERIFICATION_CODE_MESSAGE));
