import { notifications, ratings } from '@exrated/db/schema';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ratingInput, submitRating, usPhone } from './support/rating-fixtures';
import { HttpBrowser, UNCAPPED_LIMITS_ENV, useTestApp } from './support/test-app';
import { latestCode, provenBrowser, trpcHttp } from './support/verification';

// Every text and name is normalized, then screened on what a person reads (docs/screening.md), over HTTP as
// an abuser sends it.
const CONTACT_RULE = 'must not contain contact details (phone numbers, emails, links or @handles).';

const t = useTestApp({ env: UNCAPPED_LIMITS_ENV, overrides: { runDispatcher: false } });

async function storedRatings() {
  const [row] = await t.database.db.select({ value: count() }).from(ratings);
  return row?.value;
}

describe('rating.submit: contact details hidden from the rules', () => {
  it.each([
    [
      'zero-width spaces between the digits',
      { testimonial: 'Call 2\u200B0\u200B2 5\u200C5\u200D5 0\u20601\uFEFF43' },
    ],
    ['full-width digits', { gratitude: 'Text them on ２０２ ５５５ ０１４３ any time' }],
    ['a full-width at sign', { feedback: 'Write to alex.s＠example.com' }],
    ['soft hyphens inside an email', { selfReflection: 'alex\u00AD.s@exam\u00ADple.com is still her inbox' }],
    ['a full-width @handle', { testimonial: 'Follow ＠ａｌｅｘ＿ｓ to see' }],
  ])('refuses a phone, email or handle spelled with %s', async (_label, override) => {
    const [field] = Object.keys(override);
    const before = await storedRatings();
    const reply = await submitRating(t, ratingInput({ ...override, phoneNumber: usPhone(1) }));
    expect(reply.status).toBe(400);
    expect(reply.error?.data.fieldErrors?.[field ?? '']).toContain(CONTACT_RULE);
    expect(await storedRatings()).toBe(before);
  });

  it('stores the text as a reader sees it: NFKC, without zero-width characters', async () => {
    const reply = await submitRating(
      t,
      ratingInput({ testimonial: 'Ｋｉｎｄ\u200B and ﬁne', phoneNumber: usPhone(2) }),
      new HttpBrowser(),
    );
    expect(reply.error).toBeUndefined();
    const [row] = await t.database.db
      .select({ testimonial: ratings.testimonial })
      .from(ratings)
      .where(eq(ratings.id, reply.data?.ratingId ?? ''));
    expect(row?.testimonial).toBe('Kind and fine');
  });

  it('removes direction controls from a text, so a reversed number reads as it is stored', async () => {
    const reply = await submitRating(
      t,
      ratingInput({ feedback: '\u202E3410 555 202\u202C', phoneNumber: usPhone(3) }),
    );
    expect(reply.status).toBe(400);
    expect(reply.error?.data.fieldErrors?.feedback).toContain(CONTACT_RULE);
  });

  it('refuses a direction control in the rated name, naming the field', async () => {
    const reply = await submitRating(t, ratingInput({ name: 'Alex\u202E.S', phoneNumber: usPhone(4) }));
    expect(reply.status).toBe(400);
    expect(reply.error?.data.fieldErrors?.name).toBe(
      'Their name must not contain direction control characters (such as a right-to-left override).',
    );
  });

  it('accepts a name written with full-width letters once it is normalized', async () => {
    const reply = await submitRating(t, ratingInput({ name: 'Ａｌｅｘ Ｓ.', phoneNumber: usPhone(5) }));
    expect(reply.error).toBeUndefined();
  });
});

describe('rating.submit: screening', () => {
  it.each([
    [
      'testimonial',
      'a slur',
      'Total f4ggot, avoid',
      'The testimonial must not contain slurs or hate speech.',
    ],
    [
      'gratitude',
      'a graphic sexual term',
      'The blowjobs, honestly',
      'What you were grateful for must not contain graphic sexual terms.',
    ],
    [
      'feedback',
      'a slur spelled with spaces',
      'She is a k i k e',
      'What you wish they had done differently must not contain slurs or hate speech.',
    ],
    [
      'selfReflection',
      'the rated person’s full name',
      'I should never have trusted Alex Smithers',
      'What you wish you had done differently must not contain full names: a first name and at most one initial.',
    ],
  ])('refuses %s with %s, naming the field and the rule', async (field, _label, text, message) => {
    const before = await storedRatings();
    const reply = await submitRating(t, ratingInput({ [field]: text, phoneNumber: usPhone(6) }));
    expect(reply.status).toBe(400);
    expect(reply.error?.data.fieldErrors?.[field]).toBe(message);
    expect(await storedRatings()).toBe(before);
  });

  it.each([
    'Bedroom chemistry was off the charts, a generous lover too.',
    'The sex was fine but she never cared about my pleasure.',
    'He was a bit of a dick about money, honestly.',
  ])('accepts the questions’ own vocabulary and ordinary words: %j', async (feedback) => {
    const reply = await submitRating(
      t,
      ratingInput({ feedback, phoneNumber: usPhone(7) }),
      new HttpBrowser(),
    );
    expect(reply.error).toBeUndefined();
  });
});

describe('profile.updateName', () => {
  let nextLine = 300;
  /** A browser that proved a number of its own with the SMS code, as a person does on /verify. */
  async function provenBrowser() {
    nextLine += 1;
    const phone = `+1415555${String(nextLine).padStart(4, '0')}`;
    const browser = new HttpBrowser();
    await trpcHttp(t, browser, 'mutation', 'verification.send', { phoneNumber: phone });
    const check = await trpcHttp(t, browser, 'mutation', 'verification.check', {
      phoneNumber: phone,
      code: latestCode(t, phone),
    });
    expect(check.error).toBeNull();
    return browser;
  }

  /** The display name as the app shows it back to its owner (profile.me). */
  async function shownName(browser: HttpBrowser) {
    const me = await trpcHttp(t, browser, 'query', 'profile.me');
    return (me.data as { name: string | null }).name;
  }

  it.each([
    ['a right-to-left override', 'Sam\u202Emoc.elpmaxe'],
    ['a right-to-left isolate', 'Sam \u2067Lee\u2069'],
    ['a left-to-right mark', 'Sam\u200E'],
    ['an Arabic letter mark', 'Sam\u061C'],
  ])('refuses %s with a message naming the field', async (_label, name) => {
    const browser = await provenBrowser();
    const reply = await trpcHttp(t, browser, 'mutation', 'profile.updateName', { name });
    expect(reply.status).toBe(400);
    expect(reply.error?.message).toBe(
      'Display name must not contain direction control characters (such as a right-to-left override).',
    );
    expect(await shownName(browser)).toBeNull();
  });

  it.each([
    ['a zero-width email', 'sam\u200B@\u200Bexample\u200B.com', CONTACT_RULE],
    ['a full-width phone number', 'Sam ４１５ ５５５ ０１９９', CONTACT_RULE],
    ['a slur', 'Sam the n1gger', 'must not contain slurs or hate speech.'],
    ['a threat, which names cannot be held for', 'I will find you', 'must not contain threats.'],
  ])('refuses %s', async (_label, name, rule) => {
    const browser = await provenBrowser();
    const reply = await trpcHttp(t, browser, 'mutation', 'profile.updateName', { name });
    expect(reply.status).toBe(400);
    expect(reply.error?.message).toBe(`Display name ${rule}`);
  });

  it('stores a normalized display name without zero-width characters', async () => {
    const browser = await provenBrowser();
    const reply = await trpcHttp(t, browser, 'mutation', 'profile.updateName', { name: 'Ｓａｍ\u200B L.' });
    expect(reply.data).toEqual({ name: 'Sam L.' });
    expect(await shownName(browser)).toBe('Sam L.');
  });
});

describe('rating.submit: threats and doxxing wait for a moderator', () => {
  it('saves a threatening rating held: not shown, not counted, not texted', async () => {
    const rater = await provenBrowser(t);
    const target = usPhone(90);
    const reply = await submitRating(
      t,
      ratingInput({ phoneNumber: target, feedback: "I know where you live and I'll make you pay" }),
      rater,
    );
    // The rater is told what any rater is told.
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.data ?? {}).sort()).toEqual(['isUnlocked', 'ratingId', 'ratingsGiven']);
    await t.textsSent();
    const [row] = await t.database.db
      .select({ heldReason: ratings.heldReason, status: notifications.status })
      .from(ratings)
      .innerJoin(notifications, eq(notifications.ratingId, ratings.id))
      .where(eq(ratings.id, reply.data?.ratingId ?? ''));
    expect(row).toEqual({ heldReason: 'screening:threats', status: 'held' });
    expect(t.sms.outbox().some((text) => text.to === target && text.kind === 'rating')).toBe(false);
  });
});

async function heldReasonOf(ratingId: string | undefined) {
  const [row] = await t.database.db
    .select({ heldReason: ratings.heldReason })
    .from(ratings)
    .where(eq(ratings.id, ratingId ?? ''));
  return row?.heldReason;
}

// A rating with nothing in its other texts, so that each case is read alone and with what it is split from.
const bare = { testimonial: null, gratitude: null, selfReflection: null, feedback: null };

describe('rating.submit: what a person reads, whatever the disguise (docs/screening.md)', () => {
  let nextPhone = 200;
  const phone = () => {
    nextPhone += 1;
    return usPhone(nextPhone);
  };

  it.each([
    ['lookalike letters (Cyrillic і and о)', { feedback: 'I will kіll yоu' }, 'screening:threats'],
    ['combining marks', { gratitude: "you'll p\u0336a\u0336y\u0336 for this" }, 'screening:threats'],
    ['letters apart with symbols', { feedback: 'k~i~l~l yourself' }, 'screening:self-harm'],
    [
      'a threat split across two texts',
      { testimonial: 'I will find', feedback: 'you and you will pay' },
      'screening:threats',
    ],
    [
      'a workplace in other words',
      { feedback: "she's a nurse on the night shift at the Royal Free" },
      'screening:doxxing',
    ],
    ['a capital I for l', { feedback: 'I will kiII you' }, 'screening:threats'],
    ['a ! for i', { feedback: 'i will k!ll you' }, 'screening:threats'],
    ['a word split once', { feedback: 'i will ki ll you' }, 'screening:threats'],
    ['upside-down text', { feedback: 'ɟlǝsɹnoʎ llᴉʞ' }, 'screening:self-harm'],
    ['negative squared letters', { feedback: '🅺🅸🅻🅻 yourself' }, 'screening:self-harm'],
    ['a threat in Spanish', { feedback: 'te voy a matar' }, 'screening:threats'],
    ["'unalive'", { feedback: 'i will unalive you' }, 'screening:threats'],
    ['texting spellings', { feedback: 'I kno where u live' }, 'screening:threats'],
    ['allies coming', { feedback: 'my brothers are coming for you' }, 'screening:threats'],
    ['the means, bought', { feedback: 'I bought a gun the day you left' }, 'screening:threats'],
    ['a stereotype without a slur', { feedback: 'being trans is a mental illness' }, 'screening:hate-speech'],
    [
      'hate speech without a slur',
      { feedback: 'Muslims are all liars, he proved it' },
      'screening:hate-speech',
    ],
    [
      'sexual content involving a minor',
      { feedback: 'She was only 15 when he started sleeping with her' },
      'screening:minor-sexual-content',
    ],
  ])('holds %s for a moderator', async (_label, texts, heldReason) => {
    const reply = await submitRating(
      t,
      ratingInput({ ...bare, ...texts, phoneNumber: phone() }),
      await provenBrowser(t),
    );
    expect(reply.status).toBe(200);
    expect(await heldReasonOf(reply.data?.ratingId)).toBe(heldReason);
  });

  it.each([
    [
      'Arabic-Indic digits',
      'testimonial',
      { testimonial: 'Call ٠٧٧٠٠ ٩٠٠١٢٣' },
      `The testimonial ${CONTACT_RULE}`,
    ],
    [
      "spelled-out digits with 'oh'",
      'gratitude',
      { gratitude: 'seven oh seven, seven double oh nine, oh one two three' },
      `What you were grateful for ${CONTACT_RULE}`,
    ],
    [
      'a slur spaced out after a one-letter word',
      'feedback',
      { feedback: 'what a s l u t' },
      'What you wish they had done differently must not contain slurs or hate speech.',
    ],
    [
      'a phone number split across two texts',
      'gratitude',
      { gratitude: 'call me on 07700', feedback: '900 123 anytime' },
      `What you were grateful for and What you wish they had done differently, read together, ${CONTACT_RULE}`,
    ],
    [
      'a platform and a username',
      'testimonial',
      { testimonial: 'іnstа: alex_s.92' },
      `The testimonial ${CONTACT_RULE}`,
    ],
    [
      'a platform name and a handle',
      'feedback',
      { feedback: 'add me on snap alex_s92' },
      `What you wish they had done differently ${CONTACT_RULE}`,
    ],
    [
      'a cashtag',
      'gratitude',
      { gratitude: 'cashapp $alexs92' },
      `What you were grateful for ${CONTACT_RULE}`,
    ],
    [
      'digits and words mixed',
      'feedback',
      { feedback: 'call 2o2 5five5 o147' },
      `What you wish they had done differently ${CONTACT_RULE}`,
    ],
    [
      'tens spelled out',
      'feedback',
      { feedback: 'two-oh-two fifty five fifty five oh one four seven' },
      `What you wish they had done differently ${CONTACT_RULE}`,
    ],
    [
      'an ideographic full stop',
      'testimonial',
      { testimonial: 'alexphotos。com' },
      `The testimonial ${CONTACT_RULE}`,
    ],
    [
      'a street address in lower case',
      'feedback',
      { feedback: 'he lives at 42 elm street' },
      `What you wish they had done differently ${CONTACT_RULE}`,
    ],
    [
      'a street number in words',
      'feedback',
      { feedback: 'he lives at forty two Elm Street' },
      `What you wish they had done differently ${CONTACT_RULE}`,
    ],
    [
      'a slur split once',
      'feedback',
      { feedback: 'what a nig ger' },
      'What you wish they had done differently must not contain slurs or hate speech.',
    ],
    [
      'q for g',
      'feedback',
      { feedback: 'he is a niqqer' },
      'What you wish they had done differently must not contain slurs or hate speech.',
    ],
    [
      'a slur in small capitals as the rated name',
      'name',
      { name: 'ꜱʟᴜᴛ' },
      'Their name must not contain slurs or hate speech.',
    ],
    [
      'the rated surname in lower case',
      'feedback',
      { feedback: 'alex smithers lied to everyone' },
      'What you wish they had done differently must not contain full names: a first name and at most one initial.',
    ],
  ])('refuses %s, naming the fields', async (_label, field, texts, message) => {
    const before = await storedRatings();
    const reply = await submitRating(t, ratingInput({ ...bare, ...texts, phoneNumber: phone() }));
    expect(reply.status).toBe(400);
    expect(reply.error?.data.fieldErrors?.[field]).toBe(message);
    expect(await storedRatings()).toBe(before);
  });

  it.each([
    "We stayed in Cockermouth, then Scunthorpe, and I waited tables at Denny's back then.",
    "I was dying inside, but I'll shoot you a message, he's killing it at work.",
    'Mr Dickinson and Mrs Hancock were our landlords; after 11pm the street was quiet.',
    'Un café con leche cada mañana, el perro negro a mis pies.',
    'We met on Hinge; he was always on Instagram. Together 2 years 3 months, scores 8/10, 7/10, 9/10.',
    "She had to watch her back at work. You'll regret it. I could kill him for that haircut. Fuck him honestly.",
  ])('accepts, unheld, what only looks like a rule: %j', async (feedback) => {
    const reply = await submitRating(
      t,
      ratingInput({ feedback, phoneNumber: phone() }),
      await provenBrowser(t),
    );
    expect(reply.status).toBe(200);
    expect(await heldReasonOf(reply.data?.ratingId)).toBeNull();
  });
});

describe('profile.updateName: what a person reads (docs/screening.md)', () => {
  it.each([
    ['a slur in lookalike letters', 'Sam the nіggеr', 'must not contain slurs or hate speech.'],
    ['a slur spaced out', 'w h o r e', 'must not contain slurs or hate speech.'],
    ['Devanagari digits', 'Sam ४१५ ५५५ ०१९९', CONTACT_RULE],
    [
      'a full name in lower case',
      'sarah mitchell',
      'must not contain full names: a first name and at most one initial.',
    ],
    [
      'a full name surname first',
      'Mitchell, Sarah',
      'must not contain full names: a first name and at most one initial.',
    ],
  ])('refuses %s', async (_label, name, rule) => {
    const browser = await provenBrowser(t);
    const reply = await trpcHttp(t, browser, 'mutation', 'profile.updateName', { name });
    expect(reply.status).toBe(400);
    expect(reply.error?.message).toBe(`Display name ${rule}`);
  });
});

describe('notice.file: what a person reads (docs/screening.md)', () => {
  it.each([
    ['Arabic-Indic digits', 'Call me on ٠٧٧٠٠ ٩٠٠١٢٣ about it', `Your description ${CONTACT_RULE}`],
    ['an email in lookalike letters', 'Write to јеnny.раrks@gmаil.com', `Your description ${CONTACT_RULE}`],
    [
      'a spaced-out slur',
      'He is a f a g g o t and I will not remove it',
      'Your description must not contain slurs or hate speech.',
    ],
  ])('refuses %s', async (_label, text, message) => {
    const reply = await trpcHttp(t, new HttpBrowser(), 'mutation', 'notice.file', { reason: 'other', text });
    expect(reply.status).toBe(400);
    expect(reply.error?.message).toBe(message);
  });

  it('takes a notice that reports a threat or a slur in the words of the review', async () => {
    const reply = await trpcHttp(t, new HttpBrowser(), 'mutation', 'notice.file', {
      reason: 'other',
      text: 'The review says he will kіll me and calls me a whore. Please remove it.',
    });
    expect(reply.error).toBeNull();
  });
});
