import { describe, expect, it } from 'vitest';
import { normalizeText } from '../normalize';
import { readText } from '../reading';
import { findContactDetails } from './contact-details';

describe('findContactDetails', () => {
  it.each([
    ['call me on 555-123-4567', ['phone']],
    ['text +44 7911 123456 anytime', ['phone']],
    ['(415) 555 0100', ['phone']],
    ['my number is 5551234', ['phone']],
    ['ring 07911 123456', ['phone']],
    ['her mobile is 0412 345 678', ['phone']],
    ['five five five one two three four', ['phone']],
    ['2O2 555 Ol43', ['phone']],
    ['2 0 2 - 5 5 5 - 0 1 4 3', ['phone']],
    ['write to alex.s@example.com', ['email']],
    ['mail ZOË@exämple.de', ['email']],
    ['alex at gmail dot com', ['email']],
    ['alex [at] gmail [dot] com', ['email']],
    ['see https://example.com/me', ['url']],
    ['go to www.example.org', ['url']],
    ['find her at alexs.me', ['url']],
    ['insta.gram.com/alex', ['url']],
    ['follow @alex_s on there', ['handle']],
    ['@zoe.m was my ex', ['handle']],
    ['ring her 07 seven 00 nine hundred 123', ['phone']],
    ['escríbeme al seis cinco cuatro tres dos uno nueve ocho siete', ['phone']],
    ['call ❼❼❽ ❾❾❶ ❷❸❹❺', ['phone']],
    ['alexphotos[.]com', ['url']],
    ['jessATgmailDOTcom', ['email']],
    ['venmo me at jen-rose-88', ['handle']],
    ['ozzy99 on ig', ['handle']],
    ["you can see her onlyfans, it's orlaxxx69", ['handle']],
    ['vive en la calle Mayor 14, segundo piso', ['address']],
    ['12 rue de la Paix', ['address']],
    ['07700 nine hundred and twelve', ['phone']],
    ['su correo es carlitos.gmz89 arroba gmail punto com', ['email']],
    ['mira sus fotos en fotosdeana punto com', ['url']],
    ['his cash app is $ DevDaddy 90', ['handle']],
    ['she lives @ 6 rosewood ct lol', ['address']],
    ['18 heron way, the one with the gnomes', ['address']],
    ['2250 fox run, last house on the left', ['address']],
    ['they moved to 18 Birch Cir last spring', ['address']],
    ['call him at 415 555 and the rest is 0162', ['phone']],
  ])('finds contact details in %j', (text, kinds) => {
    expect(findContactDetails(readText(text))).toEqual(kinds);
  });

  it.each([
    ['２０２ ５５５ ０１４３', ['phone']],
    ['alex＠example.com', ['email']],
    ['2\u200B0\u200B2 5\u200B5\u200B5 0\u200B1\u200B4\u200B3', ['phone']],
  ])('finds contact details in %j once normalized', (text, kinds) => {
    expect(findContactDetails(readText(normalizeText(text)))).toEqual(kinds);
  });

  it.each([
    'We dated from 2015-2019 and it was fine.',
    'Together 2015 – 2019, three moves, 2 cats.',
    'We broke up on 10.10.2019, a Thursday.',
    'I would give it 10/10, maybe 9.5 on a bad day.',
    'It ended at 3am. Then we talked.Fine.',
    'It was okay.It is what it is.',
    'We met at a café and talked for 4 hours',
    'Honestly? Best year of my life @ the time',
    'One or two good years, then three bad ones.',
    'She said one thing and did another, at least four times.',
    'Nos conocimos en 2018, dos años y tres meses',
    'we lived on calle Mayor for 3 years',
    'a walk on the rue de Rivoli in 2019',
    "he's always on insta self-promoting",
    'in 2019 and 2020, two and three times',
    'dated 10/12/2021 - 04/30/2023',
    'together 14/02/2019 – 01/06/2022, never again',
    'el punto es que no me quería',
    'el punto com de los noventa',
    'I paid him on venmo $ for dinner',
    'we came in 2nd place, 3 different dr appointments',
    'I called him 100 times and he ignored 200 of them',
    'we did a 6 am run together every Sunday',
    'On and off for 5 years (2016-2021), then never again',
    'it was 3 hours each way to see him',
    '',
  ])('allows %j', (text) => {
    expect(findContactDetails(readText(text))).toEqual([]);
  });
});
