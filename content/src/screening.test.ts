import { describe, expect, it } from 'vitest';
import { mentionsFullName } from './name';
import { SCREENING_RULES, screeningMessage } from './rules';
import {
  fullNameRefusals,
  nameScreeningMessage,
  ratingTextRefusal,
  screenRatingInput,
  screenText,
} from './screening';

// The five questions as rating-questions.ts words them: their vocabulary is never refused (issue 17).
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
    ['He lives at 42 Elm Street', 'doxxing', 'hold'],
  ])('finds %j under %s (%s)', (text, rule, outcome) => {
    expect(screenText(text)).toEqual({ rule, outcome });
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
});

describe('mentionsFullName', () => {
  it.each([
    ['Alex S.', 'Alex Smithers lied to me', true],
    ['Alex', 'I trusted Alex Smith', true],
    ['Alex S.', 'Alex S. lied to me', false],
    ['Alex S.', 'Alex and I were done', false],
    ['Alex S.', 'Alexandra Smith was her friend', false],
    ['Zoë', 'Zoë Martín never called', true],
  ])('%j in %j: %s', (name, text, expected) => {
    expect(mentionsFullName(name, text)).toBe(expected);
  });
});

describe('screenRatingInput', () => {
  it('accepts a clean rating', () => {
    expect(screenRatingInput({ ...clean, testimonial: 'Kind and funny' })).toEqual({ outcome: 'accept' });
  });

  it('refuses a name with a slur, naming the field', () => {
    expect(screenRatingInput({ ...clean, name: 'Slut S.' })).toEqual({
      outcome: 'refuse',
      field: 'name',
      rule: 'slurs',
      message: 'Their name must not contain slurs or hate speech.',
    });
  });

  it('refuses the rated person’s full name in a text', () => {
    expect(screenRatingInput({ ...clean, feedback: 'Alex Smithers, you know what you did' })).toEqual({
      outcome: 'refuse',
      field: 'feedback',
      rule: 'full-name',
      message:
        'What you wish they had done differently must not contain full names: a first name and at most one initial.',
    });
  });

  it('holds a threat, and a refusal elsewhere wins over the hold', () => {
    const threat = { ...clean, gratitude: 'I know where you live' };
    expect(screenRatingInput(threat)).toEqual({
      outcome: 'hold',
      field: 'gratitude',
      rule: 'threats',
      message: 'What you were grateful for must not contain threats.',
    });
    expect(screenRatingInput({ ...threat, testimonial: 'dm @alex_s' })).toMatchObject({
      outcome: 'refuse',
      field: 'testimonial',
      rule: 'contact-details',
    });
  });

  it('holds for the first held text in form order', () => {
    const verdict = screenRatingInput({
      ...clean,
      testimonial: 'I will find you',
      feedback: 'He works at Starbucks on Main',
    });
    expect(verdict).toMatchObject({ outcome: 'hold', field: 'feedback', rule: 'doxxing' });
  });
});

describe('fullNameRefusals', () => {
  it('lists every text that names the rated person in full', () => {
    expect(
      fullNameRefusals({ ...clean, gratitude: 'Alex Smith was kind', testimonial: 'Alex S. rocks' }),
    ).toEqual([
      {
        field: 'gratitude',
        message:
          'What you were grateful for must not contain full names: a first name and at most one initial.',
      },
    ]);
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
