import 'react-international-phone/style.css';

import { type InputHTMLAttributes, type SyntheticEvent, useState } from 'react';
import {
  type CountryData,
  type CountryIso2,
  CountrySelector,
  DialCodePreview,
  defaultCountries,
  parseCountry,
  usePhoneInput,
} from 'react-international-phone';
import { COUNTRY_FLAGS } from './flags';

const SELECTOR_CLASS = 'react-international-phone-country-selector';

export interface PhoneFieldProps {
  value: string;
  defaultCountry: CountryIso2;
  /** Listed first in the country list: the countries the server texts. */
  preferredCountries: CountryIso2[];
  disabled: boolean;
  /** The number in E.164 and the national part as typed. */
  onChange: (phone: string, inputValue: string) => void;
  onBlur: () => void;
  inputProps: InputHTMLAttributes<HTMLInputElement>;
}

/**
 * react-international-phone's PhoneInput, put together from its parts so that the country list is built only
 * when the person reaches for the country button: the library renders all ~245 countries (hidden) with the
 * field, over 150 ms of main thread on a mid-range phone for a list most visitors never open. Parsing and
 * formatting always use the full list.
 */
export function PhoneField({
  value,
  defaultCountry,
  preferredCountries,
  disabled,
  onChange,
  onBlur,
  inputProps,
}: PhoneFieldProps) {
  const [listWanted, setListWanted] = useState(false);
  const { inputValue, country, setCountry, handlePhoneValueChange, inputRef } = usePhoneInput({
    value,
    defaultCountry,
    disableDialCodeAndPrefix: true,
    onChange: (data) => onChange(data.phone, data.inputValue),
  });
  const selectorCountries: CountryData[] = listWanted
    ? defaultCountries
    : defaultCountries.filter((entry) => parseCountry(entry).iso2 === country.iso2);
  // Pointer and key events reach the container before the button opens its list, so the list is full by then.
  const wantList = (event: SyntheticEvent) => {
    if (!listWanted && event.target instanceof Element && event.target.closest(`.${SELECTOR_CLASS}`)) {
      setListWanted(true);
    }
  };

  return (
    <div
      className="react-international-phone-input-container"
      onPointerDownCapture={wantList}
      onKeyDownCapture={wantList}
    >
      <CountrySelector
        selectedCountry={country.iso2}
        countries={selectorCountries}
        preferredCountries={preferredCountries}
        flags={COUNTRY_FLAGS}
        disabled={disabled}
        onSelect={(selected) => setCountry(selected.iso2, { focusOnInput: true })}
      />
      <DialCodePreview dialCode={country.dialCode} prefix="+" disabled={disabled} />
      <input
        {...inputProps}
        ref={inputRef}
        type="tel"
        className={`react-international-phone-input${disabled ? ' react-international-phone-input--disabled' : ''}`}
        value={inputValue}
        disabled={disabled}
        placeholder="555 555 5555"
        onChange={handlePhoneValueChange}
        onBlur={onBlur}
      />
    </div>
  );
}
