import { MAX_TAB_RATING_CLAIMS } from '@exrated/content/rating-claims';
import { describe, expect, it } from 'vitest';
import { claimedRatingIds, claimOf, claimsOfHeader } from './rating-claims';

const SECRET = 'a-session-secret-of-at-least-32-characters';
const ID = '8f1d7a52-3c4b-4e6f-9a0b-1c2d3e4f5a6b';

describe('rating claims', () => {
  it('gives back the rating of a genuine claim, once', () => {
    const claim = claimOf(SECRET, ID);
    expect(claimedRatingIds(SECRET, [claim, claim])).toEqual([ID]);
  });

  it('ignores a claim under another secret, for another rating, altered or malformed', () => {
    const claim = claimOf(SECRET, ID);
    const other = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    expect(
      claimedRatingIds(SECRET, [
        claimOf('another-secret-of-at-least-32-characters!!', ID),
        `${other}.${claim.split('.')[1]}`,
        `${claim.slice(0, -1)}x`,
        ID,
        '',
        '.',
      ]),
    ).toEqual([]);
  });

  it('ignores a claim whose tag is as many characters as a genuine one but not ASCII', () => {
    expect(claimedRatingIds(SECRET, [`${ID}.${'é'.repeat(36)}`])).toEqual([]);
  });

  it('reads the header as a tab sends it, bounded, dropping what is malformed', () => {
    const claim = claimOf(SECRET, ID);
    expect(claimsOfHeader(` ${claim}, not-a-claim,,${claim}`)).toEqual([claim]);
    expect(claimsOfHeader(undefined)).toEqual([]);
    const many = Array.from({ length: 50 }, (_, index) =>
      claimOf(SECRET, ID.replace(/^.{2}/, String(index + 10))),
    );
    expect(claimsOfHeader(many.join(','))).toEqual(many.slice(0, MAX_TAB_RATING_CLAIMS));
    expect(claimsOfHeader(`${claim},`.repeat(10_000))).toEqual([claim]);
  });
});
