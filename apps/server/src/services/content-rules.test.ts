import { describe, expect, it } from 'vitest';
import { contactDetailsViolation, findContactDetails } from './content-rules';

describe('findContactDetails', () => {
  it.each([
    ['call me on 555-123-4567', ['phone']],
    ['text +44 7911 123456 anytime', ['phone']],
    ['(415) 555 0100', ['phone']],
    ['my number is 5551234', ['phone']],
    ['write to alex.s@example.com', ['email']],
    ['mail ZOË@exämple.de', ['email']],
    ['see https://example.com/me', ['url']],
    ['go to www.example.org', ['url']],
    ['find her at alexs.me', ['url']],
    ['follow @alex_s on there', ['handle']],
    ['@zoe.m was my ex', ['handle']],
  ])('finds contact details in %j', (text, kinds) => {
    expect(findContactDetails(text)).toEqual(kinds);
  });

  it.each([
    'We dated from 2015-2019 and it was fine.',
    'Together 2015 – 2019, three moves, 2 cats.',
    'I would give it 10/10, maybe 9.5 on a bad day.',
    'It ended at 3am. Then we talked.Fine.',
    'We met at a café and talked for 4 hours',
    'Honestly? Best year of my life @ the time',
    '',
  ])('allows %j', (text) => {
    expect(findContactDetails(text)).toEqual([]);
  });
});

describe('contactDetailsViolation', () => {
  it('names the field and the rule', () => {
    expect(contactDetailsViolation('The testimonial', 'dm me @alex')).toBe(
      'The testimonial must not contain contact details (phone numbers, emails, links or @handles).',
    );
    expect(contactDetailsViolation('The testimonial', 'kind and funny')).toBeNull();
  });
});
