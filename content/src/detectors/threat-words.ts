/**
 * The words threats are written with (docs/screening.md): who is aimed at, who announces what, and who may be
 * sent after a person. Shared by the English wordings of threats.
 */

// 'her' is a target when no noun follows it ('kill her', not 'kill her boss', whose target is the noun).
export const TARGET = String.raw`(?:you|u|ya|him|her(?![\s,]+(?!and|if|when|for|now|too|again|off|up|soon|one|tonight|today|already|before|after|or|so|then|until|till|because|like|as|badly|bad|more|back|in|with|where|while|good|properly|myself|slowly|first|next|dead|alive|down|out|over)[a-z]{3,})|them|y'all|this (?:guy|man|woman|girl|prick|bitch|idiot)|that (?:guy|man|woman|girl|prick|bitch|idiot))`;
export const POSSESSIVE = String.raw`(?:your|ur|his|her|their)`;
export const PERSON = String.raw`(?:you|u|ur|he|she|they|him|her|them)`;
export const FIRST = String.raw`(?:i|we|imma|ima|i'mma)`;
// 'I'll', 'we will', 'I'm going to', 'gonna', 'I swear I'll', 'I'd': a first person announcing what they will do.
export const INTENT = String.raw`(?:'ll|'d| will| shall| would| am going to|'m going to|m going to| are going to|'re going to| gonna|'m gonna|m gonna| am gonna| swear (?:to god )?(?:i'll|i will|ill)| promise (?:i'll|i will|ill))`;
export const WILL_SOON = String.raw`(?:'ll|'d| will| would| is going to|'s going to| are going to|'re going to| gonna|'s gonna|'re gonna|'d better| better| had better)`;
// 'Pay for that' of a bill is no threat: 'he's going to pay for that parking ticket himself'.
export const LITERAL_PAYMENT = String.raw`(?![\s,]+(?:[a-z]+ )?(?:ticket|bill|meal|dinner|drinks?|round|taxi|uber|cab|trip|holiday|hotel|flight|repairs?|damage|fine|phone|rent|petrol|gas|tickets|coffee|lunch|himself|herself|themselves|myself))`;
// Someone of the writer's, who may be sent after a person.
export const ALLIES = String.raw`(?:my|our) (?:(?:big|older|little|two|three) )?(?:brothers?|cousins?|boys|lads|mates|friends|people|guys|uncles?|dad|father|gang|crew|family|homies|bros|boyfriend|husband|brother-in-law|man)`;
// What is coming said of fate rather than of the writer ('he'll get what's coming to him, karma always wins',
// 'she'll get hers one day').
export const FATE = String.raw`(?![^.!?\n]{0,30}(?::|karma|the universe|eventually|one day|someday|some day|in the end|life will|old age|lonely))`;
