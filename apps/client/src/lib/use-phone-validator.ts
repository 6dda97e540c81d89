import { useEffect, useState } from 'react';
import { afterNextPaint } from './after-paint';

/** What keeps a code from being texted to the number, or null when nothing does (lib/phone-validation). */
export type PhoneValidator = (value: string) => 'invalid' | 'country' | null;

let loaded: PhoneValidator | null = null;

function loadPhoneValidator(): Promise<PhoneValidator> {
  return import('./phone-validation').then((module) => {
    loaded = module.codeTextProblem;
    return loaded;
  });
}

/**
 * The phone number check, or null while libphonenumber's metadata (26 KB) loads. It is asked for once the
 * screen is up, so a slow network paints the screen's text first; the phone field loads beside it, so the
 * check is there by the time a number can be typed.
 */
export function usePhoneValidator(): PhoneValidator | null {
  const [validator, setValidator] = useState<PhoneValidator | null>(() => loaded);
  useEffect(() => {
    if (validator) return;
    let mounted = true;
    const cancel = afterNextPaint(() => {
      // A failed load leaves the number unchecked (and the submit disabled); the phone field, loaded the
      // same way, reports the failure through the page's error screen.
      loadPhoneValidator().then(
        (check) => {
          if (mounted) setValidator(() => check);
        },
        () => undefined,
      );
    });
    return () => {
      mounted = false;
      cancel();
    };
  }, [validator]);
  return validator;
}
