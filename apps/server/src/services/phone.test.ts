import { describe, expect, it } from 'vitest';
import { isSmsCountryAllowed, parsePhone, phoneNumberField } from './phone';

describe('parsePhone', () => {
  it('normalizes spaces, parentheses and hyphens and adds the missing +', () => {
    expect(parsePhone('+1 (415) 555-2671')).toEqual({ e164: '+14155552671', country: 'US' });
    expect(parsePhone('1 415 555 2671')).toEqual({ e164: '+14155552671', country: 'US' });
    expect(parsePhone('+44 7400 123456')).toEqual({ e164: '+447400123456', country: 'GB' });
    expect(parsePhone('+61 412 345 678')).toEqual({ e164: '+61412345678', country: 'AU' });
    expect(parsePhone('+1 613 555 0123')?.country).toBe('CA');
  });

  it('rejects what is not a valid number for its country', () => {
    for (const input of [
      '',
      '+',
      'abc',
      '+1 555',
      '+1 000 000 0000',
      '12345',
      '+44 12',
      `+1${'5'.repeat(300)}`,
      '+1 415 555 2671 ext 2',
    ]) {
      expect(parsePhone(input)).toBeNull();
    }
  });
});

describe('isSmsCountryAllowed', () => {
  it('allows only the configured countries', () => {
    const allowed = ['US', 'GB', 'CA', 'AU'];
    const us = parsePhone('+14155552671');
    const fr = parsePhone('+33612345678');
    if (!us || !fr) throw new Error('fixtures must parse');
    expect(isSmsCountryAllowed(us, allowed)).toBe(true);
    expect(isSmsCountryAllowed(fr, allowed)).toBe(false);
  });
});

describe('phoneNumberField', () => {
  it('yields E.164 or the given message', () => {
    const field = phoneNumberField('Please enter a valid phone number');
    expect(field.parse('+1 (415) 555-2671')).toBe('+14155552671');
    const result = field.safeParse('nope');
    expect(result.success ? null : result.error.issues[0]?.message).toBe('Please enter a valid phone number');
  });
});
