import { findPhrase, phrases, type TextReading } from '../reading';

/**
 * Two detectors that hold (docs/screening.md): hate speech against a protected group without a slur (a
 * generalisation about the group, or a call to act against it), and sexual content involving a minor (an age
 * under 18, or a word for a child, with a sexual word in the same sentence), which is also urgent.
 */

const GROUP = String.raw`(?:muslims?|jews|jewish people|christians|catholics|hindus|sikhs|buddhists|atheists|black (?:men|women|people|guys|girls|folk)|blacks|white (?:men|women|people)|whites|asians|asian (?:men|women|people)|chinese(?: people)?|indians|pakistanis|bangladeshis|arabs|mexicans|latinos|latinas|hispanics|africans|nigerians|somalis|romanians|poles|polish people|albanians|russians|immigrants|migrants|refugees|foreigners|gypsies|travellers|roma|gays|gay (?:men|people|guys)|lesbians|bisexuals|bi (?:people|men|women)|trans (?:women|men|people)|transgender (?:people|women|men)|queers|women|men|girls|disabled (?:people|folk)|the disabled|autistic (?:people|men|women)|old people|the elderly|deaf people|blind people|the mentally ill|mentally ill people|people with (?:autism|down syndrome|downs|disabilities|a disability|adhd|schizophrenia)|schizophrenics|autistics|wheelchair users|non-?binary people|enbies|trans ?women|trans ?men|transgenders|trans folk|the trans|trans(?= (?:are|r|should|need|can't))|genderfluid people|drag queens|italians|irish people|the irish|germans|french people|turks|kurds|afghans|iranians|iraqis|syrians|ukrainians|vietnamese(?: people)?|koreans|japanese(?: people)?|filipinos|filipinas|thais|thai (?:women|girls|people)|brazilians|colombians|venezuelans|jamaicans|ghanaians|kenyans|ethiopians|eritreans|moroccans|egyptians|palestinians|israelis|mormons|protestants|hindu people|sikh people|(?:muslim|jewish|black|asian|indian|chinese|mexican|arab|african|immigrant|trans|gay|disabled|autistic) (?:men|women|guys|girls|people|folk|families)|(?:men|women|people) (?:like (?:him|her) )?from (?:africa|asia|india|pakistan|mexico|the middle east)|(?:his|her|their) kind|her people|his people|people of (?:his|her|their|that|this) (?:religion|race|faith|colou?r|skin colou?r|ethnicity|kind))`;
const NEGATIVE = String.raw`(?:gold ?diggers|pigs|liars|criminals|terrorists|animals|vermin|rats|cockroaches|parasites|dirty|filthy|disgusting|thieves|scammers|sick|evil|stupid|lazy|violent|subhuman|savages|inferior|a burden|burdens|broken|useless|greedy|rapists|paedophiles|pedophiles|perverts|predators|soulless|robots|worthless|trash|scum|a disease|a plague|diseased|aggressive|cheats|frauds|dangerous|primitive|backwards|not human|less than human|not real|aren't real|fake|mentally ill|sick in the head|unnatural|submissive|easy|loud|ghetto|ratchet|stingy|money-grabbing|money grabbing|untrustworthy|lying|crooks|bloodsuckers|breeders|backward|inbred|ignorant|uneducated|illiterate|thick|dim|an abomination|too stupid|incapable|groomers|delusional|freaks|degenerates|mutants|a mental illness|mentally disabled|a drain|genetically inferior|retarded|brainwashed|smelly|thieving|extremists|fanatics|barbaric|barbarians|uncivili[sz]ed|leeches|scroungers|spongers|invaders|illegals|bombers|thugs|gangsters|drunks|alcoholics|bad drivers|cheap|a joke|not welcome|unwelcome|all mafia|mafia|monkeys|apes|gorillas|baboons|insects)`;

// The groups without the two sexes: 'men are all the same' is an ex's venting more than hate speech, so the
// loosest patterns leave the sexes out.
const GROUP_NOT_SEX = GROUP.replace('|women|men|girls|', '|');
// A group, as the subject of a generalisation: 'Jews like him', 'men like him from Africa'.
const GROUP_SUBJECT = String.raw`${GROUP}(?: like (?:him|her|them|that|this one|(?:his|her|their|my|your) \w+))?`;
const NEGATIVE_ACTS = String.raw`(?:eat (?:dogs|anything|cats)|play the (?:victim|race card)|steal|lie|cheat|smell|stink|rape|scam|can't be trusted|cannot be trusted|are never to be trusted|only want (?:money|papers|benefits))`;

// Groups named in Spanish, always after an article or a determiner ('los gitanos'), since 'negros' is also
// the colour ('los zapatos negros').
const GROUP_ES = String.raw`(?:(?:mujeres|hombres|chicas|chicos) trans|(?:personas|gente) (?:trans|negras?|gays?|gitanas?|musulmanas?|discapacitadas?|homosexuales|inmigrantes|latinas?|arabes|judias?)|musulmanes|judios|gitanos|gitanas|inmigrantes|moros|negros|negras|chinos|arabes|latinos|mexicanos|sudacas|gays|maricones|lesbianas|trans|transexuales|mujeres|discapacitados|refugiados|rumanos|marroquies|extranjeros|indios|venezolanos|colombianos|peruanos|ecuatorianos|bolivianos|dominicanos)`;

const GROUP_ES_MEMBER = String.raw`(?:moro|mora|negro|negra|chino|china|gitano|gitana|judio|judia|indio|india|sudaca|marica|maricon|panchito|rumano|rumana|musulman|musulmana|inmigrante|latino|latina|mexicano|mexicana|paki|bollera|travelo)`;
const GROUP_MEMBER = String.raw`(?:muslim|jew|trans (?:woman|man|person)|non-?binary person|autistic person|disabled person|deaf person|italian|irish|turk|afghan|syrian|albanian|polish|chinese (?:man|woman|person)|black (?:man|woman|guy|girl|person)|mexican|arab|indian|asian|chinese|gay|trans|tranny|immigrant|gypsy|nigerian|romanian|pole|pakistani|african|lesbian|refugee|migrant|woman|catholic|hindu|sikh)`;

const HATE_SOURCES: readonly string[] = [
  String.raw`(?:filthy|dirty|disgusting|vile|stinking|stinky|smelly|fucking|fuckin|bloody|damn|damned|stupid) (?:${GROUP_NOT_SEX}|${GROUP_MEMBER.replace('|woman|', '|').replace('|gay|', '|')}|gypsy|gipsy|pikey)`,
  String.raw`${GROUP} (?:are )?(?:taking|take|stealing|steal|took|stole|have taken) (?:our|all the|all our|the) (?:jobs|houses|homes|women|benefits|country|money)`,
  String.raw`(?:go|send (?:them|him|her)|should go|can go) back (?:to )?where (?:they|you|he|she) came from`,
  String.raw`(?:no (?:me gustan|soporto|aguanto|trago)|odio a) (?:a )?(?:los|las) ${GROUP_ES}`,
  String.raw`(?:los|las) ${GROUP_ES} (?:me dan asco|dan asco|son un asco|me repugnan)`,
  String.raw`(?:malditos|malditas|putos|putas) ${GROUP_ES}|(?:maldito|maldita|puto|puta) ${GROUP_ES_MEMBER}`,
  String.raw`tipico de (?:un|una) ${GROUP_ES_MEMBER}`,
  String.raw`(?:los|las) ${GROUP_ES} no (?:deberian|deben|tendrian que) (?:poder|tener derecho a) (?:adoptar|casarse|votar|trabajar|existir|tener hijos|vivir aqui)`,
  String.raw`${GROUP} (?:are|r) (?:too|so|far too) (?:emotional|stupid|weak|dumb|irrational|hormonal|lazy|primitive) to (?:be|lead|drive|vote|work|think|handle|run|make)`,
  String.raw`${GROUP} (?:commit|cause|are behind|do|are responsible for) (?:all|most|nearly all|half) (?:the |of the )?(?:crime|crimes|violence|rapes|terror|terrorism|problems|stabbings)`,
  String.raw`(?:los|las) ${GROUP_ES} no son (?:humanos|humanas|personas|gente)`,
  String.raw`(?:what (?:do|did|else do|else did|can) (?:you|u|i|we) expect)[^.!?\n]{0,20}(?:he's|she's|he is|she is|they're|they are|hes|shes) (?:a |an )?${GROUP_MEMBER}`,
  String.raw`${GROUP} (?:are|r|will|'ll|are all|will all) (?:going to|gonna|go to|burn in|rot in|end up in) hell|${GROUP} (?:deserve to|should) (?:burn|rot|go to hell|suffer)`,
  String.raw`${GROUP} (?:are|r) (?:behind|responsible for|to blame for|the cause of|the root of) (?:everything|all|most|the problems|every|what's wrong)`,
  String.raw`${GROUP} treat (?:women|their wives|their women|people|us|girls|their kids) like (?:dogs|animals|slaves|shit|property|objects|dirt)`,
  String.raw`${GROUP} (?:are|r|is) (?:a |an )?(?:real |big |serious )?(?:danger|threat|risk|menace) to (?:children|kids|society|women|us|everyone|our (?:kids|children|daughters))`,
  String.raw`(?:los|las) ${GROUP_ES} (?:comen perros|comen gatos|roban|mienten|apestan|huelen mal|no se lavan|viven de (?:las ayudas|paguitas|nosotros|subvenciones)|viven del cuento|no quieren trabajar|son un peligro|son una amenaza)`,
  String.raw`${GROUP_SUBJECT} (?:don't|do not|dont) belong (?:here|in this country|anywhere|among us)`,
  String.raw`typical ${GROUP_MEMBER.replace('|woman|', '|')}(?: man| woman| men| women| guy| girl| person| people| family)?`,
  String.raw`${GROUP_NOT_SEX}(?: like (?:him|her|them))? (?:are|r) all (?:\w+ )?\w+`,
  String.raw`(?:every|any) ${GROUP_MEMBER} (?:is|will) (?:a |an )?(?:\w+ )?(?:liar|criminal|terrorist|thief|scammer|animal|rapist|paedophile|pedophile|pervert|predator|parasite|savage|the same|dangerous|dirty|evil)`,
  String.raw`(?:hate|despise|can't stand|cant stand) (?:all )?${GROUP}`,
  String.raw`${GROUP_SUBJECT} (?:are|r) (?:a |the )?(?:problem|cancer|disease|plague|curse|threat|virus|infestation|invasion)`,
  String.raw`${GROUP_SUBJECT} (?:ruin|ruined|destroy|are destroying|are ruining|are taking over|take over) (?:everything|this country|the country|our country|britain|america|england|the neighbourhood)`,
  String.raw`(?:go|send (?:them|him|her)|should go) back to (?:your|their|his|her) (?:own )?(?:country|jungle|desert)`,
  String.raw`(?:can't|cannot|never|don't|dont) trust (?:a|an|any) ${GROUP_MEMBER}`,
  String.raw`(?:all |most |typical )?${GROUP_SUBJECT} (?:all |always |just |will |would )?${NEGATIVE_ACTS}`,
  String.raw`${GROUP_SUBJECT} (?:are|r) (?:all |just |basically )?(?:paedophile|pedophile|terrorist|criminal|rapist|child|baby) \w+`,
  String.raw`(?:all |most |typical |every )?${GROUP_SUBJECT} (?:are|r|were|will always be|are basically|are just|are all|all are)(?: (?:all|just|basically|always|nothing but|naturally|by nature|so|really|very|too|such|inherently|genetically|mostly|usually|literally|fucking|bloody|born))* ${NEGATIVE}`,
  String.raw`all ${GROUP} (?:are|do|want|should|lie|steal|cheat)`,
  String.raw`${GROUP} (?:should|must|need to|ought to|deserve to) (?:all )?(?:be )?(?:deported|locked up|rounded up|banned|shot|gassed|killed|removed|sent back|sterili[sz]ed|cured|exterminated|wiped out|wiped off (?:the (?:face of the )?earth|the map)|put down|kept away|segregated|burned|hanged|go back)`,
  // A group said to be fit only for a use: 'women like her are only good for cooking and breeding'.
  String.raw`${GROUP_SUBJECT} (?:are|r) (?:only|just) (?:good|fit|useful) for (?:cooking|cleaning|breeding|sex|babies|making babies|the kitchen|the bedroom|one thing|housework|slavery|manual labou?r)`,
  String.raw`${GROUP_SUBJECT} (?:shouldn't|should not|mustn't|must not) be allowed`,
  // A people's name as the explanation of what someone did: 'that's what Romanians do', 'she's Nigerian so
  // obviously it was a scam'.
  String.raw`(?:that's|thats|that is|it's|its) (?:just |exactly )?what ${GROUP_NOT_SEX} (?:do|are like)(?![\p{L}])`,
  String.raw`${GROUP_MEMBER}[^.!?\n]{0,20}(?:they're|they are|theyre) all (?:like that|the same)`,
  String.raw`(?:they're|they are|theyre|people are) all (?:like that|the same|${NEGATIVE})[^.!?\n]{0,10}in (?:his|her|their) country`,
  String.raw`what (?:else )?(?:would|do|can|did) (?:you|u|i) expect from (?:someone|people|a guy|a girl|a man|a woman) from`,
  String.raw`(?:he's|she's|hes|shes|he is|she is|they're|they are) (?:a |an )?${GROUP_MEMBER.replace('|woman|', '|')}(?:,| so| and)+ (?:obviously|of course|naturally|what do you expect|typical|no surprise)`,
  String.raw`(?:never|don't|dont|do not) (?:date|trust|marry|hire|rent to) (?:a|an) (?:muslim|jew|black|mexican|arab|indian|asian|chinese|gay|trans|immigrant|gypsy|nigerian|romanian|pole|woman|man)`,
  String.raw`typical of (?:her|his|their) (?:kind|race|religion|people)`,
  String.raw`${GROUP_SUBJECT} (?:only|just) care about money`,
  String.raw`${GROUP} breed like`,
  String.raw`${GROUP} (?:run|control|own|rule|secretly run|secretly control)(?: all| all of| most of)? (?:everything|the world|the media|the banks|banks|hollywood|the government|the money|the news|this country)`,
  String.raw`${GROUP} (?:are|r) (?:only|just) (?:good|useful|fit) for`,
  String.raw`${GROUP} (?:are|r|come|came) (?:only |just )?(?:here|over here|in this country|to this country) (?:to|for) (?:steal|take|sponge|leech|claim|scrounge|rob|rape|breed|benefits|handouts)`,
  String.raw`trans (?:women|woman|girls)(?: are| is| r)(?: just| only| really| still| basically| all| nothing but)? (?:men|a man|blokes|a bloke|dudes|guys|boys)(?! who)`,
  String.raw`trans (?:men|man|guys)(?: are| is| r)(?: just| only| really| still| basically| all| nothing but)? (?:women|a woman|girls|a girl)(?! who)`,
  String.raw`${GROUP} (?:are|r) (?:just |only |all |basically )?(?:men|women|boys|girls|blokes) in (?:dresses|wigs|disguise|makeup|a dress)`,
  String.raw`${GROUP} (?:just )?need (?:a real man|a real woman|curing|fixing|to be cured)`,
  String.raw`${GROUP} (?:only |just |all |always )?(?:come|came|coming) (?:over )?(?:here|to this country|to (?:the uk|britain|england|america|the us|europe)) (?:to|and|for) (?:steal|leech|take|sponge|scrounge|rob|claim|rape|benefits|handouts)`,
  String.raw`${GROUP} (?:aren't|are not|arent) (?:real|proper|actual) (?:women|men|people)`,
  String.raw`${GROUP} (?:in disguise|pretending|preying)`,
  String.raw`${GROUP} (?:should|must|need to) (?:just )?(?:die|die off|disappear)`,
  String.raw`(?:deport|ban|gas|kill|exterminate) (?:all )?(?:the )?${GROUP}`,
  String.raw`${GROUP} shouldn't (?:date|exist|have kids|breed|vote|be here|be in this country)`,
  // Stereotypes and dehumanizing statements said without a slur.
  String.raw`(?:being |identifying as )?(?:trans|transgender|gay|bi|bisexual|lesbian|non-?binary|autistic|disabled|queer) is (?:a |just a |an )?(?:disgusting|wrong|unnatural|gross|vile|mental illness|mental disorder|disease|sickness|sin|abomination|phase|fetish|perversion|delusion|choice|fad|trend|cult|disorder|contagion)`,
  String.raw`(?:what (?:do|did|else do|else did) (?:you|u|i) expect|what can you expect) from (?:a|an) ${GROUP_MEMBER}`,
  String.raw`${GROUP_NOT_SEX} (?:can't|cannot|can never|never) (?:drive|be trusted|be faithful|be loyal|think|love|control themselves|assimilate|integrate|be honest|tell the truth)`,
  String.raw`like (?:all|every|most) (?:the )?${GROUP_NOT_SEX}`,
  String.raw`${GROUP_NOT_SEX} (?:are|r) (?:born|naturally|genetically|by nature|all just) \w+`,
  String.raw`${GROUP} (?:are|r|aren't|arent|are not) (?:even )?(?:not )?(?:human|people|real people|fully human)(?![\p{L}])`,
  String.raw`${GROUP} (?:are|r) (?:like|worse than|no better than) (?:animals|rats|dogs|vermin|cockroaches|pigs|monkeys|apes|insects|a virus)`,
  String.raw`${GROUP} (?:belong|should (?:be|live)) in (?:cages|zoos|a zoo|the zoo|camps|the jungle)`,
  String.raw`${GROUP} (?:are|r) (?:just |only |nothing but )?(?:property|objects|possessions|cattle|livestock)(?=[.!,;]|$)`,
  String.raw`(?:los|las|todos los|todas las) ${GROUP_ES} (?:solo )?(?:sirven|valen) para (?:la cocina|cocinar|fregar|limpiar|parir|follar|eso)`,
  String.raw`(?:these people|those people) breed like (?:rabbits|rats|animals|cockroaches|flies|vermin)`,
  String.raw`(?:like|just like|you and) (?:the rest of |all )?(?:your|ur) (?:kind|race|species|tribe)(?![\p{L}])`,
  String.raw`(?:rata|basura|escoria|animal|mono|cerdo|cucaracha|parasito)[^.!?\n]{0,30}(?:los de tu|toda tu|la gente de tu|como tu) (?:raza|especie|tribu)`,
  String.raw`the only good (?:${GROUP_MEMBER})s? (?:is|are) (?:a )?dead(?: one| ones)?|the only good ${GROUP} (?:is|are) dead`,
  String.raw`${GROUP} (?:shouldn't|should not|don't deserve to|do not deserve to|have no right to) (?:have|get|be given) (?:rights|the vote|the right|jobs|kids|children|a say)`,
  String.raw`${GROUP} (?:belong|should stay|should be kept|should be locked) (?:in the kitchen|at home|in the home|barefoot)`,
  // Spanish, read without its accents.
  String.raw`el unico ${GROUP_ES_MEMBER} bueno es el (?:muerto|que esta muerto)|la unica ${GROUP_ES_MEMBER} buena es la (?:muerta|que esta muerta)|(?:las mujeres|ellas) a la cocina`,
  String.raw`(?:los|las|todos los|todas las|esos|esas|estos|estas) ${GROUP_ES} (?:son|estan) (?:(?:todos|todas|unos|unas|solo|siempre|una|un|muy|tan|mas que|unos putos|unas putas) )*(?:[\p{L}]+ )?(?:terroristas|ladrones|sucia|asquerosa|peligrosa|enferma|mentirosa|violent[oa]s?|criminales|delincuentes|animales|basura|escoria|violadores|sucios|sucias|inferiores|ratas|parasitos|enfermos|enfermas|plaga|enfermedad|asquerosos|asquerosas|vagos|vagas|mentirosos|mentirosas|peligrosos|salvajes|cucarachas|bestias|subhumanos|amenaza|lo peor|una mierda|mierda)`,
  // A trans person's sex denied ('las mujeres trans son hombres'), as in English.
  String.raw`(?:mujeres|chicas) trans (?:son|no son mas que|solo son|siguen siendo) (?:hombres|tios|chicos|varones)(?! que)|(?:hombres|chicos) trans (?:son|no son mas que|solo son|siguen siendo) (?:mujeres|chicas|tias)(?! que)|${GROUP_ES} no son (?:mujeres|hombres|personas) (?:de verdad|reales|normales)`,
  String.raw`(?:los|las) ${GROUP_ES} (?:deberian|tienen que|hay que) (?:ser )?(?:deportados|expulsados|eliminados|exterminados|encerrados|volver a su pais|irse|morir|desaparecer)`,
  String.raw`(?:odio a|fuera|que se vayan|hay que echar a) (?:los|las|todos los) ${GROUP_ES}`,
  String.raw`(?:los|las|todos los|todas las) ${GROUP_ES} no (?:sirven|valen) (?:para nada|nada|para)`,
  String.raw`(?:los|las) ${GROUP_ES} (?:controlan|dominan|manejan|mandan en) (?:todo|el mundo|los bancos|el dinero|los medios|este pais)`,
  String.raw`(?:los|las) ${GROUP_ES} (?:solo )?(?:vienen|llegan|vinieron|estan aqui) (?:aqui |a espana |a este pais )?(?:a|para) (?:robar|quitarnos|vivir del|aprovecharse|violar|delinquir|traficar)`,
  String.raw`(?:moro|mora|negro|negra|chino|china|gitano|gitana|judio|judia|indio|india|sudaca|marica|maricon|panchito|rumano|rumana|musulman|musulmana|inmigrante|latino|latina|mexicano|mexicana|moromierda|paki|bollera|travelo) de mierda`,
];
// Few patterns per expression: each holds the whole list of groups, and sixteen of them together make an
// expression V8 no longer compiles to machine code.
const HATE = phrases(HATE_SOURCES, 4);

// Every pattern names a group, one of its members, or a people without naming it ('your kind', 'tu raza'):
// only the sentences that do are read further.
const A_PEOPLE = String.raw`(?:(?:your|ur|their) (?:kind|race|species|tribe)|(?:his|her|their) country|(?:someone|people|a guy|a girl|a man|a woman) from|(?:tu|su) (?:raza|especie|tribu)|these people|those people)`;
const NAMES_A_GROUP = new RegExp(
  String.raw`(?<![\p{L}])(?:${GROUP}|${GROUP_MEMBER}|${GROUP_ES}|${GROUP_ES_MEMBER}|${A_PEOPLE})(?![\p{L}])`,
  'u',
);
// The same in a spaced-out run read as one string ('muslimsareallliars'): a run that names no group is not
// read further, since every pattern tried at every position of a long run is what costs.
const NAMES_A_GROUP_JOINED = new RegExp(
  `(?:${GROUP}|${GROUP_MEMBER}|${GROUP_ES}|${GROUP_ES_MEMBER}|${A_PEOPLE})`
    .replace(/ \??/g, '')
    .replace(/'\??/g, ''),
  'u',
);
const SENTENCES = /[^.!?\n]+[.!?\n]*/g;

// What someone else said or thinks of a group, reported ('he said all women are liars, which says it all').
const REPORTED_VIEW =
  /\b(?:he|she|they|his \w+|her \w+|their \w+|my \w+)\s+(?:once |always |would |even |actually |genuinely |really |then )?(?:said|says|thinks|thought|believes|believed|claimed|claims|told me|tells people|used to say|would say|kept saying|call(?:ed|s)? (?:me|him|her|us|them|my \w+))\b/iu;

// What is reported is what follows the verb of saying: the words before it are the writer's own ('jews run
// everything and he thinks he's better than us').
function sentencesNamingAGroup(text: string): string {
  return (text.match(SENTENCES) ?? [])
    .map((sentence) => sentence.slice(0, REPORTED_VIEW.exec(sentence)?.index ?? sentence.length))
    .filter((sentence) => NAMES_A_GROUP.test(sentence))
    .join('\n');
}

/** The words of the first generalisation about a protected group, or null. */
export function findHateSpeech(reading: TextReading): string | null {
  const lower = reading.lower.map(sentencesNamingAGroup).filter((text) => text !== '');
  const runs = reading.runs.filter((run) => NAMES_A_GROUP_JOINED.test(run));
  if (lower.length === 0 && runs.length === 0) return null;
  return findPhrase({ ...reading, lower, runs }, HATE);
}

const UNDER_AGE_NUMBER = String.raw`(?:[1-9]|1[0-7])`;
const UNDER_AGE_WORD = String.raw`(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen)`;
const UNDER_AGE = String.raw`(?:${UNDER_AGE_NUMBER}|${UNDER_AGE_WORD})`;
// An age under 18, a school year or a word for a young teenager.
const MINOR_AGE = new RegExp(
  [
    // 'N years' is also a length of time ('together 2 years 3 months', 'for 3 years'): without 'old' it is an
    // age only where no word of time comes before it and no further unit after it.
    String.raw`\b${UNDER_AGE}[\s-]*(?:years?|yrs?)[\s-]*(?:olds?|of age)\b|\b${UNDER_AGE}[\s-]*(?:yo|y\.o\.?|y/o)(?![\p{L}])`,
    String.raw`(?<!(?:for|together|dated|dating|married|been|after|over|almost|nearly|about|of|than|within|in|last|past|first|those|these|the|some|few|couple|lasted|spent|wasted|lost|gave|give|took|wait|waited) )\b${UNDER_AGE}[\s-]*(?:years?|yrs?)\b(?![\s,]*(?:and\s+)?(?:\d+|${UNDER_AGE_WORD})\s*(?:months?|mos?|weeks?|days?))(?![\s-]*(?:together|later|ago|in|of|on|and|with|since|before|after|now))`,
    String.raw`\b${UNDER_AGE_NUMBER}\s?yo\b`,
    String.raw`\b(?:in )?year (?:[4-9]|1[0-1])\b`,
    String.raw`\b(?:[5-9]th|1[0-1]th) grade(?:r)?\b|\bgrade (?:[5-9]|1[0-1])\b|\b(?:fifth|sixth|seventh|eighth|ninth|tenth|eleventh) grade\b`,
    String.raw`\b(?:high ?schoolers?|middle ?schoolers?)\b`,
    String.raw`\b(?:(?:junior|senior|sophomore|freshman) (?:in|at) (?:high|middle) school|(?:high|middle) school (?:junior|senior|sophomore|freshman|student))\b`,
    String.raw`\b(?:freshman|freshmen|sophomores?|middle school(?:er)?|high school(?:er)? (?:girls?|boys?|kids?|students?)|barely legal|underage (?:girls?|boys?))\b`,
    // Spanish: 'tenía 14 años', 'una niña de 13', 'menor de edad'.
    String.raw`\b(?:tenia|tenias|tiene|tienes|cumplia|con|desde los|a los|de)\s+(?:${UNDER_AGE_NUMBER}|doce|trece|catorce|quince|dieciseis|diecisiete)\b(?![.:,]\d)(?!\s*(?:minutos|horas|dias|semanas|meses|veces|euros|pesos|dolares|km|kilos|metros|personas|amigos|hijos|anos de|de la|del))|\b(?:${UNDER_AGE_NUMBER}|doce|trece|catorce|quince|dieciseis|diecisiete) anos\b|\b(?:nina|nino|chica|chico|cria|crio|menor|adolescente|cha)s? de (?:${UNDER_AGE_NUMBER}|doce|trece|catorce|quince|dieciseis|diecisiete)\b|\bmenor(?:es)? de edad\b|\b(?:colegialas?|una menor|un menor)\b`,
    String.raw`\bbefore (?:they|she|he|you) (?:turns?|is|are|was|were|hits?) ${UNDER_AGE}\b`,
    String.raw`\b(?:aged?|only|just|was|is|were|are|turned|she's|he's|shes|hes|at|barely|like)\s+${UNDER_AGE}\b(?![.:]\d)(?![\s-]+(?:of|and only|in a|for|who|that|more|last|thing|day|time|another|step|way|hundred|thousand))(?![\s-]*(?:minutes?|hours?|days?|weeks?|months?|times?|pm|am|o'clock|dates?|%|k|kg|miles?|quid|pounds?|dollars?))`,
    String.raw`\b(?:under[\s-]?(?:age|aged|16|18|sixteen|eighteen)|minors?|schoolgirls?|schoolboys?|jail ?bait|pre-?teens?|teenage (?:girls?|boys?)|teen (?:girls?|boys?)|underage)\b`,
  ].join('|'),
  'iu',
);
// A word for a child or a teenager, which parents use about their own: only abuse words count with it.
const MINOR_WORD =
  /\b(?:kids?|children|child|niece|nephew|stepdaughter|step-daughter|stepson|cousin|teens|teenagers?|ninas?|ninos?|menor(?:es)?|hijastr[oa]s?|sobrin[oa]s?)\b/iu;
const SEXUAL =
  /\b(?:sex|sexy|sexual|sexually|sexted|sexting|sext\w*|sleep(?:s|ing)? (?:with|w\/?)|slept (?:with|w\/?)|(?:sleep|sleeping|slept) together|had sex|underwear|panties|knickers|made out|shag(?:ged|ging)?|nudes?|naked|porn|lingerie|in bed|hook(?:ed|ing)? up|hooked up|grop(?:e|ed|ing)|fondl(?:e|ed|ing)|molest(?:ed|ing)?|fuck(?:ed|ing)?|groom(?:ed|ing)|turns? (?:him|her|them) on|turned (?:him|her|them) on|(?:got|gets?) off(?! (?:work|the|at|early|late|shift|his|her|my|with|lightly|easy|scot|a |an ))|horny|virgin\w*|bang(?:ed|ing|s)?|f[u*]?c?k(?:ed|ing)|fck(?:ed|ing)?|(?:mess|fool)(?:ed|ing)? around with|touch(?:ed|es|ing)? (?:her|him|them|me)\b(?! base)|jail ?bait|into (?:barely legal|underage|young|little|teen|teenage|teenagers)|likes? (?:them|'em|girls|boys|it) (?:young|underage|barely legal|in (?:middle|high|primary|junior high) school|still in school)|in the shower|pictures of (?:her|his|their) body|photos of (?:her|his|their) body|dress(?:ed)? up like|blowjob|handjob|dick pics?|undress\w*|topless|paedo\w*|pedo\w*|prey(?:s|ed|ing)? on|goes after|went after|up (?:the|her|their) skirts?|upskirt\w*|hooks up|touch(?:ed|ing)? (?:her|him|them) (?:up|inappropriately|down there)|into (?:(?:[1-9]|1[0-7])[\s-]*(?:years?|yrs?)[\s-]*olds?|teens|young (?:girls|boys)|minors|kids|children|schoolgirls|high school (?:girls|boys))|se acost(?:o|aba|aron) con|se acostaban|se acuestan? con|acostandose con|acostarse con|(?:tuvo|tuvieron|tener) (?:sexo|relaciones)|sexo con|desnud[oa]s?|fotos (?:intimas|de su cuerpo)|(?:la|lo|le) (?:tocaba|toco|manoseaba|manoseo)|abus(?:o|aba) de|follar(?:se)?(?:la|lo)?|se la follo|porno|(?:me|se|te) (?:la|lo) (?:cogi|cogio|cogia|cogiste|cogimos)|cogiendo(?:nos|la|lo|me)?|cogermela|cogerla)\b/iu;
// What is abuse beside any word for a child: 'sex' beside 'the kids' is about the parents.
const ABUSE =
  /\b(?:(?:pictures|photos|videos|images|pics) of (?:kids|children|minors|little (?:girls|boys)|young (?:girls|boys))|nudes?|naked|porn|grop(?:e|ed|ing)|fondl(?:e|ed|ing)|molest(?:ed|ing)?|groom(?:ed|ing)|undress\w*|topless|in the shower|pictures of (?:her|his|their) body|photos of (?:her|his|their) body|sexted|sexting|dick pics?|sexual|sexually|touch(?:ed|ing)? (?:her|him|them) (?:up|inappropriately|down there)|sleep(?:s|ing)? with|slept with|had sex with|sex with|desnud[oa]s?|abus(?:o|aba) de|(?:la|lo|le) (?:tocaba|toco|manoseaba|manoseo)|se acost(?:o|aba|aron) con)\b/iu;
// Words that are sexual only beside an explicit age: 'dated a 14 year old', 'how hot the 11 year olds were'.
const SEXUAL_WITH_AN_AGE =
  /\b(?:dating|dated|dates?|seeing|relationship with|affair|pregnant|hot|hotter|hottest|sexier|sexiest|in the bath|(?:get|got|gotten|getting) with (?:her|him|them)|(?:begging|begged|asking|asked|gagging) for it|wanted it|(?:got|has|had|'s got) (?:a |such a |some )?(?:[\w-]+ )?(?:body|figure|rack|curves)|(?:better|best|prefers?|likes?|liked) (?:them |girls |boys )?(?:before|under|at)|look(?:ed|s)? (?:so |really |very )?(?:good|hot|sexy|fit|fine|tasty)|in (?:her|his) (?:school )?uniform|girlfriend|boyfriend|gf|bf|novia|novio|saliendo con|salia con|relacion con|(?:asked|begged|pressured|made|got|wanted|asking|begging|asks|begs)[^.!?\n]{0,30}(?:for|to send|to take|to show) (?:pics|pictures|photos|nudes|selfies|videos))\b/iu;
// Teenagers dating each other, told by one of them ('we started dating at 16', 'I was 15 when we first
// dated'), is no abuse: those words count then only beside an adult's age ('I was 15 and he was 25').
const FIRST_PERSON = /\b(?:i|we|i'm|im|i was|we were|me|us)\b/iu;
const ADULT_AGE =
  /\b(?:he|she|they|him|her|he's|she's) (?:was|is|were|being) (?:1[89]|[2-9]\d)\b|\b(?:1[89]|[2-9]\d)[\s-]*(?:years?|yrs?)[\s-]*olds?\b|\b(?:an?|his|her) (?:1[89]|[2-9]\d)\b/iu;
const SENTENCE = /[^.!?\n]+[.!?\n]*/g;

// The age is the writer's own ('I was 15 when we first dated', 'we started dating at 16').
const FIRST_PERSON_UNDER_AGE = new RegExp(
  String.raw`\b(?:i|we)(?:'m| am| was| were| are)?(?: both| only| just| still)* ${UNDER_AGE}\b|\bwhen (?:i|we) (?:was|were)\b|\b(?:i|we)\b[^.!?\n]{0,30}\bat ${UNDER_AGE}\b|\b(?:in|at) (?:high|middle) school\b`,
  'iu',
);

// Pictures sent beside a minor's age ('sent me pics when she was in 9th grade'), unless they are a family's.
const SENT_PICTURES =
  /\b(?:sent|send|sends|sending) (?:me|him|her|us) (?:pics|pictures|photos|videos|selfies|snaps)\b/iu;
const FAMILY =
  /\b(?:daughter|son|niece|nephew|kids?|child|children|grandchild\w*|granddaughter|grandson|sister|brother|cousin|hij[oa]s?|sobrin[oa]s?|herman[oa]s?|nietos?|nietas?)\b/iu;

function withAnAge(sentence: string): boolean {
  const pictures = SENT_PICTURES.test(sentence) && !FAMILY.test(sentence);
  if (!pictures && !SEXUAL_WITH_AN_AGE.test(sentence)) return false;
  if (!FIRST_PERSON.test(sentence)) return true;
  return !FIRST_PERSON_UNDER_AGE.test(sentence) || ADULT_AGE.test(sentence);
}

/** The sentence that puts a minor in a sexual context, or null. */
export function findMinorSexualContent(reading: TextReading): string | null {
  for (const text of reading.lower) {
    for (const sentence of text.match(SENTENCE) ?? []) {
      const age = MINOR_AGE.test(sentence);
      if (!age && !MINOR_WORD.test(sentence)) continue;
      if (age ? SEXUAL.test(sentence) || withAnAge(sentence) : ABUSE.test(sentence)) return sentence.trim();
    }
  }
  return null;
}
