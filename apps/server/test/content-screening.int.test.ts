import { notifications, ratings } from '@exrated/db/schema';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ratingInput, submitRating, usPhone } from './support/rating-fixtures';
import { createTestApp, HttpBrowser, type TestApp } from './support/test-app';
import { latestCode, provenBrowser, trpcHttp } from './support/verification';

// Issue 16, attack 9 and issue 17, item 1: every text and name is normalized, then screened, over HTTP as an
// abuser sends it.
const CONTACT_RULE = 'must not contain contact details (phone numbers, emails, links or @handles).';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ overrides: { runDispatcher: false } });
});
afterAll(async () => {
  await t?.close();
});

async function storedRatings() {
  const [row] = await t.database.db.select({ value: count() }).from(ratings);
  return row?.value;
}

describe('rating.submit: contact details hidden from the rules (issue 16, attack 9)', () => {
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

describe('rating.submit: screening (issue 17, item 1)', () => {
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

describe('profile.updateName (issue 16, attack 9)', () => {
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
    const reply = await trpcHttp(t, browser, 'mutation', 'profile.updateName', { name: 'Ｓａｍ\u200B Lee' });
    expect(reply.data).toEqual({ name: 'Sam Lee' });
    expect(await shownName(browser)).toBe('Sam Lee');
  });
});

describe('rating.submit: threats and doxxing wait for a moderator (issue 17, item 1)', () => {
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
