import { describe, expect, it } from 'vitest';
import { normalizeText } from '../normalize';
import { readText } from '../reading';
import { findSelfHarmEncouragement } from './self-harm';
import { findThreat } from './threats';

function threat(text: string) {
  return findThreat(readText(normalizeText(text)));
}

function selfHarm(text: string) {
  return findSelfHarmEncouragement(readText(normalizeText(text)));
}

describe('findThreat', () => {
  it.each([
    // Allies sent after a person.
    'my cousins will find you',
    'My brothers know your face now. Good luck.',
    'my boys are waiting for you',
    'my cousin just got out of prison and he is very interested in you',
    "I've got mates in your area. Just saying.",
    // What the writer knows of someone's whereabouts, or has.
    "I've already found your new address. See you soon.",
    'ik wer ur moms house is',
    'I know every single place she goes and every person she trusts',
    'remember, I have a key to your place',
    "I'm sharpening my knife as I write this",
    // Conditions, veiled menace and what is coming.
    "If she shows her face at the wedding I'll break it.",
    'say one more word and you are done',
    'sleep well while you can',
    "one of these nights you won't make it to your car",
    'It would be a real pity if those photos of your kids ended up in the wrong hands.',
    'tell your husband to check under his car',
    "I'd think twice before leaving the house if I were you",
    'there will be blood',
    // Texting and street spellings.
    'ima catch u lackin',
    'u bout to get hurt fr',
    'wen i c u its over 4 u',
    'ima slide on u n ur bf',
    // Spanish, read without accents.
    'cuidado cuando salgas de noche',
    'no sabes lo que te espera',
    'mis hermanos ya saben dónde trabajas',
    'como te vea por el barrio te reviento',
    'sé dónde estudia tu hija',
    'te voy a estar esperando a la salida',
    // Watching the person and their home, and access kept.
    'Every night I drive past your place. You never notice me.',
    'I still walk past your flat when you are asleep',
    'Your car looks nice in the driveway at night.',
    'you look so peaceful when you sleep',
    'I still have a key. Remember that.',
    // Turning up unannounced, and what leaves the person open to it.
    'One day you will turn a corner and I will be there',
    "Sweet dreams, I'll be closer than you think",
    "I'll get you when you least expect it",
    "The police can't be there all the time",
    "You won't always have your brother around you",
    'Nobody would even find you out there',
    'You have no idea how easy it would be',
    'You should see what I have planned for you',
    "Don't get too comfortable in that new flat",
    'Tell your new boyfriend to watch his back',
    'Make sure you lock up tonight',
    "I hope you've said your goodbyes",
    "I'm the last person you want to see in a dark car park",
    "Bet you'd look different with a few scars",
    'Would be awful if you slipped on those stairs',
    "Your daughter's school lets out at 3, right?",
    'te tengo vigilada',
    'ya nos veremos cuando menos te lo esperes',
    'disfruta mientras puedas',
    'te vas a arrepentir de haberme dejado',
    "he's not going to like what happens next",
    'you have to leave the house eventually',
    'people who lie about me tend to regret it',
    "you'd be surprised how many people owe me favours around your way",
    'careful, accidents happen on dark roads like yours',
    "I'll be the one standing at the end of your bed",
    "I know your mum's maiden name, your PIN and where you park",
    'Your little girl has such pretty hair. Would hate for anything to happen to it.',
    'better start checking your back seat',
    'i wanna see u bleed',
    'ill f*ck u up',
    'u gon learn today',
    'ima beat ur ass when i see u',
    "you know what I'm capable of. don't test me",
    'keep running your mouth and find out',
    "i'd hate for your mum to get a visit",
    "she thinks she's safe at her sister's. she isn't",
    "I've got friends in the police, you won't be protected",
    "it'd be a tragedy if that pretty face got ruined",
    'ur lucky i dont know where u moved... yet',
    "sleep tight, I'll be watching",
    "I'll be at your sons football game on Saturday",
    'all it takes is one match and your house is gone',
    'no te va a gustar lo que te va a pasar',
    'tu familia va a pagar por lo que hiciste',
    'a ver si te atreves a salir de casa',
  ])('finds a threat in %j', (text) => {
    expect(threat(text)).not.toBeNull();
  });

  it.each([
    // Reported, not made.
    'He once said "I know where you live" and laughed it off. It scared me.',
    "I'm coming for your crown at trivia, she used to say",
    // A home or a schedule shared with the person.
    'I know where he lives, we bought the house together',
    'I know his schedule because we worked together',
    // Exasperation and idioms.
    "I'm going to kill him if he forgets my birthday again, lol, love him",
    'his mum will murder him when she reads this',
    'I wanted to strangle him every time he was late',
    "she'll regret it someday when she grows up",
    "he's going to pay for that parking ticket himself this time",
    "it would be a shame if we didn't stay friends",
    "I'd be careful with him if I were you, he lies",
    'we were killing it as a couple for two years',
    "honestly he'll get what's coming to him: a lonely old age and a cat",
    "I'm not done with him, we have a dog to share",
    'my friends will be at the party, come!',
    'I have a key to his place still, need to return it',
    'Lo quería matar cuando llegaba tarde, pero lo quería igual',
    'I still have a key to our old flat, I need to give it back',
    'I drove past your house for the first time since we split and cried',
    'your new place looks lovely in the photos',
    'he never notices me when his friends are around',
    "he's going to get what's coming to him, karma always wins",
    'she will get hers one day, the universe balances things',
    'el amor llega cuando menos te lo esperas',
    'disfruta mientras puedas de tu juventud, dice mi abuela',
    'Te vas a arrepentir, no porque yo te haga nada, sino porque nadie te va a querer como yo te quise.',
    'the police cannot do everything, sadly',
    'nobody would find you attractive with that attitude',
    'I hope you find someone who puts up with it',
    'wait till you see what I have planned for your birthday',
    "she'll regret it when she's older, but that's her business",
    'accidents happen, he said, and paid for the glass',
    'people who leave me usually come back as friends',
    'I want to see him happy, honestly',
    'watch your back with this one, he lies',
    "you'll learn soon enough that he never calls back",
    'she beat my ass at tennis every week',
    'I know where he works because I work there too',
    "she helped me see what I'm capable of",
    "I'll be watching the match at his place",
    "you won't be safe with him, he lies",
    'it would be a tragedy if that restaurant closed',
    "she'll regret it, but that's life",
    "I'd murder him for a slice of that cake",
  ])('finds no threat in %j', (text) => {
    expect(threat(text)).toBeNull();
  });
});

describe('findSelfHarmEncouragement', () => {
  it.each([
    'nobody would cry if you jumped',
    "why don't you just overdose",
    'you should hurt yourself',
    'go swallow some pills, nobody cares',
    'go k1ll urslf',
    'the world needs less of you. end it',
    "you'd be doing everyone a favour",
    'just end your miserable life',
    'deberías tirarte de un puente',
    'hazle un favor al mundo y desaparece para siempre',
    'ojalá te tires de un puente',
  ])('finds encouragement in %j', (text) => {
    expect(selfHarm(text)).not.toBeNull();
  });

  it.each([
    'he threatened to kill himself when I left, I called his brother',
    'I thought about ending it after the divorce, therapy helped',
    'she used to cut herself as a teen and talks about it openly',
    'I had to end it.',
    'you should not be here tonight, it is a private party',
  ])('finds none in %j', (text) => {
    expect(selfHarm(text)).toBeNull();
  });
});

describe('findThreat on "I know where you live" in any spelling', () => {
  it.each([
    'i know whr u lyv',
    'I-know-where-you-live',
    'i know where u livin',
    "I've found where you live",
    'i kno where ur crib is',
    'i know where u lay ur head',
    'ɪ ᴋɴᴏᴡ ᴡʜᴇʀᴇ ʏᴏᴜ ʟɪᴠᴇ',
    'I kn0w wh3r3 y0u l1v3',
    'i know wh ere you live',
  ])('finds %j', (text) => {
    expect(threat(text)).not.toBeNull();
  });
});

describe('findThreat on the Spanish lexicon of harm', () => {
  it.each([
    'te voy a partir la boca',
    'voy a romperle las piernas a tu hermano',
    'la próxima vez te reviento',
    'te mataré aunque me cueste la vida',
    'os voy a buscar hasta encontraros, da igual',
    'te encontraré, tarde o temprano',
    'lo vas a pagar bien caro',
    'esto te va a salir muy caro',
    'te arrepentirás toda tu vida',
    'ya sabes lo que te pasa como me denuncies',
    'si hablas con la policía, te mueres',
    'tengo primos que se encargan de gente así',
    'mis colegas van a pasar a verte',
    'te van a encontrar tirada en el parque',
    'vas a acabar en el cementerio',
    'disfruta tus últimos días',
    'más te vale no volver sola a casa',
    'reza para que no te pille',
    'sé a qué hora entrenas',
    'voy a hacer que te despidan',
    'voy a mandar tus fotos a todo el mundo',
    't voy a rajar',
    'k sepas q t vamos a buscar',
    'te estaré esperando en la esquina',
    'Te voy a ma tar',
    'te voy a desaparecer del mapa',
    'te voy a llenar de plomo',
    'vas a amanecer muerta',
    'lo van a lamentar tú y los tuyos',
    'de esta no sales, cabrón',
    'te quedan pocos días',
    'te lo repito por última vez',
    'como vuelvas a llamar, no respondo',
    'ya estás avisada',
    'mi familia sabe dónde duermes',
    'ya tengo tu horario',
    'cuida a tu hija cuando sale sola',
    'vas a saber de lo que soy capaz',
    'de esta no sales vivo',
    'tu hermano no va a volver vivo del viaje',
    'Vigila a tu hija, no se sabe lo que le podría pasar.',
  ])('finds a threat in %j', (text) => {
    expect(threat(text)).not.toBeNull();
  });

  it.each([
    'te voy a buscar un piso mejor, le prometí',
    'me mata de risa cuando baila',
    'ese viaje me mató, pero valió la pena',
    'se rompió el brazo y yo lo llevé al hospital',
    'me partía de risa con él',
    'vas a pagar tú la cena, ¿vale?',
    'te vas a morir de risa cuando lo conozcas',
    'ya sabes lo que pasa con los primeros amores',
    'no sé dónde vives ahora, pero te deseo lo mejor',
    'sé cuándo mientes, siempre lo supe',
    'me las vas a pagar, decía en broma cuando perdía al parchís',
    'cuídate mucho y que te vaya bien',
    'te voy a echar de menos',
    'mis amigos van a la boda de su prima',
    'te encontré en el peor momento de mi vida y me salvaste',
    'te voy a levantar el ánimo con una cena',
    'te queda poco para terminar la carrera, ánimo',
    'es tu última oportunidad de comprar entradas',
    'no respondo mensajes de trabajo los domingos',
    'ya tengo tu dirección para mandarte la invitación',
    'vas a lamentar no haber probado su paella',
    'no vas a llegar a tiempo a la boda si no sales ya',
    'volvió vivo de milagro del accidente, y yo a su lado',
    'cuida a tus hijos, son lo más bonito que tienes',
    'nunca se sabe lo que te puede pasar en la vida, disfruta',
  ])('finds no threat in %j', (text) => {
    expect(threat(text)).toBeNull();
  });
});

describe('findThreat on veiled menace read by its kinds', () => {
  it.each([
    // Harm that may befall, with a warning or a time running out.
    'Lovely house you have. Would be a pity if it caught fire one night.',
    'Those old tyres of yours could blow any time. A lot can happen on the motorway. Just saying.',
    'Enjoy the garden while you can.  Gardens burn down, you know.',
    // Watched, sought, unprotected.
    "I've been sitting outside your work most evenings. You never notice me.",
    'One of these nights you will be alone in that car park.',
    'Your boyfriend will not always be there to protect you.',
    "I'd hate for your son to get lost on his way to football.",
    'nice little schedule you have, school run then pilates',
    'You can change your address all you like, I will still turn up.',
    'Nobody could hear you out at that farmhouse of yours.',
    // Allies and weapons beside the person.
    "My cousins owe me favours and they've been asking about you.",
    'Been to the range every day this week. Thought you should know.',
    'I never make threats. Only promises.',
    'The next one will not be an accident.',
    'I made a copy of your front door key. See you soon.',
    'I will stab you in the back of the head',
    'Say hello to your sister for me. Nice flat she has got.',
    'The fire in your shed? That was the warm-up.',
    'Life has a way of catching up with people like you.',
    "You'll wish you had listened to me.",
    'Bad things happen to snitches like you.',
    "Sleep tight. It could be your last night's sleep for a while.",
    'You think I am done? This is just getting started.',
    'i will k.i.l.l. you',
    'ima be waitin outside ur work 2nite',
    'You might want to check your brake lines.',
    'Never drive home alone, not any more.',
    "I'm not going anywhere, and neither are you.",
    'Remember, I know all about your mornings.',
    'Keep your blinds down if I were you.',
    'Every time your doorbell rings, it could be me.',
    'Made a second key last week. Sweet dreams.',
    'Picked up duct tape and a tarp on the way home. Sleep tight.',
    'I watched you walk to your car this morning. That red coat looks good on you.',
    "Don't get comfortable in the new place, I've walked past it every night.",
    'It would be very easy for your brake lines to go.',
  ])('finds a threat in %j', (text) => {
    expect(threat(text)).not.toBeNull();
  });

  it.each([
    'He drove me to the hospital after my accident and stayed all night.',
    'You always walked me home at night so I never felt alone.',
    'Drive safe, the roads are dark out there, he would text me every time.',
    'Be careful with him at night, he snores like a train.',
    'My brother still asks after him, they got on well.',
    'You were patient with me when I was grieving, thank you.',
    'I hope you find someone who makes you feel safe.',
    'Enjoy your new job, you earned it.',
    'We met in the dark room of the photography club, you were so shy.',
    'He keeps knives like a chef and cooks like one too.',
    "I saw you at the market last week and you looked happy. I'm glad.",
    'Tell your mum I said thank you for the recipes.',
    'He will stab you in the back the moment it suits him.',
    "I'll be seeing you around town, take care.",
    'That was the start of our best summer.',
    'Sleep tight, he always said, and kissed my forehead.',
    'Karma has a way of catching up with everyone eventually.',
    'You should check your tyres before the road trip, love.',
    "Don't go anywhere near his mum's trifle.",
    "I'm not going anywhere, this flat is home.",
    'Every time your name comes up I smile.',
    "Cancel on her twice and you're dead to her.",
    'I still have your spare key, I will post it back. See you around.',
    'Kept the spare key for the cat sitter while we were away.',
    'We bought rope and a shovel for the allotment, he loved that garden.',
    'Sweet dreams, he would text me every night, I miss that.',
    'I watched you grow into a kind man, that jacket always suited you.',
    "Don't get too comfortable with him, he never stays past six months.",
    'It would be so easy for you to just say sorry.',
  ])('finds no threat in %j', (text) => {
    expect(threat(text)).toBeNull();
  });
});
