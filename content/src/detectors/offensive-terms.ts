import {
  DataSet,
  type EnglishProfaneWord,
  englishDataset,
  englishRecommendedTransformers,
  pattern,
  RegExpMatcher,
} from 'obscenity';
import type { TextReading } from '../reading';

/**
 * Slurs and graphic sexual terms, found with obscenity (its English dataset and transformers undo lookalike
 * letters, leetspeak and repeated letters: 'ｎ1ggа', 'fuuuck'). The dataset also holds mild swearing, which
 * an honest review of an ex may use ('a bit of a dick', 'shit texter'): only the two kinds the terms forbid
 * are kept, and a few slurs and terms it lacks are added.
 */
export type OffensiveKind = 'slur' | 'sexual';

const DATASET_SLURS: readonly EnglishProfaneWord[] = [
  'abeed',
  'abo',
  'africoon',
  'arabush',
  'boonga',
  'chingchong',
  'chink',
  'cunt',
  'dyke',
  'fag',
  'kike',
  'negro',
  'nigger',
  'retard',
  'slut',
  'spastic',
  'tranny',
  'whore',
];

// Not kept: 'sex' and 'orgasm' (the questions ask about bedroom chemistry and generosity as a lover),
// 'porn' and 'hentai' (a complaint about someone's habits is not itself explicit), 'rape' (an account of
// abuse must be sayable; it is a matter for notices, not for a word filter), and mild swearing.
const DATASET_SEXUAL_TERMS: readonly EnglishProfaneWord[] = [
  'anal',
  'bestiality',
  'blowjob',
  'buttplug',
  'cock',
  'cum',
  'deepthroat',
  'dildo',
  'doggystyle',
  'double penetration',
  'ejaculate',
  'felch',
  'fellatio',
  'finger bang',
  'fisting',
  'gangbang',
  'handjob',
  'incest',
  'jerk off',
  'jizz',
  'lubejob',
  'masturbate',
  'orgy',
  'penis',
  'pussy',
  'semen',
  'tit',
  'vagina',
];

// Slurs the dataset lacks (most from the List of Dirty, Naughty, Obscene and Otherwise Bad Words, read by
// hand for the ones that are slurs), each with its word boundaries so longer words stay free ('spicy',
// 'raccoon', 'Pakistan', 'gooky', 'Cockburn' are not matched).
const ADDED_SLURS: ReadonlyArray<[word: string, patterns: ReturnType<typeof pattern>[]]> = [
  ['spic', [pattern`|spic|`, pattern`|spics|`]],
  ['wetback', [pattern`wetback`]],
  ['gook', [pattern`|gook|`, pattern`|gooks|`]],
  ['raghead', [pattern`raghead`]],
  ['towelhead', [pattern`towelhead`]],
  ['coon', [pattern`|coon|`, pattern`|coons|`]],
  ['beaner', [pattern`|beaner`]],
  ['paki', [pattern`|paki|`, pattern`|pakis|`]],
  ['shemale', [pattern`shemale`, pattern`she male`]],
  ['faggot', [pattern`|fagot`, pattern`|faggit`, pattern`|faggot`]],
  ['cunt', [pattern`|c*nt|`, pattern`|cvnt`]],
  ['nigger', [pattern`|n?gger`]],
  ['faggot', [pattern`|f?ggot`]],
  ['nigga', [pattern`|nigga`, pattern`|niga|`, pattern`|nigguh`]],
  ['jigaboo', [pattern`jigaboo`, pattern`jiggaboo`, pattern`jiggerboo`]],
  ['darkie', [pattern`|darkie`, pattern`|darky|`]],
  ['nig nog', [pattern`|nig nog`, pattern`|nignog`]],
  ['jungle bunny', [pattern`jungle bunny`, pattern`jungle bunnies`]],
  ['porch monkey', [pattern`porch monkey`]],
  ['golliwog', [pattern`golliwog`, pattern`|gollywog`]],
  ['slanteye', [pattern`slanteye`, pattern`slant eye`]],
  ['zipperhead', [pattern`zipperhead`]],
  ['camel jockey', [pattern`camel jockey`]],
  ['sand nigger', [pattern`sand nigger`]],
  ['pikey', [pattern`|pikey`, pattern`|pikie|`]],
  ['gyppo', [pattern`|gyppo`, pattern`|gypo|`, pattern`|gippo`]],
  ['wop', [pattern`|wop|`, pattern`|wops|`]],
  ['dago', [pattern`|dago|`, pattern`|dagos|`]],
  ['chinaman', [pattern`|chinaman|`, pattern`|ching chong`]],
  ['poof', [pattern`|poof|`, pattern`|poofs|`, pattern`|poofter`, pattern`|pooftah`]],
  ['batty boy', [pattern`batty boy`, pattern`battyboy`, pattern`batty man`]],
  ['lesbo', [pattern`|lesbo`, pattern`|lezza|`, pattern`|lezzer`]],
  ['carpet muncher', [pattern`carpet muncher`, pattern`carpetmuncher`]],
  ['fudge packer', [pattern`fudge packer`, pattern`fudgepacker`]],
  ['trannie', [pattern`|trannie`, pattern`|trannies`, pattern`|trannys|`]],
  ['mong', [pattern`|mong|`, pattern`|mongs|`, pattern`|mongoloid`, pattern`|mongy|`]],
  ['spaz', [pattern`|spaz|`, pattern`|spazz`, pattern`|spacker`, pattern`|spakka`]],
  ['thot', [pattern`|thot|`, pattern`|thots|`]],
  ['skank', [pattern`|skank`]],
  ['slag', [pattern`|slag|`, pattern`|slags|`]],
  ['kraut', [pattern`|kraut|`, pattern`|krauts|`]],
  ['cracker', [pattern`cracker-ass`, pattern`cracker ass`]],
  ['redneck', [pattern`|redneck`]],
  ['honky', [pattern`|honky|`, pattern`|honkey|`, pattern`|honkies|`]],
];

// Words that are slurs only as insults ('a queer couldn't commit', 'Hoe.'): a slur after an insulting word
// or standing alone as a sentence; 'as a queer woman' and 'hoe the beds' are not.
const SLURS_IN_CONTEXT =
  /(?:(?:^|[.!?]\s*)(?:hoe|queer|homo|bender|fairy|cripple)s?(?:[.!?]|$)|(?:fucking|fuckin|dirty|filthy|stupid|bloody|disgusting|sick|ugly|fat|you|ur|a|lazy|dumb|typical|total|such a)\s+(?:hoe|queer|homo|bender|cripple|spook|gimp)s?(?![\p{L}]|\s+(?:woman|women|man|men|person|people|friend|friends|community|couple|film|theory|artist|kid|kids|folk|culture|pride|space|joy|bar|club|rights)))/iu;

const ADDED_SEXUAL_TERMS: ReadonlyArray<[word: string, patterns: ReturnType<typeof pattern>[]]> = [
  ['creampie', [pattern`creampie`, pattern`cream pie|`]],
  ['cunnilingus', [pattern`cunnilingus`]],
  ['rimjob', [pattern`rimjob`, pattern`rim job`]],
  ['blow job', [pattern`blow job`, pattern`blowing him`, pattern`blew him`]],
  ['hand job', [pattern`hand job`]],
  // 'b10wj0b': obscenity reads '1' as 'i', never as 'l'.
  ['blowjob', [pattern`b?owjob`]],
  ['clit', [pattern`|clit`]],
  ['titfuck', [pattern`titfuck`, pattern`tit fuck`]],
  ['cumshot', [pattern`cumshot`, pattern`cum shot`]],
];

// Ordinary words and idioms the kept patterns would otherwise catch, and the questions' own vocabulary, which
// is never refused (issue 17).
const WHITELIST = [
  'anal about',
  'anal retentive',
  'anal-retentive',
  'tit for tat',
  'blue tit',
  'pussycat',
  'pussy cat',
  'pussy willow',
  'cum laude',
  'cumin',
  'georgy',
  'chink in',
  'chinks in',
  'retardant',
  'bedroom chemistry',
  'generosity as a lover',
  'generous lover',
  'en retard',
  'slutt',
  'slutet',
  'sluta',
];

// Graphic sexual acts the word list has no single word for.
const SEXUAL_ACTS =
  /\b(?:masturbat\w*|wank(?:ed|ing) (?:over|to|off)|came (?:all )?(?:over|on|in) (?:her|his|my|your) (?:face|tits|chest|mouth|back)|jerk(?:ed|ing|s)? (?:off|him off|me off)|finger(?:ed|ing)? (?:herself|himself|her|me)|(?:rode|ride|riding) (?:me|him|her) until|sucked (?:him|me|his) off|eat(?:ing)? (?:her|me) out)\b/iu;

// A slur the writer reports rather than uses ('he called me a whore', 'the review refers to me as a slut').
const REPORTED_SPEECH =
  /\b(?:call(?:s|ed|ing)?|refer(?:s|red)? to|describ(?:es|ed)|label(?:s|led)?) (?:me|him|her|us|them|my \w+)(?: as)?(?: an?)?\s*$|\b(?:the word|the term|used the|uses the|said)\s*["“]?$/iu;

// Words that are ordinary in another language ('el perro negro', 'det var slut'): not slurs in a sentence
// written in that language.
const ORDINARY_ELSEWHERE = new Set(['negro', 'negra', 'negros', 'negras', 'negrito', 'slut']);
const OTHER_LANGUAGE =
  /\b(?:el|la|los|las|un|una|muy|con|del|que|es|y|por|para|pero|sus?|mi|tu|le|les|des|et|est|une|det|är|och|var|inte|jag|och|o|um|uma|com|não)\b/iu;

// A word quoted to say what it means ('in Sweden "slut" just means "the end"').
const MENTIONED =
  /^["”']\s+(?:just |only |actually |simply )?(?:means?|meant|is (?:the|a) (?:word|name))\b/iu;

// A proper noun that holds a listed string: a longer capitalised word ('Penistone', 'Clitheroe', 'Analise')
// or a capitalised word before another name ('Coon Rapids', 'Dildo, Newfoundland').
function isInProperNoun(folded: string, start: number, end: number): boolean {
  let wordStart = start;
  while (wordStart > 0 && /\p{L}/u.test(folded[wordStart - 1] ?? '')) wordStart -= 1;
  let wordEnd = end;
  while (wordEnd < folded.length && /\p{L}/u.test(folded[wordEnd] ?? '')) wordEnd += 1;
  const word = folded.slice(wordStart, wordEnd);
  if (!/^\p{Lu}\p{Ll}+$/u.test(word)) return false;
  if (word.length > end - start + 1) return true;
  return /^,?\s+\p{Lu}\p{Ll}/u.test(folded.slice(wordEnd));
}

const kindOf = new Map<string, OffensiveKind>([
  ...DATASET_SLURS.map((word) => [word, 'slur'] as const),
  ...ADDED_SLURS.map(([word]) => [word, 'slur'] as const),
  ...DATASET_SEXUAL_TERMS.map((word) => [word, 'sexual'] as const),
  ...ADDED_SEXUAL_TERMS.map(([word]) => [word, 'sexual'] as const),
]);

const dataset = new DataSet<{ originalWord: string }>()
  .addAll(englishDataset)
  .removePhrasesIf((phrase) => !kindOf.has(phrase.metadata?.originalWord ?? ''));
for (const [word, patterns] of [...ADDED_SLURS, ...ADDED_SEXUAL_TERMS]) {
  dataset.addPhrase((phrase) =>
    patterns.reduce((builder, each) => builder.addPattern(each), phrase.setMetadata({ originalWord: word })),
  );
}

const built = dataset.build();
const matcher = new RegExpMatcher({
  blacklistedTerms: built.blacklistedTerms,
  whitelistedTerms: [...(built.whitelistedTerms ?? []), ...WHITELIST],
  ...englishRecommendedTransformers,
});

export interface OffensiveTerm {
  kind: OffensiveKind;
  words: string;
}

/** The first slur in the reading, else the first graphic sexual term, or null. */
export function findOffensiveTerm(reading: TextReading): OffensiveTerm | null {
  const exempt = new Set<string>();
  for (const match of matcher.getAllMatches(reading.folded.toLowerCase())) {
    const { startIndex, endIndex } = match;
    if (isInProperNoun(reading.folded, startIndex, endIndex)) {
      exempt.add(reading.folded.slice(startIndex, endIndex + 1).toLowerCase());
    }
  }
  let sexual: OffensiveTerm | null = null;
  for (const text of [...reading.lower, ...reading.runs]) {
    const context = SLURS_IN_CONTEXT.exec(text);
    if (context && !REPORTED_SPEECH.test(text.slice(0, context.index))) {
      return { kind: 'slur', words: context[0].trim() };
    }
    const act = SEXUAL_ACTS.exec(text);
    if (act) sexual ??= { kind: 'sexual', words: act[0] };
    for (const match of matcher.getAllMatches(text)) {
      const kind = kindOf.get(dataset.getPayloadWithPhraseMetadata(match).phraseMetadata?.originalWord ?? '');
      const words = text.slice(match.startIndex, match.endIndex + 1);
      if (exempt.has(words) || REPORTED_SPEECH.test(text.slice(0, match.startIndex))) continue;
      if (MENTIONED.test(text.slice(match.endIndex + 1))) continue;
      if (ORDINARY_ELSEWHERE.has(words) && OTHER_LANGUAGE.test(text)) continue;
      if (kind === 'slur') return { kind, words };
      if (kind === 'sexual') sexual ??= { kind, words };
    }
  }
  return sexual;
}
