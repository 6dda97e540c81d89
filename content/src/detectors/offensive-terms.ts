import { englishDataset } from 'obscenity';
import { ADDED_SEXUAL_TERMS, ADDED_SLURS, DATASET_SEXUAL_TERMS, DATASET_SLURS } from '../listed-words';
import { disguisedWords, type TextReading } from '../reading';
import { isGivenName } from './full-names';

/**
 * Slurs and graphic sexual terms. The words start from obscenity's English dataset (maintained, each phrase
 * tagged with its word), of which only the two kinds the terms forbid are kept: mild swearing is what an
 * honest review of an ex may use ('a bit of a dick', 'shit texter'). Slurs it lacks come from the List of
 * Dirty, Naughty, Obscene and Otherwise Bad Words, read by hand for the ones that are slurs. They are matched
 * on the shared reading (lookalikes, leetspeak and spacing already undone there), one expression for all:
 * each letter may repeat ('fuuuck') or be starred out ('c*nt'), and a word matches with its endings only
 * ('cocks', 'sluts'), so longer words stay free ('Cockburn', 'spicy', 'Pakistan', 'raccoon').
 */
export type OffensiveKind = 'slur' | 'sexual';

// Words that are slurs only as insults ('a queer couldn't commit', 'Hoe.'): a slur after an insulting word
// or standing alone as a sentence; 'as a queer woman' and 'hoe the beds' are not.
const SLURS_IN_CONTEXT =
  /(?:(?:^|[.!?]\s*)(?:hoe|queer|homo|bender|fairy|cripple|poof)s?(?:[.!?]|$)|(?:fucking|fuckin|dirty|filthy|stupid|bloody|disgusting|sick|ugly|fat|you|ur|a|lazy|dumb|typical|total|such a|big|little)\s+(?:hoe|queer|homo|bender|cripple|spook|gimp|poof)s?(?![\p{L}]|\s+(?:woman|women|man|men|person|people|friend|friends|community|couple|film|theory|artist|kid|kids|folk|culture|pride|space|joy|bar|club|rights)))/iu;

// Ordinary words and idioms the kept patterns would otherwise catch, and the questions' own vocabulary, which
// is never refused.
const WHITELIST = [
  'anal about',
  'anal retentive',
  'anal-retentive',
  'tit for tat',
  'blue tit',
  'pussycat',
  'pussy cat',
  'pussy willow',
  // A coward, which an honest review may call someone.
  'a pussy',
  'total pussy',
  'such a pussy',
  'big pussy',
  'little pussy',
  'fucking pussy',
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
  'cock-up',
  'cock-ups',
  'cock up of',
  'cocked up',
  'cocked it up',
  'blowing him off',
  'blowing him away',
  'blowing him a kiss',
  'blew him off',
  'blew him away',
  'blew him a kiss',
  'blow him off',
  'blow him away',
  'blow him a kiss',
  'cock and bull',
  'coon hound',
  'coon hounds',
  'coon dog',
  'coon dogs',
  'maine coon',
  'maine coons',
  'half-cocked',
  'half cocked',
  'fag end',
  'fag ends',
  'fag break',
  'pack of fags',
  'smoke a fag',
  'for a fag',
  'slag off',
  'slagging off',
  'slagged off',
  'slagged me off',
  'slagging me off',
  'slagged him off',
  'slagged her off',
  'slag heap',
  'honky tonk',
  'honky-tonk',
  'so anal',
  'bit anal',
  'very anal',
  'really anal',
  'too anal',
  'super anal',
  'quite anal',
  'pretty anal',
  'kinda anal',
  'little anal',
];

// Ordinary words that are a listed word with one of its endings ('spicy', 'cocky'): never the listed word.
const ORDINARY_FORMS = new Set(['spicy', 'cocky', 'cocking', 'cocked', 'cocker', 'cockers']);

// Graphic sexual acts the word list has no single word for.
const SEXUAL_ACTS =
  /\b(?:(?:his|her|my|your|their) (?:(?:tiny|small|little|big|huge|fat|massive|micro) )?(?:dick|cock|penis|tits|boobs|pussy|balls)(?: was| is| were| are| got| gets| barely| never| couldn't| wouldn't| wasn't| stayed)|threesomes?|g(?:ave|ive|ives|iving) (?:him |her |me )?(?:(?!(?:his|her|their|my|your|its|the|a|an|me|him|them|us)\b)\w+ )?head(?! (?:start|teacher|office|of|up|injury|chef|a |an |the |rub|pat|shake|massage|scratch))|fuck(?:ed|ing|s) (?:her|him|me|them|each other)(?! over| up| off| about| around| and| so)|fuck (?:her|him|me|them) (?:hard|raw|senseless|silly|from behind|all night|until|so hard|in the)|(?:'d|would|wanna|want to|going to|gonna|let me|to|i'd|could) fuck (?:her|him|me|them)(?! over| up| off| about| around)|masturbat\w*|wank(?:ed|ing) (?:over|to|off)|came (?:all )?(?:over|on|in) (?:her|his|my|your) (?:face|tits|chest|mouth|back)|jerk(?:ed|ing|s)? (?:off|him off|me off)|finger(?:ed|ing)? (?:herself|himself|myself|yourself|themselves|each other|her|me)|(?:rode|ride|riding) (?:me|him|her) until|sucked (?:him|me|his) (?:off|dry)|eat(?:ing)? (?:her|me) out)\b/iu;

// Acts described in slang, and body-part slang in an act: a verb of sex aimed at a person ('railed her', 'ate
// me out', 'bend me over'), or a verb of touch on a body part ('sucked my dick', 'gag on his cock'). The
// words alone are what an honest review may say ('he was a dick', 'kiss my ass', 'he blew me off',
// 'we fucked up', 'she sucks at texting').
const BODY_PART = String.raw`(?:dick|cock|dong|knob|bellend|balls|nuts|tits|titties|boobs|nipples|pussy|clit|cunt|twat|snatch|coochie|cooch|ass|arse|asshole|arsehole|butthole|bum)`;
const SEXUAL_SLANG = new RegExp(
  [
    String.raw`\b(?:suck(?:ed|ing|s)?|lick(?:ed|ing|s)?|rid(?:e|es|ing)|rode|gag(?:ged|ging|s)? on|chok(?:e|ed|ing) on|strok(?:e|ed|ing)|fondl(?:e|ed|ing)|finger(?:ed|ing)?|tongu(?:e|ed|ing)|spread|eat(?:s|ing)?|ate|jerk(?:ed|ing)?|play(?:ed|ing)? with|grind(?:ed|ing)? on|bounc(?:e|ed|es|ing) on|sat on|sit(?:ting)? on|deepthroat(?:ed|ing)?) (?:my|his|her|your|their|a|that|the) (?:huge |big |tiny |little |small |fat |hard |wet |tight )?${BODY_PART}\b`,
    String.raw`\b(?:suck(?:ed|ing|s)?|jerk(?:ed|ing|s)?) (?:me|him|her|them) off\b(?! (?:the|a|my|his|her|at|to|from|work|with|for))`,
    String.raw`\b(?:ate|eat(?:s|ing)?) (?:me|her|him) out\b(?! (?:of|at|to|on|again|every|with|there)| for (?!hours|ages|an hour|so long|ever|like|what felt))`,
    String.raw`\b(?:rail(?:ed|ing|s)?|pound(?:ed|ing|s)?|bang(?:ed|ing|s)?|plow(?:ed|ing)?|plough(?:ed|ing)?|smash(?:ed|ing)?) (?:me|her|him|them)(?: so)? (?:from behind|raw|hard|senseless|silly|all night|till|until|on (?:the|his|her|my)|in (?:the|his|her|my)|against|into the|brains out)`,
    String.raw`\b(?:rail(?:ed|ing|s)?) (?:me|her|him)\b`,
    String.raw`\bbang(?:ed|ing)? (?:her|his|my|their) brains out`,
    String.raw`\bnut(?:ted|ting|s)? (?:in|inside|on|all over|in my|down)\b`,
    String.raw`\b(?:bend|bends|bending|bent) (?:me|her|him) over (?:the|a|his|her|my|and|in)\b`,
    String.raw`\b(?:sat|sit|sits|sitting|rode|ride|rides|riding) on (?:my|his|her|your) face|\b(?:rode|ride|rides|riding) (?:my|his|her|your) (?:face|tongue)\b`,
    String.raw`\b(?:take|takes|taking|took|taken) it (?:up the|in the) (?:ass|arse|bum|butt)`,
    String.raw`\b(?:tongue|finger|fingers|dick|cock|fist|toy|dildo)s?[^.!?\n]{0,15}\b(?:up|in|inside) (?:my|her|his|their) (?:ass|arse|butt|bum|pussy|cunt)`,
    String.raw`\b(?:blew|blows|blowing) (?:me|him)(?= (?:in|on|at|under|behind|while|every|after|before|right|till|until|twice|again)\b|[.,!]|$)`,
    String.raw`\b(?:suck(?:ed|ing|s)?|eat(?:s|ing)?|ate|lick(?:ed|ing|s)?) (?:dick|cock|ass|arse|pussy|box|balls)\b`,
    String.raw`\b(?:blew|shot|took|swallowed|swallow|swallows|dropped|busted|bust) (?:his|my|a|her|their|your) (?:load|nut)\b`,
    String.raw`\b(?:hit|hitting|took|take|taking|fucked|fuck|pounded|railed|banged) (?:it|that|her|him|me) (?:raw|from the back|from behind|doggy)\b`,
    String.raw`\b(?:dick|dicked|dicking) (?:her|him|me|them) down\b`,
    String.raw`\bclap(?:ped|ping|s)? (?:her|his|my|them|those|your) cheeks\b`,
    String.raw`\bga(?:ve|ve me|ve him|ve her|ive|ives|iving) (?:me |him |her )?(?:a )?(?:bj|hj|handy|blowie|rim job|rimjob|sloppy toppy)\b`,
    String.raw`\b(?:did|do|doing|does|did it|do it|doing it) (?:doggy|69|sixty nine|anal)\b`,
    String.raw`\b(?:dick|cock|tongue|fingers?)[^.!?\n]{0,12}\b(?:in|inside|down) (?:my|her|his|their) (?:mouth|throat)\b`,
    String.raw`\b(?:we|they|i) (?:fucked|fuck|fucking|were fucking|used to fuck|would fuck)(?! (?:up|it|things|around|over|off|about|with|everything))\b`,
    String.raw`\b(?:came|cum|cummed|coming) (?:in|inside|on|all over) (?:me|her|him|my|her|his)\b(?! (?:life|way|house|flat|place|room|car|office|birthday|house|own|behalf))`,
    String.raw`\b(?:loves?|loved|wants?|wanted|craves?|craved|needs?|needed|begg(?:ed|ing) for|gagging for) (?:cock|dick|pussy|cum)\b(?! (?:van|cheney|tracy|head))`,
    String.raw`\bswallow(?:ed|s|ing)? (?:every (?:time|drop)|it all|all of it|his cum|my cum)\b`,
    String.raw`\b(?:made|make|makes|making) (?:her|me|him) (?:squirt|cum)\b|\bsquirt(?:ed|ing|s)? (?:all over|everywhere|on (?:me|him|her|my|his)|twice|again)\b`,
    // Spanish, read without accents.
    String.raw`\b(?:me|se|te|le|nos) la (?:chupo|chupe|chupaba|chupaste|mamo|mame|mamaba|meti|metio|metia|metiera|metieras|metiste)\b`,
    String.raw`\b(?:me|se|te|le|nos) (?:la|lo) (?:meti\w*|mete\w*)[^.!?\n]{0,15}\b(?:por|en) (?:el|la|mi|su|tu) (?:culo|cono|chocho|concha|garganta)\b`,
    String.raw`\bpip(?:e|ed|es|ing) (?:her|him|me|them) down\b|\bga(?:ve|ive|ives|iving) (?:her|him|me|them) the (?:d|dick|pipe)\b|\b(?:blew|blow|blows|blowing|beat|beating|beats) (?:her|his|my|their) back out\b`,
    String.raw`\b(?:run|runs|running|ran) (?:a )?train on (?:her|him|me|them)\b`,
    // A recording of a sexual act ('the video of her riding me').
    String.raw`\b(?:video|videos|tape|recording|clip|footage|pics?|photos?|pictures?) of (?:her|him|them|us|me) (?:riding (?:me|him|his|my)|sucking|fucking|blowing|naked|nude|having sex|getting fucked|going down on|masturbating)\b`,
    String.raw`\b(?:me|te|la|lo|nos|les|los|las) (?:follo|folle|follaba|follabamos|follamos|follaron|follaste|follaria|follaremos)\b`,
    String.raw`\b(?:nos|me|la|lo) (?:estuvo|estuvimos|estuvieron) follando\b|\bfollando(?:nos|la|lo|me|te)?\b`,
    String.raw`\b(?:su|la|tu|mi|una) (?:polla|verga|pinga|pija|picha) (?:(?:mas|muy|tan|super) )?(?:enorme|gigante|dura|grande|pequena|pequenita|minuscula|chica|chiquita|gorda|corta|larga|flaca|en (?:mi|la|su) boca)\b`,
    String.raw`\b(?:le|me|te|se) (?:comi|comio|comia|comiste|chupe|chupo|chupaba|lami|lamio|lamia) (?:el cono|la polla|la verga|el culo|las tetas|el chocho|la pinga|el pene|los huevos)\b`,
    String.raw`\b(?:me|se|te) (?:corrio|corri|corria|corrimos) (?:en|dentro|encima|sobre) (?:de )?(?:mi|su|tu|la)\b`,
    String.raw`\b(?:una|la|me hizo una|le hice una) (?:mamada|paja|cubana)\b`,
    String.raw`\bfoll(?:ar|amos|aron|abamos|ando|ada|ado|arla|arlo|arme|arte)\b`,
    String.raw`\bfinish(?:ed|ing)? (?:inside (?:her|me|him)|in (?:her|my) (?:mouth|pussy)|on (?:her|my|his) (?:face|tits|chest|stomach|back))\b`,
  ].join('|'),
  'iu',
);

// A slur the writer reports rather than uses ('he called me a whore', 'the review refers to me as a slut').
const REPORTED_SPEECH =
  /\b(?:call(?:s|ed|ing)?|refer(?:s|red)? to|describ(?:es|ed)|label(?:s|led)?) (?:me|him|her|us|them|my \w+|myself|himself|herself|themselves|ourselves)(?: as)?(?: (?:an?|his|her|their|such a|the|some))?(?: (?:little|dirty|stupid|fat|ugly|fucking|worthless|lazy|dumb|big|crazy|filthy|cheap|useless))*\s*$|\b(?:the word|the term|used the|uses the|said|say|says|saying)\s*["“]$|\b(?:the word|the term|used the|uses the|said)\s*$|\b(?:(?:told|tells|texted|messaged|wrote to|screamed at|yelled at|shouted at|said to) (?:me|him|her|us|them|my \w+)|said|says|wrote|texted|thinks|thought)(?: that)? (?:i|he|she|we|they|you|my \w+|his \w+|her \w+) (?:was|were|am|is|are|'m|'s|'re)(?: (?:all|both|really|so|very|basically|such|just|only|nothing but|a|an|some|the|worthless|stupid|fucking|dirty|little|fat|ugly|disgusting|useless|dumb|lazy|pathetic|filthy|cheap|big|total))*\s*$/iu;

// Words that are ordinary in another language ('el perro negro', 'det var slut'): not slurs in a sentence
// written in that language.
const ORDINARY_ELSEWHERE = new Set(['negro', 'negra', 'negros', 'negras', 'negrito', 'slut']);
const OTHER_LANGUAGE =
  /\b(?:el|la|los|las|un|una|muy|con|del|que|es|y|por|para|pero|sus?|mi|tu|le|les|des|et|est|une|det|är|och|var|inte|jag|och|o|um|uma|com|não)\b/iu;

// A word quoted to say what it means ('in Sweden "slut" just means "the end"').
const MENTIONED =
  /^["”']\s+(?:just |only |actually |simply )?(?:means?|meant|is (?:the|a) (?:word|name))\b/iu;

const TITLES = /^(?:Mr|Mrs|Ms|Miss|Dr|Prof|Sir|Dame|Lord|Lady|Saint|St)\.?$/u;

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
  // A surname after a title or a given name ('Mr Cumming', 'Alan Cumming').
  const before = /(\p{Lu}\p{Ll}+\.?)\s+$/u.exec(folded.slice(0, wordStart))?.[1] ?? '';
  if (TITLES.test(before) || (before !== '' && isGivenName(before))) return true;
  return /^,?\s+\p{Lu}\p{Ll}/u.test(folded.slice(wordEnd));
}

const KEPT = new Set<string>([...DATASET_SLURS, ...DATASET_SEXUAL_TERMS]);
const inDataset = new Set<string>(
  englishDataset.build().blacklistedTerms.map(
    (term) =>
      englishDataset.getPayloadWithPhraseMetadata({
        termId: term.id,
        startIndex: 0,
        endIndex: 0,
        matchLength: 0,
      }).phraseMetadata?.originalWord ?? '',
  ),
);
// Every kept word is one of the dataset's: a word it dropped would otherwise go unnoticed here.
const missing = [...KEPT].filter((word) => !inDataset.has(word));
if (missing.length > 0) throw new Error(`obscenity's dataset no longer has: ${missing.join(', ')}`);

const kindOf = new Map<string, OffensiveKind>([
  ...[...DATASET_SLURS, ...ADDED_SLURS].map((word) => [word, 'slur'] as const),
  ...[...DATASET_SEXUAL_TERMS, ...ADDED_SEXUAL_TERMS].map((word) => [word, 'sexual'] as const),
]);

// A word as it may be written: each letter repeated or starred out after the first, words apart by spaces or
// hyphens, and the endings a word takes.
function wordPattern(word: string): string {
  const letters = [...word.replace(/\s+/g, ' ')].map((letter, index) => {
    if (letter === ' ') return '[\\s-]*';
    return index === 0 ? `${letter}+` : `[${letter}*]+`;
  });
  return letters.join('');
}
// A word that ends in 'e' takes 'd' and 'r' ('creampied').
const ENDINGS = '(?:s|es|z|ed|(?<=e)d|(?<=e)rs?|er|ers|ing|y|ty|ties|ish)?';
const TERMS = new RegExp(
  `(?<![a-z*])(${[...kindOf.keys()]
    .sort((a, b) => b.length - a.length)
    .map(wordPattern)
    .join('|')})${ENDINGS}(?![a-z*])`,
  'g',
);
const WHITELISTED = new RegExp(
  `(?<![a-z])(?:${WHITELIST.map((phrase) => phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![a-z])`,
  'g',
);

// The listed word a matched spelling stands for ('fuuuck' for 'fuck', 'c*nt' for 'cunt').
function listedWord(spelling: string): string | undefined {
  const squeezed = spelling.replace(/[\s-]+/g, ' ');
  for (const word of kindOf.keys()) {
    if (new RegExp(`^${wordPattern(word)}${ENDINGS}$`).test(squeezed)) return word;
  }
  return undefined;
}

// A slur inside a word disguised with digits or symbols ('n1gg3rdan'): the longer slurs, which no ordinary
// word holds, and not the words that are ordinary in another language.
const DISGUISED_SLUR = new RegExp(
  [...DATASET_SLURS, ...ADDED_SLURS]
    .filter((word) => word.length >= 5 && !word.includes(' ') && !ORDINARY_ELSEWHERE.has(word))
    .join('|'),
);

export interface OffensiveTerm {
  kind: OffensiveKind;
  words: string;
}

/** The first slur in the reading, else the first graphic sexual term, or null. */
export function findOffensiveTerm(reading: TextReading): OffensiveTerm | null {
  let sexual: OffensiveTerm | null = null;
  for (const word of disguisedWords(reading.folded)) {
    const slur = DISGUISED_SLUR.exec(word);
    if (slur) return { kind: 'slur', words: slur[0] };
  }
  const foldedLower = reading.folded.toLowerCase();
  for (const text of [...reading.lower, ...reading.runs]) {
    const context = SLURS_IN_CONTEXT.exec(text);
    if (context && !REPORTED_SPEECH.test(text.slice(0, context.index))) {
      return { kind: 'slur', words: context[0].trim() };
    }
    const act = SEXUAL_ACTS.exec(text) ?? SEXUAL_SLANG.exec(text);
    if (act) sexual ??= { kind: 'sexual', words: act[0] };
    const readable = text.replace(WHITELISTED, (phrase) => ' '.repeat(phrase.length));
    for (const match of readable.matchAll(TERMS)) {
      const words = match[0];
      if (ORDINARY_FORMS.has(words)) continue;
      const start = match.index;
      const end = start + words.length;
      // A proper noun is read where the reading is the text as written.
      if (text === foldedLower && isInProperNoun(reading.folded, start, end - 1)) continue;
      if (REPORTED_SPEECH.test(text.slice(0, start)) || MENTIONED.test(text.slice(end))) continue;
      const listed = listedWord(match[1] ?? words) ?? '';
      if ((ORDINARY_ELSEWHERE.has(words) || ORDINARY_ELSEWHERE.has(listed)) && OTHER_LANGUAGE.test(text))
        continue;
      const kind = kindOf.get(listed);
      if (kind === 'slur') return { kind, words };
      if (kind === 'sexual') sexual ??= { kind, words };
    }
  }
  return sexual;
}
