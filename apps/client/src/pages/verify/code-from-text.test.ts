import { describe, expect, it } from 'vitest';
import { codeFromText } from './code-from-text';

describe('codeFromText', () => {
  it('takes the code alone, spaced or hyphenated', () => {
    expect(codeFromText('123456')).toBe('123456');
    expect(codeFromText(' 123 456\n')).toBe('123456');
    expect(codeFromText('123-456')).toBe('123456');
  });

  it('finds the code in the whole text message, domain-bound line included', () => {
    expect(
      codeFromText('Your ExRated code is 482913. It expires in 10 minutes.\n\n@exrated.app #482913'),
    ).toBe('482913');
  });

  it('refuses text without exactly one 6-digit code', () => {
    expect(codeFromText('12345')).toBeNull();
    expect(codeFromText('1234567')).toBeNull();
    expect(codeFromText('codes 111111 and 222222')).toBeNull();
    expect(codeFromText('hello')).toBeNull();
  });
});
