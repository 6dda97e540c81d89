import { useDefaultCountry } from './default-country';
import { lazyModule, useLazyModule } from './use-lazy-module';

/** What keeps a code from being texted to the number, or null when nothing does (lib/phone-validation). */
export type PhoneValidator = (value: string) => 'invalid' | 'country' | null;

export const phoneValidation = lazyModule(() => import('./phone-validation'));

/**
 * The phone number check, or null while libphonenumber's metadata (26 KB) loads or the server has not yet
 * named the countries it texts. The phone field loads beside it, so the check is there by the time a number
 * can be typed; a failed load leaves the number unchecked (and the submit disabled), and the phone field,
 * loaded the same way, reports the failure through the page's error screen.
 */
export function usePhoneValidator(): PhoneValidator | null {
  const validation = useLazyModule(phoneValidation);
  const countries = useDefaultCountry().data?.textableCountries;
  if (!validation || !countries) return null;
  return (value) => validation.codeTextProblem(value, countries);
}
