import { PHONE_INPUT_MAX_LENGTH } from '@exrated/content/phone';
import { Input } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { type CountryIso2, defaultCountries, parseCountry } from 'react-international-phone';
import { useDefaultCountry } from '../../lib/default-country';
import { PhoneField } from './PhoneField';
import classes from './PhoneNumberInput.module.css';

export const PHONE_SUPPORT_HINT = 'Only USA, UK, Canada, and Australia are fully supported at this time';

const KNOWN_COUNTRIES = new Set<string>(defaultCountries.map((country) => parseCountry(country).iso2));
const FALLBACK_COUNTRY: CountryIso2 = 'us';

export interface PhoneNumberInputProps {
  /** The number in E.164 (e.g. '+12025550143'), or '' when empty. */
  value: string;
  /** Called with the number in E.164, or '' when only the dial code is left. */
  onChange: (e164: string) => void;
  /** Lowercase ISO 3166-1 alpha-2 code of the country selected at first (e.g. from a lookup); 'us' if unknown. */
  defaultCountry?: string;
  /** Validation message for the current value, or null when valid. Shown once the field has been touched. */
  error?: string | null;
  /** Shows the error even before a touch: the form was submitted with this field still wrong. */
  forceShowError?: boolean;
  disabled?: boolean;
  label?: string;
  /** Name of the underlying input, for forms and autofill. */
  name?: string;
}

/**
 * A phone number field: country picker with a separate dial code, then the national number. Errors (with a red
 * border) appear only after the person has touched the field, by a first change or by leaving it.
 */
export function PhoneNumberInput({
  value,
  onChange,
  defaultCountry,
  error = null,
  forceShowError = false,
  disabled = false,
  label = 'Phone number',
  name = 'phone',
}: PhoneNumberInputProps) {
  const inputId = useId();
  const textableCountries = useDefaultCountry().data?.textableCountries ?? [];
  const [touched, setTouched] = useState(false);
  // The library also reports the initial value on mount: only a later change of the text counts as a touch.
  const shownText = useRef<string | null>(null);
  const visibleError = (touched || forceShowError) && error ? error : null;
  const country =
    defaultCountry && KNOWN_COUNTRIES.has(defaultCountry.toLowerCase())
      ? defaultCountry.toLowerCase()
      : FALLBACK_COUNTRY;

  return (
    <Input.Wrapper
      label={label}
      labelProps={{ htmlFor: inputId }}
      description={PHONE_SUPPORT_HINT}
      error={visibleError}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      classNames={{ description: classes.description }}
    >
      <div
        className={classes.root}
        data-error={visibleError ? true : undefined}
        data-disabled={disabled ? true : undefined}
      >
        <PhoneField
          value={value}
          defaultCountry={country}
          preferredCountries={textableCountries.filter((code): code is CountryIso2 =>
            KNOWN_COUNTRIES.has(code),
          )}
          disabled={disabled}
          inputProps={{
            id: inputId,
            name,
            maxLength: PHONE_INPUT_MAX_LENGTH,
            inputMode: 'tel',
            autoComplete: 'tel-national',
            'aria-invalid': visibleError ? true : undefined,
          }}
          onChange={(phone, inputValue) => {
            if (shownText.current !== null && shownText.current !== inputValue) setTouched(true);
            shownText.current = inputValue;
            // With the dial code shown separately, an empty national part still yields '+1': treat it as empty.
            onChange(inputValue.trim() === '' ? '' : phone);
          }}
          onBlur={() => setTouched(true)}
        />
      </div>
    </Input.Wrapper>
  );
}
