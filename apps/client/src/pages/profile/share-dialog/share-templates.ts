export interface ShareTemplate {
  id: string;
  name: string;
  /** The message, with the link to the rating form for the sharer's own phone number. */
  message(link: string): string;
}

/**
 * The link an ex follows to rate the sharer: /rate with the phone pre-filled (docs/product.md#share-dialog).
 */
export function shareLink(origin: string, phoneNumber: string): string {
  // encodeURIComponent, so the + of an E.164 number survives as %2B instead of turning into a space.
  return `${origin.replace(/\/+$/, '')}/rate?phone=${encodeURIComponent(phoneNumber)}`;
}

/** The five message templates of docs/product.md#share-dialog, in the order the dialog offers them. */
export const SHARE_TEMPLATES: readonly ShareTemplate[] = [
  {
    id: 'vulnerable-playful',
    name: 'Vulnerable but Playful',
    message: (link) =>
      "Okay, this is a little scary to send, but here goes: I'm trying to understand how I show up in " +
      'relationships, and you had a front-row seat. Would you rate me? It is completely anonymous, and I ' +
      `promise I can take it (mostly). ${link}`,
  },
  {
    id: 'insightful-curious',
    name: 'Insightful & Curious',
    message: (link) =>
      "I've been thinking about what I bring to a relationship and where I could grow. You know a side of me " +
      'most people never see, so your honest take would genuinely help. It is anonymous and takes two ' +
      `minutes: ${link}`,
  },
  {
    id: 'witty-aware',
    name: 'Witty but Emotionally Aware',
    message: (link) =>
      "Plot twist: I'm asking my ex for a performance review. It's anonymous, it takes two minutes, and yes, " +
      `I've braced myself. Be honest, and be kind if you can: ${link}`,
  },
  {
    id: 'introspective-closure',
    name: 'Introspective with Closure Vibes',
    message: (link) =>
      "We've both moved on, and I'm grateful for the time we had. If there is anything you never got to say, " +
      'the good or the hard, I would like to hear it. It is anonymous, so you can be completely honest: ' +
      link,
  },
  {
    id: 'simple-direct',
    name: 'Simple & Direct',
    message: (link) =>
      `Hey, I'd appreciate an honest rating of our relationship. It's anonymous and only takes a couple of minutes: ${link}`,
  },
];
