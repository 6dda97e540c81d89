/**
 * Veiled menace read by what it is made of rather than by its wording (docs/screening.md): a sentence, with
 * the two after it, that speaks to the person (you, your) and joins two kinds of menace: harm that may befall
 * them, being watched or sought, being alone and unprotected, time running out, a warning, allies or a weapon.
 * Each alone is ordinary ('drive safe', 'I was in hospital', 'my brother says hi'); two of them said to
 * someone are how a threat is veiled ('Roads get icy this time of year. Drive safe, if you can.').
 */

// Said to the person, by a pronoun or by an imperative or a good night that opens a sentence ('don't go
// anywhere alone', 'sleep well').
const TO_THE_PERSON =
  /\b(?:you|your|yours|yourself|u|ur)\b|(?:^|[.!?]\s*)(?:don't|dont|do not|never|better not|make sure|remember|keep|sleep (?:well|tight)|sweet dreams)\b/u;

// Harm that may befall the person or what is theirs.
const BEFALLS =
  /\b(?:accidents?|(?:get|gets|getting|got) (?:hurt|lost|burned|burnt)|lost on (?:her|his|your|their) way|go(?:es)? missing|went missing|fall(?:s|ing)? down|fell down|slip(?:s|ped)? (?:on|down)|(?:catch|catches|caught) fire|burn(?:s|ed|t)? down|on fire|brake(?:s| lines?| pads)|ambulance|funeral|scars?|(?:something|anything) (?:bad |terrible |awful )?(?:to )?happen(?:s|ed)?|happen(?:s|ed)? to (?:you|your|u|ur|that|her|him)|knock at (?:the|your) door|(?:won't|never|don't) (?:get|make it|come) (?:home|back)|a lot can happen|anything can happen|(?:nobody|no one|noone) (?:would|will|could) (?:even |ever )?hear (?:you|u)|(?:might|could|will|would) get hurt|(?:can|could) be arranged)\b/u;
// Being watched, sought or visited.
const WATCHED =
  /\b(?:how close i(?:'ve| have)? been|i(?:'ve| have)? been (?:parked|watching|following|sat|sitting|waiting)|parked (?:across|outside|opposite|near)|(?:nice|cute|interesting|predictable) (?:little )?(?:routine|schedule)|think of me|i (?:might|may|will|'ll|could) (?:stop|drop|pop|come) (?:by|round)|(?:i'll|imma|ima|i'mma|i'm gonna|im gonna) be (?:around|there|waiting|outside|behind)|it(?:'ll| will| could| might|'d) be me|every time (?:you|your|u|ur)\b|each time (?:someone|somebody|you|your)\b|i know (?:everything|all) about (?:you|u|your|ur)\b|(?:you|u) (?:didn't|did not|never|won't) (?:notice|see me)|i (?:saw|see|seen|watched|watch) (?:you|u)|(?:driven|drove|walked|been) (?:past|by) (?:it|your|ur|the|that)\b|(?:that|the|your|ur) (?:\w+ )?(?:jacket|coat|dress|top|shirt|hoodie|scarf|hat) (?:suits|looks (?:good|nice) on) (?:you|u)|hear a car|just got out|out of (?:prison|jail)|asking (?:about|after) (?:you|u)|change (?:your|ur) (?:number|address|name|locks?)[^.!?\n]{0,30}\b(?:but|won't|doesn't|still)|i know (?:which|where|what time)[^.!?\n]{0,25}\b(?:your|ur|(?:you|u)(?:'ll| will)? be)\b|(?:lovely|nice|cute|pretty) (?:little )?(?:house|flat|place|car|garden|street|window) (?:she's|he's|they've|you've|you have|she has|he has) got|(?:at|to) (?:your|ur) (?:\w+)'s (?:on|this|tonight|tomorrow|every|at)\b)/u;
// Alone, in the dark, with no one to protect or hear the person.
const UNPROTECTED =
  /\b(?:alone|at night|in the dark|after dark|dark (?:walk|road|street|car park)|(?:nobody|no one|noone)(?:'s| is| would| will| could)?(?: even| ever| be)? (?:around|hear|there)|quiet road|curtains|blinds|protect (?:you|u)|(?:feel|be|are|so) safe|(?:a |the )?(?:better |new |stronger )?locks?|back gate|steep|car parks?|cabin|on (?:your|ur) own)\b/u;
// Time running out, and a day awaited.
const TIME_RUNNING =
  /\b(?:(?:while|if) (?:you|u|she|he|they) (?:still )?can(?=[.!,]|$)|(?:last|final) (?:days?|nights?|weeks?) of|(?:your|ur) last (?:day|days|night|week)|time is running out|running out of time|sooner or later|one of these (?:days|nights)|one (?:day|night) soon|(?:i'm|i am) (?:a )?patient|(?:can|will|could) wait (?:years|forever)|(?:your|ur) days|(?:your|ur) last (?:\w+ )?(?:day|days|night|nights|week|sleep|night's sleep)|all the time in the world|(?:have|has) a way of catching up|(?:won't|will not|can't) always be (?:around|there|with (?:you|u)))\b/u;
// Allies, weapons and a way in: 'I kept a copy of your house key', 'bought rope and a shovel today'.
const MEANS =
  /\b(?:(?:have|has|kept|keep|got|made|still have) (?:a |the )?(?:copy|copies|spare)(?: of)? (?:your|ur) (?:house |front door |flat |car |back door )?keys?|(?:kept|made|cut|copied) (?:a|the) (?:spare|copy of the|second) keys?|(?:bought|got|buying|getting|picked up) (?:some |a )?(?:rope|shovel|spade|duct tape|cable ties|zip ties|bleach|tarp)|my (?:big |little |older )?(?:brothers?|cousins?|mates|boys|uncles?|crew|people)|friends who|owe me (?:a )?favou?rs?|(?:shooting |gun )?range|guns?|knife|knives|blade|practi[sc]ing)\b/u;
// A warning: the words that turn a remark into one.
const WARNING =
  /\b(?:just saying|(?:thought|think) you should know|think about (?:that|it)|remember that|mark (?:me|my words)|you've been warned|drive safe(?:ly)?|if i were (?:you|your)|i'd hate for|(?:wouldn't|would not) want (?:anything|something)|it (?:would|'d) be (?:so |very |really )?easy (?:for|to)|(?:don't|dont|do not) get (?:too )?comfortable|sweet dreams|it (?:would|'d) be (?:awful|terrible|a shame|a pity|sad|tragic|a tragedy)|shame if|pity if|(?:not|don't make) threats|make promises|ask (?:your|ur) (?:friend|mate|ex|brother|sister)|bet (?:you|u) (?:don't|dont|won't) feel|(?:should|better) (?:really )?(?:get|buy|invest in) (?:a )?(?:better|new|good|stronger) (?:lock|locks|alarm|door|gate)|funny how|wonder how long|tick,? tock|tell (?:your|ur) \w+ (?:to|that)|if (?:you|u) (?:keep|carry on|don't stop|continue)|(?:isn't it|aren't you|doesn't (?:she|he|it)|don't you)\?*(?=[.!]|$)|you never know|say (?:hi|hello) to (?:your|ur) \w+ for me|people like (?:you|u)|sleep (?:well|tight)|(?:better|'d better|should) watch (?:where|what|who|how)|careful who|(?:should|better|might want to) (?:check|get) (?:your|ur)|(?:don't|dont|do not|never) (?:go|walk|drive) (?:anywhere|out|outside|home)|(?:^|[.!?]\s*)remember(?=,)|see (?:you|u|ya) (?:soon|real soon|around)|(?:better|'d better|had better) hope|enjoy (?:it|them|that)(?=[.!,]|$)|careful (?:on|in|at|when|walking|driving|going))\b/u;
// Advice that is ordinary beside a place of risk ('drive safe, it's dark out'): it needs another kind.
const ADVICE = /^(?:drive safe|careful)/u;

const KINDS = [BEFALLS, WATCHED, UNPROTECTED, TIME_RUNNING, MEANS] as const;

// Two sentences said outright as a promise of harm without a second person: 'the next accident won't be an
// accident'.
const NO_ACCIDENT =
  /\b(?:that|this|it) was (?:just |only )?(?:the |a )?(?:warm[- ]up|taste of what's coming|first warning|practice run|(?:beginning|start)(?=[.!?]|$))|\bwait and see what's coming\b|\bwhat's coming (?:your|ur) way\b|\b(?:next|this|that) (?:one|accident|time) (?:won't|will not|isn't going to) be an accident\b|\b(?:don't|do not|never) make threats\b[^.!?\n]*[.!?]?[^.!?\n]*\bpromises?\b/u;
// What says alone that the writer has been near, knows the person's days or will find them however they hide.
const CLOSE_BY =
  /\bhow close i(?:'ve| have)? been\b|\b(?:nice|cute|interesting|predictable) (?:little )?(?:routine|schedule)\b|\bchange (?:your|ur) (?:number|address|name|locks?)[^.!?\n]{0,30}\b(?:but|won't|doesn't|still)\b/u;
// Harm said to be only starting: 'you think this is over? It's only starting'.
const MORE_TO_COME =
  /\b(?:it's|its|it is|this is) (?:only|just) (?:starting|beginning|getting started|the beginning)\b/u;
const WATCHED_EVERY = new RegExp(WATCHED.source, 'gu');

// A joke or a treat beside the words ('remember, I know everything about you, so no secrets at the surprise
// party!'): the kinds are read only in earnest.
const IN_JEST = /\b(?:haha\w*|lol|lmao|jk|just kidding|surprise party|birthday)\b|😂|🤣/u;

function menaceIn(window: string): string | null {
  if (NO_ACCIDENT.test(window)) return window;
  if (IN_JEST.test(window)) return null;
  if (!TO_THE_PERSON.test(window)) return null;
  if (CLOSE_BY.test(window) || MORE_TO_COME.test(window)) return window;
  const kinds = KINDS.filter((kind) => kind.test(window));
  if (kinds.length >= 2) return window;
  // Being watched said twice over is a kind of its own ('every time you hear a car outside, think of me').
  if (kinds[0] === WATCHED && new Set(window.match(WATCHED_EVERY)).size >= 2) return window;
  const warning = WARNING.exec(window);
  if (kinds.length === 0 || !warning) return null;
  return kinds[0] === UNPROTECTED && ADVICE.test(warning[0]) ? null : window;
}

// Whether the whole text holds what a window would need, read once before its sentences are: most texts
// speak to nobody or hold no kind of menace at all.
function mayHoldMenace(text: string): boolean {
  if (NO_ACCIDENT.test(text)) return true;
  if (!TO_THE_PERSON.test(text)) return false;
  if (CLOSE_BY.test(text) || MORE_TO_COME.test(text)) return true;
  const kinds = KINDS.filter((kind) => kind.test(text)).length;
  return kinds >= 2 || (kinds === 1 && (WARNING.test(text) || WATCHED.test(text)));
}

/** A veiled threat read by the kinds of menace a sentence and the two after it join, or null. */
export function findVeiledMenace(lower: readonly string[]): string | null {
  for (const text of lower) {
    if (!mayHoldMenace(text)) continue;
    const sentences = text.match(/[^.!?\n]+[.!?\n]*/g) ?? [];
    for (let index = 0; index < sentences.length; index++) {
      const window = sentences
        .slice(index, index + 3)
        .join(' ')
        .trim();
      const found = menaceIn(window);
      if (found) return found;
    }
  }
  return null;
}
