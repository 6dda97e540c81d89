import { PHONE_INPUT_MAX_LENGTH } from '@exrated/content/phone';
import { describe, expect, it } from 'vitest';
import { isValidPhoneNumber, codeTextProblem as problemFor } from './phone-validation';

// ALLOWED_SMS_COUNTRIES by default, as verification.defaultCountry hands it to the browser.
const TEXTABLE = ['us', 'gb', 'ca', 'au'];
const codeTextProblem = (value: string) => problemFor(value, TEXTABLE);

describe('isValidPhoneNumber', () => {
  it('accepts valid numbers of the fully supported countries', () => {
    expect(isValidPhoneNumber('+12025550143')).toBe(true); // US
    expect(isValidPhoneNumber('+14165550199')).toBe(true); // Canada
    expect(isValidPhoneNumber('+447400123456')).toBe(true); // UK
    expect(isValidPhoneNumber('+61412345678')).toBe(true); // Australia
  });

  it('accepts valid mobile numbers of other countries too', () => {
    expect(isValidPhoneNumber('+4915123456789')).toBe(true);
    expect(isValidPhoneNumber('+447781123456')).toBe(true); // Guernsey
  });

  it('accepts the formatted text a person types', () => {
    expect(isValidPhoneNumber('+1 (202) 555-0143')).toBe(true);
  });

  it('rejects numbers without a country code', () => {
    expect(isValidPhoneNumber('2025550143')).toBe(false);
  });

  it('rejects numbers that are not valid for their country', () => {
    expect(isValidPhoneNumber('+1202555014')).toBe(false); // one digit short
    expect(isValidPhoneNumber('+120255501431')).toBe(false); // one digit long
    expect(isValidPhoneNumber('+1')).toBe(false); // a dial code alone
    expect(isValidPhoneNumber('+44')).toBe(false);
    expect(isValidPhoneNumber('+11234567890')).toBe(false); // area codes never start with 1
  });

  it('rejects numbers that cannot receive texts, as the server does', () => {
    expect(isValidPhoneNumber('+19005550100')).toBe(false); // US premium rate
    expect(isValidPhoneNumber('+449098790000')).toBe(false); // UK premium rate
    expect(isValidPhoneNumber('+447012345678')).toBe(false); // UK personal number
    expect(isValidPhoneNumber('+442079460000')).toBe(false); // UK landline
    expect(isValidPhoneNumber('+61291234567')).toBe(false); // Australian landline
  });

  it('rejects empty and non-numeric text', () => {
    expect(isValidPhoneNumber('')).toBe(false);
    expect(isValidPhoneNumber('call me maybe')).toBe(false);
  });

  it('rejects text longer than the input limit even when a valid number is inside it', () => {
    const padded = `+12025550143${' '.repeat(PHONE_INPUT_MAX_LENGTH)}`;
    expect(padded.length).toBeGreaterThan(PHONE_INPUT_MAX_LENGTH);
    expect(isValidPhoneNumber(padded)).toBe(false);
  });
});

describe('codeTextProblem', () => {
  it('lets codes go to mobile numbers of the supported countries', () => {
    expect(codeTextProblem('+12025550143')).toBeNull();
    expect(codeTextProblem('+447400123456')).toBeNull();
    expect(codeTextProblem('+61412345678')).toBeNull();
  });

  it('names the country as the problem for Guernsey, Jersey and other countries', () => {
    expect(codeTextProblem('+447781123456')).toBe('country'); // Guernsey, under +44
    expect(codeTextProblem('+447797123456')).toBe('country'); // Jersey, under +44
    expect(codeTextProblem('+33612345678')).toBe('country');
  });

  it('follows the countries the server names', () => {
    expect(problemFor('+33612345678', ['fr'])).toBeNull();
    expect(problemFor('+12025550143', ['fr'])).toBe('country');
  });

  it('calls anything else invalid', () => {
    expect(codeTextProblem('+449098790000')).toBe('invalid');
    expect(codeTextProblem('')).toBe('invalid');
  });
});
