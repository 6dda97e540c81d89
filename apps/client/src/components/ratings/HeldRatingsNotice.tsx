import { Alert } from '@mantine/core';
import { IconClockShield } from '@tabler/icons-react';

/**
 * docs/architecture.md#ratings: a rating from someone who has not proven a phone is kept, but nobody sees it
 * or gets a text until its author proves their number. The rater is told so in plain words (/rate, /unlock,
 * /profile).
 */
export const HELD_RATINGS_TEXT =
  'Your ratings are saved. They are sent to the people you rated once you prove your phone number.';

export function HeldRatingsNotice() {
  return (
    <Alert variant="light" color="blue" icon={<IconClockShield size={18} aria-hidden="true" />} ta="left">
      {HELD_RATINGS_TEXT}
    </Alert>
  );
}
