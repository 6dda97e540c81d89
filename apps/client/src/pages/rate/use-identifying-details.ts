import { useEffect, useMemo, useState } from 'react';
import { lazyModule, useLazyModule } from '../../lib/use-lazy-module';
import type { ReviewTexts } from './rating-form-rules';

// The same detector the server counts with (content's identifying-details), in the entry the form loads.
const contentRules = lazyModule(() => import('@exrated/content'));

/** How long typing must pause before the texts are read again, as for the screening refusals. */
const NUDGE_PAUSE_MS = 400;

/**
 * The nudge on identifying details (docs/anonymity.md): the message while the texts name a date, a place,
 * an event or a number the ex could tie to one person, else null. A note, never a refusal.
 */
export function useIdentifyingDetailsNudge(texts: ReviewTexts): string | null {
  const rules = useLazyModule(contentRules);
  const typed = JSON.stringify([texts.gratitude, texts.selfReflection, texts.feedback, texts.testimonial]);
  const [checked, setChecked] = useState(typed);
  useEffect(() => {
    const timer = window.setTimeout(() => setChecked(typed), NUDGE_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);
  return useMemo(() => {
    if (!rules) return null;
    const found = rules.identifyingDetailKinds(JSON.parse(checked) as string[]);
    return found.length > 0 ? rules.IDENTIFYING_DETAILS_NUDGE : null;
  }, [rules, checked]);
}
