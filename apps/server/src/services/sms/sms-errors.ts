/** Reasons a person can act on, whichever provider refused; the provider's own text stays in the logs. */
export const PHONE_FORMAT_NOT_SUPPORTED =
  'Phone number format not supported. Please use a full international format with country code';
export const PROVIDER_UNREACHABLE =
  'Our text message service is not reachable right now. Please try again in a few minutes.';
export const PROVIDER_REFUSED =
  'Our text message service could not send the message. Please try again later.';
export const PROVIDER_THROTTLED =
  'Too many text messages are being sent right now. Please try again shortly.';
export const NUMBER_OPTED_OUT = 'This number has opted out of text messages. Reply START to opt back in.';
export const NUMBER_NOT_TEXTABLE =
  'Texts can only be sent to mobile numbers in the countries ExRated serves.';
/** A code the provider's throughput has no slot for within the bound (send-pacer.ts): nothing was sent. */
export const SENDING_BUSY = (wait: string) =>
  `We're sending a lot of texts right now. Please try again ${wait}.`;
