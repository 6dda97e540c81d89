// The navigation rules of the /rate screen (docs/product.md#rate-form, docs/security.md#sessions), kept apart
// from the components so they can be read, and tested, as rules.

/** The flags other screens pass to /rate in the router's location.state. */
export interface RateFlags {
  fromRedirect: boolean;
  fromVerifiedProfile: boolean;
  fromProfile: boolean;
  fromHomePage: boolean;
}

export function readRateFlags(state: unknown): RateFlags {
  const flag = (name: keyof RateFlags) =>
    typeof state === 'object' &&
    state !== null &&
    name in state &&
    (state as Record<string, unknown>)[name] === true;
  return {
    fromRedirect: flag('fromRedirect'),
    fromVerifiedProfile: flag('fromVerifiedProfile'),
    fromProfile: flag('fromProfile'),
    fromHomePage: flag('fromHomePage'),
  };
}

/** Rating needs a proven phone unless the visitor came through a redirect, a verified profile or the home page. */
export function mustVerifyFirst(flags: RateFlags, viewer: { isVerified: boolean }): boolean {
  return !viewer.isVerified && !flags.fromRedirect && !flags.fromVerifiedProfile && !flags.fromHomePage;
}

/** The server says nothing of the text: it is sent after the answer (docs/architecture.md#ratings). */
export interface SubmitReply {
  ratingId: string;
  ratingsGiven: number;
  isUnlocked: boolean;
  /** Given before a phone was proven: the tab presents it when it proves one (lib/rating-claims.ts). */
  claim?: string;
}

export interface Toast {
  title: string;
  message: string;
}

export type NextStep = { kind: 'stay' } | { kind: 'navigate'; to: string; state?: Record<string, boolean> };

/**
 * What follows a saved rating. The first rating of a visitor who came through a redirect stays on /rate for
 * the second; the rating that unlocks goes to /profile when the phone is proven, otherwise to /unlock/{id};
 * any other goes to /profile.
 */
export function afterRating(
  reply: SubmitReply,
  context: { flags: RateFlags; isVerified: boolean; wasUnlocked: boolean },
): { toast: Toast; next: NextStep } {
  const justUnlocked = reply.isUnlocked && !context.wasUnlocked;
  let toast: Toast = {
    title: 'Rating submitted!',
    message: 'Your ex will be notified anonymously.',
  };
  let next: NextStep;
  if (reply.isUnlocked) {
    if (justUnlocked) {
      // Only a proven phone reads its ratings: until then the toast says what is left to do.
      const message = context.isVerified
        ? 'You can now see your own ratings.'
        : 'Prove your phone number to see your own ratings.';
      toast = { title: 'Profile Unlocked!', message };
    }
    next = context.isVerified
      ? { kind: 'navigate', to: '/profile' }
      : { kind: 'navigate', to: `/unlock/${reply.ratingId}`, state: { fromRating: true } };
  } else if (context.flags.fromRedirect && reply.ratingsGiven === 1) {
    toast = {
      title: 'One more to go!',
      message: 'Please rate a second ex to see your own ratings.',
    };
    next = { kind: 'stay' };
  } else {
    next = { kind: 'navigate', to: '/profile' };
  }
  return { toast, next };
}
