import { describe, expect, it } from 'vitest';
import { normalizeName, normalizeText } from './normalize';
import { RATED_NAME_LABEL } from './rating-fields';
import { nameScreeningMessage, screenText } from './screening';

/**
 * Disguises and wordings a determined writer uses to get a threat, a slur or a way to reach someone past the
 * rules, one class at a time, and the ordinary texts beside each that must pass (docs/screening.md).
 */
function screened(typed: string) {
  return screenText(normalizeText(typed), { ratedName: 'Sam' });
}

describe('disguised words', () => {
  it.each([
    ['I will kiII you', 'threats'],
    ['i will k!ll you', 'threats'],
    ['i will ki ll you', 'threats'],
    ['i will kiiiiillll you', 'threats'],
    ['ɟlǝsɹnoʎ llᴉʞ', 'self-harm'],
    ['🅺🅸🅻🅻 yourself', 'self-harm'],
    ['🇰🇮🇱🇱 yourself', 'self-harm'],
    ['he is a niqqer', 'slurs'],
    ['what a nig ger', 'slurs'],
    ['she is a ꜱʟᴜᴛ', 'slurs'],
  ])('catches %j (%s)', (typed, rule) => {
    expect(screened(typed)).toMatchObject({ rule });
  });

  it('refuses a slur in small capitals as the rated name', () => {
    expect(nameScreeningMessage(RATED_NAME_LABEL, normalizeName('ꜱʟᴜᴛ'))).not.toBeNull();
  });
});

describe('contact details by platform', () => {
  it.each([
    'add me on snap alex_s92',
    'cashapp $alexs92',
    'my ig is alex.s',
    'sc: alex_s92',
    'venmo me @alexs',
    'her OF is alexx_x',
    'hmu on kik alexbaby',
    'telegram alex_s92',
    'whatsapp him on alex.s92',
    'he lives at 42 elm street',
    'HE LIVES AT 42 ELM STREET',
    'he lives at forty two Elm Street',
    'she is at twelve rosebery avenue',
    'call me two-oh-two fifty five fifty five oh one four seven',
    'call 2o2 5five5 o147',
    'alexphotos。com',
  ])('refuses %j', (typed) => {
    expect(screened(typed)).toMatchObject({ rule: 'contact-details', outcome: 'refuse' });
  });

  it.each([
    'we met on Hinge',
    'he was always on Instagram',
    'we met on tinder in 2019',
    'he was on snapchat 24/7',
    'it is a one way street with him',
    'he lived 5 minutes down the road',
    'scores: 8/10, 7/10, 9/10',
  ])('accepts %j', (typed) => {
    expect(screened(typed)).toBeNull();
  });
});

describe('menace without the obvious words', () => {
  it.each([
    'my brothers are coming for you',
    "you won't see it coming",
    'I bought a gun the day you left',
    'I know where you live',
    'i kno where u live',
    'i no where u live',
    'i will unalive you',
    'if you go to the police you will regret it',
    "she'll regret this for the rest of her life",
    'there is a bullet with his name on it',
    'te voy a matar',
    'sé dónde vives',
    'me las vas a pagar',
    'no lo vas a ver venir',
  ])('holds %j as a threat', (typed) => {
    expect(screened(typed)).toMatchObject({ rule: 'threats', outcome: 'hold' });
  });

  it.each(['mátate', 'ojalá te mueras'])('holds %j as self-harm encouragement', (typed) => {
    expect(screened(typed)).toMatchObject({ rule: 'self-harm', outcome: 'hold' });
  });

  it.each([
    'she had to watch her back at work',
    "you'll regret it",
    'Date him and you will regret it',
    'I could kill him for that haircut',
    'his dad is coming for him at 5',
    'I got a knife set for the kitchen when we moved in',
  ])('accepts the idiom %j', (typed) => {
    expect(screened(typed)).toBeNull();
  });
});

describe('hate without a slur', () => {
  it.each([
    'being trans is a mental illness',
    'trans women are not real women',
    'what do you expect from a muslim',
    "Mexicans can't be trusted",
    'lazy like all the Irish',
    'Gays are like animals',
    'deaf people are all stupid',
    'los gitanos son todos ladrones',
    'los inmigrantes deberían ser deportados',
  ])('holds %j', (typed) => {
    expect(screened(typed)).toMatchObject({ rule: 'hate-speech', outcome: 'hold' });
  });

  it.each([
    'los zapatos negros son sucios',
    'as a trans woman I felt safe with her',
    'he grew up among Irish people and loved it',
  ])('accepts %j', (typed) => {
    expect(screened(typed)).toBeNull();
  });
});

describe('what must pass', () => {
  it.each([
    'we were together 2 years 3 months and the sex was great',
    'we were together for 2 years and the sex was amazing',
    'fuck him honestly',
    'the pen is mightier than the sword',
    'I gave him $40 and he said I was 8/10',
    'Scunthorpe is lovely',
  ])('accepts %j', (typed) => {
    expect(screened(typed)).toBeNull();
  });

  it.each([
    ['she was 15 years and he slept with her', 'minor-sexual-content'],
    ['His mate is a paedo who goes after 13 year olds', 'minor-sexual-content'],
    ["I'd fuck him", 'sexual-terms'],
  ])('still catches %j', (typed, rule) => {
    expect(screened(typed)).toMatchObject({ rule });
  });
});
