// The rough edges a person met walking through the product at 375 and 1280 px: each test here
// failed on the build before its fix.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { latestCode, mutate, provePhone, rate, textsTo } from './api';
import { appPerFile } from './app-per-file';
import { atBothWidths, newPage, screenshot, screenshotBothWidths, type ViewportWidth } from './harness';
import { fillBasicInfo, submitRating, toast } from './rate-form';
import { numberSequence, ROOMY_LIMITS } from './shared-ip';
import { fillAdminLogin } from './staff-login';

const ADMIN_PASSWORD = 'e2e-admin-password-20';
const HELD_RATINGS =
  'Your ratings are saved. They are sent to the people you rated once you prove your phone number.';

const app = appPerFile({ extraEnv: { ADMIN_PASSWORD, ...ROOMY_LIMITS } });
const freshNumber = numberSequence('312555');

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('element has no box (not visible)');
  return found;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

// Each flow runs at a phone's width; each screen worth a picture is checked at both widths.
describe('rough edges', () => {
  const width: ViewportWidth = 375;
  it('a first rating from the home page shows the locked state: saved, one more to go, sent once proven', async () => {
    const page = await newPage(app(), { width });
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Rating' }).click();
    await submitRating(page, { name: 'Alex S.', type: 'Casual Dating', national: freshNumber().national });
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByRole('heading', { name: 'Almost there' }).waitFor();
    expect(await page.getByText('Access Your Profile').count()).toBe(0);
    await page.getByText('1 of 2 ratings given').waitFor();
    await page.getByText(HELD_RATINGS).waitFor();
    await screenshotBothWidths(page, 'rough-first-rating-locked');

    // Rating the second from the locked card goes straight to the form, not to /verify.
    await page.getByRole('main').getByRole('link', { name: 'Rate an Ex' }).click();
    await submitRating(page, { name: 'Sam', type: 'Situationship', national: freshNumber().national });
    // Not proven yet: the toast does not claim the ratings can be seen.
    await toast(page, 'Profile Unlocked!');
    expect(await page.getByText('You can now see your own ratings.').count()).toBe(0);
    await page.getByText('Prove your phone number to see your own ratings.').waitFor();
    await page.waitForURL((url) => url.pathname.startsWith('/unlock/'));
  });

  it('a held rating of a visitor with no proven phone says to verify before appealing, and offers no Appeal', async () => {
    const page = await newPage(app(), { width });
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Rating' }).click();
    await fillBasicInfo(page, { name: 'Dana', type: 'Casual Dating', national: freshNumber().national });
    await page.getByRole('button', { name: 'Continue to Ratings' }).click();
    // A third person's full name: held for a moderator, who reads nothing a proven phone does not stand behind.
    await page
      .getByLabel('One-Line Testimonial (Optional)')
      .fill('She now dates Michael Kowalski from the gym.');
    await page.getByRole('button', { name: 'Submit Rating' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByText('Held for review').waitFor();
    await page
      .getByText('Verify your phone number to appeal: until then no moderator reads this rating.')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Appeal' }).count()).toBe(0);
    // The picture without the submission's toast over the list.
    await page.locator('.mantine-Notification-root').waitFor({ state: 'detached' });
    await screenshotBothWidths(page, 'rough-held-appeal-needs-proof');
  });

  it('/unlock offers one action, and it texts a code and opens the code step', async () => {
    const page = await newPage(app(), { width });
    await page.goto('/');
    await rate(page, freshNumber().e164);
    await rate(page, freshNumber().e164);
    await page.goto('/unlock/after-two');
    await page.getByRole('heading', { name: 'Profile Unlocked!' }).waitFor();
    await page.getByText(HELD_RATINGS).waitFor();
    await page.getByRole('textbox', { name: 'Phone number' }).waitFor();
    await screenshotBothWidths(page, 'rough-unlock');
    // One way on, inside the page (the footer's 'Verify' link aside).
    const main = page.getByRole('main');
    const actions = main
      .getByRole('button', { name: /verify/i })
      .or(main.getByRole('link', { name: /verify/i }));
    expect(await actions.allTextContents()).toEqual(['Verify Phone & See Ratings']);
    const own = freshNumber();
    await page.getByRole('textbox', { name: 'Phone number' }).fill(own.national);
    await actions.click();
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    expect(await textsTo(app(), own.e164, 'verification')).toHaveLength(1);
  });

  it('/rate tells an unproven rater their ratings are sent once they prove their number', async () => {
    const page = await newPage(app(), { width });
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Rating' }).click();
    await page.getByLabel('Their first name and initial').waitFor();
    await page.getByText(HELD_RATINGS).waitFor();
  });

  it('counts the resend down in one format, and the same number leads back to the code step', async () => {
    const page = await newPage(app(), { width });
    const own = freshNumber();
    await page.goto('/verify');
    await page.getByRole('textbox', { name: 'Phone number' }).fill(own.national);
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    const countdown = page.getByRole('button', { name: /^Resend code in/ });
    await countdown.waitFor();
    expect(await countdown.textContent()).toMatch(/^Resend code in [01]:\d\d$/);
    await page.waitForTimeout(1500);
    expect(await countdown.textContent()).toMatch(/^Resend code in 0:5\d$/);

    await page.getByRole('button', { name: 'Use a different phone number' }).click();
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    const code = await latestCode(app(), own.e164);
    await page.getByRole('textbox', { name: 'Verification code digit' }).first().click();
    await page.keyboard.type(code);
    await page.getByRole('button', { name: 'Verify and View Ratings' }).click();
    await page.getByRole('heading', { name: 'Phone Verified' }).waitFor();
  });

  it('says why a shared link asks an unproven ex to prove their own number first', async () => {
    const page = await newPage(app(), { width });
    await page.goto(`/rate?phone=${encodeURIComponent(freshNumber().e164)}`);
    await page.waitForURL((url) => url.pathname === '/verify');
    await page.getByText(/Everyone proves their own number before rating from a shared link/).waitFor();
    await screenshotBothWidths(page, 'rough-shared-link-verify');
  });

  it('tells a proven person on the locked card only to rate, not to verify again', async () => {
    const page = await newPage(app(), { width });
    await page.goto('/');
    await provePhone(page, app(), freshNumber().e164);
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Almost there' }).waitFor();
    expect(await page.getByText('Already rated? Verify your phone number').count()).toBe(0);
    expect(await page.getByText(HELD_RATINGS).count()).toBe(0);
  });

  it('refuses in the browser a Guernsey or Jersey number under the UK flag, as the server does', async () => {
    const page = await newPage(app(), { width, locale: 'en-GB' });
    await page.goto('/verify');
    const field = page.getByRole('textbox', { name: 'Phone number' });
    const send = page.getByRole('button', { name: 'Send Verification Code' });
    // A UK mobile passes (filled again until the field has taken the country from the server's lookup).
    await expect
      .poll(
        async () => {
          // Typed without spaces: the field formats as it goes.
          await field.fill('7400123456');
          return send.isEnabled();
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    // Guernsey and Jersey mobiles: the field says why, and nothing can be sent.
    for (const islandMobile of ['7781123456', '7797123456']) {
      await field.fill(islandMobile);
      await field.blur();
      expect(await field.inputValue()).toBe(`${islandMobile.slice(0, 4)} ${islandMobile.slice(4)}`);
      await expect.poll(() => send.isDisabled()).toBe(true);
      await page
        .getByRole('alert')
        .filter({ hasText: /not Guernsey, Jersey or the Isle of Man/ })
        .waitFor();
    }
    // Premium rate: never texted, so never offered.
    await field.fill('9098790000');
    expect(await field.inputValue()).not.toBe('');
    await expect.poll(() => send.isDisabled()).toBe(true);
  });

  it('keeps toasts off the header and off the top of the share dialog', async () => {
    const page = await newPage(app(), { width });
    await page.goto('/');
    const own = freshNumber();
    await provePhone(page, app(), own.e164);
    await rate(page, freshNumber().e164);
    await rate(page, freshNumber().e164);
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Your Ratings' }).waitFor();
    await screenshotBothWidths(page, 'rough-toast-profile');
    await page.getByRole('button', { name: 'Share with an Ex' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share with an Ex' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Copy message' }).click();
    const shown = page.locator('.mantine-Notification-root');
    await shown.waitFor();
    await page.waitForTimeout(400);
    await atBothWidths(page, async (at) => {
      const toastBox = await box(shown);
      const title = await box(dialog.getByRole('heading', { name: 'Share with an Ex' }));
      expect(overlaps(toastBox, title), `toast on the dialog's title at ${at} px`).toBe(false);
      const close = await box(dialog.locator('.mantine-Modal-close'));
      expect(overlaps(toastBox, close), `toast on the dialog's close button at ${at} px`).toBe(false);
      await screenshot(page, 'rough-toast-dialog');
    });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: /Account menu for/ }).waitFor();
    await page.goto('/settings');
    await page.getByLabel('Public Display Name (Optional)').fill('Kim');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await shown.waitFor();
    await page.waitForTimeout(400);
    await atBothWidths(page, async (at) => {
      const header = await box(page.locator('header').first());
      expect(overlaps(await box(shown), header), `toast on the header at ${at} px`).toBe(false);
    });
  }, 120_000);

  it('titles /settings Account Settings when logged out too', async () => {
    const page = await newPage(app(), { width });
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Account Settings', level: 1 }).waitFor();
    await page.getByText('Access Settings').waitFor();
  });
});

// Each flow runs at a phone's width; each screen worth a picture is checked at both widths.
describe('rough edges of the admin area', () => {
  const width: ViewportWidth = 375;
  async function adminPage(): Promise<Page> {
    const page = await newPage(app(), { width });
    await page.goto('/admin');
    await fillAdminLogin(page, app(), ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    return page;
  }

  it('shows the admin shell alone: no public header above it, one main landmark', async () => {
    const page = await adminPage();
    expect(await page.getByRole('link', { name: 'ExRated home' }).count()).toBe(0);
    expect(await page.getByRole('main').count()).toBe(1);
    await screenshotBothWidths(page, 'rough-admin-shell');
  });

  it('says "1 entry", and lists entries written by one request in the order they were written', async () => {
    const visitor = await newPage(app(), { width });
    await visitor.goto('/');
    const own = freshNumber();
    await mutate(visitor, 'verification.send', { phoneNumber: own.e164 });
    const page = await adminPage();
    await page.goto('/admin/logs');
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill(own.e164);
    const entries = page.getByTestId('log-entry');
    await expect.poll(() => entries.count()).toBeGreaterThanOrEqual(2);
    const actions = await entries.evaluateAll((nodes) =>
      nodes.map((node) => node.textContent?.match(/verification_code_(?:requested|sent)/)?.[0]),
    );
    // Newest first: the send is written after the request it answers.
    expect(actions.indexOf('verification_code_sent')).toBeLessThan(
      actions.indexOf('verification_code_requested'),
    );
    await page.goto('/admin/error-logs');
    await page.getByRole('heading', { name: 'Error Logs', level: 1 }).waitFor();
    // A message of its own: the search must find exactly one entry.
    const message = 'one error for the count';
    await mutate(visitor, 'telemetry.reportError', { message });
    await page
      .getByRole('textbox', { name: /Search/ })
      .first()
      .fill(message);
    await page.getByText(/^1 entry$/).waitFor();
    expect(await page.getByText(/^1 entries$/).count()).toBe(0);
  });
});
