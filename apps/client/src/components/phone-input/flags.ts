import { type CustomFlagImage, defaultCountries, parseCountry } from 'react-international-phone';

// react-international-phone loads flags from a third-party CDN by default: that would tell the CDN the IP of
// every visitor who opens a phone field (and the site's CSP blocks it anyway). The flags ship with the app.
const FLAG_DIR = '../../../node_modules/flag-icons/flags/4x3/';
const flagUrls = import.meta.glob<string>('../../../node_modules/flag-icons/flags/4x3/*.svg', {
  query: '?url',
  import: 'default',
  eager: true,
});

// A country without a flag file shows an empty slot instead of falling back to the CDN.
const NO_FLAG = 'data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==';

export const COUNTRY_FLAGS: CustomFlagImage[] = defaultCountries.map((country) => {
  const { iso2 } = parseCountry(country);
  return { iso2, src: flagUrls[`${FLAG_DIR}${iso2}.svg`] ?? NO_FLAG };
});
