import { describe, expect, it } from 'vitest';
import { rateReturnKind, safeReturnPath, verifyPathReturningTo } from './return-to';

describe('returnTo after verification', () => {
  it('follows paths on this site, with their query', () => {
    expect(safeReturnPath('/rate?phone=%2B14155550100')).toBe('/rate?phone=%2B14155550100');
    expect(safeReturnPath('/profile')).toBe('/profile');
  });

  it('refuses anything that could leave the site or loop', () => {
    for (const value of [
      null,
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'rate',
      '/verify',
      '/verify?returnTo=/rate',
      '/a\nb',
    ]) {
      expect(safeReturnPath(value)).toBeNull();
    }
  });

  it('builds the redirect the rate page uses', () => {
    const path = verifyPathReturningTo('/rate?phone=+14155550100');
    expect(path).toBe('/verify?returnTo=%2Frate%3Fphone%3D%2B14155550100');
    expect(safeReturnPath(new URLSearchParams(path.split('?')[1]).get('returnTo'))).toBe(
      '/rate?phone=+14155550100',
    );
  });
});

describe('rateReturnKind', () => {
  it("tells a shared link (with the ex's phone) from the plain form, and anything else from both", () => {
    expect(rateReturnKind('/rate?phone=%2B14155550190')).toBe('shared-link');
    expect(rateReturnKind('/rate')).toBe('form');
    expect(rateReturnKind('/rate/abc')).toBe('form');
    expect(rateReturnKind('/profile')).toBeNull();
    expect(rateReturnKind('/rated?phone=1')).toBeNull();
    expect(rateReturnKind(null)).toBeNull();
  });
});
