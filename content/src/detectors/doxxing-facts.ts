/**
 * The kinds of fact that identify someone besides an address or a contact detail (docs/screening.md): their
 * vehicle told apart by colour, make, model, year or a mark; where they park; their child's school with a
 * teacher or a time; a flat or unit number; a routine with a clock time and a place; a stall or a spot where
 * they are on given days. Each is a fact about someone else in the present: the writer's own car, a past
 * car and a car named without a detail ('he bought a Tesla') place nobody.
 */

const COLOURS = String.raw`(?:black|white|silver|grey|gray|red|blue|green|yellow|orange|purple|gold|beige|brown|maroon|navy|dark blue|light blue|matte black|gris|negro|blanco|rojo|azul|verde|plateado|amarillo)`;
const MAKES = String.raw`(?:honda|toyota|ford|tesla|jeep|bmw|audi|mercedes|merc|vw|volkswagen|nissan|kia|hyundai|chevy|chevrolet|dodge|ram|subaru|mazda|lexus|range rover|land rover|mini|fiat|seat|skoda|peugeot|renault|citroen|volvo|porsche|vauxhall|kawasaki|yamaha|harley|ducati|suzuki|mitsubishi|jaguar|cupra|opel|dacia|gmc|cadillac|buick|lincoln|acura|infiniti|civic|corolla|camry|prius|f-?150|golf|polo|corsa|fiesta|focus|qashqai|wrangler|model [3sxy])`;
const VEHICLES = String.raw`(?:car|truck|van|pickup|suv|motorbike|motorcycle|bike|scooter|hatchback|estate|coche|carro|auto|moto|furgoneta|camioneta)`;

// Someone's vehicle in the present, told apart by two details or more: 'he drives a silver 2019 Honda Civic
// with a dent', 'look for the black Tesla Model 3 behind the Lidl', 'su coche es un Seat León gris,
// matrícula …'. One detail is what anyone says of a car ('he drives a red Fiesta').
const VEHICLE_CUE = new RegExp(
  String.raw`\b(?:drives|driving|rides|riding|(?:his|her|their|su) (?:${VEHICLES}|ride|wheels)(?:'s| is| es)|look (?:out )?for|you can't miss)\b(?![^.!?\n]{0,12}\b(?:used to|when we|back then)\b)[^.!?\n]{0,80}`,
  'iu',
);
const VEHICLE_DETAILS = [
  new RegExp(String.raw`\b${COLOURS}\b`, 'iu'),
  /\b(?:19|20)\d\d\b/u,
  new RegExp(String.raw`\b${MAKES} (?:\w+ )?(?:${MAKES}|\d{1,3})\b`, 'iu'),
  /\b(?:dent(?:ed)?|scratch(?:ed)?|sticker|roof rack|tinted|lift kit|spoiler|plate|abollad[oa]|matricula)\b/iu,
  /\b(?:parked|parks|behind|outside|in the (?:lot|car park|driveway)|lot)\b/iu,
];
const MAKE = new RegExp(String.raw`\b${MAKES}\b`, 'iu');

function findVehicle(sentence: string): string | null {
  const told = VEHICLE_CUE.exec(sentence);
  if (!told || !MAKE.test(told[0])) return null;
  return VEHICLE_DETAILS.filter((detail) => detail.test(told[0])).length >= 2 ? told[0] : null;
}
// Where someone parks: 'always parks out back', 'parks in spot 14', 'aparca en la plaza 23'.
const PARKING =
  /\b(?:parks|parking|parked|aparca)\b(?: (?:it|her car|his car|the car|the van|the truck|el coche))? (?:out back|round the back|in (?:spot|space|bay|the (?:underground|multi-storey|back)|level|plaza)|in (?:the )?(?:same )?(?:spot|space|bay)|(?:behind|outside|at|on) the [\p{L}'’]+|(?:on|in) [\p{L}]+ (?:street|road|lane|avenue|st|rd|ave))|\b(?:spot|space|bay|plaza) (?:number |no\.? |#)?\d+\b/iu;
// A child's school named, with a teacher, a year or a time: 'his kids go to Hillcrest Elementary', 'her son's
// at lincoln middle', 'sus hijos van al colegio San José'.
const SCHOOL =
  /\b(?:(?:his|her|their) (?:kids?|sons?|daughters?|children|boy|girl|little one|youngest|eldest)(?:'s|s')?(?: (?:goes?|go|attends?|is|are|'s))?(?: to| at| in)?|(?:sus?) (?:hij[oa]s?|nin[oa]s?|pequen[oa]s?) (?:van|va|esta|estan|estudia|estudian) (?:al|en el|en la|a la))\s+(?!(?:a|an|the|up|from|to|at|in|on|is|are|goes|go|attends|primary|secondary|high|middle|elementary|nursery|boarding|private|public|local|catholic|grammar|state|same|big|new|school|his|her|their|year|grade)\b)(?:(?:st\.?|saint|san|santa) )?[\p{L}'’]+(?: [\p{L}'’]+)? (?:elementary|primary|middle|high|academy|school|prep|nursery|montessori|junior|infants|college|colegio|instituto|escuela|cole)\b|\b(?:mr|mrs|ms|miss)\.? [\p{L}'’]+ class\b|\b(?:pick ?up|drop ?off|let out|lets out|gets out|salen|sale) (?:is |at |a las )\d/iu;
// A school named in Spanish with its capital: 'al colegio San José' (the flag above would read any case).
const SCHOOL_NAMED_ES =
  /\b(?:[Cc]olegio|[Ii]nstituto|[Ee]scuela) (?:San |Santa |Nuestra Senora |El |La )?\p{Lu}\p{Ll}+/u;
// A flat, unit or room given by its number, in digits or in words read as digits: 'apartment is 12C', 'apt
// fourteen', 'unit 4B'.
const UNIT =
  /\b(?:apt|apartment|unit|suite|flat|room|buzzer|piso|puerta)\.?(?: number| no\.?| is| es| =|:|#)*\s*#?\d{1,4}[a-z]?\b/iu;
// A routine with a clock time and a place of the day: 'leaves his place at 7:20 every morning and walks to
// the station'. A time with no place ('gets up at 6 to run') places nobody.
const CLOCK = /\b(?:at|@|by|from|until|till|a las)\s*\d{1,2}(?::\d{2})?\s*(?:am|pm)?\b|\b\d{1,2}:\d{2}\b/iu;
const DAY_PLACE =
  /\b(?:station|bus stop|train|tube|metro|the \d{1,2}(?::\d{2})? (?:bus|train)|school gates?|car park|parking lot|gym|pool|leisure centre|market|stall|office|site|warehouse|depot|platform|crossing|park)\b/iu;
const GOES =
  /\b(?:leaves|walks|gets|takes|arrives|goes|runs|cycles|drives|catches|waits|stands|finishes|starts|clocks|opens|closes|sets up|is at|'s at|sale|llega|coge|toma|pasa)\b/iu;
// A spot where someone is on given days: 'Sundays she's at the farmers market, stall by the fountain'.
const STALL =
  /\b(?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|weekends|weekdays)\b[^.!?\n]{0,40}\b(?:stall|stand|booth|table|pitch|spot|van)\b[^.!?\n]{0,10}\b(?:by|next to|behind|near|opposite|outside|at)\b/iu;

// Licence plates spelled in the phonetic alphabet ('plate is four alpha kilo seven five five five').
const PHONETIC: Record<string, string> = {
  alpha: 'A',
  alfa: 'A',
  bravo: 'B',
  charlie: 'C',
  delta: 'D',
  echo: 'E',
  foxtrot: 'F',
  golf: 'G',
  hotel: 'H',
  india: 'I',
  juliet: 'J',
  juliett: 'J',
  kilo: 'K',
  lima: 'L',
  mike: 'M',
  november: 'N',
  oscar: 'O',
  papa: 'P',
  quebec: 'Q',
  romeo: 'R',
  sierra: 'S',
  tango: 'T',
  uniform: 'U',
  victor: 'V',
  whiskey: 'W',
  whisky: 'W',
  xray: 'X',
  'x-ray': 'X',
  yankee: 'Y',
  zulu: 'Z',
};
const PHONETIC_WORD = new RegExp(String.raw`\b(?:${Object.keys(PHONETIC).join('|')})\b`, 'giu');
const HAS_PHONETIC = new RegExp(PHONETIC_WORD.source, 'iu');
const PLATE_SPELLED =
  /\b(?:[Pp]lates?|[Rr]eg|[Rr]egistration|[Tt]ag|[Mm]atricula)\b[^.!?\n]{0,20}?((?:[A-Z0-9][ ,-]*){4,8})/u;
const DIGIT_WORDS: Record<string, string> = {
  zero: '0',
  oh: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
};
const DIGIT_WORD = /\b(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)\b/giu;
// A part of a plate given as such: 'plate starts with 5MN and ends 555', 'matrícula acabada en 47'.
const PLATE_PART =
  /\b(?:plate|plates|reg|registration|tag|matricula)\b[^.!?\n]{0,25}\b(?:starts?|starting|begins?|ends?|ending|acabada|terminada|termina|empieza)(?: with| in| en| por| con)?\s+[A-Z0-9]{2,4}\b/iu;

function phoneticPlate(numbers: readonly string[]): string | null {
  for (const text of numbers) {
    if (!HAS_PHONETIC.test(text)) continue;
    const spelled = text
      .replace(PHONETIC_WORD, (word) => PHONETIC[word.toLowerCase()] ?? word)
      .replace(DIGIT_WORD, (word) => DIGIT_WORDS[word.toLowerCase()] ?? word);
    const plate = PLATE_SPELLED.exec(spelled);
    const letters = plate?.[1]?.replace(/[ ,-]/g, '') ?? '';
    if (plate && /\d/.test(letters) && /[A-Z]/.test(letters)) return plate[0];
  }
  return null;
}

// Each kind of fact beside the words it is written with: a kind is read sentence by sentence only in a text
// that holds its words, since most texts hold none.
const KINDS: ReadonlyArray<{ words: RegExp; find: (sentence: string) => string | null }> = [
  {
    words: /\b(?:parks|parking|parked|aparca)\b|\b(?:spot|space|bay|plaza) (?:number |no\.? |#)?\d/iu,
    find: (sentence) => PARKING.exec(sentence)?.[0] ?? null,
  },
  {
    words:
      /\b(?:school|primary|elementary|middle|high|academy|nursery|prep|montessori|junior|infants|college|class|colegio|instituto|escuela)\b|\b(?:pick ?up|drop ?off|let out|lets out|gets out|salen?) (?:is |at |a las )\d/iu,
    find: (sentence) => (SCHOOL.exec(sentence) ?? SCHOOL_NAMED_ES.exec(sentence))?.[0] ?? null,
  },
  {
    words: /\b(?:apt|apartment|unit|suite|flat|room|buzzer|piso|puerta)\b[^.!?\n]{0,16}\d/iu,
    find: (sentence) => UNIT.exec(sentence)?.[0] ?? null,
  },
  {
    words: /\b(?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|weekends|weekdays)\b/iu,
    find: (sentence) => STALL.exec(sentence)?.[0] ?? null,
  },
  {
    words: /\b(?:plates?|reg|registration|tag|matricula)\b/iu,
    find: (sentence) => PLATE_PART.exec(sentence)?.[0] ?? null,
  },
  { words: VEHICLE_CUE, find: findVehicle },
  {
    words: CLOCK,
    find: (sentence) =>
      CLOCK.test(sentence) && DAY_PLACE.test(sentence) && GOES.test(sentence) ? sentence.trim() : null,
  },
];
// The readings for numbers are read only for a unit given in words ('apt fourteen') or a plate spelled out.
const UNIT_OR_PLATE_WORDS =
  /\b(?:apt|apartment|unit|suite|flat|room|buzzer|piso|puerta)\b\.?[^.!?\n]{0,12}\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|hundred|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez)\b|\b(?:plates?|reg|registration|tag|matricula)\b[^.!?\n]{0,20}\b(?:alpha|alfa|bravo|charlie|delta|echo|foxtrot|golf|hotel|india|juliett?|kilo|lima|mike|november|oscar|papa|quebec|romeo|sierra|tango|uniform|victor|whiske?y|x-?ray|yankee|zulu)\b/iu;

/** The first identifying fact about someone in one sentence of the writer's, or null. */
export function findIdentifyingFact(
  folded: string,
  present: (text: string) => string[],
  numbers: readonly string[],
): string | null {
  const kinds = KINDS.filter((kind) => kind.words.test(folded));
  if (kinds.length > 0) {
    for (const sentence of present(folded)) {
      for (const kind of kinds) {
        const fact = kind.find(sentence);
        if (fact) return fact;
      }
    }
  }
  if (!UNIT_OR_PLATE_WORDS.test(folded)) return null;
  const readings = numbers.flatMap(present);
  for (const text of readings) {
    const unit = UNIT.exec(text);
    if (unit) return unit[0];
  }
  return phoneticPlate(readings);
}
