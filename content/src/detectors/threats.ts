import { findPhrase, phrases, type TextReading } from '../reading';
import { SPANISH_THREAT_LEXICON, spanishAsWritten, withoutReportedSpanish } from './threat-lexicon-es';
import { DIRECT_THREATS } from './threat-wordings';
import { SPANISH_THREATS } from './threat-wordings-es';
import { findVeiledMenace } from './veiled-menace';
import { VEILED_THREATS } from './veiled-threat-wordings';

/**
 * Threats, read on the lower-case readings (docs/screening.md). Never refused: a pattern cannot always tell a
 * threat from a figure of speech ('killing it', 'I'll shoot you a message'), so a match holds the rating for
 * a moderator, who sees the rule and the words matched. What someone else said, and exasperation, are read
 * out before the wordings are matched.
 */

const THREATS = phrases([...DIRECT_THREATS, ...VEILED_THREATS]);
const THREATS_ES = phrases([...SPANISH_THREATS, ...SPANISH_THREAT_LEXICON]);
// The Spanish wordings are read only in a text with a word every Spanish threat is written with, its texting
// spellings included ('t', 'q', 'k'; not the 't' of 'don't').
const SPANISH_WORDS =
  /\b(?:te|tu|tus|ti|que|se|los|las|vas|voy|van|va|vamos|os|mis|sabes|sabemos|cuando|como|nadie|vais|dias|de|la|el|con|lo|le|ya|por|mi|un|una|y|mientras)\b|(?<![\p{L}'’])[tqk](?![\p{L}'’])/iu;

// What someone else said, quoted after a verb of saying ('he once said "I know where you live"'): the writer
// reports a threat rather than makes one.
const REPORTED_QUOTE =
  /\b((?:he|she|they|his \w+|her \w+|their \w+|someone|somebody)\b[^.!?"“”\n]{0,30}?\b(?:said|says|told me|tells me|texted|wrote|messaged|threatened|screamed|yelled|shouted|whispered|would say|used to say|kept saying)\b[^"“”\n]{0,12})["“][^"“”\n]{1,120}["”]/giu;

// The same said before its speaker ('I'm coming for your crown, she used to say').
const REPORTED_BEFORE =
  /(?<=^|[.!?\n])[^.!?\n]*,\s*(?:he|she|they|my \w+|his \w+|her \w+)(?:'d)?\s+(?:used to |would |always |once |then )?(?:say|said|says|joke|joked|jokes|tease|teased|teases|text|texted)\b/giu;
// A home the writer shares or shared with the person: 'I know where he lives, we bought the house together'.
const SHARED_HOME =
  /\b(?:(?:we|i) (?:lived|live|bought|shared|share|rented|rent|owned|own|split|worked|work)\b|together|our (?:house|flat|place|home)|same (?:house|flat|place|office|team|job|shift)|colleagues|coworkers|co-workers)/iu;
const KNOWS_WHERE =
  /\bknow (?:where (?:you|u|he|she|they) (?:live|lives|liv|stay|stays|work|works)|(?:his|her|their) (?:schedule|routine|shifts|rota|address))\b/iu;

// Exasperation said with a verb of killing ('I'm going to kill him if he forgets my birthday again, lol', 'his
// mum will murder him when she reads this'): a sentence with such a verb, a sign of jest or of a small
// offence, and no weapon or injury is not read as a threat.
const HYPERBOLIC_VERB = /\b(?:kill|killing|murder|murdering|strangle|strangling|throttle|throttling)\b/iu;
const EXASPERATION =
  /\bfor (?:a|an|some|that|this|one|his|her|their) (?:\w+ )?(?:slice|bite|piece|cake|coffee|tea|drink|pint|beer|wine|curry|burger|pizza|chocolate|nap|sleep|lie-in|holiday|cigarette|kebab|chips|recipe|sandwich)\b|\b(?:lol|haha\w*|lmao|jk|just kidding|love (?:him|her|you|them)|when (?:he|she|they) (?:finds? out|sees?|reads?|hears?|gets? home)|if (?:he|she|you|they) (?:forgets?|eats?|leaves? the|is late|are late|says? that|does that|keeps?))\b|😂|🤣/iu;
const WEAPON_OR_INJURY =
  /\b(?:knife|gun|bat|stab|shoot|shot|bury|body|blood|bleed|hospital|grave|dead|find you|know where|bare hands)\b/iu;

// Betrayal said with a knife: 'he will stab you in the back' is no threat of a stabbing.
const STABBED_IN_THE_BACK = /\bstab(?:s|bed|bing)? (\w+) in the back\b(?! of)/giu;

function withoutExasperation(text: string): string {
  return text
    .replace(STABBED_IN_THE_BACK, 'betray $1')
    .split(/(?<=[.!?\n])/)
    .map((sentence) =>
      HYPERBOLIC_VERB.test(sentence) && EXASPERATION.test(sentence) && !WEAPON_OR_INJURY.test(sentence)
        ? ''
        : sentence,
    )
    .join('');
}

function withoutReportedSpeech(text: string): string {
  const unquoted = text
    .replace(REPORTED_QUOTE, (_quote, frame: string) => frame)
    .replace(REPORTED_BEFORE, '');
  return KNOWS_WHERE.test(unquoted) && SHARED_HOME.test(unquoted)
    ? unquoted.replace(new RegExp(KNOWS_WHERE.source, 'giu'), '')
    : unquoted;
}

/** The words of the first threat in the reading, or null. */
export function findThreat(reading: TextReading): string | null {
  const lower = reading.lower.map((text) => withoutExasperation(withoutReportedSpeech(text)));
  const read = { ...reading, lower };
  const found = findPhrase(read, THREATS) ?? findVeiledMenace(lower);
  if (found || !SPANISH_WORDS.test(reading.folded)) return found;
  return findPhrase(
    { ...read, lower: lower.map((text) => withoutReportedSpanish(spanishAsWritten(text))) },
    THREATS_ES,
  );
}
