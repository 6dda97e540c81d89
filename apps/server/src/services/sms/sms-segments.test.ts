import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ratingTextMessage } from '../notifications/rating-text';
import { generateVerificationCode, verificationText } from '../verification/verification-code';
import { fitsOneGsm7Segment } from './sms-segments';

describe('fitsOneGsm7Segment', () => {
  it('takes up to 160 GSM-7 characters, an extension character counting twice', () => {
    expect(fitsOneGsm7Segment('a'.repeat(160))).toBe(true);
    expect(fitsOneGsm7Segment('a'.repeat(161))).toBe(false);
    expect(fitsOneGsm7Segment(`${'a'.repeat(158)}{`)).toBe(true);
    expect(fitsOneGsm7Segment(`${'a'.repeat(159)}€`)).toBe(false);
    expect(
      fitsOneGsm7Segment('@£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ!"#¤%&\'()*+,-./0123456789:;<=>?¡ÄÖÑÜ§¿äöñüà\n'),
    ).toBe(true);
  });

  it('refuses a text with any character outside GSM-7, however short', () => {
    for (const text of ['Zoë', 'it’s', 'back`tick', '“quoted”', 'emoji 🙂', 'ı']) {
      expect(fitsOneGsm7Segment(text), text).toBe(false);
    }
  });
});

/** Public addresses of up to 30 characters: either scheme, any valid domain, a port or none. */
const publicUrls = fc
  .tuple(
    fc.constantFrom('https', 'http'),
    fc.domain(),
    fc.option(fc.integer({ min: 1, max: 65_535 }), { nil: undefined }),
  )
  .map(([scheme, domain, port]) => `${scheme}://${domain}${port === undefined ? '' : `:${port}`}`)
  .filter((url) => url.length <= 30);

const LONGEST_URL = `https://${'x'.repeat(18)}.app`;

/** The five scores whose rounded average is `average`. */
function scoresAveraging(average: number) {
  return Array.from({ length: 5 }, () => ({ score: average }));
}

describe('every text ExRated sends fits one GSM-7 segment', () => {
  it('a 30-character address is the longest the tests use', () => {
    expect(LONGEST_URL).toHaveLength(30);
  });

  it('the rating text, for every average 1..10 and any address up to 30 characters', () => {
    for (let average = 1; average <= 10; average += 1) {
      const text = ratingTextMessage({
        scores: scoresAveraging(average),
        publicUrl: LONGEST_URL,
        notificationId: randomUUID(),
      });
      expect(text).toMatch(new RegExp(`^An ex rated your relationship ${average}/10 on ExRated\\.`));
      expect(text.endsWith(' Reply STOP to opt out.')).toBe(true);
      expect(fitsOneGsm7Segment(text), `${text.length}: ${text}`).toBe(true);
    }
    fc.assert(
      fc.property(
        publicUrls,
        fc.integer({ min: 1, max: 10 }),
        fc.uuid({ version: 4 }),
        (url, average, id) => {
          const text = ratingTextMessage({
            scores: scoresAveraging(average),
            publicUrl: url,
            notificationId: id,
          });
          expect(text).toContain(`${url}/r/${id} `);
          expect(fitsOneGsm7Segment(text), text).toBe(true);
        },
      ),
    );
  });

  it('the code text, with its domain-bound line for any address up to 30 characters', () => {
    const code = generateVerificationCode();
    expect(verificationText(code)).toBe(`Your ExRated code is ${code}. It expires in 10 minutes.`);
    expect(verificationText('123456', 'https://exrated.app')).toBe(
      'Your ExRated code is 123456. It expires in 10 minutes.\n\n@exrated.app #123456',
    );
    fc.assert(
      fc.property(publicUrls, fc.integer({ min: 100_000, max: 999_999 }), (url, number) => {
        const text = verificationText(String(number), url);
        expect(text.endsWith(`\n\n@${new URL(url).hostname} #${number}`)).toBe(true);
        expect(fitsOneGsm7Segment(text), text).toBe(true);
      }),
    );
  });

  it('remembers per address and code length whether the line fits, and counts a code of other characters anew', () => {
    // 160 characters with a 6-digit code: the most one segment holds.
    const fullUrl = `https://${'a'.repeat(87)}.example`;
    for (const code of ['123456', '999999', '100000']) {
      const text = verificationText(code, fullUrl);
      expect(text).toHaveLength(160);
      expect(text.endsWith(` #${code}`)).toBe(true);
    }
    // The same length with an extension character (two septets each time the code appears) no longer fits.
    expect(verificationText('12345€', fullUrl)).toBe(
      'Your ExRated code is 12345€. It expires in 10 minutes.',
    );
    expect(verificationText('1234567', fullUrl)).toBe(
      'Your ExRated code is 1234567. It expires in 10 minutes.',
    );
  });

  it('the code text leaves the domain-bound line out when it would not fit', () => {
    const longHost = `https://${'a'.repeat(60)}.${'b'.repeat(60)}.example`;
    const text = verificationText('123456', longHost);
    expect(text).toBe('Your ExRated code is 123456. It expires in 10 minutes.');
    expect(fitsOneGsm7Segment(text)).toBe(true);
  });
});
