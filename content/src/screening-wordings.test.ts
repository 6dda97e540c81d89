import { describe, expect, it } from 'vitest';
import { normalizeText } from './normalize';
import { screenRatingInput } from './screening';

/**
 * Wordings written after the corpus was split, to find what the rules missed beyond their own examples
 * (docs/screening.md): each was first run against the rules, and the rules were widened by principle where
 * they missed it. Kept here so that they stay caught, and stay alone.
 */
function verdict(feedback: string) {
  return screenRatingInput({
    name: 'Sam',
    testimonial: null,
    gratitude: null,
    selfReflection: null,
    feedback: normalizeText(feedback),
  });
}

describe('screening of wordings the corpus does not hold', () => {
  it.each([
    "I swear he'll regret crossing me",
    'Someone needs to shut her up for good',
    'He is going to get what he deserves and it will hurt',
    "I'll destroy everything he loves",
    'Be careful walking home alone, Sarah',
    "If I can't have her nobody can",
    'Her boss will be getting screenshots of everything',
    'Do us a favour and overdose',
    'Nobody would care if you jumped',
    'I hope you crash your car',
    'Go slit your wrists',
    'She works nights at the Tesco Extra in Croydon',
    'He is a bouncer at Tiger Tiger on Saturdays',
    'You can find her every morning at the Costa on the high street',
    'His number plate is KM19 ZXY',
    'Look him up on Facebook, Dan Walsh from Leeds',
    'Her twitter handle is @sarahj_91',
    'Call him on 0 seven 7 0 0 9 0 0 1 2 3',
    'His number is seven seven zero zero, nine zero zero, four five six',
    'email me: kate dot w at gmail dot com',
    'Polish people are all thieves',
    'Gay people should not be allowed to adopt',
    'Black people are lazy, he is the proof',
    'Trans people are mentally ill',
    'He was 28 and she was 14 when they first had sex',
    'He filmed a 12 year old undressing',
    'She sleeps with teenage boys',
    'what a fucking tranny',
    'dirty k1ke',
    'She is a wh0re',
    'He is a total c u n t',
    'N I G G E R',
    'Her name is Sarah Mitchell and she lives in Leeds',
    'He deserves to be beaten',
    'I will make you disappear',
    "I'm going to ruin her",
    'She is going to end up in hospital if she keeps this up',
    'Someone will find him in a ditch one day',
    'He is such a fa66ot',
    'She is a sl.ut',
    'Stupid retarded cow',
    'go back to your country you paki',
    'Filthy gypsies, all of them',
    'kike lover',
    'n1gga please',
    'what a tw@t and a wh*re',
    'Text me 07700 900 123 for the full story',
    'my whatsapp: plus four four seven seven zero zero nine zero zero one two three',
    'His IG is @marky_mark_88',
    'Snapchat: kellyxo',
    'Find me at kelly dot smith at hotmail dot co dot uk',
    'Reach him at ｊａｋｅ＠ｍａｉｌ．ｃｏｍ',
    'He lives at 12 Acacia Avenue with his mum',
    'She works at the Boots pharmacy in Kingston, mornings',
    'Her car is a blue Corsa, reg BT16 KLM',
    'He is at the gym on Market Street every night at 8',
    'Go to the Spar on Elm Road and ask for Kev',
    'He teaches Year 6 at Holy Cross Primary',
    'Priya Shah, that is her name, remember it',
    'Michael Brown from the council is who she cheated with',
    'Everyone should know about Tom Hughes',
  ])('refuses or holds %j', (text) => {
    expect(verdict(text).outcome).not.toBe('accept');
  });

  it.each([
    'He killed it at his best mate wedding speech',
    'I could murder a curry after our long walks',
    'She was a knockout in that dress',
    'We fought a lot, but he never once threatened me',
    'I hope he finds peace',
    'My ex lives in Leeds now and seems happy',
    'He worked in a bank when we met',
    'I was the one who ended it and I regret how I did it',
    'We loved watching The Killing together',
    'Her favourite band is Dead Kennedys',
    'He is Jewish and I converted for him',
    'We were both 17 when we first kissed',
    'She would shoot me a text every morning',
    'His jokes were killer',
    'He is dying to get married, I was not',
    'Dinner at 7.30, every Friday',
    'Our song was Killing Me Softly',
    'I miss her so much it hurts',
  ])('accepts %j', (text) => {
    expect(verdict(text)).toEqual({ outcome: 'accept' });
  });
});
