import { describe, expect, it } from 'vitest';
import { isValidPhoneNumber, PHONE_INPUT_MAX_LENGTH } from './phone-validation';

describe('isValidPhoneNumber', () => {
  it('accepts valid numbers of the fully supported countries', () => {
    expect(isValidPhoneNumber('+12025550143')).toBe(true); // US
    expect(isValidPhoneNumber('+14165550199')).toBe(true); // Canada
    expect(isValidPhoneNumber('+447911123456')).toBe(true); // UK
    expect(isValidPhoneNumber('+61412345678')).toBe(true); // Australia
  });

  it('accepts valid numbers of other countries too', () => {
    expect(isValidPhoneNumber('+4915123456789')).toBe(true);
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
