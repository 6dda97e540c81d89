// What reaches the rated person, seen in the browser at 375 and 1280 px (docs/anonymity.md): a received
// review's coarse date, the rate form's nudge on identifying details, a toast that leaves /unlock's button
// free, and the offline page's logo.
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { provePhone, rate, textsTo } from './api';
import { appPerFile } from './app-per-file';
import { atBothWidths, newPage, screenshotBothWidths, type ViewportWidth } from './harness';
import { fillBasicInfo, submitRating, toast } from './rate-form';
import { numberSequence, ROOMY_LIMITS } from './shared-ip';

const app = appPerFile({ extraEnv: ROOMY_LIMITS });
const freshNumber = numberSequence('720555');
const NUDGE = 'Details like dates, places and events can tell your ex who wrote this.';

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('element has no box (not visible)');
  return found;
}

// Each flow runs at a phone's width; each screen worth a picture is checked at both widths.
describe('what reaches the rated person', () => {
  const width: ViewportWidth = 375;
  it('/profile dates a received review by its period, never by its moment', async () => {
    const subject = freshNumber();
    const rater = await newPage(app(), { width });
    await rater.goto('/');
    await provePhone(rater, app(), freshNumber().e164);
    await rate(rater, subject.e164, { testimonial: 'Great listener, terrible at texting back.' });
    // No delay in the browser tests: the text goes out once the response is (the dispatcher's next turn).
    for (let wait = 0; wait < 50 && (await textsTo(app(), subject.e164, 'rating')).length === 0; wait += 1) {
      await rater.waitForTimeout(100);
    }
    expect(await textsTo(app(), subject.e164, 'rating')).toHaveLength(1);

    const page = await newPage(app(), { width });
    await page.goto('/');
    await provePhone(page, app(), subject.e164);
    await rate(page, freshNumber().e164);
    await rate(page, freshNumber().e164);
    await page.goto('/profile');
    const review = page.getByRole('article').filter({ hasText: 'Great listener, terrible at texting back.' });
    await review.getByText('Posted this week', { exact: true }).waitFor();
    expect(await review.getByText(/ago|just now|minute|second/i).count()).toBe(0);
    await screenshotBothWidths(page, 'anonymity-profile-dates');
  });

  it('the rate form notes identifying details, states the settings, and still sends the rating', async () => {
    const page = await newPage(app(), { width });
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Rating' }).click();
    await fillBasicInfo(page, { name: 'Alex S.', type: 'Casual Dating', national: freshNumber().national });
    await page.getByRole('button', { name: 'Continue to Ratings' }).click();
    await page.getByRole('slider').first().waitFor();
    await page.getByTestId('anonymity-summary').waitFor();
    expect(await page.getByTestId('anonymity-summary').textContent()).toContain('Posted this week');
    expect(await page.getByText(NUDGE).count()).toBe(0);

    await page
      .getByLabel('One-Line Testimonial (Optional)')
      .fill('The night of your sister’s wedding in Leeds');
    const nudge = page.getByTestId('identifying-details-nudge');
    await nudge.waitFor();
    expect(await nudge.textContent()).toContain(NUDGE);
    await nudge.scrollIntoViewIfNeeded();
    await screenshotBothWidths(page, 'anonymity-rate-nudge');

    // A note, never a refusal: the rating goes.
    await page.getByRole('button', { name: 'Submit Rating' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/rate'));
  });

  it("the 'Profile Unlocked!' toast leaves /unlock's only button free", async () => {
    const page = await newPage(app(), { width });
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Rating' }).click();
    await submitRating(page, { name: 'Alex S.', type: 'Casual Dating', national: freshNumber().national });
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByRole('main').getByRole('link', { name: 'Rate an Ex' }).click();
    await submitRating(page, { name: 'Sam', type: 'Situationship', national: freshNumber().national });
    await toast(page, 'Profile Unlocked!');
    await page.waitForURL((url) => url.pathname.startsWith('/unlock/'));
    const button = page.getByRole('button', { name: 'Verify Phone & See Ratings' });
    await button.waitFor();
    const notification = page.locator('.mantine-Notification-root').filter({ hasText: 'Profile Unlocked!' });
    // The toast may move once the page under it settles: the test looks while it is on screen.
    for (let look = 0; look < 5 && (await notification.count()) > 0; look += 1) {
      await atBothWidths(page, async (at) => {
        // The toast closes on its own: a width it is already gone at has nothing to check.
        const toastBox = await notification
          .first()
          .boundingBox({ timeout: 500 })
          .catch(() => null);
        if (!toastBox) return;
        const buttonBox = await box(button);
        const overlaps =
          toastBox.x < buttonBox.x + buttonBox.width &&
          buttonBox.x < toastBox.x + toastBox.width &&
          toastBox.y < buttonBox.y + buttonBox.height &&
          buttonBox.y < toastBox.y + toastBox.height;
        expect(overlaps, `toast on the button at ${at} px`).toBe(false);
      });
      if (look === 0) await screenshotBothWidths(page, 'anonymity-unlock-toast');
      await page.waitForTimeout(300);
    }
  });
});

describe('offline', () => {
  it("the offline page's logo loads with no network", async () => {
    const page = await newPage(app(), { width: 375 });
    await page.goto('/terms');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: "You're offline" }).waitFor();
    const logo = page.locator('img').first();
    await logo.waitFor();
    await page.waitForFunction(() => {
      const image = document.querySelector('img');
      return image?.complete === true;
    });
    expect(await logo.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await screenshotBothWidths(page, 'anonymity-offline-logo');
    await page.context().setOffline(false);
  });
});
