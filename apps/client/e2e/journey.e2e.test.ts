// The whole journey of docs/product.md#screens, with three people in three separate browser contexts (own
// cookies, own storage): A rates B; B gets the text, follows it, rates two exes, proves the phone and reads
// A's rating with nothing of A in it; C types B's number everywhere and gets nothing of B's; B shares,
// renames, logs out.
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { latestCode, mutate, provePhone, textsTo } from './api';
import { appPerFile } from './app-per-file';
import { errorsOf, newPage, screenshotBothWidths, type ViewportWidth } from './harness';

// On PGlite, as `pnpm start` runs on a newcomer's machine: the whole journey once on the embedded default.
const app = appPerFile({ database: 'embedded' });

interface RatingThroughForm {
  name: string;
  relationship: string;
  /** The ten national digits of a US number (the phone field starts on the US). */
  phoneDigits: string;
  scores: number[];
  gratitude?: string;
  selfReflection?: string;
  feedback?: string;
  testimonial?: string;
}

async function open(page: Page, url: string) {
  await page.goto(url);
  await page.locator('footer').waitFor();
}

async function typePhone(page: Page, label: string, digits: string) {
  const field = page.getByRole('textbox', { name: label, exact: true });
  await field.click();
  await field.fill('');
  await field.pressSequentially(digits);
}

/** Types the six digits into the code slots, one key at a time, and asks for the check. */
async function enterCode(page: Page, code: string) {
  const first = page.getByRole('textbox', { name: 'Verification code digit' }).first();
  await first.waitFor();
  await first.click();
  await page.keyboard.type(code, { delay: 20 });
  await page.getByRole('button', { name: 'Verify and View Ratings' }).click();
}

/** Fills and submits the two steps of /rate as a person does; the page must already show step 1. */
async function rateThroughForm(page: Page, rating: RatingThroughForm) {
  await page.getByLabel('Their first name and initial').fill(rating.name);
  await page.getByLabel('Relationship type').and(page.locator('input')).click();
  await page.getByRole('option', { name: rating.relationship, exact: true }).click();
  await typePhone(page, 'Their phone number', rating.phoneDigits);
  await page.getByRole('button', { name: 'Continue to Ratings' }).click();
  await page.getByText('How was your experience?').waitFor();

  const sliders = page.getByRole('slider');
  expect(await sliders.count()).toBe(rating.scores.length);
  for (const [index, score] of rating.scores.entries()) {
    const slider = sliders.nth(index);
    await slider.focus();
    const current = Number(await slider.getAttribute('aria-valuenow'));
    const key = score > current ? 'ArrowRight' : 'ArrowLeft';
    for (let step = 0; step < Math.abs(score - current); step += 1) await slider.press(key);
    expect(await slider.getAttribute('aria-valuenow')).toBe(String(score));
  }
  const texts: [string, string | undefined][] = [
    ['What were you grateful for in the relationship?', rating.gratitude],
    ['What do you wish you had done differently?', rating.selfReflection],
    ['What do you wish they had done differently?', rating.feedback],
    ['One-Line Testimonial (Optional)', rating.testimonial],
  ];
  for (const [label, text] of texts) if (text) await page.getByLabel(label).fill(text);
  await page.getByRole('button', { name: 'Submit Rating' }).click();
}

async function toast(page: Page, title: string) {
  await page.getByText(title, { exact: true }).first().waitFor({ timeout: 15_000 });
}

/** The rating link in the newest rating text to `phone`. */
async function ratingLinkFor(phone: string): Promise<{ body: string; path: string }> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const [text] = await textsTo(app(), phone, 'rating');
    const url = text?.body.match(/https?:\/\/\S+\/r\/[0-9a-f-]{36}/)?.[0];
    if (text && url) return { body: text.body, path: new URL(url).pathname };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no rating text reached ${phone}`);
}

function digitsOf(phone: string) {
  return phone.replace(/\D/g, '').slice(-10);
}

/** Every form a phone number could take on a page: E.164, bare digits, (###) ###-####, ###-###-####. */
function phoneForms(phone: string): string[] {
  const d = digitsOf(phone);
  return [
    phone,
    d,
    `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`,
    `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`,
  ];
}

async function expectNoTraceOf(page: Page, phone: string, extra: string[] = []) {
  const html = await page.content();
  for (const form of [...phoneForms(phone), ...extra]) expect(html).not.toContain(form);
}

function isRatingsReceived(response: Response) {
  return response.url().includes('profile.ratingsReceived');
}

// The people act at a phone's width; each screen worth a picture is checked at both widths.
describe('the whole journey', () => {
  const width: ViewportWidth = 375;
  const phoneOf = (offset: number) => `+1202555${3000 + offset}`;
  const A = phoneOf(1);
  const B = phoneOf(2);
  const firstEx = phoneOf(4);
  const secondEx = phoneOf(5);
  const review = {
    name: 'Bailey R.',
    relationship: 'Situationship',
    phoneDigits: digitsOf(B),
    scores: [8, 7, 9, 6, 6],
    gratitude: 'You made my friends feel like your friends.',
    selfReflection: 'I wish I had said what I wanted sooner.',
    feedback: 'Answer a text before the weekend is over.',
    testimonial: 'Chaotic, kind, and worth every minute.',
  };

  it('A rates B; B follows the text, rates two exes, proves the phone and reads it; C gets nothing of B', async () => {
    // Person A: a verified user of their own, who rates B from the home page.
    const a = await newPage(app(), { width });
    await provePhone(a, app(), A);
    await open(a, '/');
    await a.getByRole('link', { name: 'Start Rating' }).click();
    await a.getByRole('heading', { name: 'Rate an Ex' }).waitFor();
    await rateThroughForm(a, review);
    await toast(a, 'Rating submitted!');

    // B's text: the integer-rounded average (7.2 -> 7) and the link to /r/{id}.
    const text = await ratingLinkFor(B);
    expect(text.body).toContain('7/10');
    expect(text.body).not.toContain(digitsOf(A));

    // Person B follows the link in a browser of their own.
    const b = await newPage(app(), { width });
    await open(b, text.path);
    await b.getByText('Someone rated your relationship').first().waitFor();
    await screenshotBothWidths(b, 'journey-onboarding');
    for (let step = 0; step < 3; step += 1) {
      const start = b.getByRole('button', { name: 'Rate My First Ex' });
      if (await start.isVisible()) break;
      await b.getByRole('button', { name: /^(Next|Continue)/ }).click();
    }
    await b.getByRole('button', { name: 'Rate My First Ex' }).click();
    await b.waitForURL(/\/rate$/);

    await rateThroughForm(b, {
      name: 'Casey',
      relationship: 'Brief Fling',
      phoneDigits: digitsOf(firstEx),
      scores: [4, 5, 6, 7, 8],
    });
    await toast(b, 'One more to go!');
    await b.getByText('Rating Your Second Ex').waitFor();
    await rateThroughForm(b, {
      name: 'Drew P.',
      relationship: 'Serious Relationship',
      phoneDigits: digitsOf(secondEx),
      scores: [9, 9, 8, 8, 9],
    });
    await b.waitForURL(/\/unlock\//);
    await b.getByText('Profile Unlocked!').first().waitFor();
    // The unlock card's one form texts the code and opens the code step.
    await typePhone(b, 'Phone number', digitsOf(B));
    await b.getByRole('button', { name: 'Verify Phone & See Ratings' }).click();
    await b.waitForURL(/\/verify/);
    await b.getByRole('heading', { name: 'Enter your code' }).waitFor();
    const received = b.waitForResponse(isRatingsReceived);
    // Awaited below; a failure before then must not surface as an unhandled rejection.
    received.catch(() => undefined);
    await enterCode(b, await latestCode(app(), B));
    await b.waitForURL(/\/profile$/, { timeout: 15_000 });

    // A's rating, with the right score, texts and coarse date, and nothing that identifies A.
    const reply = await (await received).text();
    await b.getByRole('heading', { name: 'Your Ratings' }).waitFor();
    expect(await b.getByTestId('profile-score').textContent()).toBe('7.2/10');
    await b.getByText('Based on 1 rating', { exact: true }).waitFor();
    const card = b.getByRole('article', { name: review.name });
    await card.getByText(review.relationship).waitFor();
    await card.getByText('Posted this week', { exact: true }).waitFor();
    for (const line of [review.testimonial, review.gratitude, review.selfReflection, review.feedback]) {
      await card.getByText(line).waitFor();
    }
    for (const form of phoneForms(A)) expect(reply).not.toContain(form);
    await expectNoTraceOf(b, A);
    await screenshotBothWidths(b, 'journey-profile');

    // B names the profile, so that C's attempts below have something to overwrite or delete.
    await open(b, '/settings');
    await b.getByLabel('Public Display Name (Optional)').fill('Bailey');
    await b.getByRole('button', { name: 'Save Changes' }).click();
    await toast(b, 'Profile updated successfully');

    // Person C types B's number everywhere, without ever having B's code.
    const c = await newPage(app(), { width });
    await open(c, '/');
    await c.getByRole('link', { name: 'Start Rating' }).click();
    await c.getByRole('heading', { name: 'Rate an Ex' }).waitFor();
    await rateThroughForm(c, { ...review, name: 'Bailey', scores: [2, 2, 2, 2, 2], gratitude: undefined });
    await toast(c, 'Rating submitted!');

    await open(c, '/unlock/00000000-0000-4000-8000-000000000000');
    await typePhone(c, 'Phone number', digitsOf(B));
    // The unlock form would text a code to the number (B's phone, not C's). B was texted a moment ago: C is
    // answered as anyone asking first is, so C learns nothing of B's codes, and the number's own wait keeps
    // B's phone from another text (docs/security.md#codes).
    const codesBefore = (await textsTo(app(), B, 'verification')).length;
    await c.getByRole('button', { name: 'Verify My Number' }).click();
    await c.getByRole('button', { name: 'Verify and View Ratings' }).waitFor();
    expect((await textsTo(app(), B, 'verification')).length).toBe(codesBefore);
    // C keeps B's number on the device anyway (the API's unlock form): a typed number grants nothing.
    await mutate(c, 'profile.savePhone', { phoneNumber: B });

    await open(c, '/profile');
    await c.getByRole('heading', { name: 'Almost there' }).waitFor();
    await expectNoTraceOf(c, A, [review.testimonial, review.gratitude, 'Your Score']);
    const cRatings = await c.request.get('/trpc/profile.ratingsReceived');
    expect(cRatings.status()).toBe(401);
    expect(await cRatings.text()).not.toContain(review.testimonial);

    await open(c, '/settings');
    await expect(c.getByLabel('Public Display Name (Optional)').isDisabled()).resolves.toBe(true);
    expect(await c.getByLabel('Public Display Name (Optional)').inputValue()).toBe('');
    await expect(mutate(c, 'profile.updateName', { name: 'Hijacked' })).rejects.toThrow(/401/);
    await c.getByRole('button', { name: 'Log Out' }).click();
    await toast(c, 'Profile cleared');
    await c.context().close();

    // B is still B: same session, same name, same rating.
    await open(b, '/settings');
    await b.getByRole('heading', { name: 'Account Settings' }).waitFor();
    expect(await b.getByLabel('Public Display Name (Optional)').inputValue()).toBe('Bailey');

    // B shares, renames and logs out.
    await b.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app().baseUrl });
    await open(b, '/profile');
    await b.getByRole('button', { name: 'Share with an Ex' }).click();
    const dialog = b.getByRole('dialog', { name: 'Share with an Ex' });
    await dialog.getByRole('button', { name: 'Copy message' }).click();
    await dialog.getByRole('button', { name: 'Copied!' }).waitFor();
    const copied = await b.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`${app().baseUrl}/rate?phone=${encodeURIComponent(B)}`);
    await dialog.getByRole('button', { name: 'Done' }).click();

    await open(b, '/settings');
    await b.getByLabel('Public Display Name (Optional)').fill('Bailey R');
    await b.getByRole('button', { name: 'Save Changes' }).click();
    await b.getByRole('button', { name: 'Saved!' }).waitFor();
    await b.getByRole('button', { name: 'Log Out' }).click();
    await toast(b, 'Profile cleared');
    await b.getByRole('link', { name: 'Check my ratings' }).waitFor();
    await open(b, '/profile');
    await b.getByRole('heading', { name: 'Access Your Profile' }).waitFor();
    expect(await b.evaluate(() => window.localStorage.length)).toBe(0);
    await screenshotBothWidths(b, 'journey-logged-out');

    for (const page of [a, b]) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(errorsOf(page).filter((error) => !/status of 4\d\d/.test(error))).toEqual([]);
    }
    await a.context().close();
    await b.context().close();
  }, 300_000);
});
