import { describe, expect, it } from 'vitest';
import {
  generateNoticeReference,
  NOTICE_REFERENCE_LENGTH,
  normalizeNoticeReference,
} from './notice-reference';

describe('notice references', () => {
  it('are 12 characters of the unambiguous alphabet, and differ every time', () => {
    const references = new Set(Array.from({ length: 1000 }, generateNoticeReference));
    expect(references.size).toBe(1000);
    for (const reference of references) {
      expect(reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
      expect(normalizeNoticeReference(reference)).toBe(reference);
    }
  });

  it('read back as people type them: any case, spaces and dashes, O for 0 and I or L for 1', () => {
    expect(normalizeNoticeReference('abcd-efgh-jk12')).toBe('ABCDEFGHJK12');
    expect(normalizeNoticeReference(' 0o1I L2 3456 78 ')).toBe('001112345678');
  });

  it('refuse what cannot be one', () => {
    expect(normalizeNoticeReference('')).toBeNull();
    expect(normalizeNoticeReference('ABC')).toBeNull();
    expect(normalizeNoticeReference('A'.repeat(NOTICE_REFERENCE_LENGTH + 1))).toBeNull();
    expect(normalizeNoticeReference('ABCDEFGHJKU2')).toBeNull();
    expect(normalizeNoticeReference("ABCDEFGHJK'2")).toBeNull();
  });
});
