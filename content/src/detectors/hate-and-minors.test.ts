import { describe, expect, it } from 'vitest';
import { normalizeText } from '../normalize';
import { readText } from '../reading';
import { findHateSpeech, findMinorSexualContent } from './hate-and-minors';

function hate(text: string) {
  return findHateSpeech(readText(normalizeText(text)));
}

function minor(text: string) {
  return findMinorSexualContent(readText(normalizeText(text)));
}

describe('findHateSpeech', () => {
  it.each([
    'Jews control all the banks',
    'trans women are just men in dresses',
    'Poles are only here to steal jobs',
    'Black women are always so aggressive.',
    'trans people are a danger to children',
    'Jews are behind everything wrong with the world',
    'gay people are going to hell',
    "what do you expect, he's Romanian",
    'los moros son todos unos ladrones',
    'las mujeres no sirven para nada',
    'los inmigrantes vienen a robar',
    'las personas trans están enfermas',
    'moro de mierda',
    "j3ws run everything and he thinks he's better than us",
    'Las mujeres trans son hombres enfermos y punto.',
    'los hombres trans son mujeres y punto',
    'los gitanos son gente sucia',
    'the only good muslim is a dead one',
    "immigrants shouldn't have the right to vote",
    'women belong in the kitchen',
    'el único gitano bueno es el muerto',
    'eres una rata inmunda y los de tu raza igual',
    'these people breed like rabbits and live off our taxes',
    'los gitanos viven del cuento',
    'muslims should all be deported',
    'women are property',
    'las mujeres solo sirven para la cocina',
    "you're a liar just like the rest of your kind",
  ])('finds hate in %j', (text) => {
    expect(hate(text)).not.toBeNull();
  });

  it.each([
    'trans women are women',
    'he said all women are liars, which says it all',
    'his mum called me a dirty immigrant',
    'Los gitanos de mi barrio son muy buena gente',
    'el perro negro de mi vecino',
    "she's Muslim and I'm Catholic, it worked for us",
    'my nan says women belong at home, bless her',
    'las mujeres trans son mujeres',
    'los gitanos son gente muy alegre',
    'the only good thing about him is his dog',
    'those people at his work were lovely to me',
    'she loved her kind of music, jazz mostly',
    'women are property owners in that village, it is matrilineal',
  ])('finds none in %j', (text) => {
    expect(hate(text)).toBeNull();
  });
});

describe('findMinorSexualContent', () => {
  it.each([
    'she likes them young, high school boys',
    "he's into 16 yr olds, gross",
    "he's 30 and his girlfriend is a junior in high school",
    'he asked my 12 year old sister for pictures',
    'tenía 14 años cuando se acostó con ella',
    'le mandaba fotos desnudo a una niña de 13',
    'se acuesta con una menor de edad',
    'she was hotter at 14 honestly, should have gotten with her back then',
    'sent me pics when she was in 9th grade, still got em',
    'u were 16 and begging for it',
    'tenía 15 cuando me la cogí por primera vez',
    'desde los 14 me mandaba fotos desnuda',
    'she looked so good in her school uniform at 15',
    "she's only 15 but she's got a body",
    'tenía 13 años y él 28, y se acostaban',
  ])('finds a minor in a sexual context in %j', (text) => {
    expect(minor(text)).not.toBeNull();
  });

  it.each([
    "I'd still say she's one of the most generous people I've known, and in bed we were great together.",
    'emotional maturity of a teenager, but great in bed',
    'tenía 14 años cuando nos conocimos',
    'we dated in high school, 16 and 17, puppy love',
    'we started dating at 16 and it was sweet',
    'I dated her when she was 16 and I was 17',
    'my daughter is 14 and sent me pics from her school trip',
    'a los 15 minutos ya estaba borracho',
    'con 15 años se fue de casa',
    'my 14 year old son adores her, she was great with kids',
    'he taught sixth grade and loved his students',
  ])('finds none in %j', (text) => {
    expect(minor(text)).toBeNull();
  });
});

describe('hate and minors in the shapes a second blind set found short', () => {
  it.each([
    'Catholics like his mother should not be allowed to teach.',
    "He cheated, but that's what Italians are like.",
    "He's Albanian, so of course he lied.",
    'Arabs will steal anything not nailed down.',
    "He's Polish, they're all the same.",
    'Muslims always play the victim.',
    'What do you expect from someone from Karachi?',
    'Being trans is disgusting.',
    'Girls like his sister are just fit for the kitchen.',
    'People of her faith are vermin.',
    'Immigrants should be wiped off the map.',
  ])('holds hate in %j', (text) => {
    expect(findHateSpeech(readText(normalizeText(text)))).not.toBeNull();
  });

  it.each([
    "She's Albanian and so proud of it, her family welcomed me.",
    "That's what friends do, he said, and paid for the taxi.",
    'Muslims like her neighbours invited us to iftar every year.',
    'Italians like his grandad make the best coffee, no contest.',
    'He is from Karachi and took me to meet his whole family.',
    'Everyone is all smiles in his country at weddings.',
    'Tomatoes like these are only good for cooking, not salads.',
    'People of his faith welcomed me at every festival.',
    'The old shed should be wiped off the map, it is an eyesore.',
  ])('passes %j', (text) => {
    expect(findHateSpeech(readText(normalizeText(text)))).toBeNull();
  });

  it.each([
    'he only dates girls before they turn 17',
    'he was seeing freshmen when he was 23',
    'they found videos of children on his phone',
    'he was hookin up w a 16 yr old, everyone knew',
    'sleepin w a 13 yr old, disgusting',
    'he told her, she was 13, that she had a womanly body',
    'he asked a 14 year old for photos in her bra and knickers',
    'he was sleeping w a 15 yr old',
  ])('holds a minor in a sexual context in %j', (text) => {
    expect(findMinorSexualContent(readText(normalizeText(text)))).not.toBeNull();
  });

  it.each([
    'his kids were in the photos of his birthday, so sweet',
    'she was 15 when she started her first job, in a bakery',
    'my daughter, 14, lives in her school uniform and hoodies',
    'before they turn 16 the kids in his team get a trophy',
    'his 15 yr old was workin w me at the bakery, lovely kid',
  ])('passes %j', (text) => {
    expect(findMinorSexualContent(readText(normalizeText(text)))).toBeNull();
  });
});
