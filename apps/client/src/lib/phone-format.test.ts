import { describe, expect, it } from 'vitest';
import { formatPhoneForDisplay } from './phone-format';

describe('formatPhoneForDisplay', () => {
  it('formats North American E.164 numbers as (###) ###-####', () => {
    expect(formatPhoneForDisplay('+12025550143')).toBe('(202) 555-0143');
    expect(formatPhoneForDisplay('+1 (416) 555-0199')).toBe('(416) 555-0199');
  });

  it('formats exactly ten bare digits as (###) ###-####, whatever separates them', () => {
    expect(formatPhoneForDisplay('2025550143')).toBe('(202) 555-0143');
    expect(formatPhoneForDisplay('202.555.0143')).toBe('(202) 555-0143');
    expect(formatPhoneForDisplay('1 202 555 0143')).toBe('(202) 555-0143');
  });

  it('formats other valid numbers in international format', () => {
    expect(formatPhoneForDisplay('+447911123456')).toBe('+44 7911 123456');
    expect(formatPhoneForDisplay('+61412345678')).toBe('+61 412 345 678');
  });

  it('does not read a ten-digit number with a foreign country code as North American', () => {
    expect(formatPhoneForDisplay('+4930123456')).toBe('+49 30 123456');
  });

  it('shows anything else as given', () => {
    expect(formatPhoneForDisplay('')).toBe('');
    expect(formatPhoneForDisplay('12345')).toBe('12345');
    expect(formatPhoneForDisplay('+999123')).toBe('+999123');
    expect(formatPhoneForDisplay('not a number')).toBe('not a number');
  });
});
