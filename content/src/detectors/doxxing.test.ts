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

describe('findDoxxing on the kinds of identifying fact', () => {
  it.each([
    // A vehicle told apart by two details.
    'She drives a white 2021 Kia Sportage, you will see it at the school gates.',
    'his car is the grey Audi with the roof rack',
    'look for the red Vauxhall Corsa with a dented door',
    'su coche es un Renault Clio blanco con la matrícula abollada',
    // Parking, schools, units, stalls, routines with a clock time and a place.
    'she always parks round the back of the Aldi',
    'he parks in bay 22 at the hospital',
    'her daughter goes to Willowbrook Primary',
    "his boy's in Mrs Allen's class, they let out at 3:15",
    'sus hijas van al colegio Santa Teresa',
    'His flat is number 9, top of the stairs.',
    'apartment #14B, the intercom is broken',
    'Saturdays he has a stall by the clock tower selling records',
    'She catches the 7:05 bus from the station by the library every morning.',
    'plate is six bravo tango nine one two',
    'matrícula acabada en 3321',
    // A lower-case place after 'the' that a street or a shift places.
    "he's a cashier at the corner shop on Mill Lane, evening shift",
  ])('finds %j', (text) => {
    expect(doxxing(text)).not.toBeNull();
  });

  it.each([
    'He drives a red Fiesta and sings along badly.',
    'She bought a Tesla and talks about it constantly.',
    'He drove a silver 2009 Honda Civic when we met, he used to love it.',
    'His son is in primary school and loves football.',
    'She picks her kids up from school every day, a wonderful mum.',
    'I park in the same spot every morning.',
    'She gets up at 6 every day to run, very disciplined.',
    'We ate off paper plates for a week after the move.',
    'He goes to church on Sundays and sings in the choir.',
    'he works at the local pub on weekends',
  ])('finds nothing in %j', (text) => {
    expect(doxxing(text)).toBeNull();
  });
});
