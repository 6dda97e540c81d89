import { readings, spacedOutRuns } from '../reading';

/**
 * The small, reviewed list of threats and doxxing patterns (DESIGN.md section 5). Neither is refused: a
 * pattern cannot tell a threat from a figure of speech, or someone's street from a street in a story, so a
 * match holds the rating for an administrator to read. Each pattern names what it is for; add one only with
 * the benign sentences it must leave alone in the corpus (screening-corpus.json).
 */

const OBJECT = "(?:you|u|ya|him|her|them|y'all)";
const POSSESSIVE = '(?:your|ur|his|her|their)';
const WILL = String.raw`(?:'ll|\s+will|\s+shall|(?:\s+am|'m|\s+are|'re)\s+(?:going\s+to|gonna)|\s+gonna)`;

const THREATS: readonly RegExp[] = [
  // 'I will find you', 'we're gonna hunt him down', 'I'll make her pay': a first person announcing harm.
  new RegExp(
    String.raw`\b(?:i|we)${WILL}(?:\s+\w+ly)?\s+(?:find|hunt|track|kill|hurt|murder|stab|shoot|beat|destroy|ruin|get|expose|end|burn|smash|wreck|strangle|choke|punch|cut|break|come\s+for|come\s+after|make\s+${OBJECT}\s+(?:pay|suffer|regret))\s+${OBJECT}\b`,
  ),
  new RegExp(String.raw`\b(?:i|we)${WILL}\s+make\s+${OBJECT}\s+(?:pay|suffer|regret)`),
  new RegExp(String.raw`\b(?:i|we)${WILL}\s+(?:ruin|destroy|end|burn|wreck)\s+${POSSESSIVE}\s+\w+`),
  // 'you'll pay for this', 'he is going to regret it', 'she'd better watch out'.
  /\b(?:you|u|he|she|they)(?:'ll|\s+will|'d\s+better|\s+better|(?:'s|'re|\s+is|\s+are)\s+(?:going\s+to|gonna)|\s+gonna)\s+(?:pay|regret|be\s+sorry|suffer|die|get\s+what|watch\s+out)\b/,
  // Set phrases of intimidation.
  new RegExp(String.raw`\bwatch\s+${POSSESSIVE}\s+back\b`),
  /\bsleep\s+with\s+one\s+eye\s+open\b/,
  /\b(?:you're|you\s+are|youre|ur|u\s+r|he's|he\s+is|she's|she\s+is)\s+(?:so\s+)?dead\b(?!\s+to\s+me)/,
  /\bi\s+know\s+where\s+(?:you|u|he|she|they)\s+(?:live|lives|work|works|sleep|sleeps|stay|stays|park|parks)\b/,
  new RegExp(String.raw`\b(?:coming|come)\s+for\s+${OBJECT}\b`),
  new RegExp(
    String.raw`\b(?:show|turn)\s+up\s+at\s+${POSSESSIVE}\s+(?:door|house|home|place|work|job|office|flat|apartment)\b`,
  ),
  new RegExp(String.raw`\b(?:burn|torch)\s+${POSSESSIVE}\s+(?:house|car|place|stuff|flat|apartment)\b`),
  new RegExp(String.raw`\bslash\s+${POSSESSIVE}\s+(?:tires|tyres)\b`),
  new RegExp(String.raw`\bacid\s+(?:in|on)\s+${POSSESSIVE}\s+face\b`),
  // Violence aimed at someone: 'kill him', 'stab her' (not 'it killed me', which is about the writer).
  new RegExp(String.raw`\b(?:kill|murder|stab|shoot|strangle)\s+${OBJECT}\b`),
  // Telling someone to harm themselves, or wishing them dead.
  /\b(?:kill|hang|shoot)\s+(?:yourself|urself|himself|herself|themselves|yourselves)\b/,
  /\bkys\b/,
  /\b(?:deserves?|should|needs?\s+to|ought\s+to)\s+(?:to\s+)?(?:die|be\s+killed|get\s+killed|be\s+hurt|get\s+hurt|rot\s+in)\b/,
  /\bhope\s+(?:you|u|he|she|they)\s+(?:die|dies|rots?|gets?\s+hit|burns?)\b/,
  /\bdie\s+in\s+a\s+(?:fire|ditch|hole)\b/,
];

// Threats spelled out letter by letter ('i w i l l f i n d y o u') read as one word once joined.
const SPACED_OUT_THREAT =
  /(?:iwill|ill|imgonna|imgoingto|wewill|wellfind)(?:find|hunt|track|kill|hurt|get|end)(?:you|u|him|her|them)|iknowwhere(?:you|u|he|she|they)(?:live|work)|watchyourback|kill(?:your|ur)self|youredead|youaredead/;

const STREET_TYPES =
  '(?:Street|St|Avenue|Ave|Road|Rd|Lane|Ln|Drive|Dr|Boulevard|Blvd|Court|Ct|Place|Pl|Terrace|Close|Crescent|Way|Parkway|Pkwy|Highway|Hwy|Square|Sq|Grove|Gardens)';
// Words that follow a number and come before 'road', 'street' or 'avenue' in prose, not in an address.
const NOT_A_STREET_NAME =
  '(?:the|a|an|my|our|his|her|their|of|on|in|at|to|for|and|or|more|long|short|years?|days?|months?|weeks?|hours?|minutes?|times?|miles?|km|kilometers?|kids?|dates?|different)';
const NOT_A_STREET_AFTER =
  '(?:trips?|rage|signs?|food|art|cred|smarts?|tests?|races?|racing|maps?|works?|blocks?|names?|views?|level|lights?|style|markets?|parties|party|fights?)';

// Case matters for some doxxing patterns ('works at Google' names an employer, 'works at night' does not), so
// these run on the text as written; the others run lowercased.
const DOXXING_AS_WRITTEN: readonly RegExp[] = [
  // A street address: '42 Elm Street', '221B Baker St'.
  new RegExp(String.raw`\b\d{1,5}[A-Za-z]?\s+(?:\p{Lu}[\p{L}'.-]*\s+){1,3}${STREET_TYPES}\b`, 'u'),
  // A UK postcode ('SW1A 1AA') or a US state and ZIP code ('NY 10001').
  /\b[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}\b/,
  /\b[A-Z]{2}\s+\d{5}(?:-\d{4})?\b/,
  // Where someone lives or works, named: 'lives on Maple', 'works at Starbucks', 'works for the NHS'.
  /\b(?:[Ll]ives|[Ll]iving|[Ss]tays|[Ss]taying|[Rr]esides|[Mm]oved|[Mm]oving)\s+(?:at|on)\s+(?:\d|\p{Lu})/u,
  /\b(?:[Ww]orks|[Ww]orking|[Ww]orked|[Ee]mployed)\s+(?:at|for)\s+(?:the\s+)?\p{Lu}/u,
];

const DOXXING_LOWERCASE: readonly RegExp[] = [
  new RegExp(
    String.raw`\b\d{1,5}\s+(?:(?!${NOT_A_STREET_NAME}\b)[a-z][a-z'-]*\s+){1,2}(?:street|st|avenue|ave|road|rd|lane|ln|boulevard|blvd|crescent|terrace)\b(?!\s+${NOT_A_STREET_AFTER}\b)`,
  ),
  // 'her address is', 'his home address', 'apt 4B' ('flat 3' is left to the street address it comes with).
  new RegExp(String.raw`\b${POSSESSIVE}\s+(?:home\s+|house\s+|real\s+|new\s+)?address\b`),
  /\b(?:apt|apartment|unit|suite)\.?\s*#?\s*\d+[a-z]?\b/,
  new RegExp(
    String.raw`\b${POSSESSIVE}\s+(?:office|workplace|work|job|gym|school|house|home|apartment|flat|place)\s+is\s+(?:on|at|next\s+to|near|by|across\s+from|opposite)\b`,
  ),
  new RegExp(String.raw`\b(?:you\s+can|u\s+can|you'll|go)\s+find\s+${OBJECT}\s+(?:at|on|in)\b`),
  /\b(?:licen[cs]e\s+plate|number\s+plate|plate\s+number|reg\s+plate)\b/,
  // A social account named by its platform: 'ig: alex_s', 'his insta is zoe.m92', 'snapchat - alexs'.
  /\b(?:insta(?:gram)?|ig|snap(?:chat)?|tiktok|twitter|facebook|fb|linkedin|onlyfans|telegram|whatsapp|discord|reddit|threads|bluesky|venmo|cashapp|kik)(?:\s*(?:handle|username|user|name|account|acc|id|is|:|-|=))+\s*[\p{L}\p{N}_.]*[._\d][\p{L}\p{N}_.]*/u,
  /\b(?:insta(?:gram)?|ig|snap(?:chat)?|tiktok|twitter|facebook|fb|linkedin|onlyfans|telegram|discord|reddit|kik)\s*:\s*[\p{L}\p{N}_.]{3,}/u,
  new RegExp(
    String.raw`\b(?:find|follow|add|dm|message)\s+${OBJECT}\s+on\s+(?:insta(?:gram)?|ig|snap(?:chat)?|tiktok|twitter|facebook|fb|linkedin|onlyfans|telegram|discord|reddit|kik)\b`,
  ),
];

// Threats are also read with leetspeak inside words ('k1ll', 'f1nd y0u') as letters; addresses are not,
// since '221B' and 'apt 4b' are written with digits.
const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
};
const LEET_IN_WORD = /(?<=\p{L})[013457@$]|[013457@$](?=\p{L})/gu;

function lowercaseReading(text: string): string {
  return text.replace(/[’‘]/g, "'").toLowerCase();
}

/** Whether `text` reads as a threat. */
export function containsThreat(text: string): boolean {
  if (spacedOutRuns(text).some((run) => SPACED_OUT_THREAT.test(run.toLowerCase()))) return true;
  return readings(text).some((reading) => {
    const lower = lowercaseReading(reading.replace(LEET_IN_WORD, (symbol) => LEET[symbol] ?? symbol));
    return THREATS.some((pattern) => pattern.test(lower));
  });
}

/** Whether `text` says where someone lives or works, or how to find them online. */
export function containsDoxxing(text: string): boolean {
  return readings(text).some((reading) => {
    if (DOXXING_AS_WRITTEN.some((pattern) => pattern.test(reading))) return true;
    const lower = lowercaseReading(reading);
    return DOXXING_LOWERCASE.some((pattern) => pattern.test(lower));
  });
}
