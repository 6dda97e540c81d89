import { fitsOneGsm7Segment } from '../sms-segments';

export type ReplyKeyword = 'opt_out' | 'opt_in' | 'help' | 'other';

const OPT_OUT = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT']);
const OPT_IN = new Set(['START', 'UNSTOP']);
const HELP = new Set(['HELP', 'INFO']);

/**
 * What a reply asks for: the carriers' keywords, in any case, alone in the text apart from spaces and
 * punctuation ('Stop.', ' STOP! ', '"stop"'). A sentence that merely contains the word is not a keyword.
 */
export function replyKeyword(body: string): ReplyKeyword {
  const word = body
    .normalize('NFKC')
    .replace(/[\p{P}\p{S}\p{Z}\s]+/gu, '')
    .toUpperCase();
  if (OPT_OUT.has(word)) return 'opt_out';
  if (OPT_IN.has(word)) return 'opt_in';
  if (HELP.has(word)) return 'help';
  return 'other';
}

/** The answer to HELP: who we are and how to reach us, in one GSM-7 segment. */
export function helpText(contactUrl: string): string {
  const contact = contactUrl.replace(/^mailto:/, '');
  const full = `ExRated: texts when someone rates a relationship with you. Reply STOP to opt out, START to opt back in. Help: ${contact}`;
  if (fitsOneGsm7Segment(full)) return full;
  const short = `ExRated help: ${contact} Reply STOP to opt out.`;
  return fitsOneGsm7Segment(short) ? short : 'ExRated: reply STOP to opt out, START to opt back in.';
}
