import { RATED_NAME_LABEL, RATING_TEXT_FIELDS, type RatingTextField } from '@exrated/content/rating-fields';
import { useEffect, useMemo, useState } from 'react';
import { lazyModule, useLazyModule } from '../../lib/use-lazy-module';

// The shared rule list (docs/trust-and-safety.md#screening) with obscenity, linkifyjs and libphonenumber:
// loaded once the form is up, never before the page's first paint.
const contentRules = lazyModule(() => import('@exrated/content'));

/**
 * How long typing must pause before the fields are checked. Not on leaving a field: a message appearing then
 * moves the button being clicked away between the press and the release, and the click is lost.
 */
const SCREENING_PAUSE_MS = 400;

interface ScreenedFields {
  name: string;
  gratitude: string;
  selfReflection: string;
  feedback: string;
  testimonial: string;
}

type ScreeningRefusals = Partial<Record<keyof ScreenedFields, string>>;

const TEXT_FIELDS = Object.keys(RATING_TEXT_FIELDS) as RatingTextField[];

/**
 * The refusal the server would give each field, shown next to it before submit: the same rules, run in the
 * browser once typing pauses. The server checks again on submit and its message wins.
 */
export function useScreeningRefusals(fields: ScreenedFields): ScreeningRefusals {
  const rules = useLazyModule(contentRules);
  // The fields as one value, so a render with the same texts neither restarts the pause nor checks again.
  const typed = JSON.stringify(fields);
  const [checked, setChecked] = useState(typed);
  useEffect(() => {
    const timer = window.setTimeout(() => setChecked(typed), SCREENING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);

  const refusals = useMemo(() => {
    const found: ScreeningRefusals = {};
    if (!rules) return found;
    const values = JSON.parse(checked) as ScreenedFields;
    const nameRefusal = rules.nameScreeningMessage(RATED_NAME_LABEL, rules.normalizeName(values.name));
    if (nameRefusal) found.name = nameRefusal;
    for (const field of TEXT_FIELDS) {
      const refusal = rules.ratingTextRefusal(field, values.name, values[field]);
      if (refusal) found[field] = refusal;
    }
    return found;
  }, [rules, checked]);
  return refusals;
}
