import { describe, expect, it } from 'vitest';
import { containsDirectionControls, normalizeName, normalizeText } from './normalize';

describe('normalizeText', () => {
  it.each([
    ['full-width digits and at sign', '２０２ alex＠example.com', '202 alex@example.com'],
    ['ligatures and superscripts', 'ﬁne ²', 'fine 2'],
    ['zero-width spaces, joiners and the word joiner', '2\u200B0\u200C2\u200D5\u2060', '2025'],
    ['soft hyphens and byte-order marks', '\uFEFFal\u00ADex', 'alex'],
    ['tag characters hiding text', 'hi\u{E0061}\u{E0062}', 'hi'],
    ['Hangul fillers that look like spaces', 'a\u3164b', 'ab'],
    ['direction overrides and isolates', '\u202E3410\u202C \u2066x\u2069\u200F', '3410 x'],
    ['line separators', 'a\u2028b\r\nc', 'a\nb\nc'],
    ['surrounding whitespace', '  kind  ', 'kind'],
  ])('folds %s', (_label, input, expected) => {
    expect(normalizeText(input)).toBe(expected);
  });

  it('keeps the joiners inside an emoji sequence and the letters of every script', () => {
    const family = '👩\u200D❤\uFE0F\u200D👨';
    expect(normalizeText(`${family} Zoë José Αλέξης محمد`)).toBe(`${family} Zoë José Αλέξης محمد`);
  });
});

describe('normalizeName', () => {
  it('collapses whitespace to single spaces on one line', () => {
    expect(normalizeName('  Ａｌｅｘ \n\t S. ')).toBe('Alex S.');
  });
});

describe('containsDirectionControls', () => {
  it.each(['\u202E', '\u202A', '\u2066', '\u2069', '\u200E', '\u200F', '\u061C'])('finds U+%s', (mark) => {
    expect(containsDirectionControls(`Sam${mark}`)).toBe(true);
  });

  it('finds none in ordinary names of any script', () => {
    expect(containsDirectionControls('Zoë محمد 李')).toBe(false);
  });
});
