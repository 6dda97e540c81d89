import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provePhone, textsTo } from './api';
import { type App, errorsOf, newPage, screenshotBothWidths, startApp, type ViewportWidth } from './harness';
import { fillBasicInfo, toast } from './rate-form';

let app: App;

beforeAll(async () => {
  app = await startApp();
});

afterAll(async () => {
  await app?.stop();
});

/** A different US number for every test, so no rate limit of one test touches another. */
function phoneFor(index: number) {
  return { national: `2025551${String(index).padStart(3, '0')}` };
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Moves each question's slider from its default 5 to the given score with the keyboard. */
async function setScores(page: Page, scores: number[]) {
  const sliders = page.getByRole('slider');
  expect(await sliders.count()).toBe(5);
  for (const [index, score] of scores.entries()) {
    const slider = sliders.nth(index);
    expect(await slider.getAttribute('aria-valuenow')).toBe('5');
    await slider.focus();
    const key = score > 5 ? 'ArrowRight' : 'ArrowLeft';
    for (let step = 0; step < Math.abs(score - 5); step += 1) await slider.press(key);
    expect(await slider.getAttribute('aria-valuenow')).toBe(String(score));
  }
}

// Each flow runs at a phone's width; each screen worth a picture is checked at both widths.
describe('rating an ex', () => {
  const width: ViewportWidth = 375;
  it('rates from the home page, texts the ex, and the link onboards them to rate their own exes', async () => {
    const page = await newPage(app, { width });
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Rating' }).click();
    await page.waitForURL((url) => url.pathname === '/rate');

    // From the home page there is no detour to /verify.
    await page.getByRole('heading', { level: 1, name: 'Rate an Ex' }).waitFor();
    await page.getByText("Be honest. It's anonymous... for now.").waitFor();
    await page.getByText('Step 1 of 2').waitFor();
    // The form and its phone field arrive in chunks of their own: each text is waited for, not just looked up.
    await page.getByText('50%').waitFor();
    await page.getByPlaceholder('e.g., Alex S.').waitFor();
    await page.getByText('Just enough info so you remember who this is').waitFor();
    await page.getByText('Only USA, UK, Canada, and Australia are fully supported at this time').waitFor();
    const { national } = phoneFor(1);
    await fillBasicInfo(page, { name: 'Alex S.', type: 'Serious Relationship', national });
    await screenshotBothWidths(page, 'rate-step-1');
    await page.getByRole('button', { name: 'Continue to Ratings' }).click();

    await page.getByText('Step 2 of 2').waitFor();
    await page.getByText('100%').waitFor();
    await page.getByRole('heading', { name: 'How was your experience?' }).waitFor();
    await page.getByText("Be brutally honest. Your ex won't know it's you.").waitFor();
    for (const question of [
      'Bedroom Chemistry',
      'Generosity as a Lover',
      'Emotional Maturity',
      'Relational Integrity',
      'Impact on You',
    ]) {
      await page.getByText(question, { exact: true }).waitFor();
    }
    // (7 + 8 + 6 + 9 + 5) / 5 = 7
    await setScores(page, [7, 8, 6, 9, 5]);
    await page
      .getByLabel('What were you grateful for in the relationship?')
      .fill('They taught me to slow down.');
    await page.getByLabel('What do you wish you had done differently?').fill('Listened more.');
    await page.getByLabel('What do you wish they had done differently?').fill('Texted back sometimes.');
    await page.getByLabel('One-Line Testimonial (Optional)').fill('Kind, funny, terrible at texting back.');
    await screenshotBothWidths(page, 'rate-step-2');

    // Back keeps what was typed.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    expect(await page.getByLabel('Their first name and initial').inputValue()).toBe('Alex S.');
    await page.getByRole('button', { name: 'Continue to Ratings' }).click();
    expect(await page.getByRole('slider').first().getAttribute('aria-valuenow')).toBe('7');

    await page.getByRole('button', { name: 'Submit Rating' }).click();
    await toast(page, 'Rating submitted!');
    expect(await page.getByText('Your ex will be notified anonymously.').isVisible()).toBe(true);
    await page.waitForURL((url) => url.pathname === '/profile');

    // A rating counts once a person stands behind it (docs/architecture.md#ratings): nothing goes out until
    // the rater proves a phone of their own, then the text does.
    expect(await textsTo(app, `+1${national}`, 'rating')).toEqual([]);
    await provePhone(page, app, `+1${phoneFor(9).national}`);
    await expect.poll(async () => (await textsTo(app, `+1${national}`, 'rating')).length).toBe(1);

    // The text: the rounded average, the link to /r/{id}, and how to stop.
    const [text] = await textsTo(app, `+1${national}`, 'rating');
    expect(text?.kind).toBe('rating');
    const match = new RegExp(
      `^An ex rated your relationship 7/10 on ExRated\\. See what they said: ${app.baseUrl.replace(/\./g, '\\.')}/r/([0-9a-f-]{36}) Reply STOP to opt out\\.$`,
    ).exec(text?.body ?? '');
    expect(match, text?.body).not.toBeNull();
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();

    // The rated person follows the link on their own phone.
    const recipient = await newPage(app, { width });
    await recipient.goto(`/r/${match?.[1]}`);
    await recipient.getByRole('heading', { name: 'Someone rated your relationship' }).waitFor();
    expect(await recipient.getByText(/^Hey Alex, someone you dated/).isVisible()).toBe(true);
    // Only the name: nothing of the scores or the texts reaches this page.
    expect(await recipient.getByText('Kind, funny, terrible at texting back.').count()).toBe(0);
    await screenshotBothWidths(recipient, 'landing-step-1');
    await recipient.getByRole('button', { name: 'Continue' }).click();
    await recipient.getByRole('heading', { name: 'How it works' }).waitFor();
    expect(
      await recipient.getByText(/Rate 2 of your own past relationships to see what they said/).isVisible(),
    ).toBe(true);
    await recipient.getByRole('button', { name: 'Continue' }).click();
    await recipient.getByRole('heading', { name: "Let's get started" }).waitFor();
    await screenshotBothWidths(recipient, 'landing-step-3');
    await recipient.getByRole('button', { name: 'Rate My First Ex' }).click();
    await recipient.waitForURL((url) => url.pathname === '/rate');

    // Arrived through the redirect: the way to their own rating is shown, and no detour to /verify.
    const progress = recipient.getByRole('navigation', { name: 'Your progress' });
    await progress.waitFor();
    for (const label of ['First Ex', 'Second Ex', 'See Your Rating']) {
      expect(await progress.getByText(label).isVisible()).toBe(true);
    }
    expect(await progress.locator('[aria-current="step"]').textContent()).toBe('First Ex');
    await recipient.getByText('Step 1 of 2').waitFor();

    // Their first rating keeps them here for the second.
    await fillBasicInfo(recipient, {
      name: 'Sam',
      type: 'Situationship',
      national: phoneFor(2).national,
    });
    await recipient.getByRole('button', { name: 'Continue to Ratings' }).click();
    await recipient.getByRole('button', { name: 'Submit Rating' }).click();
    await toast(recipient, 'One more to go!');
    expect(await recipient.getByText('Please rate a second ex to see your own ratings.').isVisible()).toBe(
      true,
    );
    await recipient.getByText('Step 1 of 2').waitFor();
    expect(await recipient.getByLabel('Their first name and initial').inputValue()).toBe('');
    await recipient.getByText('Rating Your Second Ex').waitFor();
    expect(await recipient.getByText('Complete this rating to unlock your own rating').isVisible()).toBe(
      true,
    );
    expect(await progress.locator('[aria-current="step"]').textContent()).toBe('Second Ex');
    await screenshotBothWidths(recipient, 'rate-second-ex');
    await expectNoSidewaysScroll(recipient);

    // The second unlocks; without a proven phone they go on to /unlock/{rating id}.
    await fillBasicInfo(recipient, {
      name: 'Jo K',
      type: 'Brief Fling',
      national: phoneFor(3).national,
    });
    await recipient.getByRole('button', { name: 'Continue to Ratings' }).click();
    await recipient.getByRole('slider').first().waitFor();
    expect(await recipient.getByRole('slider').first().getAttribute('aria-valuenow')).toBe('5');
    await recipient.getByRole('button', { name: 'Submit Rating' }).click();
    await toast(recipient, 'Profile Unlocked!');
    await recipient.waitForURL((url) => /^\/unlock\/[0-9a-f-]{36}$/.test(url.pathname));
    expect(errorsOf(recipient)).toEqual([]);
    await recipient.context().close();
  }, 180_000);

  it('checks step 1, shows field errors, and shows server errors in the red banner', async () => {
    const page = await newPage(app, { width });
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Rating' }).click();
    await page.getByText('Step 1 of 2').waitFor();

    await page.getByRole('button', { name: 'Continue to Ratings' }).click();
    await page.getByText('Please enter their first name').waitFor();
    expect(await page.getByText('Please choose the relationship type').isVisible()).toBe(true);
    expect(await page.getByText('Please enter a valid phone number with country code').isVisible()).toBe(
      true,
    );
    await screenshotBothWidths(page, 'rate-step-1-errors');

    await page.getByLabel('Their first name and initial').fill('Alexander Smith');
    await page.getByText('Use a first name and at most one initial, e.g. Alex S.').waitFor();
    const { national } = phoneFor(10);
    await fillBasicInfo(page, { name: 'Alex S.', type: 'Casual Dating', national });
    await page.getByRole('button', { name: 'Continue to Ratings' }).click();
    await page.getByText('Step 2 of 2').waitFor();

    // The server's content rule: its message in the banner and under the field, and the toast of
    // docs/product.md#rate-form.
    const rule =
      'The testimonial must not contain contact details (phone numbers, emails, links or @handles).';
    await page.getByLabel('One-Line Testimonial (Optional)').fill('Follow @alex_s for more');
    await page.getByRole('button', { name: 'Submit Rating' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: `Error: ${rule}` })
      .waitFor();
    await toast(page, 'Submission failed');
    expect(
      await page.getByText('There was an error submitting your rating. Please try again.').isVisible(),
    ).toBe(true);
    expect(await page.getByText(rule, { exact: true }).count()).toBeGreaterThan(0);
    await screenshotBothWidths(page, 'rate-error-banner');
    await expectNoSidewaysScroll(page);

    await page.getByLabel('One-Line Testimonial (Optional)').fill('Fun while it lasted.');
    await page.getByRole('button', { name: 'Submit Rating' }).click();
    await toast(page, 'Rating submitted!');
    await page.waitForURL((url) => url.pathname === '/profile');

    // Rating the same person again from this browser is refused by the server's 30-day rule.
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Rating' }).click();
    await fillBasicInfo(page, { name: 'Alex S.', type: 'Casual Dating', national });
    await page.getByRole('button', { name: 'Continue to Ratings' }).click();
    await page.getByRole('button', { name: 'Submit Rating' }).click();
    await page.getByRole('alert').filter({ hasText: 'Error: You have already rated this person.' }).waitFor();
    expect(await page.getByRole('button', { name: 'Submit Rating' }).isEnabled()).toBe(true);
    expect(errorsOf(page).filter((error) => !/status of 4\d\d/.test(error))).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('shows a content-rule refusal next to its field before submit, and the server’s on submit', async () => {
    const page = await newPage(app, { width });
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Rating' }).click();
    await page.getByText('Step 1 of 2').waitFor();

    // The name: a slur is refused once typing pauses, without pressing Continue.
    const name = page.getByLabel('Their first name and initial');
    await name.fill('Slut S.');
    await page.getByText('Their name must not contain slurs or hate speech.', { exact: true }).waitFor();
    await screenshotBothWidths(page, 'rate-name-refused');
    const { national } = phoneFor(20);
    await fillBasicInfo(page, { name: 'Alex S.', type: 'Casual Dating', national });
    await page.getByText('Their name must not contain slurs or hate speech.').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Continue to Ratings' }).click();
    await page.getByText('Step 2 of 2').waitFor();

    // A phone number in full-width digits with zero-width spaces: found as the server finds it.
    const testimonial = page.getByLabel('One-Line Testimonial (Optional)');
    const contactRule =
      'The testimonial must not contain contact details (phone numbers, emails, links or @handles).';
    await testimonial.fill('text ２０２\u200B５５５\u200B０１４３');
    await page.getByText(contactRule, { exact: true }).waitFor();
    // The rated person's full name in a long text.
    const gratitude = page.getByLabel('What were you grateful for in the relationship?');
    const fullNameRule =
      'What you were grateful for must not contain full names: a first name and at most one initial.';
    await gratitude.fill('Alex Smithers made me laugh');
    await page.getByText(fullNameRule, { exact: true }).waitFor();
    // The questions' own vocabulary is never refused.
    await page
      .getByLabel('What do you wish they had done differently?')
      .fill('More generosity as a lover; the bedroom chemistry faded.');
    await screenshotBothWidths(page, 'rate-texts-refused');
    await expectNoSidewaysScroll(page);
    expect(await page.locator('.mantine-InputWrapper-error').count()).toBe(2);

    // Submitting anyway: the server refuses with its own message, in the banner and under the field.
    await page.getByRole('button', { name: 'Submit Rating' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: `Error: ${contactRule}` })
      .waitFor();
    await toast(page, 'Submission failed');
    expect(await page.getByText(fullNameRule, { exact: true }).isVisible()).toBe(true);

    // Fixed texts clear their refusals and the rating goes through.
    await gratitude.fill('Alex S. made me laugh');
    await testimonial.fill('Fun while it lasted.');
    await page.getByText(fullNameRule, { exact: true }).waitFor({ state: 'detached' });
    await page.getByText(contactRule, { exact: true }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Submit Rating' }).click();
    await toast(page, 'Rating submitted!');
    expect(errorsOf(page).filter((error) => !/status of 4\d\d/.test(error))).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('sends a visitor without a proven phone and no flag to /verify, keeping ?phone', async () => {
    const page = await newPage(app, { width });
    await page.goto('/rate?phone=%2B14155550100');
    await page.getByText('Verifying your profile...').waitFor();
    await screenshotBothWidths(page, 'rate-verifying');
    await page.waitForURL((url) => url.pathname === '/verify');
    const returnTo = new URL(page.url()).searchParams.get('returnTo');
    expect(returnTo).toBe('/rate?phone=%2B14155550100');
    await page.context().close();
  });

  it('prefills the phone from a shared link when rating is allowed', async () => {
    const page = await newPage(app, { width });
    await page.goto('/');
    // The app listens for history changes once it is on screen, as it is before a person can follow a link.
    await page.getByRole('link', { name: 'Start Rating' }).first().waitFor();
    // The share dialog's link, opened from the home page flow.
    await page.evaluate(() => {
      window.history.pushState(
        { usr: { fromHomePage: true }, key: 'shared', idx: 1 },
        '',
        '/rate?phone=%2B14155550100',
      );
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    });
    await page.getByText('Step 1 of 2').waitFor();
    expect(await page.getByLabel('Their phone number').inputValue()).toMatch(/415.*555.*0100/);
    await page.context().close();
  });

  it('sends an invalid link home with its toast', async () => {
    const page = await newPage(app, { width });
    await page.goto('/r/not-a-real-link');
    await toast(page, 'This link is invalid or has expired');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/r/3f1b2c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d');
    await toast(page, 'This link is invalid or has expired');
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });
});
