import { describe, expect, it } from 'vitest';
import { SHARE_TEMPLATES, shareLink } from './share-templates';

describe('shareLink', () => {
  it('links to the rating form with the phone number URL-encoded', () => {
    expect(shareLink('https://exrated.app', '+14155550123')).toBe(
      'https://exrated.app/rate?phone=%2B14155550123',
    );
    expect(shareLink('http://127.0.0.1:4000/', '+447911123456')).toBe(
      'http://127.0.0.1:4000/rate?phone=%2B447911123456',
    );
  });

  it('round-trips through URLSearchParams to the same number', () => {
    const url = new URL(shareLink('https://exrated.app', '+61412345678'));
    expect(url.pathname).toBe('/rate');
    expect(url.searchParams.get('phone')).toBe('+61412345678');
  });
});

describe('SHARE_TEMPLATES', () => {
  it('offers the five templates, by name, in order', () => {
    expect(SHARE_TEMPLATES.map((template) => template.name)).toEqual([
      'Vulnerable but Playful',
      'Insightful & Curious',
      'Witty but Emotionally Aware',
      'Introspective with Closure Vibes',
      'Simple & Direct',
    ]);
    expect(new Set(SHARE_TEMPLATES.map((template) => template.id)).size).toBe(5);
  });

  it('puts the link in every message, each message its own text', () => {
    const link = shareLink('https://exrated.app', '+14155550123');
    const messages = SHARE_TEMPLATES.map((template) => template.message(link));
    for (const message of messages) {
      expect(message).toContain('https://exrated.app/rate?phone=%2B14155550123');
      // Short enough to paste into a text message thread without it being a wall of text.
      expect(message.length).toBeLessThan(400);
      expect(message).not.toMatch(/\s{2,}/);
    }
    expect(new Set(messages).size).toBe(5);
  });
});
