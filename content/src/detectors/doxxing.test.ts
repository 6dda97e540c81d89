import { describe, expect, it } from 'vitest';
import { normalizeText } from '../normalize';
import { readText } from '../reading';
import { findDoxxing } from './doxxing';

function doxxing(text: string) {
  return findDoxxing(readText(normalizeText(text)));
}

describe('findDoxxing', () => {
  it.each([
    'trabaja en el Mercadona de la calle Alcalá por las mañanas',
    'sale del gimnasio Basic-Fit de Moncloa todos los días a las 8',
    'su matrícula es 4821 KLM',
    'vive en el tercero B de la calle Goya 22',
    "She's now a receptionist at Greenfield Dental on 3rd Avenue. Mornings only.",
    'his kids go to St Bede Primary, he does the school run at 8:30',
    'add him on instagram',
    'sale del trabajo a las 9 en la farmacia de la calle Mayor, siempre sola',
    'va al Mercadona de la calle Alcalá todos los días a las 8',
    'su hija va al colegio San José, sale a las 5',
    'she works @ the dollar general on hwy 12, off at 9 most nights',
    'his gym is the Planet Fitness on Route 9, every morning at 5:30',
    'her gym is the PureGym on Route 66, every morning at 6',
  ])('finds where someone can be found in %j', (text) => {
    expect(doxxing(text)).not.toBeNull();
  });

  it.each([
    'trabaja en casa desde 2020',
    'trabaja en el hospital por las noches',
    "Sunday walks in Regent's Park were our thing",
    "I'd add him on Spotify just to steal his playlists",
    'we lived in flat 12B for 2 years',
    'she works for the NHS in Wales',
    "he worked at Tesco when we met, now he's a manager somewhere",
    'she used to live on Abbey Road, the Beatles one',
    "her office is in Canary Wharf, we'd meet for lunch",
    'Es muy católica, va a misa todos los domingos con su familia.',
    'salgo del trabajo a las 6 y voy a la calle Mayor',
    'his route to work took 40 minutes every morning',
    'Took the 07:15 from Paddington every Friday to see her',
  ])('finds nothing in %j', (text) => {
    expect(doxxing(text)).toBeNull();
  });
});
