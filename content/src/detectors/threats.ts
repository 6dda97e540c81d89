import { findPhrase, phrases, type TextReading } from '../reading';

/**
 * Threats and self-harm encouragement, read on the lower-case readings (docs/screening.md). Neither is
 * refused: a pattern cannot always tell a threat from a figure of speech ('killing it', 'I'll shoot you a
 * message'), so a match holds the rating for a moderator, who sees the rule and the words matched.
 */

// 'her' is a target when no noun follows it ('kill her', not 'kill her boss', whose target is the noun).
const TARGET = String.raw`(?:you|u|ya|him|her(?![\s,]+(?!and|if|when|for|now|too|again|off|up|soon|one|tonight|today|already|before|after|or|so|then|until|till|because|like|as|badly|bad|more|back|in|with|where|while|good|properly|myself|slowly|first|next|dead|alive|down|out|over)[a-z]{3,})|them|y'all|this (?:guy|man|woman|girl|prick|bitch|idiot)|that (?:guy|man|woman|girl|prick|bitch|idiot))`;
const POSSESSIVE = String.raw`(?:your|ur|his|her|their)`;
const PERSON = String.raw`(?:you|u|ur|he|she|they|him|her|them)`;
const FIRST = String.raw`(?:i|we|imma|ima|i'mma)`;
// 'I'll', 'we will', 'I'm going to', 'gonna', 'I swear I'll', 'I'd': a first person announcing what they will do.
const INTENT = String.raw`(?:'ll|'d| will| shall| would| am going to|'m going to|m going to| are going to|'re going to| gonna|'m gonna|m gonna| am gonna| swear (?:to god )?(?:i'll|i will|ill)| promise (?:i'll|i will|ill))`;
const WILL_SOON = String.raw`(?:'ll|'d| will| would| is going to|'s going to| are going to|'re going to| gonna|'s gonna|'re gonna|'d better| better| had better)`;
// 'Pay for that' of a bill is no threat: 'he's going to pay for that parking ticket himself'.
const LITERAL_PAYMENT = String.raw`(?![\s,]+(?:[a-z]+ )?(?:ticket|bill|meal|dinner|drinks?|round|taxi|uber|cab|trip|holiday|hotel|flight|repairs?|damage|fine|phone|rent|petrol|gas|tickets|coffee|lunch|himself|herself|themselves|myself))`;
// Someone of the writer's, who may be sent after a person.
const ALLIES = String.raw`(?:my|our) (?:(?:big|older|little|two|three) )?(?:brothers?|cousins?|boys|lads|mates|friends|people|guys|uncles?|dad|father|gang|crew|family|homies|bros|boyfriend|husband|brother-in-law|man)`;
const _HARM_VERB = String.raw`(?:kill|murder|stab|shoot|hurt|beat|batter|smash|strangle|choke|punch|slap|cut|slash|burn|torch|end|destroy|wreck|ruin|break|bury|hunt|track|get|find|expose|deal with|sort out|sort|take care of|do|jump|knife|run over|come for|come after|go after|put|finish|teach|make)`;

const THREAT_SOURCES: readonly string[] = [
  // 'I will find you', 'we're gonna hunt him down', 'I'll end him' ('I'll find you a better match' is not).
  String.raw`${FIRST}${INTENT}(?: (?:\w+ly|personally|make sure to|come and|come round and|go and))? (?:kill|unalive|murder|stab|shoot|hurt|beat|batter|smash|strangle|choke|punch|slap|knife|bury|end|destroy|wreck|ruin|expose|hunt|track|run over) ${TARGET}(?! (?:a|an|some|one|the|my|something|anything|dinner|lunch|coffee|message|text|call|line|email|up|in|out|back|home)(?![\p{L}]))`,
  String.raw`${FIRST}${INTENT} (?:find|get) ${TARGET}(?:,|\.|!|$| and| one day| eventually| soon| for this| for that| wherever| even| no matter| anywhere| however| whatever it takes| back(?! for (?:that|the|this|a) (?:prank|joke|trick|surprise|favou?r|dinner|lunch|coffee|drinks|gift|round))| when| if| trust| i swear)`,
  String.raw`${FIRST}${INTENT} (?:come|coming) (?:for|after) ${TARGET}`,
  String.raw`${FIRST}${INTENT} (?:make|see) (?:sure )?${TARGET} (?:pay|suffer|regret|sorry|bleed|cry|never)`,
  String.raw`${FIRST}${INTENT} (?:make sure|see to it|see that) (?:everyone|everybody|the whole|all of|his|her|their|your|ur|the|people)[^.!?\n]{0,40}(?:know|knows|find out|finds out|see|sees|hear|hears)`,
  String.raw`(?:make|making) ${POSSESSIVE} life (?:a )?(?:hell|misery|a living hell|hard|nightmare|living nightmare|unbearable|impossible)`,
  String.raw`${FIRST}${INTENT} (?:ruin|destroy|wreck|end|burn|trash|torch|smash|drag) ${POSSESSIVE} (?:life|career|name|reputation|marriage|business|house|car|flat|place|face|world)`,
  String.raw`drag ${POSSESSIVE} name through`,
  String.raw`${FIRST}${INTENT}(?: \w+ly)? (?:hurt|destroy|break) ${TARGET}(?: like| the way| as| badly| bad)`,
  // Reputational and workplace threats: telling someone's employer, family or church, getting them sacked.
  String.raw`${FIRST}${INTENT} (?:tell|email|call|ring|message|text|send|post|show|forward|report|inform|write to)[^.!?\n]{0,60}(?:boss|manager|employer|work|job|office|hr|church|wife|husband|mum|mom|family|everyone|school|colleagues|coworkers|noticeboard|partner|girlfriend|boyfriend|kids|parents|hospital|regulator|council)`,
  String.raw`${FIRST}${INTENT} (?:post|send|share|forward|publish|leak|upload) (?:everything|all|the|his|her|their|those|these|every)[^.!?\n]{0,30}(?:photos|pictures|pics|messages|screenshots|nudes|texts|videos|emails)`,
  String.raw`(?:get|have|got) ${TARGET} (?:sacked|fired|struck off|kicked out|arrested|deported|evicted|banned)`,
  String.raw`(?:get|have) ${POSSESSIVE} (?:licen[cs]e|job|kids|children|visa|flat|house) taken`,
  String.raw`(?:won't|wont|will not|never) (?:have|keep|get) (?:a|another|his|her|their) (?:job|career|friend)`,
  String.raw`(?:loses?|lose) ${POSSESSIVE} (?:teaching |nursing )?(?:job|career|licen[cs]e|kids)`,
  String.raw`(?:he|she|you|they)(?:'d| had) better not (?:go out|walk|come|show|leave|set foot|be seen)`,
  String.raw`make ${TARGET} (?:pay|suffer|bleed)(?! for (?:dinner|lunch|the|a|it|drinks|once|everything|half))`,
  String.raw`never (?:works?|teach(?:es)?|practi[cs]es?) (?:in (?:this|that|the) (?:industry|town|city|field)|again)`,
  String.raw`${POSSESSIVE} (?:career|job|life|marriage)(?:'s| is) (?:over|finished|done)`,
  String.raw`(?:wait|just wait) (?:until|till|til|'til) ${POSSESSIVE} (?:boss|manager|wife|husband|church|family|employer|mum|mom|dad|kids|new (?:boyfriend|girlfriend|partner)|partner|colleagues)[^.!?\n]{0,20}(?:finds? out|sees?|hears?|knows?|reads?)`,
  String.raw`${POSSESSIVE} (?:family|boss|wife|husband|employer|church|manager|kids|parents)(?:'s| is| are)? (?:will|going to|gonna|'ll) (?:hear|find out|know|get)`,
  String.raw`(?:boss|manager|employer|wife|husband|church|family|mum|hospital)(?: is| are| will be|'ll be| is going to be)? (?:getting|going to get|gonna get|about to get|receiving) (?:(?:a|an|the|some|all|my) )?[^.!?\n]{0,30}(?:email|letter|call|message|visit|pictures|photos|screenshots)`,
  String.raw`(?:pity|shame|such a shame) if ${POSSESSIVE}`,
  String.raw`(?:end up|ends up) on the noticeboard`,
  String.raw`(?:secrets|photos|pictures|messages|nudes) end up (?:on|at|in)`,
  // Second and third persons told what will happen to them: 'you'll pay for this', 'he won't be walking'.
  String.raw`${PERSON}${WILL_SOON} (?:pay(?: for (?:this|that|it|what|everything)${LITERAL_PAYMENT})?(?! for)|regret (?:the day|ever|crossing|messing|what (?:he|she|they|you|u) did)|be sorry|suffer|die|bleed|get what's coming(?![^.!?\n]{0,20}(?::|karma|eventually|one day|in the end|lonely|old age|life will))|get what is coming|get hurt|get it(?=[.!,?]|$| when| bad| big time| from (?:me|us)| for (?:this|that|it)| now| tonight)|need (?:a new|stitches|an ambulance|a doctor)|be next|watch out|lock (?:your|his|her|their) doors|be leaving in|end up in (?:a|an|the)? ?(?:ditch|ambulance|body bag|coffin|hospital|a&e|wheelchair|pieces|ground))`,
  // 'You'll regret it' is advice as often as a threat ('date him and you'll regret it'): a threat when it
  // answers what the person might do against the writer, or is sworn to.
  String.raw`(?:if|when|once|the day|the moment) [^.!?\n]{0,40}(?:police|cops|court|tell|tells|report|reports|leave|leaves|talk|talks|block|blocks|ignore|ignores|anyone|dump|dumps)[^.!?\n]{0,30}${PERSON}${WILL_SOON} (?:regret|be sorry)`,
  String.raw`${PERSON}${WILL_SOON} regret (?:it|this|that)[^.!?\n]{0,40}(?:i promise|trust me|i swear|mark my words|believe me|make sure|rest of (?:his|her|your|their|ur) life)`,
  // Said of the person rated rather than to the review's reader ('he'll regret this'), or to them of this.
  String.raw`(?:he|she|they)${WILL_SOON} regret (?:it|this|that)(?! (?:one day|someday|some day|eventually|later|in time|in the long run|when (?:he|she|they) (?:grows? up|realises|realizes|is older|are older|matures?)))`,
  // 'I could kill him for that haircut' is exasperation; 'I could kill you' is not.
  String.raw`could (?:kill|murder|strangle|stab) ${TARGET}(?! for)`,
  String.raw`${PERSON}${WILL_SOON} regret (?:leaving|dumping|cheating|lying|hurting|doing|treating|ignoring|blocking|reporting|saying|betraying|humiliating|disrespecting)`,
  String.raw`(?:you|u)${WILL_SOON} regret (?:this|that)(?! (?:decision|choice|one|haircut|tattoo|purchase))`,
  String.raw`${PERSON}(?:'s|'re| is| are|'ll be| will be) (?:getting|going to get|gonna get) (?:hurt|it|what's coming|what is coming|beaten|smacked|stabbed|done in)`,
  String.raw`(?:he|she|they|you|u)(?: won't| will not| wont) (?:be walking|walk|see (?:forty|fifty|thirty|christmas|another|next|the end|his|her)|wake up|live (?:long|to)|last long|be so brave|feel so brave|be laughing|have a face)`,
  String.raw`(?:won't|wont|will not) (?:be walking|see christmas|see forty)`,
  String.raw`(?:be|be lucky to|lucky to) keep ${POSSESSIVE} (?:face|teeth|legs|job)`,
  String.raw`(?:leaving|leave|go home|going home|carried out|come out) in (?:an ambulance|a body bag|a coffin|a box|pieces|a wheelchair|cuffs)`,
  String.raw`(?:end|ends|ended|wind|winds) up (?:in a ditch|in a body bag|in a coffin|in the ground|in pieces|dead|in a&e|in hospital)(?! (?:after|with|for|because|last|when))`,
  String.raw`(?:find|found|finds) ${TARGET} (?:dead|in (?:a ditch|pieces|a body bag|the river|the canal|a skip))`,
  String.raw`(?:it|this|that) (?:will|'ll|is going to|'s going to|gonna) hurt`,
  String.raw`${FIRST}${INTENT} (?:destroy|ruin|take|burn|wreck|smash|hurt|kill|go after|come for|find|visit) (?:everything|all|whatever|everyone|anyone|anything|everybody) (?:he|she|they|you|u) (?:loves?|has|have|owns?|cares? about|holds? dear|knows)`,
  String.raw`(?:be careful|careful|watch yourself|watch out) (?:walking|going|getting|driving) (?:home|out|back)`,
  String.raw`if (?:i|we) (?:can't|cannot|cant) have (?:him|her|them|you),? (?:nobody|no one|noone|no-one) (?:can|will|else)`,
  String.raw`(?:they'll|they will|you'll|you will|police will|cops will) find (?:him|her|them|you|ur|your|his|her) (?:body|in (?:a|the|pieces))`,
  // Wishing harm through someone else, or as a general wish: 'someone should put him in the ground'.
  String.raw`(?:someone|somebody|anyone|people|someone's|somebody's|some(?:one|body) is) (?:should|ought to|needs? to|needs|could|will|is going to|going to|gonna|oughta|has to|would|'d) (?:\w+ )?(?:put|kill|hurt|beat|stab|shoot|teach|sort|deal with|end|burn|break|slash|key|run|smash|knock|do|take|bury|finish|shut) ${TARGET}`,
  String.raw`(?:someone|somebody|anyone) (?:should|ought to|needs? to|could|oughta) (?:\w+ )?(?:put|kill|hurt|beat|stab|shoot|teach|sort|deal with|end|burn|break|slash|key|smash|knock|do|take|bury|finish)`,
  String.raw`(?:put|puts) ${TARGET} in (?:the ground|hospital|a&e|a coffin|a box|a wheelchair|an early grave|the hospital|a hospital bed|a hospital|intensive care|icu|traction|a cast)`,
  String.raw`teach ${TARGET} a lesson`,
  String.raw`(?:hope|hoping|wish|pray) (?:that )?(?:you|u|he|she|they|someone|somebody|it)[^.!?\n]{0,20}(?:dies?|rots?|burns?|gets? (?:hit|hurt|run over|killed|stabbed|beaten|cancer|what)|suffers?|bleeds?|beats?|crash(?:es)?|drowns?|overdoses?|chokes?)`,
  String.raw`(?:love|like) to see (?:someone|somebody|him|her|them)[^.!?\n]{0,20}(?:slash|hurt|beat|kill|burn|stab|smash|key)`,
  String.raw`beat(?:s|ing)? the (?:living )?(?:daylights|shit|crap|hell) out of`,
  String.raw`(?:kick|smash|cave|bash) ${POSSESSIVE} (?:head|face|teeth) in`,
  String.raw`(?:break|broken|snap|smash) ${POSSESSIVE}? ?(?:legs?|arms?|jaw|nose|neck|fingers|knees|kneecaps|teeth|ribs|skull)`,
  String.raw`(?:with a|a) (?:broken|smashed) (?:jaw|nose|face|leg|arm)`,
  String.raw`a new set of teeth`,
  String.raw`take a (?:bat|knife|hammer|crowbar|brick) to`,
  String.raw`(?:key|keys|keyed|slash|slashes|torch|torches|burn|burns) ${POSSESSIVE} (?:car|tyres|tires|house|flat|place|door|van|bike)`,
  String.raw`(?:burn|torch) (?:the|his|her|their) (?:house|place|flat) down`,
  String.raw`(?:car|house|flat|place) caught fire`,
  String.raw`brakes (?:fail|failed|could fail|might fail)`,
  String.raw`acid (?:in|on) ${POSSESSIVE} face`,
  // Violence aimed at someone; 'kill me', 'it killed me' and 'could have strangled him' (long past) are not.
  String.raw`(?<!could(?: have|'ve|ve) )(?<!could )(?<!nearly )(?<!wanted to )(?<!tempted to )(?:kill|unalive|murder|stab|shoot|strangle|knife|gut|behead) ${TARGET}(?! (?:a|an|some|with kindness|off|up)(?![\p{L}]))`,
  String.raw`(?:beat|beating|batter|punch|hurt|smack|hit) ${TARGET} (?:up|senseless|black and blue|to death|until|till|so bad|badly)`,
  String.raw`grow up without a (?:mother|father|mum|mom|dad)`,
  String.raw`won't recogni[sz]e ${TARGET} when`,
  // Anyone's announced harm to a person: 'my brother is going to beat him', 'they'll hurt her'.
  String.raw`(?:'ll|will|gonna|going to|'d love to|would love to|want to|wanna|imma|i'mma|ima|finna) (?:\w+ )?(?:kill|unalive|murder|stab|shoot|hurt|beat|batter|strangle|choke|punch|smash|knife|maim|torture|run over) ${TARGET}(?! (?:a|an|some|with kindness|off|up in)(?![\p{L}]))`,
  String.raw`(?:'ll|will|gonna|going to) (?:make|have) (?:him|her|them|you|u) (?:disappear|vanish|bleed|beg|cry|suffer)`,
  String.raw`deserves? (?:to (?:die|be (?:hurt|beaten|shot|killed|stabbed|attacked))|a (?:beating|bullet|kicking|slap|smack|good hiding))`,
  String.raw`(?:know|found out|find out) where (?:he|she|they|you|u) (?:live|lives|work|works|sleep|sleeps)`,
  String.raw`(?:you|u|he|she|they) (?:can't|cannot|won't be able to|can never) hide`,
  String.raw`(?:this|it) (?:isn't|is not|ain't|isnt) over`,
  String.raw`(?:payback|revenge)(?:'s| is) (?:coming|a bitch)|(?:i'll|i will|ill) (?:get|have) (?:my )?(?:revenge|even)`,
  String.raw`(?:you|he|she|they)(?:'ll| will) never (?:be safe|feel safe|sleep (?:again|soundly))`,
  String.raw`count (?:your|his|her|their) days`,
  // What is coming, said without the harm: 'he's got it coming', 'enjoy it while it lasts', 'you'll find out
  // what I'm capable of', 'her family should be worried'.
  String.raw`(?:got|has|have|had) it coming`,
  String.raw`(?:enjoy|make the most of) (?:it|that|this|your \w+|his \w+|her \w+)(?: \w+)? (?:while|whilst) (?:it|that|they|you|u) (?:still )?lasts?`,
  String.raw`run while (?:you|u|he|she|they) (?:still )?can`,
  String.raw`(?:i'm|im|i am|we're|we are) (?:not|nowhere near) (?:done|finished|through) with (?:you|u|him|her|them)(?!(?: yet)?,? (?:we|i) (?:have|still|need|share|own)| yet,? (?:we|i))`,
  String.raw`(?:no idea|find out|see|learn|show you|show him|show her|show them) what (?:i'm|im|i am|we're|we are) capable of`,
  String.raw`(?<!\b(?:i|we|i really|we really) )(?:should|better|'d better|ought to) be (?:very |really )?(?:worried|scared|afraid|terrified)(?! (?:of|about|for) (?!me|us\b))`,
  String.raw`wish (?:he|she|you|they|u)(?:'d| had| would have) never been born`,
  String.raw`six feet under`,
  String.raw`(?:'ll|will|going to|gonna) (?:pay|give) (?:him|her|you|them|u) a (?:little )?visit`,
  String.raw`(?:knife|blade|bullet|bat|brick|acid) (?:in|to|through|across|on) (?:the|his|her|their|your|ur) (?:ribs|face|head|back|gut|stomach|chest|throat|neck|legs?|knees?|eyes?)`,
  String.raw`(?:won't|will not|wont|isn't going to|is not going to) be (?:smiling|laughing|walking|so smug|so cocky|so pretty) (?:for long|much longer|anymore|for much longer)`,
  String.raw`(?:i|we|they|it)(?: won't| will not| wont|'m not going to| am not going to| are not going to|'re not going to) be (?:gentle|friendly)`,
  String.raw`(?:make sure|see to it|ensure) (?:that )?(?:he|she|they|you|u) never (?:feels?|is|are) safe`,
  String.raw`(?:'d better|had better|better) (?:pray|hope) (?:that )?(?:i|we) never (?:run into|see|catch|meet|find)`,
  String.raw`(?:post|posting|share|sharing|leak|leaking|send|sending|spread|spreading|upload|uploading) (?:all )?(?:his|her|their|your|ur) (?:nudes|sex tape|private (?:photos|pics|pictures|messages|videos))`,
  String.raw`(?:i'll|i will|ill|i'm going to|im going to|i am going to|gonna|i'm|im) (?:post|posting|share|sharing|leak|leaking|send|sending|spread|spreading|upload|uploading) (?:all )?(?:his|her|their|your|ur) (?:photos|pics|pictures|messages|texts|secrets|videos)`,
  String.raw`(?:car|house|flat|bike|van) (?:won't|will not|wont) (?:have (?:tyres|tires|windows|a windscreen)|be (?:standing|in one piece))`,
  String.raw`(?:i'm|im|i am|we're|we are) (?:breaking|smashing|stabbing|killing|hurting|slashing|coming for|going after|gunning for) (?:it|him|her|them|you|u|his|her|their|your)(?! off| down| up| to| gently| slowly| with| (?:crown|title|spot|record|trophy|throne|position|seat|fries|chips|food|place|high score|heart))`,
  String.raw`(?:see|catch|find) (?:his|her|their|your|ur) face[^.!?\n]{0,20}(?:breaking|smash|break|punch|rearrange|hit|slap)`,
  String.raw`(?:calling|call|bring|bringing|send|sending) (?:my|the) (?:brothers|boys|lads|cousins|mates|friends|gang|crew|dad|uncles)[^.!?\n]{0,40}(?:won't be|gentle|sort|deal|hurt|visit)`,
  String.raw`(?:is|are|'s|'re) going to (?:pay|give) (?:him|her|you|them) a visit`,
  String.raw`(?:someone|somebody|one day someone|one of these days)[^.!?\n]{0,15}(?:is going to|will|'s going to|gonna) (?:hurt|kill|stab|beat)`,
  String.raw`(?:the|a) (?:beating|kicking|hiding) of (?:his|her|their|your) life`,
  String.raw`(?:want|wants|wanted|need|needs) (?:him|her|them|you|u) dead`,
  String.raw`(?:wish|hope) (?:he|she|you|they|u) (?:was|were|'d be|would be) dead`,
  String.raw`(?:die|burn|rot) in (?:a fire|a ditch|a hole|a car crash|hell|prison|a cell)`,
  String.raw`(?:you're|youre|ur|you are) (?:so )?finished`,
  String.raw`(?:i|we) (?:have|'ve got|got|know) (?:your|his|her|their) (?:address|location|postcode|new address)`,
  String.raw`(?:i'm|im|i am|i was|i'll be|ill be|we're|we'll be) (?:outside|at|sat outside|parked outside|waiting outside) (?:your|his|her|their|ur) (?:house|door|work|flat|place|office|school|mum's|parents')`,
  String.raw`(?:i|we) know (?:where|which) (?:your|his|her|their|ur) (?:kids|children|son|daughter|mum|mom|parents|family) (?:go|goes|live|lives|work|works|are)`,
  String.raw`(?:break|broke|smash|snap) every bone`,
  String.raw`(?:will|'ll|is going to|'s going to|is gonna|are going to) (?:pay (?:for what (?:he|she|they|you) did|dearly|for this|for that)${LITERAL_PAYMENT}|suffer for (?:this|that|it|what))`,
  String.raw`watch what happens (?:to|if|when|next)`,
  String.raw`(?:won't|will not|wont|is not going to|isn't going to) (?:make it|live) to (?:his|her|your|their|ur) next`,
  String.raw`dead (?:man|woman|girl|boy|men) walking`,
  String.raw`(?:should|must|need to|ought to|deserve to) (?:all )?be (?:gassed|exterminated|wiped out|lined up and shot|put down|burned alive)`,
  // Set phrases of intimidation.
  // 'Watch your back' is said to someone; 'she had to watch her back at work' tells what she had to do.
  String.raw`(?<!to )(?<!to always )watch (?:your|ur) back(?! (?:at work|in (?:that|this|the) (?:office|job|place|industry)|around (?:him|her|them)))`,
  String.raw`(?:better|'d better|had better|should|needs to|need to) watch (?:your|ur|his|her|their) back(?! (?:at work|in (?:that|this|the) (?:office|job|place|industry)|around (?:him|her|them)))`,
  String.raw`(?:better|'d better|had better|should) watch (?:yourself|urself|your self|himself|herself|themselves|(?:your|ur|his|her|their) step|(?:your|ur|his|her|their) mouth)`,
  String.raw`sleep with one eye open`,
  String.raw`sleep with the lights on`,
  String.raw`(?:lock|locking|check) ${POSSESSIVE} doors`,
  String.raw`look(?:ing)? over ${POSSESSIVE} shoulder`,
  String.raw`(?:you're|you are|youre|ur|u r|u are|he's|he is|hes|she's|she is|shes|they're|they are) (?:so |so fucking |fucking |already )?dead(?! (?:to me|tired|set|honest|serious|right|wrong|gorgeous|on|inside|ringer|weight|end|body|sexy|boring|funny|cute|good|nice|handsome|pretty|lucky|slow|quiet|keen|against|easy|simple|clever|smart|fit|hot|proud|sweet|chuffed|excited))`,
  String.raw`(?:you're|youre|ur|he's|she's|hes|shes) a dead (?:man|woman|girl|boy)`,
  String.raw`i know where (?:you|u|he|she|they) (?:live|lives|work|works|sleep|sleeps|stay|stays|park|parks|go|goes|drink|drinks|train|trains)`,
  String.raw`i know (?:which|what) (?:bus|train|route|car|gym|school|door|way|time)[^.!?\n]{0,20}(?:take|takes|use|uses|drive|drives|go|goes|leave|leaves)`,
  String.raw`(?:i'm|im|i am|we're|we are) coming (?:for|after) (?:you|u|him|her|them)`,
  String.raw`(?:coming|come) for (?:you|u|him|her|them) and`,
  String.raw`${POSSESSIVE} days (?:of \w+ )?are numbered`,
  String.raw`enjoy ${POSSESSIVE} last`,
  String.raw`(?:i'll|i will|ill) be (?:waiting|outside|there)(?: for ${TARGET}| outside| at| when| every| on)`,
  String.raw`(?:and|then) (?:i'll|i will|ill) be (?:in the car park|outside|waiting|behind (?:him|her|you)|right there)`,
  String.raw`(?:i'll|i will) be seeing (?:you|u|him|her)`,
  String.raw`open the door and (?:i'll|i will|ill) be`,
  // 'Accidents happen' said as a sentence of its own, or to someone; 'he broke my mug, accidents happen' and
  // 'accidents happen to the best of us' are resignation.
  String.raw`(?:^|(?<=[.!?\n] ?))accidents (?:happen|do happen|can happen|will happen)(?! to (?:the best|everyone|anyone|all of us|us all))`,
  String.raw`accidents (?:happen|do happen|can happen) to (?!the best|everyone|anyone|all of us|us all)`,
  String.raw`(?:people|girls|women|men|guys)[^.!?\n]{0,20}(?:have|get into|get in|end up in) accidents[^.!?\n]{0,20}(?:remember that|you know|just saying|be careful|think about (?:it|that))`,
  String.raw`(?:shame|pity) if (?:something|anything|someone|somebody)[^.!?\n]{0,25}(?:happened|happens|were to happen|was to happen|happen) to`,
  String.raw`(?:i'd|i would|id|i'd really|i would really) (?:be )?(?:very |really |extra )?(?:careful|watch (?:my|your|ur) ?self|watch (?:my|your|ur) back|sleep with one eye open) if i (?:were|was) (?:you|u)(?:[.!,]|$)`,
  String.raw`(?:never know|don't know|dont know|do not know|can't know) what (?:might|could|will|can|is going to|'s going to) happen to (?:you|u|him|her|them|your|ur|his|their)`,
  String.raw`(?:keep [\p{L}' ]{0,25}|try (?:it|me|that)|do (?:that|it) again|say (?:that|it) again|go to the police|call the police|tell anyone|report me) and see what happens`,
  String.raw`catch (?:you|u|him|her|them|ya) (?:lacking|slipping|alone|outside|off guard|on (?:your|ur|his|her|their) own)`,
  String.raw`(?:you're|youre|your|you|ur|he's|she's|he|she|they)(?: gonna| going to|'ll| will|'re gonna| are gonna| is gonna|'s gonna) wish (?:you|u|he|she|they)(?:'d| had| would have)? never (?:met|crossed|messed|been born|started|fucked|done|said|left)`,
  String.raw`(?:imma|ima|i'mma|i'ma|gonna|going to|'ll|will|finna|bout to|about to|'m gonna|m gonna|i swear i'll) (?:f|fuck|fck|fk|fuk|f\*+k|f\*ck|mess|beat|rough|bust|jack|sort) (?:you|him|her|them|y'all|ya) (?:up|tf up|the fuck up)`,
  String.raw`(?:you|u|they|he|she) (?:don't|dont|do not|doesn't|doesnt|have no) (?:know|idea) what (?:i'm|im|i am|we're|we are) capable of`,
  String.raw`(?:ur|your|you're|youre|you are|he's|she's) dead meat`,
  // Street slang for coming to hurt someone: 'ima pull up on u', 'catch these hands', 'ima smoke him'.
  String.raw`(?:imma|ima|i'mma|i'ma|i'll|ill|i will|we|we'll|we're|gonna|finna|bout to) (?:pull|pulling|run|running|slide|sliding)(?: up)? on (?:you|u|ya|him|her|them)`,
  String.raw`(?:catch|catching) (?:these|my|the) hands|(?:catch|catching) (?:a|the) fade`,
  String.raw`(?:imma|ima|i'mma|i'ma|gonna|finna|'ll|will) (?:smoke|pop|clap|body|merk|wet|shank|stomp) (?:you|u|ya|him|her|them)(?! (?:a|an|some|with|in a|at (?:chess|pool|darts|fifa|cards)))`,
  String.raw`(?:keep talking|try me|go to the police) and (?:see|you'll see|watch)`,
  String.raw`see what happens (?:to you|to him|to her|next)`,
  String.raw`(?:won't|will not) be responsible for what happens`,
  String.raw`(?:know|got|have) (?:people|friends|guys|mates|lads)[^.!?\n]{0,30}(?:sort (?:him|her|them|you) out|break|hurt|deal with|take care of|beat|do (?:him|her|them) in)`,
  String.raw`nobody would (?:notice|care|miss him|miss her) if (?:he|she|they|you) (?:just )?(?:vanished|disappeared|went missing|died)`,
  String.raw`(?:next time|when|if|the day|the moment) (?:i|we) (?:see|catch|find|meet) (?:him|her|them|you|u)[^.!?\n]{0,30}(?:getting hurt|is getting|dead|hospital|a&e|going down|regret|end|in the ground|done for|finished|in trouble|dead meat|getting it|gonna get it|in for it|done)`,
  String.raw`(?:better|should) hope (?:i|we) never (?:catch|see|find)`,
  String.raw`(?:last thing|the last) (?:he|she|you|they) (?:ever )?(?:do|does)`,
  String.raw`(?:mark my words|you've been warned|consider this a warning|this is a warning)`,
  String.raw`people like (?:him|her|them|you) end up`,
  // Menace by implication: what is coming, who is coming, what the writer now has.
  String.raw`(?:won't|wont|will not|never|not gonna|not going to|wouldn't|won't even) (?:see|know|hear) (?:it|what's|what is|what) (?:coming|hit (?:you|u|him|her|them))`,
  String.raw`(?:brothers|boys|lads|cousins|mates|friends|people|gang|crew|uncles|family|they|we)(?: are|'re| r| will be|'ll be| be| is|'s) (?:coming|on (?:their|our) way) (?:for|after|to get) (?:you|u|ya|him|her|them)`,
  String.raw`coming (?:for|after) (?:you|u|ya)(?! (?:at|to pick|in the|for dinner|for lunch))(?![\p{L}])`,
  String.raw`(?:i|we)(?: just| already| finally| recently)? (?:bought|got|have|'ve got|got myself|picked up|sharpened|loaded|cleaned|keep|carry) (?:a|my|the|another|me a|myself a) (?:new )?(?:gun|pistol|rifle|shotgun|handgun|revolver|knife|machete|blade|axe|crossbow)(?! (?:for (?:the|my) (?:kitchen|camping|fishing|hunting)|set|collection|sharpener))`,
  String.raw`(?:gun|knife|bullet|blade)(?: with| has| that has) (?:your|his|her|ur|their) name on it`,
  String.raw`(?:i|we) (?:know|no|kno|knw|knoe|found out) (?:where|wer|wear|were|wea|whr) (?:you|u|ya|he|she|they) (?:live|lives|liv|living|stay|stays|work|works|sleep|sleeps)`,
  String.raw`(?:you|u|he|she|they)(?:'ll| will|'re gonna| are gonna| is gonna|'s gonna) get (?:yours|his|hers|theirs)(?![\p{L}])`,
  String.raw`(?:never|nobody will|no one will|won't|they'll never) find (?:the|your|his|her|ur) body`,
  String.raw`(?:i'm|im|i am|we're|we are) (?:always )?watching (?:you|u)(?:[.!,]|$| always| every| closely| right now)`,
  // Allies: someone of the writer's who will find, visit or wait for the person ('my cousins will find you',
  // 'my brothers know your face now', 'my boys are waiting for you').
  String.raw`${ALLIES} (?:will|'ll|are going to|'re going to|are gonna|gonna|is going to|'s going to|is gonna|can't wait to|would love to|want to|wanna|are coming to|are on their way to|know how to|already|will soon|are about to) (?:find|get|visit|see to|handle|deal with|sort out|sort|take care of|catch|have a word with|pay a visit to|pay|come for|come after|come round to|come to) ${TARGET}`,
  String.raw`${ALLIES} (?:now |already |all )?(?:know|knows|have|has|got|'ve got|are looking at|have seen) (?:your|ur|his|her|their) (?:face|address|car|plate|house|work|location|name|number|schedule|routine|kids|postcode)`,
  String.raw`${ALLIES} (?:are|is|'re|'s|will be|'ll be) (?:waiting|looking|coming|out) for ${TARGET}`,
  String.raw`${ALLIES} (?:will be|'ll be|are|'re|is|'s) (?:at|outside|round|around) (?:your|ur|his|her|their) (?:door|house|work|flat|place|school|office|mum's|mom's)`,
  String.raw`one (?:call|phone call|text|word|message) (?:from me )?and (?:my|our|they|you|he|she|ur|your)`,
  // Veiled menace: what will happen, where the writer will be, what the person will feel.
  String.raw`(?:better|'d better|had better|should|might want to|would|i'd) (?:sleep|start sleeping) (?:lightly|light|with (?:the )?lights on|with (?:a|one) eye open)`,
  String.raw`keep ${POSSESSIVE} (?:doors|windows|door) locked`,
  String.raw`(?:no idea|don't know|dont know|do not know|have no clue|forgot) who (?:you're|youre|you are|ur|u r|he's|she's|you've been|they're) (?:messing|fucking|dealing|playing|screwing|fucking around) with`,
  String.raw`(?:rip|tear|rips|ripping|cut|chop|knock|kick|smash|bash|blow|punch) ${POSSESSIVE} (?:head|face|teeth|throat|balls|lights|brains) (?:off|out|in)`,
  String.raw`(?:where|when) (?:i|we) (?:put|bury|buried|leave|dump|hide) (?:you|u|him|her|them|the body)`,
  String.raw`wait (?:till|until|til|'til) (?:you|u|he|she|they) (?:see|sees|find out|finds out)[^.!?\n]{0,25}(?:planned|in store|coming|what (?:i|we)(?:'ll| will| can| am going to| 'm going to|'m gonna)? do)`,
  String.raw`(?:one more (?:word|time|move|post|review|lie|message|text)|(?:say|do|post|try) (?:that|it|one more thing|this) again) and (?:you're|youre|ur|you are|he's|she's|you'll be|he'll be|she'll be|u r) (?:done|dead|finished|gone|history|over|toast)`,
  String.raw`turn around and (?:i'll|i will|ill|we'll|we will) be (?:there|standing|right|behind)`,
  String.raw`see how (?:brave|tough|smart|cocky|funny|big|hard|clever|confident) (?:you are|you'll be|u are|ur|he is|he'll be|she is|she'll be|they are)`,
  String.raw`look (?:out|outside|out of) (?:your|ur) (?:window|door)`,
  String.raw`(?:sitting|waiting|parked|standing|watching|sat) (?:outside|across from|near|by|opposite) (?:your|ur|his|her) (?:building|house|flat|place|door|work|window|office|school|gym)`,
  String.raw`(?:people|friends|guys|lads|boys) who owe me (?:a )?(?:favou?rs?|one)`,
  String.raw`(?:by the time|when|once) (?:i'm|im|i am|we're|we are) (?:done|finished|through) with (?:you|u|him|her|them)(?:[^.!?\n]{0,30}(?:wheelchair|hospital|recogni[sz]e|walk|face|pieces|dead|ground|alive))?(?=[.!?,\n]|$| (?:he|she|you|they|no one|nobody))`,
  String.raw`(?:in|need|needs|needing|end up in) a wheelchair (?:when|after|once|by the time)`,
  String.raw`(?:you'll|you will|youll|u will|u'll|he'll|she'll) (?:find out|see|learn)(?: it)? (?:soon enough|the hard way)(?=[.!?\n]|$)`,
  String.raw`(?:it|this|that) (?:won't|will not|wont|isn't going to|is not going to) be pretty`,
  String.raw`(?:gun|knife|bullet|blade|bat|hammer|axe|brick|machete|crowbar|baseball bat|grave|coffin|plot|(?:place|spot|hole) in the (?:woods|ground|forest|river|canal|lake))[^.!?\n]{0,25}with (?:your|his|her|ur|their) name on it`,
  String.raw`(?:told|telling|tell) ${ALLIES}[^.!?\n]{0,40}(?:not happy|angry|furious|coming|want a word|wants a word|after you|looking for you)`,
  String.raw`${POSSESSIVE} (?:kids|children|family|son|daughter|mum|mom|wife|husband|girlfriend|boyfriend|car|house|dog|parents) (?:won't|will not|wont|isn't going to|aren't going to|will never) be safe`,
  String.raw`(?:better|'d better|had better) (?:hope|pray) (?:that )?(?:we|i) (?:never|don't|dont|do not) (?:cross paths|bump into|run into|meet|see)`,
  String.raw`catch (?:you|u|him|her|them|ya) (?:lackin|slippin)`,
  // What the writer now knows or has found of the person's whereabouts: 'I know your schedule', 'I've
  // already found your new address', 'ik wer ur moms house is'.
  String.raw`(?:i|we|my \w+)(?:'ve| have|'d| had)?(?: now| already| finally| just)? (?:know|found|have|got|'ve got|'ve found|have found|tracked down|worked out|figured out|memori[sz]ed|learned) (?:all )?(?:your|ur|his|her|their) (?:new |exact |home |daily |whole )?(?:address|schedule|routine|movements|location|whereabouts|plate|licen[cs]e plate|shifts|rota|commute|kids'? school|school run|gym times|every move)`,
  String.raw`(?:i|we) (?:know|found out|worked out) where ${POSSESSIVE} (?:[\p{L}]+'?s? )?(?:house|flat|place|work|school|office|gym|car|parents|mum|mom|kids|new place)(?: is| are| lives?|$|[.!,])`,
  String.raw`(?:your|ur) (?:little |baby |younger |older |kid )?(?:brother|sister|kids?|son|daughter|mum|mom|dad|dog|cat|children|family|wife|husband|girlfriend|boyfriend|nan|gran)[^.!?\n]{0,50}(?:alone|by (?:him|her|them)self|on (?:his|her|their) own|unsupervised)[^.!?\n]{0,20}(?:doesn't|don't|isn't|aren't|right|huh|eh|yeah)\b`,
  String.raw`(?:won't|wont|will never|never|don't|dont) know (?:when|where|how)[^.!?\n]{0,25}(?:coming|happen|hit|strike|i'll|i will)`,
  String.raw`(?:how long|if) (?:you|u|he|she) (?:keep|keeps|get to keep|gets to keep|still have|still has) (?:those|your|ur|his|her) (?:fingers|teeth|hands|legs|eyes|face|kneecaps|knees|arms)`,
  String.raw`${ALLIES}[^.!?\n]{0,50}(?:interested in|asking about|asking after|looking for|curious about|wants to meet|want to meet|would like a word with) (?:you|u|ya|him|her)(?![\p{L}])`,
  String.raw`(?:you|u)(?:'re| are| r)? (?:gonna|going to|will|'ll) get what (?:you|u) (?:deserve|have coming|got coming)`,
  String.raw`(?:imma|ima|i'mma|i'ma|gonna|finna|bout to|i'll|ill|i will) pull up(?=[.!,]|$| (?:and|n|&|on|at|to|tonight|tomorrow|soon|later))(?! (?:at|to) (?:the|a|my)\b)`,
  String.raw`(?:you|u|ya)(?:'re| are| r)? (?:dead|finished|done) (?:when|wen|once|if|next time|the (?:moment|second|minute|day)) (?:i|we|my|you|u)`,
  String.raw`(?:on my (?:mama|mother|mom|mum|life|kids|son|daughter|nan)|i swear(?: to god)?|swear down|on god)[, ]+(?:you're|youre|ur|you are|u r|he's|she's|you|u) (?:done|dead|finished|gonna|going to|will)`,
  String.raw`enjoy (?:your|ur|his|her|it|that|this)[^.!?\n]{0,30}while (?:it|they|you|u|he|she) (?:still )?(?:has|have|can|works?|lasts?|'re|are|is)`,
  String.raw`(?:would|'d|will|'ll) be (?:a|such a) (?:real |big |terrible |great )?(?:shame|pity) if (?:something|anything|someone|somebody|your|ur|his|her|their|those|these|people|everyone|you|u)\b(?! (?:didn't|did not|don't|couldn't|never|weren't|wasn't|missed|stopped|lost touch|left|moved|said no))`,
  String.raw`(?:ended up|end up|ending up|ends up|fall into|fell into|falls into|got into|get into) (?:in )?the wrong hands`,
  String.raw`(?:try|keep|go on|go ahead|dare to|just try)[^.!?\n]{0,30} and (?:see|watch) what happens`,
  String.raw`see what happens to (?:your|ur|his|her|their)`,
  // A harm the writer will do if the person does something: 'if she shows her face I'll break it'.
  String.raw`if (?:you|u|he|she|they|ur|your|his|her)\b[^.!?\n]{0,50}(?:i'll|i will|ill|i'm gonna|im gonna|i'm going to|we'll|we will|imma|ima) (?:break|smash|hurt|kill|end|ruin|destroy|beat|punch|slap|stab|wreck|burn|rip|snap|bury|knock|cut)(?! (?:down|up with|it off|things off|the news|my heart|the silence|the ice|even|free|out of|into tears))`,
  String.raw`(?:sleep|enjoy|rest|breathe|smile|laugh|live|hide|run|walk)(?: \w+)? while (?:you|u|he|she|they|ya) (?:still )?can`,
  String.raw`(?:you|u|he|she|they) (?:won't|wont|will not|might not|may not|aren't going to|are not going to) make it (?:home|back|out alive|to (?:your|ur|his|her|their|the) (?:car|door|house|flat|work|front door))`,
  String.raw`lucky (?:i|we|my \w+) (?:haven't|havent|have not|didn't|didnt|don't|dont|hasn't) (?:come|been|found|done|shown|hurt|touched|called|visited|turned up)`,
  String.raw`next time (?:it's|it will be|it'll be|its|it won't be) (?:my|the|our) (?:fists?|knife|bat|gun|boot|hands|boys|brothers)`,
  String.raw`(?:i'll|i will|ill|i'm going to|im going to|i'm gonna) take (?:something|everything|someone|what's|whatever) (?:of yours|you love|from you|you care about|that matters to you|you have)`,
  String.raw`(?:think twice|be careful|be very careful|careful|watch (?:out|yourself|your back)|stay (?:home|inside|indoors|away|in|off the streets)|keep away|not go out|not walk|avoid (?:the|dark)|lock (?:up|your doors))(?:(?!\b(?:him|her|them|he|she|they|his|dating|date|with)\b)[^.!?\n]){0,40}if i (?:were|was) (?:you|u)|if i (?:were|was) (?:you|u),? (?:i'd|i would|id) (?:think twice|be careful|stay (?:home|inside|indoors|away)|not go out|lock|watch|move|leave town|sleep)`,
  String.raw`(?:mates|friends|people|boys|lads|guys|cousins|family|brothers) (?:in|near|round|around) (?:your|ur) (?:area|town|street|neighbourhood|neighborhood|ends|road|building|work|estate)`,
  String.raw`(?:i|we) (?:still )?(?:have|got|'ve got|kept|copied|made|still have) (?:a |the |your )?(?:spare )?keys? (?:to|for) (?:your|ur) (?:place|house|flat|car|door|apartment|building)`,
  String.raw`(?:i|we|my \w+) (?:know|knows) (?:people|some people|the right people|a guy|guys|some guys)(?=[,.!]* (?:you'll see|just saying|remember that|think about it|who (?:can|will|would|owe|do|don't))|[.!]?$)`,
  String.raw`(?:you|u|he|she|they|ya)(?:'re| are| r| is|'s)? (?:about to|bout to|finna|gonna|going to|gon) get (?:hurt|smacked|beat|beaten|stabbed|shot|jumped|fucked up|rocked|done|dropped|popped|smoked|merked|clapped|wet|bodied|shanked)`,
  String.raw`watch (?:yourself|urself|ur self|your back|ur back|out) (?:when|as|after|on (?:your|ur) way) (?:you|u) (?:leave|get|go|walk|come)`,
  String.raw`(?:got|have|i've got|ive got) (?:something|sumn|sumthin|somethin|a surprise|a present|a little something) (?:for|4) (?:you|u|him|her)[^.!?\n]{0,30}(?:least expect|when (?:you|u) (?:leave|sleep|get home)|just wait)`,
  String.raw`(?:bullet|knife|blade|grave|coffin|beating|bat|hole) (?:is |'s )?(?:waiting|ready|reserved|saved|dug) for (?:you|u|him|her)`,
  String.raw`(?:i'll|i will|ill|we'll|we will|i'm going to|im going to|i'm gonna|gonna) (?:be )?(?:at|outside|in|by|round|near) (?:your|ur) (?:gym|work|house|flat|place|door|office|school|job|mum's|mom's|parents'|car|building|kids' school)`,
  String.raw`(?:^|(?<=[.!?\n] ?))(?:don't|dont|do not|never) (?:sleep|rest) (?:too )?(?:deeply|soundly|tight|easy|easily)`,
  String.raw`(?:better|'d better|had better) not (?:go|walk|be|drive|leave|come|stay)(?: out| home| anywhere| outside)? (?:alone|by yourself|on your own)`,
  String.raw`(?:you've|you have|youve|u have|u've) (?:made|got) (?:yourself )?(?:an|a) (?:enemy|powerful enemy|dangerous enemy)`,
  String.raw`(?:nowhere|no where|no place|nowhere on earth|no corner) (?:you|u|he|she|they) (?:can|could|will be able to) (?:hide|run|go)`,
  String.raw`${FIRST}${INTENT} (?:find out|figure out|work out|track down|find) where (?:you|u|he|she|they) (?:live|lives|moved|work|works|stay|stays|went|sleep|sleeps|are|is)`,
  String.raw`(?:only|just) a matter of time (?:before|till|until) (?:i|we) (?:find|get|see|catch)`,
  String.raw`(?:you|u|ya|he|she|they)(?: and [^.!?\n]{1,30})? (?:better|'d better|had better) (?:watch out|watch it|be careful|look out|run|hide|pray)`,
  String.raw`(?:slip up|let (?:your|ur) guard down|least expect it|turn around|look up|drop (?:your|ur) guard)[^.!?\n]{0,20}(?:i'll|i will|ill|we'll|we will) be (?:there|waiting|right there|behind you)`,
  String.raw`(?:won't|wont|will not) be (?:so |as )?(?:pretty|handsome|smug|cocky|happy|brave|tough|confident) (?:after|when|once) (?:i|we)`,
  String.raw`(?:hate|not want|wouldn't want|don't want|would hate) (?:for )?(?:something|anything) (?:bad )?to happen to (?:you|u|your|ur|him|her|his)`,
  String.raw`(?:i'm|i am|im) (?:a )?(?:very |really )?patient[^.!?\n]{0,30}[.!,]?\s*(?:i|we) (?:can|will|'ll) wait`,
  String.raw`(?:you|u|he|she|they|ya)(?:'ll| will| gon| gonna| are gonna|'re gonna| going to| are going to) (?:learn|find out|see)(?: it)? the hard way`,
  String.raw`your dead(?=[.!?,]|$)`,
  String.raw`(?:i'll|i will|ill|we'll|we will) make sure of (?:that|it)(?=[.!]|$)`,
  String.raw`(?:won't|wont|will not|not gonna|not going to) feel (?:so |very |that )?safe (?:after|anymore|any more|tonight|when|once|for long)`,
  String.raw`(?:might want to|should|better|'d better|i'd|would|time to) change (?:your|ur) locks`,
  String.raw`counting (?:down )?the (?:days|hours|minutes) (?:until|till|til) (?:i|we) (?:see|find|get|catch|meet|visit) (?:you|u|him|her)`,
  String.raw`i know which (?:one|flat|house|door|building|car|floor|window|room) (?:it is|is (?:yours|your|his|hers)|you're in|you live in|is hers|is his)`,
  String.raw`(?:come round|come over|pop round|come by|swing by|come to (?:your|ur) \w+) and (?:sort|deal with|sort out|teach|handle|have a word with|see to) (?:you|u|him|her)`,
  String.raw`${POSSESSIVE} face (?:is going to|'s going to|will|'ll|is gonna) (?:look|be) (?:very |a lot |so |completely )?(?:different|unrecogni[sz]able|messed up|worse|rearranged)`,
  String.raw`${POSSESSIVE} (?:time|day|turn) (?:is|'s) (?:coming|near|nearly here|almost here|up)(?=[.!,]|$| soon| now)`,
  String.raw`(?:have|get|send) (?:my|the|our) (?:boys|lads|brothers|cousins|mates|friends|guys|people|gang|crew) (?:to )?(?:run up on|pull up on|visit|find|get|deal with|handle|jump|see to|sort) (?:you|u|ya|him|her)`,
  String.raw`(?:you|u) (?:wanna|want to|wna|tryna) (?:die|get hurt|get hit|get stabbed|get shot|get smacked|catch these hands|get your head kicked in) or (?:what|wat|something|sumn|nah)`,
  String.raw`(?:i'll|i will|ill|i'm going to|im going to|i'm gonna|gonna|we'll|i'll be|i will be) (?:be )?wait(?:ing)? for (?:you|u) (?:outside|after (?:work|school|your|ur)|by (?:your|ur))`,
  String.raw`(?:we'll|we will|let's|lets) see who(?:'s| is) (?:tough|laughing|scared|hard|the man|tougher|crying|the big man)`,
  String.raw`(?:hate|not want|wouldn't want|would hate) for (?:your|ur|you|u)\b[^.!?\n]{0,30}(?:rearranged|broken|hurt|damaged|burn|burnt|scratched|smashed|to disappear|happen)|rearrange (?:your|ur|his|her) face|(?:face|teeth) (?:to )?(?:get |getting )?rearranged`,
  String.raw`(?:restraining order|court|police|cops|injunction|locks?|the law)[^.!?\n]{0,25}(?:stop me|(?:protect|save|keep) (?:you|u)(?: safe)? from me)`,
  String.raw`(?:been )?(?:asking|asked|wants to know|wanted to know|asking around|trying to find out) (?:about )?where (?:you|u) (?:live|work|stay|sleep|are staying|moved)`,
  String.raw`say (?:goodbye|bye|bye bye) to (?:your|ur) (?:car|house|flat|face|teeth|kneecaps|legs|dog|cat|windows|tyres|tires|pretty face)`,
  String.raw`(?:when|once|the day|as soon as) (?:i'm|im|i am|i get|i'm let) (?:out|released|free)\b(?! of)[^.!?\n]{0,40}\b(?:you|u)\b`,
  String.raw`(?:i|we|my \w+) (?:know|knows) (?:what time|when|where|which (?:days?|route|way|bus|train|door)) (?:you|u) (?:pick up|drop off|leave|get off|finish|start|go|walk|park|get home|come home|take|train|shop)`,
  String.raw`tell (?:your|ur|his|her) \w+ (?:he's|she's|they're|he is|she is|they are) next|(?:you're|youre|you are|ur) next(?=[.!]|$)`,
  String.raw`keep (?:your|ur) eyes open (?:when|as|on|walking|going)`,
  String.raw`(?:won't|will not|never|wont) (?:be able to )?show (?:your|ur) face (?:in|around|at) (?:this|that|the) (?:town|city|area|street|school|office|place) again`,
  String.raw`(?:people|men|women|girls|guys) (?:have )?(?:gone missing|disappeared|died|been hurt|been killed|ended up dead) for less`,
  String.raw`hope (?:your|ur|his|her) (?:home |house |car )?insurance (?:covers|is up to date|is paid|is good)`,
  String.raw`(?:you|u|he|she|they)(?:'re| are)? (?:gonna|gon|going to|will|'ll) feel (?:it|this|that|my wrath|pain)(?=[.!,]|$| fr| soon| tonight| when)`,
  String.raw`(?:on god|on my (?:mama|mother|mom|mum|life|kids)|i swear(?: to god)?|swear down)[, ]+(?:imma|ima|i'mma|i'ma|i'll|ill|i will|gonna) (?:get|find|catch|end|hurt|kill|see) (?:you|u|ya|him|her)`,
  String.raw`(?:imma|ima|i'mma|i'ma) get (?:you|u|ya)(?=[.!,]|$| back| for| when| fr| one day)`,
  String.raw`(?:imma|ima|i'mma|i'ma|gonna|finna) (?:make|have) (?:you|u|him|her|them) (?:pay|suffer|regret|bleed|cry|beg|sorry)`,
  String.raw`${FIRST}(?:${INTENT})? (?:find|get|catch) ${TARGET} (?:and|n|&) (?:end|kill|hurt|beat|stab|make|fuck|destroy|deal with|finish|bury|cut)`,
  String.raw`(?:make sure|see to it|ensure) (?:that )?(?:nobody|no one|noone|no-one) (?:ever )?(?:finds?|sees?|hears? from|hears? of) (?:you|u|him|her|them|the body)`,
  String.raw`(?:then|or|or else|otherwise|after that) (?:i|we|my \w+) (?:come|comes|will come|'ll come|am coming|'m coming) (?:for|after) (?:you|u|him|her|them)`,
  String.raw`(?:pity|shame) if (?:he|she|you|they|u) (?:found out|finds out|got hurt|gets hurt|had an accident|has an accident|learned|learnt|were to|was to|ended up|got|went missing)`,
  String.raw`(?:i've been|i have been|ive been|been|i'm|im|i am) (?:watching|following|tracking) (?:you|u|him|her)(?: (?:leave|come|go|walk|get|sleep|park|arrive|every|at|from|home|when))`,
  String.raw`scrap(?:e|ing) (?:you|u|him|her|them) off (?:the|a) (?:pavement|floor|road|ground|street|walls?|tarmac)`,
  String.raw`(?:get|gets|find|finds|reach|reaches|catch|catches) (?:to )?(?:you|u|him|her) before (?:i|we|my \w+) do`,
  String.raw`(?:friends|people|guys|mates|cousins|contacts) who (?:do this|do that|handle (?:this|people)|sort (?:this|people) out|hurt people|break legs|make people disappear) for a living`,
  String.raw`(?:i|we) know (?:every|all the|each|all of the) (?:single )?(?:place|person|friend|street|route|move|step|door|shop|bar|pub)s? (?:you|u|he|she|they)`,
  String.raw`(?:not|never|n't) (?:scared|afraid|worried) of (?:prison|jail|going to (?:prison|jail)|the police|doing time|the consequences)`,
  String.raw`(?:i've|i have|ive|i) (?:got )?nothing (?:left )?to lose(?=[,.!]+ (?:remember|think about|just saying|you know|so)|[.!]?$)`,
  String.raw`see(?:ing)? (?:you|u) (?:around[.!,]*\s*soon|real soon)`,
  String.raw`(?:your|ur|his|her)\b[^.!?\n]{0,25}(?:is|are|would be|'d be|makes?) (?:a |an )?(?:nice |easy |good |perfect |soft )?target(?![\p{L}])(?! (?:for (?:scammers|thieves|burglars|bullies)|audience|market|customer|demographic))`,
  String.raw`check under (?:your|ur|his|her|their) (?:car|bed|van)`,
  String.raw`(?:you'll|you will|youll|u will|u'll) never (?:see|hold|hug) (?:your|ur) (?:kids|children|son|daughter|family|mum|mom|dog|baby|cat) again`,
  String.raw`there (?:will|'ll|is going to|'s going to) be (?:blood|bloodshed|hell to pay)`,
  String.raw`(?:i'm|im|i am|i've been|been) (?:sharpening|loading|cleaning|oiling|polishing) (?:my|the|a) (?:knife|knives|gun|blade|machete|axe|rifle|shotgun|pistol)`,
  String.raw`(?:when|wen|next time|the moment|once) (?:i|we) (?:see|c|catch|find) (?:you|u|him|her)[^.!?\n]{0,10}(?:it's|its|it is) over(?: (?:for|4) (?:you|u|him|her))?`,
  String.raw`(?:think|thinks|thought) (?:you're|youre|ur|you are|u r|you|u) (?:are )?(?:safe|untouchable|protected)`,
  String.raw`(?:you|u|he|she|they)(?:'ll| will|'re going to| are going to| gonna| are gonna) (?:know|feel|learn|find out|see) what (?:real |true )?(?:pain|fear|suffering|hurt)`,
  String.raw`(?:last (?:face|thing|person|voice)) (?:you|u|he|she|they)(?:'ll| will)? (?:ever )?(?:see|sees|hear|hears)`,
  String.raw`${ALLIES} (?:has|have|got|owns|carries|keeps|just bought) (?:a|his|their|some) (?:gun|knife|pistol|machete|weapon|blade|bat)`,
  String.raw`(?:he|she|they) (?:knows?|has|have|got|found) (?:your|ur) (?:new )?(?:address|schedule|routine|location|plate|postcode)`,
  String.raw`hope (?:you|u|he|she|they) (?:like|likes|enjoy|enjoys) (?:hospital food|wheelchairs|the taste of blood|crutches|pain|the dark)`,
  String.raw`when (?:you're|you are|ur|u r|youre) (?:walking|driving|going|getting|coming|alone)(?: home| back| out| to (?:your|ur) car)?[^.!?\n]{0,30}(?:remember me|think of me|look behind you|watch your back|i'll be)`,
  String.raw`(?:imma|ima|i'mma|i'ma|gonna|finna) (?:end|kill|hurt|stab|shoot|murder|unalive|smack|slap|punch|jump|rob) (?:you|u|ya|him|her|them)(?![\p{L}])`,
  // Spanish, read without its accents ('sé dónde vives' reads 'se donde vives').
  String.raw`te (?:voy|vamos|van|va) a (?:matar|encontrar|buscar|hacer dano|joder|partir|romper|reventar|destrozar|arruinar|quemar|apunalar|disparar|pegar|destruir|dar una paliza|hacer la vida imposible|dejar en silla de ruedas)`,
  String.raw`(?:voy|vamos|van) a (?:matarte|buscarte|encontrarte|reventarte|destrozarte|joderte|arruinarte|hacerte dano|partirte|romperte|ir (?:a )?por ti|matarlo|matarla|quemar tu)`,
  String.raw`te (?:mato|matare|mataremos|va a pasar algo|vas a arrepentir|arrepentiras)`,
  String.raw`(?:me las|me la|la|las) vas a pagar|vas a pagar (?:por|lo que)`,
  String.raw`(?:se|sabemos|se muy bien) (?:donde|en donde|a donde) (?:vives|trabajas|duermes|estudias|vive|trabaja|esta tu casa)`,
  String.raw`no (?:lo )?(?:vas a|va a) ver venir`,
  String.raw`(?:estas|eres (?:hombre|mujer)) muert[oa]`,
  String.raw`tus dias estan contados`,
  String.raw`(?:voy|vamos|van|vienen|iremos) (?:a )?por ti`,
  String.raw`(?:tengo|compre|consegui) (?:una pistola|un arma|una navaja|un cuchillo|un revolver)`,
  String.raw`no (?:vas a|va a) salir viv[oa]`,
  String.raw`(?:ten|tenga|mejor ten) (?:mucho )?cuidado(?: con lo que (?:haces|dices|publicas|escribes|cuentas)|,? (?:que|porque) (?:se|sabemos|te)|(?=[.!]|$))`,
  String.raw`(?:cuidate|cuida|vigila|guardate) (?:las|la|tus|tu) espaldas?`,
  String.raw`(?:ya veras|vas a ver|ya vas a ver) lo que te (?:pasa|va a pasar|espera|hago|voy a hacer)`,
  String.raw`no sabes con quien te (?:metiste|has metido|estas metiendo)`,
  String.raw`(?:seria|es|sera) una (?:pena|lastima) (?:que|si) (?:te|le|a ti|a tu|tu|tus|su)[^.!?\n]{0,30}(?:pasara|pase|pasa|ocurriera|ocurra|sucediera|algo)`,
  String.raw`(?:los )?accidentes (?:pasan|ocurren|suceden)`,
  String.raw`duerme con un ojo abierto`,
  String.raw`esto no se (?:queda|va a quedar) asi`,
  String.raw`(?:ya )?te (?:llegara|va a llegar) tu (?:hora|momento|dia)`,
  String.raw`te (?:estoy|estamos|estan) (?:vigilando|observando|siguiendo)`,
  String.raw`te vas a enterar|te las vas a ver conmigo|vas a desear no haber(?:me)? conocido`,
  String.raw`(?:se|sabemos|ya se|ya sabemos|saben|ya saben) (?:a que hora|cuando|por donde|que dias|con quien) (?:sales|sale|llegas|vuelves|entras|pasas|estas sol[oa]|duermes|vas)`,
  String.raw`te (?:estamos|estan) esperando`,
  String.raw`(?:vas|va|van) a (?:acabar|terminar) (?:muy mal|fatal|mal)`,
  String.raw`cuando te (?:pille|vea|encuentre|coja)|no te va a reconocer ni tu (?:madre|padre|familia)`,
  String.raw`(?:se|sabemos|saben|ya se) (?:en que|que) (?:coche|carro|auto|moto|bus|autobus|tren) (?:vas|llevas|conduces|coges|tienes)`,
  String.raw`tienes los dias contados`,
  String.raw`no te (?:va a salvar|salva|salvara) (?:ni )?nadie|nadie te va a (?:salvar|proteger|ayudar)`,
  String.raw`(?:como|si) (?:se te ocurra|me denuncias|vas a la policia|hablas|dices algo|me dejas)[^.!?\n]{0,30}(?:lo vas a lamentar|te vas a arrepentir|te arrepentiras|lo lamentaras|vas a ver|lo vas a pagar)`,
  String.raw`te (?:voy|vamos|van|va) a estar esperando|te (?:espero|esperare|esperaremos|estare esperando) (?:a la salida|fuera|en la puerta|en tu casa|cuando salgas)`,
  String.raw`como te (?:vea|pille|encuentre|coja|vuelva a ver)`,
  String.raw`(?:se|sabemos|saben|ya se|ya sabemos) (?:donde|en que|a que) (?:colegio |escuela |instituto )?(?:vive|trabaja|estudia|va|duerme|aparca|juega) tu (?:hija|hijo|madre|padre|mujer|marido|novio|novia|familia|hermana|hermano|abuela|hijos|hijas)`,
  String.raw`(?:voy|vamos|van|iremos|ire|va) a (?:ir|pasar|pasarme|presentarme|aparecer|plantarme) (?:a|por|en) tu (?:casa|trabajo|piso|portal|puerta|oficina|barrio|calle)`,
  String.raw`te (?:voy|vamos|van|va) a (?:desfigurar|partir|romper|reventar|destrozar|quemar|cortar|rajar|machacar|arrancar) (?:la cara|las piernas|los dientes|la boca|el cuello|la cabeza|los brazos|las manos)`,
  String.raw`te (?:reviento|rajo|parto la cara|destrozo|machaco|arranco|apunalo|pego un tiro|meto una paliza)`,
  String.raw`(?:andate|anda|vete|ve) con (?:mucho )?cuidado`,
  String.raw`me las (?:pagas|pagaras|vas a pagar)|me la pagas|me la pagaras`,
  String.raw`(?:lo|la|me la|me lo|me las) (?:vas|vais|van|va) a pagar|lo (?:pagaras|pagareis|pagaran|vais a pagar) caro`,
  String.raw`(?:se|sabemos|saben|ya se|ya sabemos) (?:cual es|donde esta|donde queda) tu (?:portal|casa|piso|coche|trabajo|oficina|calle|ventana|puerta|colegio|gimnasio)`,
  String.raw`(?:vas a|va a|van a) desear no haber (?:nacido|conocido|hablado|dicho|escrito|abierto la boca)`,
  String.raw`(?:ten |tened |mejor ten )?cuidado (?:cuando|al) (?:salgas|salir|vuelvas|volver|camines|caminar|llegues|llegar|estes sol[oa]|vayas)`,
  String.raw`no (?:sabes|tienes idea de|te imaginas) lo que te (?:espera|va a pasar|viene|voy a hacer|vamos a hacer)`,
  String.raw`(?:ya )?(?:sabes|veras) lo que (?:les|le|te) pasa a (?:los|las|la|el|quien|quienes)`,
  String.raw`(?:mis|nuestros) (?:hermanos|primos|amigos|chicos|colegas|tios|cunados|socios)[^.!?\n]{0,20}(?:te van a|van a (?:por ti|buscarte|encontrarte)|ya saben|saben donde|te estan buscando|te buscan|vienen a por ti|te encontraran)`,
  String.raw`(?:saben|sabe|ya saben|ya se|ya sabemos|ya sabe) (?:donde|en donde|a donde) (?:vives|trabajas|duermes|estudias|vive|trabaja|esta tu casa|aparcas)`,
  String.raw`(?:te|le|les) (?:voy|vamos|van|va) a (?:hacer|dejar) (?:pagar|sufrir|llorar|desaparecer)`,
  String.raw`no (?:vas|va) a (?:volver a )?(?:caminar|andar|sonreir|salir de tu casa)`,
  String.raw`vas a (?:acabar|terminar) (?:en el hospital|muert[oa]|en una silla de ruedas|bajo tierra|en una zanja)`,
];

const SELF_HARM_SOURCES: readonly string[] = [
  String.raw`(?:kill|hang|shoot|off|end|cut|drown|unalive|stab|hurt|harm|starve|burn|poison) (?:yourself|urself|yourselves|your self|ur self)`,
  String.raw`(?:should|ought to|needs to|need to|better|go|just|hope (?:he|she|they)|wish (?:he|she|they) would) (?:just |go |go and )?(?:kill|hang|shoot|off|end|drown|unalive) (?:himself|herself|themselves)`,
  String.raw`(?:go|just|please|pls) (?:swallow|take|down|neck|eat) (?:some|a few|all (?:the|your|ur)|a bunch of|a handful of|the|a load of) (?:pills|tablets|meds|sleeping pills|painkillers|paracetamol)`,
  String.raw`(?:the world|everyone|we all|this planet|the planet|your family) (?:needs|wants|could do with|would be better with) less of (?:you|u)`,
  String.raw`(?:you'd|you would|you'll|you will|u'd|u would) be doing (?:everyone|us all|the world|your family|everybody|us) a favou?r`,
  String.raw`(?:waiting|wait|can't wait|cant wait) for (?:you|u) to (?:die|kill yourself|end it|disappear|jump|overdose|drop dead)`,
  String.raw`(?:best|kindest|only|smartest|nicest|right) thing (?:you|u) (?:could|can|should|will ever) do(?: for (?:everyone|us|the world|your family|yourself))? is (?:end it|die|disappear|leave this world|kill yourself|not exist|stop breathing|jump)`,
  String.raw`(?:the world|nobody|no one|noone|your family|your kids) (?:won't|will not|wouldn't|would not) (?:miss|notice|mourn|cry (?:for|over)) (?:you|u)`,
  String.raw`(?:this time|next time) (?:you'll|you will|do it|try to|make sure you) (?:succeed|get it right|finish (?:it|the job)|do it properly)`,
  String.raw`(?:have you|ever) (?:tried|thought about|considered) (?:not existing|dying|ending it|not waking up)`,
  String.raw`(?:cortate|abrete) las venas|(?:tomate|traga(?:te)?) (?:todas )?las pastillas`,
  String.raw`(?:^|(?<=[.!?\n] ?))(?:just |so |now |go )?end it(?: all| already| now| pls| please| tonight)?(?=[.!]|$)`,
  String.raw`kys`,
  String.raw`(?:end|take) (?:your|ur) (?:(?:own|miserable|pathetic|sad|worthless|stupid|useless|fucking) )*life`,
  String.raw`(?:do|doing) (?:everyone|us all|the world|us|your family|everybody) a favou?r (?:if|by|when) (?:you|u) (?:disappeared|died|left|were gone|killed yourself|ended it|jumped|went away|vanished|stopped breathing)`,
  String.raw`(?:you|u) should (?:just )?(?:die|end it|end it all|not exist|not be alive|disappear|do it|not be here|not be around|stop living)(?! (?:tonight|today|right now|at this party|with him|with her))`,
  String.raw`(?:just|please|go|pls) (?:die|end it|end it all|do it already)`,
  String.raw`go (?:and )?(?:die|d i e|jump|hang|drown|overdose)`,
  String.raw`jump (?:off|from|in front of) (?:a|the) (?:bridge|building|cliff|roof|train|bus|lorry|truck|car|balcony)`,
  String.raw`(?:step|walk|throw yourself|jump) (?:in front of|under) (?:a|the) (?:train|bus|lorry|truck|car|tube)`,
  String.raw`(?:try|try out|give) the (?:train )?tracks`,
  String.raw`train tracks next time`,
  String.raw`(?:drink|swallow|take|down|neck) (?:the |some |a bottle of )?(?:bleach|something under the sink|whatever's under the sink|the whole bottle|a bottle of pills|all (?:of )?(?:your|ur|the|them|those|these) (?:pills|meds|tablets))`,
  String.raw`(?:swallow|take|down) (?:your|ur) (?:meds|pills|tablets)[^.!?\n]{0,10}all of them`,
  String.raw`(?:finish|finishing) what (?:you|u) started`,
  String.raw`(?:world|planet|everyone|everybody|we|life|things|your family|your kids)(?: would be|'d be| is| are| will be)(?: so much| much| a lot| way)? (?:better|happier|easier)(?: off)?(?: for (?:everyone|everybody|all of us|us|your family))? (?:without you|if you (?:died|were gone|weren't (?:here|in it|around|alive)|disappeared|did|were dead|killed yourself|didn't exist|never existed))`,
  String.raw`better off without you`,
  String.raw`(?:nobody|no one|noone|no-one) (?:would|will|'d)(?: even)? (?:miss|notice|care about|mourn) (?:you|u)`,
  String.raw`(?:nobody|no one|noone) (?:will|would) (?:come|go|turn up) to (?:your|ur) funeral`,
  String.raw`(?<!want(?:ed)? to )(?<!wanting to )(?:and )?(?:don't|never|not) wake up(?:,|\.|!|$| please| again| tomorrow)`,
  String.raw`(?:just )?stop breathing`,
  String.raw`cut deeper`,
  String.raw`waste of (?:oxygen|air|space|skin|a life)`,
  String.raw`why are (?:you|u) (?:still )?(?:alive|breathing|living)`,
  String.raw`(?:look|looks) (?:good|better|great|nice) (?:hanging|dead|in a coffin|in a body bag|six feet under|on a rope|from a (?:tree|rope|bridge))`,
  String.raw`(?:hope|wish) (?:you|u) (?:overdose|od|die|kill yourself|end it|never wake up)`,
  String.raw`(?:rope|noose)(?:'s| is) (?:in|right|there|ready)`,
  String.raw`(?:look|would look) better in a (?:coffin|casket|grave|body bag)`,
  String.raw`(?:do|doing) (?:us all|us|everyone|the world|your family|everybody) a favou?r(?: and)? (?:and )?(?:die|end it|kill|go|jump|disappear|don't|not|stop|drink|off|overdose|od|hang|drown|take|swallow|slit|cut|end)`,
  String.raw`(?:do|doing) (?:us all|everyone|the world) a favou?r (?:&|and) (?:end|die|kill|go)`,
  String.raw`(?:go away|disappear|leave) (?:for good|permanently|forever)[^.!?\n]{0,15}(?:permanently|for good|nobody|no one)?`,
  String.raw`(?:life|living) (?:isn't|is not|isnt) for (?:you|everyone)`,
  String.raw`(?:don't|not) be in it (?:any ?more|anymore)`,
  String.raw`(?:pills|bridge|rope|knife)[, ]+(?:pills|bridge|rope|knife|or)[^.!?\n]{0,30}(?:your choice|just do it|pick one)`,
  String.raw`(?:get it over with|just do it already)`,
  String.raw`better off dead`,
  String.raw`(?:take|go for) a (?:long )?walk off a (?:short )?(?:pier|cliff|bridge|roof)`,
  String.raw`(?:just|go|honestly|please) (?:jump|jump off|end it)(?:,|\.|!|$| already| nobody| no one| you| pls)`,
  String.raw`(?:go|just) play in (?:traffic|the road|the motorway)`,
  String.raw`(?:pills|rope|knife|bleach|bridge|blade)[^.!?\n]{0,30}you know what to do`,
  String.raw`(?:should|should've|should have) (?:just )?(?:ended (?:her|his|your) life|killed (?:herself|himself|yourself))`,
  String.raw`(?:nobody|no one|noone) (?:will|would|is going to) (?:stop|save|miss) you`,
  String.raw`(?:stop|quit) (?:existing|breathing)`,
  String.raw`end it all`,
  String.raw`(?:slit|cut|open) (?:your|ur) (?:wrists|throat|veins)`,
  String.raw`jump (?:off|out of|from) (?:a|the|your|ur) (?:window|balcony|bridge|building|cliff|roof|car park)`,
  String.raw`(?:swallow|take|neck|down) (?:a|the|another) (?:bottle|handful|packet|box) of`,
  String.raw`(?:world|nobody|no one|noone|everyone) (?:doesn't|does not|don't) (?:need|want) you(?: (?:here|alive|around|anymore))?`,
  String.raw`(?:nobody|no one|noone) (?:would|will) (?:even )?(?:notice|care) if (?:you|u) (?:died|were gone|disappeared|killed yourself|jumped|hanged yourself|overdosed|did it)`,
  String.raw`(?:do|would do) (?:everyone|the world|us(?: all)?|your family) a favou?r by (?:dying|disappearing|ending it|not existing|killing yourself|leaving this world)`,
  String.raw`(?:go|just|please) (?:drown|starve|overdose|od) (?:yourself|already)?`,
  String.raw`drop dead(?! gorgeous)`,
  String.raw`(?:thought about|think about|considered|consider) (?:not waking up|ending it|killing yourself|ending your life|not being here)`,
  String.raw`the (?:bridge|rope|train tracks|tracks|pills|knife|cliff)(?:'s| is| are) (?:right )?there`,
  String.raw`(?:have|had|find) the guts to (?:end|kill|do it)`,
  String.raw`why (?:don't|dont|do not|won't|wont) (?:you|u) (?:just )?(?:die|overdose|od|jump|hang yourself|kill yourself|end it|disappear|drown|stop breathing)`,
  String.raw`if (?:you|u) (?:jumped|died|killed yourself|hanged yourself|disappeared|were gone|overdosed|ended it|did it)[^.!?\n]{0,10}(?:nobody|no one|noone|no-one) (?:would|will|'d)`,
  String.raw`(?:nobody|no one|noone|no-one) (?:would|will|'d)(?: even)? (?:cry|blink|be sad|shed a tear|grieve|mind) (?:if|when) (?:you|u) (?:died|were gone|disappeared|killed yourself|jumped|hanged yourself|overdosed|did it|went|left this world)`,
  String.raw`(?:if i were you|if i was you),? (?:i'd|i would|id) (?:just )?(?:end it|kill myself|jump|hang myself|not bother living)`,
  String.raw`(?:deberias|tendrias que|por que no|porque no|ojala) (?:te )?(?:morirte|matarte|suicidarte|tirarte|ahorcarte|mueres|matas|tiras|ahorcas|desaparecer|desapareces|tires|mates|mueras|ahorques|suicides)`,
  String.raw`tira(?:te|rte) (?:de|por|desde|a|bajo) (?:un|el|la|una) (?:puente|balcon|ventana|edificio|tren|azotea|vias)`,
  String.raw`(?:hazle|haznos|hazles|haz) (?:un|a todos un) favor (?:al mundo|a todos|a tu familia)`,
  String.raw`el mundo (?:estaria|seria|sera) mejor sin ti`,
  String.raw`nadie te (?:echaria|va a echar|echara|extranaria|va a extranar) de menos|nadie (?:lloraria|lloraria por ti|te lloraria|notaria) si te`,
  String.raw`(?:vete|anda|ve) a morir(?:te)?|desaparece para siempre|no mereces vivir`,
  String.raw`(?:matate|suicidate|ahorcate|tirate (?:de|por) un (?:puente|balcon)|deberias (?:morirte|matarte|suicidarte)|ojala te mueras|muerete)`,
];

const THREATS = phrases(THREAT_SOURCES);
const SELF_HARM = phrases(SELF_HARM_SOURCES);

// What someone else said, quoted after a verb of saying ('he once said "I know where you live"'): the writer
// reports a threat rather than makes one.
const REPORTED_QUOTE =
  /\b((?:he|she|they|his \w+|her \w+|their \w+|someone|somebody)\b[^.!?"“”\n]{0,30}?\b(?:said|says|told me|tells me|texted|wrote|messaged|threatened|screamed|yelled|shouted|whispered|would say|used to say|kept saying)\b[^"“”\n]{0,12})["“][^"“”\n]{1,120}["”]/giu;

// The same said before its speaker ('I'm coming for your crown, she used to say').
const REPORTED_BEFORE =
  /[^.!?\n]*,\s*(?:he|she|they|my \w+|his \w+|her \w+)\s+(?:used to |would |always |once |then )?(?:say|said|says|joke|joked|jokes|tease|teased|teases|text|texted)\b/giu;
// A home the writer shares or shared with the person: 'I know where he lives, we bought the house together'.
const SHARED_HOME =
  /\b(?:(?:we|i) (?:lived|live|bought|shared|share|rented|rent|owned|own|split|worked|work)\b|together|our (?:house|flat|place|home)|same (?:house|flat|place|office|team|job|shift)|colleagues|coworkers|co-workers)/iu;
const KNOWS_WHERE =
  /\bknow (?:where (?:you|u|he|she|they) (?:live|lives|liv|stay|stays)|(?:his|her|their) (?:schedule|routine|shifts|rota|address))\b/iu;

// Exasperation said with a verb of killing ('I'm going to kill him if he forgets my birthday again, lol', 'his
// mum will murder him when she reads this'): a sentence with such a verb, a sign of jest or of a small
// offence, and no weapon or injury is not read as a threat.
const HYPERBOLIC_VERB = /\b(?:kill|killing|murder|murdering|strangle|strangling|throttle|throttling)\b/iu;
const EXASPERATION =
  /\b(?:lol|haha\w*|lmao|jk|just kidding|love (?:him|her|you|them)|again|when (?:he|she|they) (?:finds? out|sees?|reads?|hears?|gets? home)|if (?:he|she|you|they) (?:forgets?|eats?|leaves? the|is late|are late|says? that|does that|keeps?))\b|😂|🤣/iu;
const WEAPON_OR_INJURY =
  /\b(?:knife|gun|bat|stab|shoot|shot|bury|body|blood|bleed|hospital|grave|dead|find you|know where|bare hands)\b/iu;

function withoutExasperation(text: string): string {
  return text
    .split(/(?<=[.!?\n])/)
    .map((sentence) =>
      HYPERBOLIC_VERB.test(sentence) && EXASPERATION.test(sentence) && !WEAPON_OR_INJURY.test(sentence)
        ? ''
        : sentence,
    )
    .join('');
}

function withoutReportedSpeech(text: string): string {
  const unquoted = text
    .replace(REPORTED_QUOTE, (_quote, frame: string) => frame)
    .replace(REPORTED_BEFORE, '');
  return KNOWS_WHERE.test(unquoted) && SHARED_HOME.test(unquoted)
    ? unquoted.replace(new RegExp(KNOWS_WHERE.source, 'giu'), '')
    : unquoted;
}

/** The words of the first threat in the reading, or null. */
export function findThreat(reading: TextReading): string | null {
  const lower = reading.lower.map((text) => withoutExasperation(withoutReportedSpeech(text)));
  return findPhrase({ ...reading, lower }, THREATS);
}

/** The words of the first encouragement to self-harm in the reading, or null. */
export function findSelfHarmEncouragement(reading: TextReading): string | null {
  return findPhrase(reading, SELF_HARM);
}
