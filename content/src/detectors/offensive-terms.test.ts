import { describe, expect, it } from 'vitest';
import { normalizeText } from '../normalize';
import { readText } from '../reading';
import { findOffensiveTerm } from './offensive-terms';

function kind(text: string) {
  return findOffensiveTerm(readText(normalizeText(text)))?.kind ?? null;
}

describe('findOffensiveTerm', () => {
  it.each([
    ['es un maricón', 'slur'],
    ['puto sudaca', 'slur'],
    ['la bollera de su amiga', 'slur'],
    ["he's a poof", 'slur'],
    ['dyĸe', 'slur'],
    ['me la chupó en el coche', 'sexual'],
    ['follamos en el baño del bar', 'sexual'],
    ['tiene la polla enorme', 'sexual'],
    ['she loves d1ck', 'sexual'],
    ['I ate her out for hours', 'sexual'],
    ['I made her squirt twice', 'sexual'],
    ['n1gg3rdan', 'slur'],
    ['MataMaricones', 'slur'],
  ])('finds %j (%s)', (text, expected) => {
    expect(kind(text)).toBe(expected);
  });

  it.each([
    'so spicy',
    'he was cocky',
    'Mr Cumming',
    'Alan Cumming was in it',
    'she blew him off for her friends',
    'and poof, he was gone',
    'went out for a fag',
    "he's so anal about the dishes",
    'slagging me off to his mates',
    'Mi novio era negro y su familia me adoró',
    'he said my friends were all sluts, charming',
    'she told me I was a worthless cunt, I blocked her',
    'Me cogió de la mano',
    'they ate me out of house and home',
    'Sc4nthorpe United',
    'R2D2 and C3PO',
    'McDonald and DeShawn',
  ])('finds nothing in %j', (text) => {
    expect(kind(text)).toBeNull();
  });
});
