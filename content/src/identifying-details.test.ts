import { describe, expect, it } from 'vitest';
import { findIdentifyingDetails, identifyingDetailKinds } from './identifying-details';

const kinds = (text: string) => findIdentifyingDetails(text).map((detail) => detail.kind);

describe('findIdentifyingDetails', () => {
  it.each([
    ['You left me at the airport on the 14th of March.', ['date', 'place']],
    ['The night of your sister’s wedding in Leeds was the worst.', ['place', 'event']],
    ['Last Tuesday you said it was over.', ['date']],
    ['We met on 12/03/2023.', ['date']],
    ['You owed me 450 dollars.', ['number']],
    ['You called at 11pm every night.', ['number']],
    ['Your birthday party was the best night of my life.', ['event']],
  ])('notes %s', (text, expected) => {
    expect(kinds(text)).toEqual(expected);
  });

  it.each([
    'You were kind and patient, and I wish I had listened more.',
    'I may have been unfair to you, and you may have been tired.',
    'We had 1 good year together.',
    'Thank you for everything.',
    '',
  ])('finds nothing in %j', (text) => {
    expect(findIdentifyingDetails(text)).toEqual([]);
  });

  it('gathers the kinds over several texts', () => {
    expect(identifyingDetailKinds(['In Leeds', null, 'on Friday', 'a great concert'])).toEqual([
      'place',
      'date',
      'event',
    ]);
  });
});
