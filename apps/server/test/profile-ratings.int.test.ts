import { receivedRatingsQuery } from '@exrated/db/queries';
import { claimedProfiles, ratingScores, ratings } from '@exrated/db/schema';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { HttpBrowser, NO_RESEND_WAITS, type TestApp, useTestApp } from './support/test-app';
import { latestCode, trpcHttp } from './support/verification';

// Some tests prove one number on two devices: no waits between code texts here.
const t = useTestApp({ codeStoreOptions: NO_RESEND_WAITS });

// Distinct numbers per test keep the cases independent inside one database.
let nextLine = 100;
function newPhone() {
  nextLine += 1;
  return `+1415555${String(nextLine).padStart(4, '0')}`;
}

type Caller = ReturnType<TestApp['caller']>;

/** A browser that proved `phone` with the SMS code, exactly as a person does on /verify. */
async function provenBrowser(phone: string, ip = '198.51.100.7'): Promise<Caller> {
  const browser = t.caller({ ip });
  await browser.trpc.verification.send({ phoneNumber: phone });
  await browser.trpc.verification.check({ phoneNumber: phone, code: latestCode(t, phone) });
  return browser;
}

interface RatingFixture {
  phone: string;
  name?: string;
  createdByPhone?: string | null;
  scores?: number[];
  testimonial?: string | null;
  gratitude?: string | null;
  selfReflection?: string | null;
  feedback?: string | null;
  createdAt?: Date;
  hiddenAt?: Date | null;
}

/** The proven phone behind fixture ratings that do not name one: a rating counts only with one behind it. */
const SOME_RATER = '+16465550001';

/** A rating row and its scores, written straight to the database as a fixture. */
async function insertRating(fixture: RatingFixture) {
  const db = t.database.db;
  const [row] = await db
    .insert(ratings)
    .values({
      name: fixture.name ?? 'Alex S.',
      relationshipType: 'serious',
      phoneNumber: fixture.phone,
      testimonial: fixture.testimonial ?? null,
      gratitude: fixture.gratitude ?? null,
      selfReflection: fixture.selfReflection ?? null,
      feedback: fixture.feedback ?? null,
      createdByPhone: 'createdByPhone' in fixture ? fixture.createdByPhone : SOME_RATER,
      createdAt: fixture.createdAt ?? new Date(),
      hiddenAt: fixture.hiddenAt ?? null,
    })
    .returning();
  if (!row) throw new Error('rating fixture was not inserted');
  const scores = fixture.scores ?? [5, 5, 5, 5, 5];
  await db
    .insert(ratingScores)
    .values(scores.map((score, index) => ({ ratingId: row.id, questionId: index + 1, score })));
  return row;
}

/** `phone` gives two ratings (of strangers), which unlocks its own once proven. */
async function giveTwoRatings(phone: string) {
  await insertRating({ phone: newPhone(), createdByPhone: phone });
  await insertRating({ phone: newPhone(), createdByPhone: phone });
}

async function errorOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { code?: string; message: string };
  }
  throw new Error('expected the call to fail');
}

describe('profile.ratingsReceived access', () => {
  it('refuses a browser without a session cookie', async () => {
    const error = await errorOf(t.caller().trpc.profile.ratingsReceived());
    expect(error.code).toBe('UNAUTHORIZED');
  });

  it('refuses a session that typed the phone but never proved it', async () => {
    const phone = newPhone();
    await insertRating({ phone, testimonial: 'Kept all my secrets.' });
    await giveTwoRatings(phone);
    const typedOnly = t.caller();
    await typedOnly.trpc.profile.savePhone({ phoneNumber: phone });
    const error = await errorOf(typedOnly.trpc.profile.ratingsReceived());
    expect(error.code).toBe('UNAUTHORIZED');
  });

  it('refuses a proven phone that has not given 2 ratings yet, with the message that says so', async () => {
    const phone = newPhone();
    await insertRating({ phone });
    const browser = await provenBrowser(phone);
    const none = await errorOf(browser.trpc.profile.ratingsReceived());
    expect(none).toMatchObject({
      code: 'FORBIDDEN',
      message: "Rate any 2 of your past ex's to view who has rated you.",
    });
    await insertRating({ phone: newPhone(), createdByPhone: phone });
    expect((await errorOf(browser.trpc.profile.ratingsReceived())).code).toBe('FORBIDDEN');
    await insertRating({ phone: newPhone(), createdByPhone: phone });
    await expect(browser.trpc.profile.ratingsReceived()).resolves.toMatchObject({ summary: { count: 1 } });
  });

  it('shows a proven, unlocked phone its own ratings: later periods first, coarse dates, hidden ones left out', async () => {
    const phone = newPhone();
    const rater = newPhone();
    const older = await insertRating({
      phone,
      name: 'Sam',
      createdByPhone: rater,
      scores: [8, 7, 9, 6, 6],
      testimonial: 'Best road trips ever.',
      gratitude: 'Patience with my family.',
      selfReflection: 'Listened more.',
      feedback: 'Texted back sooner.',
      createdAt: new Date(Date.now() - 40 * 86_400_000),
    });
    const newer = await insertRating({
      phone,
      name: 'Jo K.',
      createdByPhone: rater,
      scores: [5, 6, 7, 7, 7],
      createdAt: new Date(Date.now() - 60_000),
    });
    await insertRating({ phone, scores: [1, 1, 1, 1, 1], hiddenAt: new Date(), testimonial: 'Hidden' });
    await giveTwoRatings(phone);

    const browser = await provenBrowser(phone);
    const received = await browser.trpc.profile.ratingsReceived();

    expect(received.ratings.map((rating) => rating.id)).toEqual([newer.id, older.id]);
    expect(received.ratings[1]).toEqual({
      id: older.id,
      name: 'Sam',
      relationshipType: 'serious',
      relationshipLabel: 'Serious Relationship',
      testimonial: 'Best road trips ever.',
      gratitude: 'Patience with my family.',
      selfReflection: 'Listened more.',
      feedback: 'Texted back sooner.',
      // A month earlier: its month, never its moment (docs/anonymity.md).
      posted: expect.stringMatching(/^Posted in [A-Z][a-z]+( \d{4})?$/),
      average: 7.2,
      reportStatus: null,
      scores: [
        { questionId: 1, score: 8 },
        { questionId: 2, score: 7 },
        { questionId: 3, score: 9 },
        { questionId: 4, score: 6 },
        { questionId: 5, score: 6 },
      ],
    });
    // The hidden 1/10 is neither shown nor counted: (7.2 + 6.4) / 2.
    expect(received.summary).toEqual({
      score: 6.8,
      count: 2,
      perQuestion: [
        { questionId: 1, average: 6.5, count: 2 },
        { questionId: 2, average: 6.5, count: 2 },
        { questionId: 3, average: 8, count: 2 },
        { questionId: 4, average: 6.5, count: 2 },
        { questionId: 5, average: 6.5, count: 2 },
      ],
    });
    expect(received.questions.map((question) => question.question)).toEqual([
      'Bedroom Chemistry',
      'Generosity as a Lover',
      'Emotional Maturity',
      'Relational Integrity',
      'Impact on You',
    ]);
  });

  it('never reveals who wrote a rating', async () => {
    const phone = newPhone();
    const rater = newPhone();
    const rating = await insertRating({ phone, createdByPhone: rater, testimonial: 'Fun while it lasted.' });
    await giveTwoRatings(phone);
    const received = await (await provenBrowser(phone)).trpc.profile.ratingsReceived();

    const [only] = received.ratings;
    expect(only?.id).toBe(rating.id);
    expect(Object.keys(only ?? {}).sort()).toEqual(
      [
        'average',
        'feedback',
        'gratitude',
        'id',
        'name',
        'posted',
        'relationshipLabel',
        'relationshipType',
        'reportStatus',
        'scores',
        'selfReflection',
        'testimonial',
      ].sort(),
    );
    const serialized = JSON.stringify(received);
    expect(serialized).not.toContain(rater);
    expect(serialized).not.toContain(rater.slice(2));
    expect(serialized).not.toMatch(/createdBy|deviceSession|hiddenAt/);
  });

  it("gives another proven phone only its own ratings, never the other phone's", async () => {
    const owner = newPhone();
    const other = newPhone();
    await insertRating({ phone: owner, testimonial: 'For the owner only.' });
    await insertRating({ phone: other, testimonial: 'For the other phone.' });
    await giveTwoRatings(owner);
    await giveTwoRatings(other);

    const otherBrowser = await provenBrowser(other, '198.51.100.99');
    const seen = await otherBrowser.trpc.profile.ratingsReceived();
    expect(seen.ratings.map((rating) => rating.testimonial)).toEqual(['For the other phone.']);
    expect(JSON.stringify(seen)).not.toContain('For the owner only.');
  });

  it('ignores any input over HTTP: the phone always comes from the session', async () => {
    const owner = newPhone();
    const attacker = newPhone();
    await insertRating({ phone: owner, testimonial: 'Owner secret.' });
    await giveTwoRatings(owner);
    await giveTwoRatings(attacker);

    const browser = new HttpBrowser();
    await trpcHttp(t, browser, 'mutation', 'verification.send', { phoneNumber: attacker });
    await trpcHttp(t, browser, 'mutation', 'verification.check', {
      phoneNumber: attacker,
      code: latestCode(t, attacker),
    });

    const reply = await trpcHttp(t, browser, 'query', 'profile.ratingsReceived', {
      phoneNumber: owner,
      phone: owner,
    });
    expect(reply.status).toBe(200);
    expect(reply.response.body).not.toContain('Owner secret.');
    expect(reply.data).toMatchObject({ ratings: [], summary: { count: 0, score: null } });
  });
});

describe('receivedRatingsQuery', () => {
  it('is served by the ratings(phone_number, created_at desc) index', async () => {
    const query = receivedRatingsQuery(t.database.db, '+14155550000', new Date()).toSQL();
    const plan = await t.database.db.transaction(async (tx) => {
      // The test table is tiny, so the planner would rightly pick a sequential scan; forbid it to see
      // whether the index can serve the filter and the order.
      await tx.execute(sql`set local enable_seqscan = off`);
      const literal = query.sql.replace(/\$(\d+)/g, (_match: string, index: string) => {
        const value = query.params[Number(index) - 1];
        return `'${String(value).replace(/'/g, "''")}'`;
      });
      return tx.execute(sql.raw(`explain ${literal}`));
    });
    const text = JSON.stringify(plan);
    expect(text).toContain('ratings_phone_created_idx');
    expect(text).not.toMatch(/Seq Scan on ratings/);
  });
});

describe('profile.updateName', () => {
  async function storedName(phone: string) {
    const [row] = await t.database.db
      .select({ name: claimedProfiles.name })
      .from(claimedProfiles)
      .where(eq(claimedProfiles.phoneNumber, phone));
    return row?.name;
  }

  it('saves the name of the proven phone, trimmed, and clears it when empty', async () => {
    const phone = newPhone();
    const browser = await provenBrowser(phone);
    await expect(browser.trpc.profile.updateName({ name: '  Sam  ' })).resolves.toEqual({ name: 'Sam' });
    expect(await storedName(phone)).toBe('Sam');
    await expect(browser.trpc.profile.updateName({ name: '   ' })).resolves.toEqual({ name: null });
    expect(await storedName(phone)).toBeNull();
  });

  it('counts characters as people do: 40 emoji fit, 41 letters do not', async () => {
    const browser = await provenBrowser(newPhone());
    const forty = '😀'.repeat(40);
    await expect(browser.trpc.profile.updateName({ name: forty })).resolves.toEqual({ name: forty });
    const error = await errorOf(browser.trpc.profile.updateName({ name: 'a'.repeat(41) }));
    // A direct caller sees zod's issues; over HTTP the error formatter shows this message alone.
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toContain('Display name must be at most 40 characters');
  });

  it.each([
    ['a phone number', 'Call 415 555 0199'],
    ['an email', 'sam@example.com'],
    ['a link', 'https://example.com/sam'],
    ['an @handle', 'Sam @samthebest'],
  ])('refuses %s', async (_kind, name) => {
    const phone = newPhone();
    const browser = await provenBrowser(phone);
    await browser.trpc.profile.updateName({ name: 'Sam' });
    const error = await errorOf(browser.trpc.profile.updateName({ name }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toContain('Display name must not contain contact details');
    expect(await storedName(phone)).toBe('Sam');
  });

  it('refuses a session whose phone is not proven, and a phone sent in the input', async () => {
    const owner = newPhone();
    const ownerBrowser = await provenBrowser(owner);
    await ownerBrowser.trpc.profile.updateName({ name: 'Owner' });

    const typedOnly = t.caller();
    await typedOnly.trpc.profile.savePhone({ phoneNumber: owner });
    expect((await errorOf(typedOnly.trpc.profile.updateName({ name: 'Hijacked' }))).code).toBe(
      'UNAUTHORIZED',
    );

    const otherBrowser = await provenBrowser(newPhone(), '198.51.100.42');
    const smuggled = { name: 'Hijacked', phoneNumber: owner } as { name: string };
    expect((await errorOf(otherBrowser.trpc.profile.updateName(smuggled))).code).toBe('BAD_REQUEST');
    expect(await storedName(owner)).toBe('Owner');
  });

  it('leaves the profile alone when a device whose proof a newer one ended logs out', async () => {
    const phone = newPhone();
    const first = await provenBrowser(phone);
    const second = await provenBrowser(phone, '198.51.100.43');
    await second.trpc.profile.updateName({ name: 'Still here' });
    await first.trpc.profile.logout();
    const [row] = await t.database.db
      .select()
      .from(claimedProfiles)
      .where(eq(claimedProfiles.phoneNumber, phone));
    expect(row).toMatchObject({ name: 'Still here', isVerified: true });
  });
});
