import { describe, expect, it } from 'vitest';
import { SCREENING_RULES, screeningMessage } from './rules';
import {
  crossFieldRefusals,
  nameScreeningMessage,
  ratingTextRefusal,
  screenRatingInput,
  screenText,
} from './screening';

// The five questions as rating-questions.ts words them: their vocabulary is never refused.
const QUESTION_VOCABULARY = [
  'Bedroom Chemistry',
  'How well you connected physically: attraction, spark and how in tune you were.',
  'Generosity as a Lover',
  'Whether they cared about your pleasure and comfort as much as their own.',
  'Emotional Maturity',
  'Relational Integrity',
  'Impact on You',
  'No spark',
  'Fireworks',
  'All about them',
  'Truly giving',
  'Left scars',
  'Made me better',
];

const clean = { name: 'Alex S.', testimonial: null, gratitude: null, selfReflection: null, feedback: null };

describe('screenText', () => {
  it.each(QUESTION_VOCABULARY)('accepts the questions’ own words: %j', (text) => {
    expect(screenText(text)).toBeNull();
  });

  it.each([
    ['Call 202 555 0143', 'contact-details', 'refuse'],
    ['what a f4ggot', 'slurs', 'refuse'],
    ['her pussy', 'sexual-terms', 'refuse'],
    ['I will find you', 'threats', 'hold'],
    ['someone should put him in the ground', 'threats', 'hold'],
    ["I'll make sure everyone at her job knows", 'threats', 'hold'],
    ['the world would be better without you in it', 'self-harm', 'hold'],
    ['He lives at 42 Elm Street', 'contact-details', 'refuse'],
    ['He lives on Elm Street, the blue house', 'doxxing', 'hold'],
    ['he bartends at the Crown on Fridays', 'doxxing', 'hold'],
    ['his plate is AB12 CDE', 'doxxing', 'hold'],
    ['Muslims are all liars', 'hate-speech', 'hold'],
    ['she was only 15 and he slept with her', 'minor-sexual-content', 'hold'],
    ['She left me for Megan Hartley from accounting', 'third-party-full-name', 'hold'],
  ])('finds %j under %s (%s)', (text, rule, outcome) => {
    expect(screenText(text)).toMatchObject({ rule, outcome });
  });

  it.each([
    ['I will kіll yоu', 'threats'],
    ["you'll p\u0336a\u0336y\u0336 for this", 'threats'],
    ['Call ٠٧٧٠٠ ٩٠٠١٢٣', 'contact-details'],
    ['seven oh seven, seven double oh nine, oh one two three', 'contact-details'],
    ['she is a s l u t', 'slurs'],
    ['i|will|hurt|you', 'threats'],
    ['k~i~l~l yourself', 'self-harm'],
  ])('reads through the disguise of %j', (text, rule) => {
    expect(screenText(text)?.rule).toBe(rule);
  });

  it.each([
    'We stayed in Cockermouth and then Scunthorpe',
    'We read Dickinson poems together',
    'Mr Hancock was our landlord',
    'Un café con leche, el perro negro',
    'He never texted after 11pm',
    'I was dying inside',
    "I'll shoot you a message",
    'She is killing it at work',
    "I waited tables at Denny's back then",
    'ok.so he left',
  ])('leaves %j alone', (text) => {
    expect(screenText(text)).toBeNull();
  });

  it('marks sexual content involving a minor urgent, and holds it before any refusal', () => {
    expect(screenText('she was 14 and he made her send nudes, call 202 555 0143')).toMatchObject({
      rule: 'minor-sexual-content',
      outcome: 'hold',
      urgent: true,
    });
  });

  it('gives the words it matched', () => {
    expect(screenText('honestly I will find you')?.words).toBe('i will find you');
  });

  it('refuses before it holds: a threat with a phone number is for the writer to edit', () => {
    expect(screenText('I will find you, 202 555 0143')?.rule).toBe('contact-details');
  });
});

describe('screeningMessage', () => {
  it('names the field and the rule for every rule', () => {
    for (const rule of Object.values(SCREENING_RULES)) {
      expect(screeningMessage('The testimonial', rule.name)).toBe(
        `The testimonial must not contain ${rule.forbids}.`,
      );
    }
  });
});

describe('nameScreeningMessage', () => {
  it('refuses what a text would be held for, since names are not moderated', () => {
    expect(nameScreeningMessage('Display name', 'I will find you')).toBe(
      'Display name must not contain threats.',
    );
    expect(nameScreeningMessage('Display name', 'Sam')).toBeNull();
  });

  it('refuses a full name as a display name, in any case or order', () => {
    for (const name of ['Daniel Okafor', 'sarah mitchell', 'Thornton, Jake']) {
      expect(nameScreeningMessage('Display name', name)).toBe(
        'Display name must not contain full names: a first name and at most one initial.',
      );
    }
    expect(nameScreeningMessage('Display name', 'Jo from Leeds')).toBeNull();
  });

  it('accepts given names that spell something else', () => {
    for (const name of ['Dick', 'Fanny', 'Randy'])
      expect(nameScreeningMessage('Their name', name)).toBeNull();
  });
});

describe('screenRatingInput', () => {
  it('accepts a clean rating', () => {
    expect(screenRatingInput({ ...clean, testimonial: 'Kind and funny' })).toEqual({ outcome: 'accept' });
  });

  it('refuses a name with a slur, naming the field', () => {
    expect(screenRatingInput({ ...clean, name: 'Slut S.' })).toMatchObject({
      outcome: 'refuse',
      fields: ['name'],
      rule: 'slurs',
      message: 'Their name must not contain slurs or hate speech.',
    });
  });

  it('refuses the rated person’s full name in a text, in any case or order', () => {
    for (const feedback of ['Alex Smithers, you know what you did', 'alex smithers lied', 'Smithers, Alex']) {
      expect(screenRatingInput({ ...clean, feedback })).toMatchObject({
        outcome: 'refuse',
        fields: ['feedback'],
        rule: 'full-name',
        message:
          'What you wish they had done differently must not contain full names: a first name and at most one initial.',
      });
    }
  });

  it('holds a threat, and a refusal elsewhere wins over the hold', () => {
    const threat = { ...clean, gratitude: 'I know where you live' };
    expect(screenRatingInput(threat)).toMatchObject({
      outcome: 'hold',
      fields: ['gratitude'],
      rule: 'threats',
      words: expect.stringContaining('know where you live'),
      message: 'What you were grateful for must not contain threats.',
    });
    expect(screenRatingInput({ ...threat, testimonial: 'dm @alex_s' })).toMatchObject({
      outcome: 'refuse',
      fields: ['testimonial'],
      rule: 'contact-details',
    });
  });

  it('reads the fields together and names the fields involved', () => {
    expect(
      screenRatingInput({ ...clean, gratitude: 'call me on 07700', feedback: '900 123 anytime' }),
    ).toMatchObject({
      outcome: 'refuse',
      fields: ['gratitude', 'feedback'],
      rule: 'contact-details',
      message:
        'What you were grateful for and What you wish they had done differently, read together, must not contain contact details (phone numbers, emails, links or @handles).',
    });
    expect(
      screenRatingInput({ ...clean, testimonial: 'I will find', feedback: 'you and you will pay' }),
    ).toMatchObject({
      outcome: 'hold',
      rule: 'threats',
    });
  });
});

describe('crossFieldRefusals', () => {
  it('reports the rated person’s full name and what only the fields together refuse', () => {
    expect(
      crossFieldRefusals({ ...clean, gratitude: 'Alex Smith was kind', testimonial: 'Alex S. rocks' }),
    ).toEqual([
      {
        field: 'gratitude',
        message:
          'What you were grateful for must not contain full names: a first name and at most one initial.',
      },
    ]);
    expect(crossFieldRefusals({ ...clean, gratitude: 'dm @alex_s' })).toEqual([]);
  });
});

describe('ratingTextRefusal', () => {
  it('refuses a text as typed, as the server would, and says nothing of what it would hold', () => {
    expect(ratingTextRefusal('testimonial', 'Alex S.', 'dm ＠alex_s')).toBe(
      'The testimonial must not contain contact details (phone numbers, emails, links or @handles).',
    );
    expect(ratingTextRefusal('gratitude', ' Alex  S. ', 'Alex Smithers was kind')).toBe(
      'What you were grateful for must not contain full names: a first name and at most one initial.',
    );
    expect(ratingTextRefusal('feedback', 'Alex S.', 'I will find you')).toBeNull();
    expect(ratingTextRefusal('feedback', 'Alex S.', 'Kind and funny')).toBeNull();
  });
});
