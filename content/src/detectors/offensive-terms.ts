import {
  DataSet,
  type EnglishProfaneWord,
  englishDataset,
  englishRecommendedTransformers,
  pattern,
  RegExpMatcher,
} from 'obscenity';
import { readings } from '../reading';

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

// Slurs the dataset lacks, each with its word boundaries so longer words stay free ('spicy', 'raccoon',
// 'Pakistan', 'gooky' are not matched).
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
  ['faggot', [pattern`|fagot`, pattern`|faggit`]],
  ['cunt', [pattern`|c*nt|`, pattern`|cvnt`]],
];

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
];

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

/** The kind of the first slur or graphic sexual term in `text`, or null. */
export function findOffensiveTerm(text: string): OffensiveKind | null {
  const kinds = readings(text).flatMap((reading) =>
    matcher
      .getAllMatches(reading)
      .map((match) =>
        kindOf.get(dataset.getPayloadWithPhraseMetadata(match).phraseMetadata?.originalWord ?? ''),
      ),
  );
  if (kinds.includes('slur')) return 'slur';
  return kinds.includes('sexual') ? 'sexual' : null;
}
