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
    ['he creampied me and left', 'sexual'],
    ['he piped her down in my bed', 'sexual'],
    ['she wanted him to blow her back out', 'sexual'],
    ['she let three guys run a train on her', 'sexual'],
    ['she was bouncing on my dick all night', 'sexual'],
    ['his tiny dick barely got hard', 'sexual'],
    ['I had to finger myself to finish', 'sexual'],
    ['I still have the video of her riding me', 'sexual'],
    ['le encantaba que se la metiera por el culo', 'sexual'],
    ['t13n3 la v3rg4 más chica que he visto', 'sexual'],
    ['she gives amazing head', 'sexual'],
    ['he sucked me dry', 'sexual'],
  ])('finds %j (%s)', (text, expected) => {
    expect(kind(text)).toBe(expected);
  });

  it.each([
    'so spicy',
    'he gave his head a shake',
    'she gave me a head start',
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
    'a video of her riding her bike',
    'the plumber piped the sink down there',
    'he gave her the dog back',
    "he's a total pussy when it comes to spiders",
    "my friend calls herself a dyke and so do I, we're reclaiming it",
    "don't be such a pussy, it's a spider",
    'the kids were bouncing on the trampoline',
    'his big dick energy is exhausting',
    'she fingered the necklace nervously',
    'R2D2 and C3PO',
  ])('finds nothing in %j', (text) => {
    expect(kind(text)).toBeNull();
  });
});
