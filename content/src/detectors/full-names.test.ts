import { describe, expect, it } from 'vitest';
import { normalizeText } from '../normalize';
import { foldText } from '../reading';
import { findThirdPersonFullName } from './full-names';

function thirdPerson(text: string) {
  return findThirdPersonFullName(foldText(normalizeText(text)));
}

describe('findThirdPersonFullName', () => {
  it.each([
    // A surname's shape is enough, with no word of the story beside it.
    'Natasha Okonjo runs the whole thing with him.',
    'Please ask Melissa Thorburn about the money.',
    'Gregory Halvorsen knew and said nothing.',
    "Caitlin O'Donoghue got the flat in the end.",
    'Honestly Bethany McAllister deserves a medal for putting up with him.',
    // A word of the story, and any capitalised surname.
    'He left me for Claire Stone.',
    // Lower case, known by what comes before it.
    'turns out he was seeing rebecca lindholm the whole time',
    'some girl named jasmine okafor kept calling',
    'she went off w brandon kowalczyk',
    // Spanish: 'una tal'.
    'Se fue con una tal Rocío Almansa.',
  ])('finds a full name in %j', (text) => {
    expect(thirdPerson(text)).not.toBeNull();
  });

  it.each([
    // Famous people and characters, and people named as a reference.
    'We watched every Tom Hanks film together.',
    'He thinks he is Ryan Gosling, bless him.',
    'We went to see Ed Sheeran with her cousins.',
    'She dressed up as Hermione Granger with me for the party.',
    'He reads Stephen King with a torch under the covers.',
    'He loves Bruce Springsteen songs more than me.',
    // Places and things named after people.
    'We got married at Jack London Square with our families.',
    'Our first holiday with him was at Grace Bay.',
    'He named his dog Winston Churchill.',
    // Given names that are words, without a word of the story.
    'Amber Alerts went off all night on our trip.',
    'Hope Springs is our favourite film.',
    // Lower case with no surname after the given name.
    'i was with sam tonight and we talked it out',
    'went out with jake yesterday, still friends',
  ])('finds none in %j', (text) => {
    expect(thirdPerson(text)).toBeNull();
  });
});
