import { PHONE_INPUT_MAX_LENGTH, untextableReason } from '@exrated/content/phone';
import fc from 'fast-check';
import {
  type CountryCode,
  getCountryCallingCode,
  getExampleNumber,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/max';
import mobileExamples from 'libphonenumber-js/mobile/examples';
import { describe, expect, it } from 'vitest';
import { parsePhone } from './phone';

/**
 * Phone parsing checked against libphonenumber's own example numbers for the four fully
 * supported countries. The mobile examples ship with libphonenumber-js; the fixed-line ones are the
 * <exampleNumber> entries of libphonenumber's PhoneNumberMetadata.xml, which libphonenumber-js does not ship
 * (its number-type check below confirms each one is a fixed line by its own metadata).
 */
const COUNTRIES = ['US', 'GB', 'CA', 'AU'] as const satisfies readonly CountryCode[];
const FIXED_LINE_EXAMPLES: Record<(typeof COUNTRIES)[number], string> = {
  US: '2015550123',
  GB: '1212345678',
  CA: '5062345678',
  AU: '212345678',
};
const ALLOWED = [...COUNTRIES];

function mobileExample(country: CountryCode): string {
  const example = getExampleNumber(country, mobileExamples);
  if (!example) throw new Error(`libphonenumber-js has no mobile example for ${country}`);
  return example.nationalNumber;
}

const examples = COUNTRIES.flatMap((country) => [
  { country, kind: 'mobile', national: mobileExample(country) },
  { country, kind: 'fixed line', national: FIXED_LINE_EXAMPLES[country] },
]);

/** Ways people type one number: all must normalize to the same E.164 (docs/product.md#phone-numbers). */
function typedForms(callingCode: string, national: string): string[] {
  const head = national.slice(0, 3);
  const middle = national.slice(3, 6);
  const tail = national.slice(6);
  return [
    `+${callingCode}${national}`,
    `${callingCode}${national}`,
    `+${callingCode} ${head} ${middle} ${tail}`,
    `+${callingCode} (${head}) ${middle}-${tail}`,
    `  +${callingCode}-${head}-${middle}-${tail}  `,
    `${callingCode} ${head}.${middle}.${tail}`,
  ];
}

describe.each(examples)('$country $kind example $national', ({ country, kind, national }) => {
  const callingCode = getCountryCallingCode(country);
  const e164 = `+${callingCode}${national}`;

  it('is the number type libphonenumber says it is', () => {
    const type = parsePhoneNumberFromString(e164)?.getType();
    const expected = kind === 'mobile' ? ['MOBILE'] : ['FIXED_LINE'];
    expect([...expected, 'FIXED_LINE_OR_MOBILE']).toContain(type);
  });

  it('parses as valid in every typed form, to one E.164 number of its country', () => {
    for (const typed of typedForms(callingCode, national)) {
      expect(parsePhone(typed), typed).toMatchObject({ e164, country });
    }
  });

  it('gets texts when it can receive them: mobiles always, fixed lines only where they may be mobiles', () => {
    const parsed = parsePhone(e164);
    if (!parsed) throw new Error(`${e164} must parse`);
    const textable = kind === 'mobile' || parsed.type === 'FIXED_LINE_OR_MOBILE';
    expect(untextableReason(parsed, ALLOWED)).toBe(textable ? null : 'number_type_not_allowed');
  });

  it('is refused when truncated, extended or given an impossible leading digit', () => {
    const mutations = [
      national.slice(0, -1),
      national.slice(0, -3),
      `${national}0`,
      `${national}12`,
      `0${national.slice(1)}`,
    ];
    for (const mutated of mutations) {
      expect(parsePhone(`+${callingCode}${mutated}`), mutated).toBeNull();
    }
  });

  it('is refused with letters, extensions or an inner plus', () => {
    for (const typed of [
      `+${callingCode}${national}x`,
      `+${callingCode}${national} ext 1`,
      `+${callingCode}+${national}`,
    ]) {
      expect(parsePhone(typed), typed).toBeNull();
    }
  });
});

describe('parsePhone on arbitrary text', () => {
  it('never throws, and anything it accepts is a valid E.164 number that parses to itself', () => {
    const digitsAndPunctuation = fc.string({
      unit: fc.constantFrom('0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '+', ' ', '(', ')', '-', '.'),
      maxLength: 24,
    });
    fc.assert(
      fc.property(fc.oneof(digitsAndPunctuation, fc.string({ unit: 'binary', maxLength: 40 })), (input) => {
        const parsed = parsePhone(input);
        if (parsed === null) return;
        expect(parsed.e164).toMatch(/^\+[1-9]\d{2,17}$/);
        expect(parsePhone(parsed.e164)).toEqual(parsed);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses input longer than 250 characters, whatever it holds', () => {
    const long = `+1 ${' '.repeat(PHONE_INPUT_MAX_LENGTH)}2015550123`;
    expect(parsePhone(long)).toBeNull();
  });
});
