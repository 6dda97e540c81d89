import { findPhrase, phrases, type TextReading } from '../reading';

/**
 * Two detectors that hold (docs/screening.md): hate speech against a protected group without a slur (a
 * generalisation about the group, or a call to act against it), and sexual content involving a minor (an age
 * under 18, or a word for a child, with a sexual word in the same sentence), which is also urgent.
 */

const GROUP = String.raw`(?:muslims?|jews|jewish people|christians|catholics|hindus|sikhs|buddhists|atheists|black (?:men|women|people|guys|girls|folk)|blacks|white (?:men|women|people)|whites|asians|asian (?:men|women|people)|chinese(?: people)?|indians|pakistanis|bangladeshis|arabs|mexicans|latinos|latinas|hispanics|africans|nigerians|somalis|romanians|poles|polish people|albanians|russians|immigrants|migrants|refugees|foreigners|gypsies|travellers|roma|gays|gay (?:men|people|guys)|lesbians|bisexuals|bi (?:people|men|women)|trans (?:women|men|people)|transgender (?:people|women|men)|queers|women|men|girls|disabled (?:people|folk)|the disabled|autistic (?:people|men|women)|old people|the elderly|(?:men|women|people) (?:like (?:him|her) )?from (?:africa|asia|india|pakistan|mexico|the middle east)|(?:his|her|their) kind|her people|his people)`;
const NEGATIVE = String.raw`(?:gold ?diggers|pigs|liars|criminals|terrorists|animals|vermin|rats|cockroaches|parasites|dirty|filthy|disgusting|thieves|scammers|sick|evil|stupid|lazy|violent|subhuman|savages|inferior|a burden|burdens|broken|useless|greedy|rapists|paedophiles|pedophiles|perverts|predators|soulless|robots|worthless|trash|scum|a disease|a plague|diseased|aggressive|cheats|frauds|dangerous|primitive|backwards|not human|less than human|not real|aren't real|fake|mentally ill|sick in the head|unnatural|an abomination|too stupid|incapable)`;

// The groups without the two sexes: 'men are all the same' is an ex's venting more than hate speech, so the
// loosest patterns leave the sexes out.
const GROUP_NOT_SEX = GROUP.replace('|women|men|girls|', '|');
// A group, as the subject of a generalisation: 'Jews like him', 'men like him from Africa'.
const GROUP_SUBJECT = String.raw`${GROUP}(?: like (?:him|her|them|that|this one))?`;
const NEGATIVE_ACTS = String.raw`(?:eat (?:dogs|anything|cats)|steal|lie|cheat|smell|stink|rape|scam|can't be trusted|cannot be trusted|are never to be trusted|only want (?:money|papers|benefits))`;

const GROUP_MEMBER = String.raw`(?:muslim|jew|black (?:man|woman|guy|girl|person)|mexican|arab|indian|asian|chinese|gay|trans|tranny|immigrant|gypsy|nigerian|romanian|pole|pakistani|african|lesbian|refugee|migrant|woman|catholic|hindu|sikh)`;

const HATE_SOURCES: readonly string[] = [
  String.raw`(?:filthy|dirty|disgusting|vile|stinking|stinky|smelly) ${GROUP_NOT_SEX}`,
  String.raw`${GROUP_SUBJECT} (?:don't|do not|dont) belong (?:here|in this country|anywhere|among us)`,
  String.raw`typical ${GROUP_MEMBER.replace('|woman|', '|')}(?: man| woman| men| women| guy| girl| person| people| family)?`,
  String.raw`${GROUP_NOT_SEX}(?: like (?:him|her|them))? (?:are|r) all (?:\w+ )?\w+`,
  String.raw`(?:every|any) ${GROUP_MEMBER} (?:is|will) (?:a |an )?(?:\w+ )?(?:liar|criminal|terrorist|thief|scammer|animal|rapist|paedophile|pedophile|pervert|predator|parasite|savage|the same|dangerous|dirty|evil)`,
  String.raw`(?:hate|despise|can't stand|cant stand) (?:all )?${GROUP}`,
  String.raw`${GROUP_SUBJECT} (?:are|r) (?:a |the )?(?:problem|cancer|disease|plague|curse|threat|virus|infestation|invasion)`,
  String.raw`${GROUP_SUBJECT} (?:ruin|ruined|destroy|are destroying|are ruining|are taking over|take over) (?:everything|this country|the country|our country|britain|america|england|the neighbourhood)`,
  String.raw`(?:go|send (?:them|him|her)|should go) back to (?:your|their|his|her) (?:own )?(?:country|jungle|desert)`,
  String.raw`(?:can't|cannot|never|don't|dont) trust (?:a|an|any) ${GROUP_MEMBER}`,
  String.raw`(?:all |most |typical )?${GROUP_SUBJECT} (?:all |always |just )?${NEGATIVE_ACTS}`,
  String.raw`${GROUP_SUBJECT} (?:are|r) (?:all |just |basically )?(?:paedophile|pedophile|terrorist|criminal|rapist|child|baby) \w+`,
  String.raw`(?:all |most |typical |every )?${GROUP_SUBJECT} (?:are|r|were|will always be|are basically|are just|are all|all are)(?: all| just| basically| always| nothing but| naturally| by nature| so)? ${NEGATIVE}`,
  String.raw`all ${GROUP} (?:are|do|want|should|lie|steal|cheat)`,
  String.raw`${GROUP} (?:should|must|need to|ought to|deserve to) (?:be )?(?:deported|locked up|rounded up|banned|shot|gassed|killed|removed|sent back|sterili[sz]ed|cured|exterminated|wiped out|put down|kept away|segregated|burned|hanged|go back)`,
  String.raw`${GROUP} (?:shouldn't|should not|mustn't|must not) be allowed`,
  String.raw`(?:never|don't|dont|do not) (?:date|trust|marry|hire|rent to) (?:a|an) (?:muslim|jew|black|mexican|arab|indian|asian|chinese|gay|trans|immigrant|gypsy|nigerian|romanian|pole|woman|man)`,
  String.raw`typical of (?:her|his|their) (?:kind|race|religion|people)`,
  String.raw`${GROUP_SUBJECT} (?:only|just) care about money`,
  String.raw`${GROUP} breed like`,
  String.raw`${GROUP} (?:run|control|own) (?:everything|the world|the media|the banks)`,
  String.raw`${GROUP} (?:just )?need (?:a real man|a real woman|curing|fixing|to be cured)`,
  String.raw`${GROUP} (?:come|came) (?:over )?here (?:to|and) (?:steal|leech|take|sponge|scrounge)`,
  String.raw`${GROUP} (?:aren't|are not|arent) (?:real|proper|actual) (?:women|men|people)`,
  String.raw`${GROUP} (?:in disguise|pretending|preying)`,
  String.raw`${GROUP} (?:should|must|need to) (?:just )?(?:die|die off|disappear)`,
  String.raw`(?:deport|ban|gas|kill|exterminate) (?:all )?(?:the )?${GROUP}`,
  String.raw`${GROUP} shouldn't (?:date|exist|have kids|breed|vote|be here|be in this country)`,
];
const HATE = phrases(HATE_SOURCES);

// Every pattern names a group or one of its members: only the sentences that do are read further.
const NAMES_A_GROUP = new RegExp(String.raw`(?<![\p{L}])(?:${GROUP}|${GROUP_MEMBER})(?![\p{L}])`, 'u');
const SENTENCES = /[^.!?\n]+[.!?\n]*/g;

function sentencesNamingAGroup(text: string): string {
  return (text.match(SENTENCES) ?? []).filter((sentence) => NAMES_A_GROUP.test(sentence)).join('\n');
}

/** The words of the first generalisation about a protected group, or null. */
export function findHateSpeech(reading: TextReading): string | null {
  const lower = reading.lower.map(sentencesNamingAGroup).filter((text) => text !== '');
  if (lower.length === 0 && reading.runs.length === 0) return null;
  return findPhrase({ ...reading, lower }, HATE);
}

const UNDER_AGE_NUMBER = String.raw`(?:[1-9]|1[0-7])`;
const UNDER_AGE_WORD = String.raw`(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen)`;
const UNDER_AGE = String.raw`(?:${UNDER_AGE_NUMBER}|${UNDER_AGE_WORD})`;
// An age under 18, a school year or a word for a young teenager.
const MINOR_AGE = new RegExp(
  [
    String.raw`\b${UNDER_AGE}[\s-]*(?:years?|yrs?|yo|y\.o\.?|y/o)(?:[\s-]*old)?\b`,
    String.raw`\b${UNDER_AGE_NUMBER}\s?yo\b`,
    String.raw`\b(?:in )?year (?:[4-9]|1[0-1])\b`,
    String.raw`\b(?:[5-9]th|1[0-1]th) grade(?:r)?\b|\bgrade (?:[5-9]|1[0-1])\b|\b(?:fifth|sixth|seventh|eighth|ninth|tenth|eleventh) grade\b`,
    String.raw`\b(?:freshman|sophomore|middle school(?:er)?|high school(?:er)? (?:girl|boy|kid)|barely legal|underage (?:girl|boy))\b`,
    String.raw`\b(?:aged?|only|just|was|is|she's|he's|shes|hes|at|barely|like)\s+${UNDER_AGE}\b(?![.:]\d)(?![\s-]*(?:minutes?|hours?|days?|weeks?|months?|times?|pm|am|o'clock|dates?|%|k|kg|miles?|quid|pounds?|dollars?))`,
    String.raw`\b(?:under[\s-]?(?:age|aged|16|18|sixteen|eighteen)|minors?|schoolgirls?|schoolboys?|jail ?bait|pre-?teens?|teenage (?:girls?|boys?)|teen (?:girls?|boys?)|underage)\b`,
  ].join('|'),
  'iu',
);
// A word for a child or a teenager, which parents use about their own: only abuse words count with it.
const MINOR_WORD =
  /\b(?:kids?|children|child|niece|nephew|stepdaughter|step-daughter|stepson|cousin|teens|teenagers?)\b/iu;
const SEXUAL =
  /\b(?:sex|sexy|sexual|sexually|sexted|sexting|sext\w*|sleep(?:s|ing)? with|slept with|(?:sleep|sleeping|slept) together|had sex|made out|shag(?:ged|ging)?|nudes?|naked|porn|lingerie|in bed|hook(?:ed|ing)? up|hooked up|grop(?:e|ed|ing)|fondl(?:e|ed|ing)|molest(?:ed|ing)?|fuck(?:ed|ing)?|groom(?:ed|ing)|turns? (?:him|her|them) on|turned (?:him|her|them) on|got off|gets? off|get off|horny|in the shower|pictures of (?:her|his|their) body|photos of (?:her|his|their) body|dress(?:ed)? up like|blowjob|handjob|dick pics?|undress\w*|topless|paedo\w*|pedo\w*|prey(?:s|ed|ing)? on|goes after|went after|up (?:the|her|their) skirts?|upskirt\w*|touch(?:ed|ing)? (?:her|him|them) (?:up|inappropriately|down there))\b/iu;
// What is abuse beside any word for a child: 'sex' beside 'the kids' is about the parents.
const ABUSE =
  /\b(?:nudes?|naked|porn|grop(?:e|ed|ing)|fondl(?:e|ed|ing)|molest(?:ed|ing)?|groom(?:ed|ing)|undress\w*|topless|in the shower|pictures of (?:her|his|their) body|photos of (?:her|his|their) body|sexted|sexting|dick pics?|sexual|sexually|touch(?:ed|ing)? (?:her|him|them) (?:up|inappropriately|down there)|sleep(?:s|ing)? with|slept with|had sex with|sex with)\b/iu;
// Words that are sexual only beside an explicit age: 'dated a 14 year old', 'how hot the 11 year olds were'.
const SEXUAL_WITH_AN_AGE = /\b(?:dating|dated|relationship with|affair|pregnant|hot|in the bath)\b/iu;
const SENTENCE = /[^.!?\n]+[.!?\n]*/g;

/** The sentence that puts a minor in a sexual context, or null. */
export function findMinorSexualContent(reading: TextReading): string | null {
  for (const text of reading.lower) {
    for (const sentence of text.match(SENTENCE) ?? []) {
      const age = MINOR_AGE.test(sentence);
      if (!age && !MINOR_WORD.test(sentence)) continue;
      if (age ? SEXUAL.test(sentence) || SEXUAL_WITH_AN_AGE.test(sentence) : ABUSE.test(sentence)) {
        return sentence.trim();
      }
    }
  }
  return null;
}
