import { SegmentedMessage } from 'sms-segments-calculator';

/**
 * Whether `text` goes out as a single SMS segment (docs/sms.md: a second segment doubles the
 * price of every text): only GSM-7 characters, at most 160 of them, an extension character such as `{` or
 * `€` counting as two. One character outside GSM-7 (a curly quote, an accented letter GSM-7 lacks) sends the
 * whole text as UCS-2, 70 characters to a segment. Twilio's segment calculator does the counting.
 */
export function fitsOneGsm7Segment(text: string): boolean {
  const message = new SegmentedMessage(text, 'auto');
  return message.encodingName === 'GSM-7' && message.segmentsCount === 1;
}
