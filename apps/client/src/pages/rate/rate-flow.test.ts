import { schemaResolver } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import { afterRating, mustVerifyFirst, readRateFlags } from './rate-flow';
import { basicInfoSchema, phoneFromSharedLink } from './rating-form-rules';

const none = readRateFlags(undefined);
const fromRedirect = readRateFlags({ fromRedirect: true });
const reply = (ratingsGiven: number) => ({
  ratingId: 'r-1',
  ratingsGiven,
  isUnlocked: ratingsGiven >= 2,
});

describe('readRateFlags', () => {
  it('reads only true flags from the navigation state', () => {
    expect(readRateFlags({ fromHomePage: true, fromProfile: 'yes', other: true })).toEqual({
      fromRedirect: false,
      fromVerifiedProfile: false,
      fromProfile: false,
      fromHomePage: true,
    });
    expect(readRateFlags(null)).toEqual(none);
  });
});

describe('mustVerifyFirst', () => {
  it('sends an unverified visitor without a flag to /verify', () => {
    expect(mustVerifyFirst(none, { isVerified: false })).toBe(true);
    expect(mustVerifyFirst(readRateFlags({ fromProfile: true }), { isVerified: false })).toBe(true);
  });

  it('lets verified visitors and those from a redirect, a verified profile or the home page rate', () => {
    expect(mustVerifyFirst(none, { isVerified: true })).toBe(false);
    for (const flag of ['fromRedirect', 'fromVerifiedProfile', 'fromHomePage']) {
      expect(mustVerifyFirst(readRateFlags({ [flag]: true }), { isVerified: false })).toBe(false);
    }
  });
});

describe('afterRating', () => {
  it('keeps a redirected first-time rater on /rate for the second ex', () => {
    expect(afterRating(reply(1), { flags: fromRedirect, isVerified: false, wasUnlocked: false })).toEqual({
      toast: {
        title: 'One more to go!',
        message: 'Please rate a second ex to see your own ratings.',
      },
      next: { kind: 'stay' },
    });
  });

  it('sends the unlocking rating to /profile when proven, otherwise to /unlock/{id}', () => {
    const unlocked = {
      title: 'Profile Unlocked!',
      message: 'You can now see your own ratings.',
    };
    expect(afterRating(reply(2), { flags: fromRedirect, isVerified: true, wasUnlocked: false })).toEqual({
      toast: unlocked,
      next: { kind: 'navigate', to: '/profile' },
    });
    expect(afterRating(reply(2), { flags: none, isVerified: false, wasUnlocked: false })).toEqual({
      // Not proven yet: the toast says what is left instead of promising the ratings.
      toast: { ...unlocked, message: 'Prove your phone number to see your own ratings.' },
      next: { kind: 'navigate', to: '/unlock/r-1', state: { fromRating: true } },
    });
  });

  it('sends any other rating to /profile with its toast', () => {
    expect(
      afterRating(reply(1), {
        flags: readRateFlags({ fromHomePage: true }),
        isVerified: false,
        wasUnlocked: false,
      }),
    ).toEqual({
      toast: {
        title: 'Rating submitted!',
        message: 'Your ex will be notified anonymously.',
      },
      next: { kind: 'navigate', to: '/profile' },
    });
    expect(afterRating(reply(3), { flags: none, isVerified: true, wasUnlocked: true }).toast.title).toBe(
      'Rating submitted!',
    );
  });
});

describe('rating form rules', () => {
  // The form's own resolver over step 1's schema, as use-rate-form validates with it.
  const stepOneErrors = schemaResolver(basicInfoSchema, { sync: true });
  const nameError = (name: string) =>
    stepOneErrors({ name, relationshipType: 'fling', phoneNumber: '+12025550143' }).name ?? null;

  it.each(['Alex S.', 'Zoë', 'José M', "D'Arcy", 'Mary-Jane O.', '  Sam   T  '])(
    'accepts the name %j',
    (name) => {
      expect(nameError(name)).toBeNull();
    },
  );

  it.each([
    ['', 'Please enter their first name'],
    ['Alexander Smith', 'Use a first name and at most one initial, e.g. Alex S.'],
    ['R2D2', 'Use a first name and at most one initial, e.g. Alex S.'],
  ])('refuses the name %j', (name, message) => {
    expect(nameError(name)).toBe(message);
  });

  it('checks every field of step 1', () => {
    expect(stepOneErrors({ name: '', relationshipType: null, phoneNumber: '+1202' })).toEqual({
      name: 'Please enter their first name',
      relationshipType: 'Please choose the relationship type',
      phoneNumber: 'Please enter a valid phone number with country code',
    });
    expect(
      stepOneErrors({ name: 'Alex S.', relationshipType: 'fling', phoneNumber: '+12025550143' }),
    ).toEqual({});
  });

  it('refuses direction controls in the name with the screening message', () => {
    expect(nameError('Al\u202Eex')).toBe(
      'Their name must not contain direction control characters (such as a right-to-left override).',
    );
  });

  it('takes a usable phone number from a shared link', () => {
    expect(phoneFromSharedLink('+14155550100')).toBe('+14155550100');
    expect(phoneFromSharedLink(' 1 (415) 555-0100 ')).toBe('+14155550100');
    expect(phoneFromSharedLink('not a number')).toBe('');
    expect(phoneFromSharedLink(null)).toBe('');
  });
});
