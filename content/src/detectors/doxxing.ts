import { findPhrase, phrases, type TextReading } from '../reading';
import { findIdentifyingFact } from './doxxing-facts';

/**
 * Where someone can be found, said any way (docs/screening.md): a named workplace or place of routine, a
 * street or building, a licence plate, a platform with a username. Held, never refused: a moderator tells
 * the writer's own past ('I waited tables at Denny's back then') from a way to find the person rated.
 */

// Words of work and routine that place a person somewhere.
const PLACING_VERB = String.raw`(?:works?|working|delivers|drives for|cleans|cooks|nurses|bartends|dances|performs|tutors|volunteers|employed|job|shifts?|teach(?:es|ing)?|tends bar|bartends?|bartending|waits tables|waitress(?:es)?|serves|manages?|managing|runs|stocks shelves|lifeguards?|volunteers?|coach(?:es|ing)?|trains?|training|studies|studying|does hair|does nails|cuts hair|(?:is|'s) (?:now |currently |still )?(?:a|an|the) [\p{Ll}]+(?: [\p{Ll}]+)?|lives?|living|stays?|staying|resides|sleeps?|parks?|drinks?|(?:is|'s) (?:always|usually|often|there)|goes|walks|runs|drops|picks up|gym|spin|class|(?:'s|is) in|closes|opens|clocks (?:in|out)|gets off(?: work)?|finishes(?: work)?|starts (?:work|her shift|his shift)|(?:is|'s) on (?:reception|the desk|the front desk|front desk|the till|the tills|shift|the door|the bar|nights|the night shift))`;
// Words after 'at', 'in' or 'on' that name no place: 'works at night', 'lives in hope'.
const NOT_A_PLACE = new Set(
  (
    'a an the my our your his her their this that home night nights weekends weekend times least all first last ' +
    'once it them him me us work school uni college church hospital gym office length ease peace hope fear ' +
    'heart mind risk odds war best worst most weekdays mornings evenings lunch dinner breakfast random ' +
    'some any every each one two three four five six seven eight nine ten morning evening noon midnight ' +
    'local same big little nearby usual ' +
    'christmas easter home times for monday tuesday wednesday thursday friday saturday sunday ' +
    'mondays tuesdays wednesdays thursdays fridays saturdays sundays weekdays lunchtime ' +
    'nhs council government army navy police military state city county'
  ).split(' '),
);
const FIRST_PERSON = /\b(?:i|i'm|im|i've|i'd|we|we're|we've|my|our|me|us)\b/g;
const THIRD_PERSON = /\b(?:he|she|they|he's|she's|they're|his|her|their|him|them|hes|shes)\b/g;
// A clause ends at a sentence end, a semicolon or a line break; a comma does not end it.
const CLAUSE_START = /[.!?;\n](?=[^.!?;\n]*$)/;

function lastIndexOf(pattern: RegExp, text: string): number {
  let last = -1;
  for (const match of text.matchAll(pattern)) last = match.index;
  return last;
}

// The writer's own past or present ('I worked at Tesco', 'we both worked at the hospital') places nobody
// else: the person who is placed is the last one named before the place in the same clause.
function placesTheWriter(before: string): boolean {
  const clause = before.slice(before.search(CLAUSE_START) + 1).toLowerCase();
  const first = lastIndexOf(FIRST_PERSON, clause);
  return first >= 0 && first > lastIndexOf(THIRD_PERSON, clause);
}

// A place after a placing verb: 'at the Royal Free', 'at Tesco', 'at St Mary's', 'for Barclays'. ('in' and
// 'on' are left to the address: 'works in finance', 'is always on TikTok' place nobody.)
const NAMED_PLACE = new RegExp(
  String.raw`${PLACING_VERB}(?![\p{L}])[^.!?;\n]{0,40}?\b(?:at|for|outside|behind|above|opposite|near|by)\s+(the\s+)?((?:st\.?\s+)?\p{L}[\p{L}'&.-]*)`,
  'giu',
);
// A place written in lower case is named when something places it further: 'at tesco on the high street'.
const PLACED_FURTHER = /^,?\s+(?:on|in|at|near|by|every|from|off)\b/u;

// A place written in lower case after 'the' is one place when a street, an exit or a shift follows it: 'at
// the waffle house off exit 12, overnight shift', 'above the laundromat on Oak'.
const LOCATED_OR_SHIFT =
  /^[^.!?;\n]{0,30}?\b(?:on \p{Lu}\p{Ll}+|off (?:exit|junction) \d+|on (?:route|highway|hwy|rte) \d+|(?:overnight|night|day|morning|evening|closing|opening|early|late|breakfast|lunch) shifts?|(?:mon|tue|tues|wed|thu|thurs|fri|sat|sun)(?:days?)?(?: ?- ?| to | thru | through )(?:mon|tue|tues|wed|thu|thurs|fri|sat|sun))/u;
const REGION =
  /\b(?:village|town|city|area|county|suburb|countryside|somewhere|region|country|state|province)\b/iu;

function findNamedPlace(text: string): string | null {
  for (const match of text.matchAll(NAMED_PLACE)) {
    const [words, article, place = ''] = match;
    if (NOT_A_PLACE.has(place.toLowerCase().replace(/^st\.?\s+/, ''))) continue;
    if (!/^\p{Lu}/u.test(place)) {
      const after = text.slice(match.index + words.length);
      const further = article ? LOCATED_OR_SHIFT.test(after) : PLACED_FURTHER.test(after);
      if (!further) continue;
    }
    if (placesTheWriter(text.slice(0, match.index + words.length))) continue;
    // A region names nobody's door: 'his parents' house is in a lovely village near York'.
    if (REGION.test(words)) continue;
    return words;
  }
  return null;
}

const STREET_TYPES = String.raw`(?:Street|St|Avenue|Ave|Road|Rd|Lane|Ln|Drive|Dr|Boulevard|Blvd|Court|Ct|Place|Pl|Terrace|Close|Crescent|Way|Parkway|Pkwy|Highway|Hwy|Square|Sq|Grove|Gardens|Mews|Row|Walk|Hill|Park|Green|Parade|Broadway|Rise|Vale|View|Quay|Wharf|Yard)`;
// A named street or building: 'Rosebery Avenue', 'Maple Court', 'Peel Close', 'King St'.
const NAMED_STREET = new RegExp(
  String.raw`\b(?:\d{1,5}[A-Za-z]?\s+)?(?:\p{Lu}[\p{L}'’.-]*\s+){1,3}${STREET_TYPES}\b`,
  'gu',
);
// What makes a named street an address rather than a place in a story: a house number, a flat, a door, or a
// third person living or found there.
const ADDRESS_CUES =
  /\b(?:\d{1,5}[A-Za-z]?\s+\p{Lu}|lives?|living|stays?|staying|moved|house|flat|apartment|apt|building|door|buzzer|floor|number|no\.|mum's|mom's|parents'|brother's|sister's|place|home|end of|corner of|top flat|the one with|parks|walks|runs|every|manages|works|drops|picks up|is always|is usually|you'll find|find (?:him|her|them))\b/iu;

function findAddress(folded: string): string | null {
  for (const match of folded.matchAll(NAMED_STREET)) {
    const sentenceStart = folded.slice(0, match.index).search(/[^.!?\n]*$/);
    const sentenceEnd = folded.slice(match.index).search(/[.!?\n]|$/);
    const sentence = folded.slice(sentenceStart, match.index + sentenceEnd);
    if (!ADDRESS_CUES.test(sentence)) continue;
    if (PAST_HABIT.test(sentence)) continue;
    // A street in the writer's own story ('Sunday walks in Regent's Park were our thing') places nobody else.
    if (
      new RegExp(FIRST_PERSON.source, 'i').test(sentence) &&
      !new RegExp(THIRD_PERSON.source, 'i').test(sentence)
    ) {
      continue;
    }
    if (placesTheWriter(folded.slice(0, match.index + match[0].length))) continue;
    return match[0];
  }
  return null;
}

// Licence plates: a plate named as such, or a UK current-format plate written as one.
const PLATE_WORD =
  /\b(?:plate|plates|reg|registration|licen[cs]e plate|number plate|tag|matr[ií]cula|placa|patente)(?:\s+(?:number|no\.?|is|was|ends|ending|starts|es|era|del coche|de su coche))*(?:\s+in)?\s*[:\-=]?\s*((?=[A-Z0-9 ]*\d)[A-Z0-9]{1,4}[ -]?[A-Z0-9]{2,4})\b/u;
const UK_PLATE = /\b[A-Z]{2}\d{2}\s?[A-Z]{3}\b/u;

const PLATFORMS = String.raw`(?:insta(?:gram)?|ig|snap(?:chat)?|tiktok|tik tok|twitter|x|facebook|fb|linkedin|reddit|discord|xbox|psn|playstation|steam|twitch|youtube|venmo|cash ?app|paypal|hinge|tinder|bumble|grindr|onlyfans|only fans|telegram|whatsapp|signal|threads|bluesky|mastodon|pinterest|tumblr|spotify|strava|gamertag|kik)`;
const DOXXING_SOURCES: readonly string[] = [
  // A platform with a username: 'ig: alex_s', 'his snap is danny_b', 'Facebook is under Jen Pemberton'.
  String.raw`${PLATFORMS}(?: (?:handle|username|user name|user|name|account|acc|id|tag|profile|page))*(?: is| was| =| -| :|:| as| under| @)+ ?(?!(?:mostly|just|full|all|private|public|so|very|really|a|an|the|about|boring|dead|great|cringe|fake|filled|only|never|always|still|where|how|what|not|kind|like|pretty|quite|inactive|deleted|gone|empty|his|her|their|my|our|your|basically|literally|honestly|nothing|everything|better|worse|on|off)(?![\p{L}\p{N}_.]))@?[\p{L}\p{N}_.#-]*[\p{L}\p{N}][\p{L}\p{N}_.#-]*`,
  String.raw`(?:on|find (?:him|her|them) on|look (?:him|her|them) up on|add (?:him|her|them) on) ${PLATFORMS} (?:as|under|@) ?[\p{L}\p{N}_.@-]{2,}`,
  String.raw`(?<!(?:i|we|i'd|id|i'll|ill|i would|i used to|i'd always|i always|i will|we'd|we used to) )(?:find|follow|add|dm|message|look up|search for|message) (?:him|her|them) on ${PLATFORMS}`,
  // Spanish: where someone works with when ('trabaja en el Mercadona de la calle Alcalá por las mañanas').
  String.raw`(?:trabaja|curra|atiende|esta|sale|entra|estudia|entrena) (?:en|de|del|a|al) (?:el |la |los |las )?(?!(?:(?:el|la|los|las) )?(?:casa|oficina|empresa|tienda|universidad|hospital|banco|bar|restaurante|trabajo|gimnasio|colegio|escuela|noche|manana|tarde)(?: (?:por|todos|todas|cada|los|a las|hasta|de \d|en el turno)|[.,!]|$))[\p{L}']+[^.!?\n]{0,40}(?:por las (?:mananas|tardes|noches)|todos los dias|todas las (?:mananas|tardes|noches)|cada (?:dia|manana|tarde|noche|lunes|martes|miercoles|jueves|viernes|sabado|domingo)|los (?:lunes|martes|miercoles|jueves|viernes|sabados|domingos)|a las \d|hasta las \d|de \d+ a \d+|en el turno)`,
  String.raw`(?:trabaja|curra) (?:en|para) (?:el|la) (?!casa|calle|oficina|empresa|tienda|universidad|hospital|banco|bar|restaurante|sector|mismo|misma)[\p{L}']{3,}`,
  String.raw`(?:vive|se aloja|duerme) (?:en|encima de|al lado de|enfrente de) (?:el|la) (?:calle|portal|piso|tercero|segundo|primero|cuarto|quinto|bajo|atico|edificio|bloque|casa (?:azul|roja|blanca|verde|amarilla))`,
  String.raw`(?:look|search) (?:him|her|them) up(?: on| at|$|,|\.)`,
  String.raw`(?:you'll|you will|you can|u can|go|come|can) find (?:him|her|them) (?:at|in|on|every|behind|outside)`,
  String.raw`(?:^|(?<=[.!?:]\s{0,3}))(?:find|catch|meet) (?:him|her|them) (?:at|in|on|every|behind|outside)`,
  String.raw`(?:you'll|you will|you can|u can|can) (?:always |usually |often )?(?:catch|spot|find) (?:him|her|them) (?:at|outside|behind) the [\p{L}']+(?: [\p{L}']+)? (?:on|in|after|every|most|before|from)`,
  String.raw`(?:his|her|their) (?:salon|shop|cafe|café|restaurant|business|bar|studio|practice|stall|clinic|company) is (?:called|named) [\p{L}]+`,
  String.raw`(?:his|her|their) (?:home |house |real |new )?(?:address|postcode|zip code)`,
  String.raw`(?:go to|visit|pop into|head to|come to|walk into) the [\p{L}'&]+[^.!?\n]{0,40}(?:and )?ask for (?!a |an |the |some |help|directions|more|the bill)[\p{L}]+`,
  String.raw`(?:username|user name|handle|gamertag|screen name) (?:is|:|=|-) ?@?[\p{L}\p{N}_.-]*[\p{L}\p{N}]`,
  String.raw`(?:his|her|their) (?:office|work|workplace|school|gym|salon|shop|desk|ward|station|clinic|surgery|practice|restaurant|bar) is (?:at|on|above|next to|opposite|by|behind|in (?:the|that|this)(?! (?:city|centre|center|area|same)))`,
  String.raw`(?:his|her|their) (?:new )?(?:place|house|flat|apartment|building|office|workplace|desk) is (?:the|on|at|in (?:the|that|this)(?! (?:city|centre|center|area|same))|above|next to|near|by|across|opposite|two|three)`,
  String.raw`(?:apt|apartment|unit|suite|flat|buzzer)\.? ?#? ?\d+[a-z]?(?![\p{L}\p{N}])`,
  String.raw`(?:two|three|four|\d) doors (?:down|up) from`,
  String.raw`(?:the )?corner of [\p{L}]+ (?:street|road|avenue|lane) and`,
  String.raw`the (?:blue|red|green|white|black|yellow) (?:house|door|building)(?: with| on| next| at| two| near| by| opposite)`,
  String.raw`(?:drops?|picks? up|takes?|walks?) (?:his|her|their) (?:kids?|son|daughter|children|dog) (?:at|to|from) [\p{L}]+`,
  String.raw`(?:1st|2nd|3rd|\d+th|top|ground) floor[, ]+(?:desk|flat|accounts|near|by)`,
  String.raw`(?:his|her|their) (?:kids?|son|daughter|children|little one|boy|girl) (?:goes?|go|attends?|is at|are at) (?:to )?(?:st\.? )?[\p{L}']+ (?:primary|elementary|school|high|academy|nursery|prep|middle)`,
];
const DOXXING = phrases(DOXXING_SOURCES);

/** The words that place someone, or null. */
// A routine that says where someone will be: when ('every Saturday', 'at 6:30', 'on Tuesdays') and where
// (a named place, or a place of routine) in one sentence about someone else.
const ROUTINE_WHEN =
  /\b(?:every|each)\s+(?:day|morning|evening|night|week|weekday|weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|\bon\s+(?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|weekends|weekdays)\b|\bat\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)?\b|\b(?:mornings|evenings|weekday|weekdays)\b|\b(?:most|all|weekday|weeknight)\s+(?:nights|mornings|evenings|days|weekends)\b|\b(?:until|till|til|from|after|before)\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)?\b/iu;
// A named place: 'at the Red Lion', 'in Victoria Park', 'from Little Venice' ('at the pub' names none).
const ROUTINE_WHERE =
  /\b(?:at|in|(?<!(?:'s|is|are|was|were|comes|came|come|originally) )from|along|outside|near|by|on|around)\s+(?:the\s+)?(?!(?:Mondays?|Tuesdays?|Wednesdays?|Thursdays?|Fridays?|Saturdays?|Sundays?|January|February|March|April|May|June|July|August|September|October|November|December|Christmas|Easter|Instagram|TikTok|Snapchat|Facebook|WhatsApp|Twitter|Reddit|YouTube|Discord|Twitch|Hinge|Tinder|Bumble|LinkedIn|Netflix|Spotify|Xbox|PlayStation|Steam|Zoom|Skype|FaceTime|Teams)\b)\p{Lu}[\p{L}'.-]+|\b(?:[Gg]ym|[Ww]ork|[Oo]ffice|[Jj]ob|[Ss]chool|[Uu]ni|[Cc]lass|[Cc]hurch|[Bb]ar|[Pp]ub|[Cc]af[eé]|[Ss]hift)\s*[:=-]\s*\p{Lu}[\p{L}'.-]+|\b(?:[Hh]wy|[Hh]ighway|[Rr]oute|[Rr]te|[Ii]nterstate|I-)\s?\d{1,4}\b/u;
// A business of theirs named with its capital: 'Her salon is Hair by Kim'.
const BUSINESS_NAMED =
  /\b(?:[Hh]is|[Hh]er|[Tt]heir) (?:salon|shop|cafe|café|restaurant|business|bar|studio|practice|stall|clinic|company) is \p{Lu}[\p{L}'&]+/u;
const PAST_HABIT =
  /\b(?:used to|would always|was always|were always|back then|years ago|when we were|when (?:he|she|they|i|we) (?:was|were|lived)|(?:we|he|she|they|i)'d)\b/iu;

// Whose routine it is: a third person, or what is theirs ('his gym is …'); 'to see her' is the writer's.
const ROUTINE_SUBJECT =
  /\b(?:he|she|they|he's|she's|they're|hes|shes|his|their)\b|\bher\s+(?:gym|work|job|office|shift|class|school|route|bus|train|car|commute|run|walk)\b/iu;

function findRoutine(folded: string): string | null {
  for (const sentence of folded.match(/[^.!?\n]+/g) ?? []) {
    if (!ROUTINE_WHEN.test(sentence) || PAST_HABIT.test(sentence)) continue;
    const where = ROUTINE_WHERE.exec(sentence);
    if (!where || placesTheWriter(sentence)) continue;
    if (!ROUTINE_SUBJECT.test(sentence)) continue;
    return sentence.trim();
  }
  return null;
}

// The same in Spanish, where the verb says who ('sale del trabajo a las 9 en la farmacia de la calle Mayor'):
// a verb of the third person, a time of routine and a named place or street in one sentence.
const ROUTINE_WHEN_ES =
  /\b(?:a las \d|hasta las \d|de \d{1,2} a \d{1,2}|todos los dias|todas las (?:mananas|tardes|noches)|cada (?:dia|manana|tarde|noche|lunes|martes|miercoles|jueves|viernes|sabado|domingo)|los (?:lunes|martes|miercoles|jueves|viernes|sabados|domingos)|por las (?:mananas|tardes|noches))\b/iu;
const ROUTINE_WHERE_ES =
  /\b(?:calle|avenida|avda|plaza|paseo|barrio|carretera)\s+(?:de\s+(?:la\s+|los\s+)?)?\p{Lu}|\b(?:en|al|del)\s+(?:el\s+|la\s+)?(?:\p{Ll}+\s+)?(?!(?:Lunes|Martes|Miercoles|Jueves|Viernes|Sabado|Domingo|Navidad|Instagram|TikTok|Facebook|WhatsApp)\b)\p{Lu}\p{Ll}+/u;
const THIRD_PERSON_VERB_ES =
  /\b(?:sale|entra|trabaja|curra|va|esta|llega|vuelve|termina|acaba|cierra|abre|entrena|estudia|camina|corre|aparca|atiende|pasea|cena|come|desayuna)\b/iu;

function findRoutineEs(folded: string): string | null {
  for (const sentence of folded.match(/[^.!?\n]+/g) ?? []) {
    if (!ROUTINE_WHEN_ES.test(sentence) || !THIRD_PERSON_VERB_ES.test(sentence)) continue;
    if (ROUTINE_WHERE_ES.test(sentence)) return sentence.trim();
  }
  return null;
}

// Someone other than the writer: a third person, or the writer's relation to someone ('my ex lives at …').
const SOMEONE_ELSE =
  /\b(?:he|she|they|he's|she's|they're|his|her|their|him|them|hes|shes|ex|boyfriend|girlfriend|husband|wife|partner|bf|gf|fianc[eé]e?)\b/iu;
const WRITER = new RegExp(FIRST_PERSON.source, 'iu');

// A sentence about the writer alone ('we lived in flat 12B for 2 years') places nobody to be found.
function withoutWriterOnly(text: string): string {
  return text
    .split(/(?<=[.!?\n])/)
    .map((sentence) => (WRITER.test(sentence) && !SOMEONE_ELSE.test(sentence) ? '' : sentence))
    .join('');
}

export function findDoxxing(reading: TextReading): string | null {
  for (const text of reading.numbers.slice(0, 2)) {
    const plate = PLATE_WORD.exec(text) ?? UK_PLATE.exec(text);
    if (plate && /\d/.test(plate[1] ?? plate[0]) && /[A-Z]/i.test(plate[1] ?? plate[0])) return plate[0];
  }
  const business = BUSINESS_NAMED.exec(reading.folded);
  if (business) return business[0];
  const routine = findRoutine(reading.folded) ?? findRoutineEs(reading.folded);
  if (routine) return routine;
  const present = (text: string) =>
    (withoutWriterOnly(text).match(/[^.!?\n]+/g) ?? []).filter((sentence) => !PAST_HABIT.test(sentence));
  const fact = findIdentifyingFact(reading.folded, present, reading.numbers);
  if (fact) return fact;
  for (const text of [reading.folded, ...reading.lower]) {
    const place = findNamedPlace(text);
    if (place) return place;
  }
  return (
    findAddress(reading.folded) ??
    findPhrase({ ...reading, lower: reading.lower.map(withoutWriterOnly) }, DOXXING)
  );
}
