import { untextableReason } from '@exrated/content/phone';
import { describe, expect, it } from 'vitest';
import { parsePhone, phoneNumberField } from './phone';

describe('parsePhone', () => {
  it('normalizes spaces, parentheses and hyphens and adds the missing +', () => {
    expect(parsePhone('+1 (415) 555-2671')).toMatchObject({ e164: '+14155552671', country: 'US' });
    expect(parsePhone('1 415 555 2671')).toMatchObject({ e164: '+14155552671', country: 'US' });
    expect(parsePhone('+44 7400 123456')).toMatchObject({ e164: '+447400123456', country: 'GB' });
    expect(parsePhone('+61 412 345 678')).toMatchObject({ e164: '+61412345678', country: 'AU' });
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

describe('untextableReason', () => {
  const allowed = ['US', 'GB', 'CA', 'AU'];
  const reason = (input: string) => {
    const parsed = parsePhone(input);
    if (!parsed) throw new Error(`${input} must parse`);
    return untextableReason(parsed, allowed);
  };

  it('lets texts go to mobile numbers of the allowed countries', () => {
    for (const input of ['+14155552671', '+447400123456', '+61412345678', '+16135550123']) {
      expect(reason(input), input).toBeNull();
    }
  });

  it('refuses other countries, Crown Dependencies included', () => {
    expect(reason('+33612345678')).toBe('country_not_allowed');
    expect(reason('+447781123456')).toBe('country_not_allowed');
  });

  // The SMS-pumping numbers the attack reached.
  it('refuses premium-rate, shared-cost, personal, toll-free and landline numbers', () => {
    for (const input of [
      '+19005551234',
      '+449091234567',
      '+448712345678',
      '+447012345678',
      '+611900123456',
      '+18005550100',
      '+442079460000',
    ]) {
      expect(reason(input), input).toBe('number_type_not_allowed');
    }
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
