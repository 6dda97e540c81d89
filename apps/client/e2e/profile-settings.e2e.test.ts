// /profile and /settings in each of their states, with the browser set up through the public API (the flows
// that get a person there have their own tests; journey.e2e.test.ts walks them through the screens).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { keepTabTypedPhone, mutate, provePhone, rate } from './api';
import { appPerFile } from './app-per-file';
import { errorsOf, newPage, screenshotBothWidths, type ViewportWidth } from './harness';

const app = appPerFile();

// Each test gets numbers no other test uses, so the states do not leak between tests.
let nextLine = 2000;
function newPhone() {
  nextLine += 1;
  return `+1202555${nextLine}`;
}

async function open(page: Page, url: string) {
  await page.goto(url);
  await page.locator('footer').waitFor();
}

async function expectNoOverflowOrErrors(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(errorsOf(page).filter((error) => !isExpectedRejection(error))).toEqual([]);
}

// The browser logs every 4xx answer as a console error; the tests below provoke some on purpose.
function isExpectedRejection(error: string) {
  return /Failed to load resource: the server responded with a status of 4\d\d/.test(error);
}

async function menuItems(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).waitFor();
  // The status line is a disabled item: the actions are the enabled ones.
  const items = (await page.getByRole('menuitem', { disabled: false }).allTextContents()).map((text) =>
    text.trim(),
  );
  await page.getByRole('menuitem', { name: 'Log Out' }).focus();
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'hidden' });
  return items;
}

// Each flow runs at a phone's width; each screen worth a picture is checked at both widths.
describe('/profile and /settings', () => {
  const width: ViewportWidth = 375;
  it('asks a visitor without a phone number to log in', async () => {
    const page = await newPage(app(), { width });
    await open(page, '/profile');
    await page.getByRole('heading', { name: 'Access Your Profile' }).waitFor();
    const login = page.getByRole('link', { name: 'Login with Phone Number' });
    expect(await login.getAttribute('href')).toBe('/verify');
    await screenshotBothWidths(page, 'profile-logged-out');

    await open(page, '/settings');
    await page.getByRole('heading', { name: 'Access Settings' }).waitFor();
    expect(await page.getByRole('link', { name: 'Login', exact: true }).getAttribute('href')).toBe('/verify');
    await screenshotBothWidths(page, 'settings-logged-out');
    await expectNoOverflowOrErrors(page);
    await page.context().close();
  });

  it('keeps a typed but unproven number locked out of ratings and of the display name', async () => {
    const page = await newPage(app(), { width });
    const phone = newPhone();
    await open(page, '/');
    await mutate(page, 'profile.savePhone', { phoneNumber: phone });
    await keepTabTypedPhone(page, phone);

    await open(page, '/profile');
    await page.getByRole('heading', { name: 'Almost there' }).waitFor();
    await page.getByText("Rate any 2 of your past ex's to view who has rated you.").waitFor();
    expect(await page.getByRole('main').getByRole('link', { name: 'Rate an Ex' }).getAttribute('href')).toBe(
      '/rate',
    );
    expect(
      await page.getByRole('link', { name: 'Already rated? Verify your phone number' }).getAttribute('href'),
    ).toBe('/verify');
    await screenshotBothWidths(page, 'profile-locked');
    expect(await menuItems(page)).toEqual(['My Ratings', 'Verify Phone', 'Settings', 'Log Out']);

    await open(page, '/settings');
    await page.getByRole('heading', { name: 'Account Settings' }).waitFor();
    const phoneField = page.getByLabel('Phone Number');
    expect(await phoneField.inputValue()).toBe(`(202) 555-${phone.slice(-4)}`);
    expect(await phoneField.getAttribute('readonly')).not.toBeNull();
    await page.getByText('Used to notify you by text message when someone rates you.').waitFor();
    await expect(page.getByLabel('Public Display Name (Optional)').isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Save Changes' }).isDisabled()).resolves.toBe(true);
    expect(await page.getByRole('link', { name: 'Verify your phone number' }).getAttribute('href')).toBe(
      '/verify',
    );
    await screenshotBothWidths(page, 'settings-unverified');
    await expectNoOverflowOrErrors(page);
    await page.context().close();
  });

  it('shows a verified, unlocked person the empty state, then their score and reviews, and shares', async () => {
    const page = await newPage(app(), { width });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app().baseUrl });
    const phone = newPhone();
    await provePhone(page, app(), phone);

    await open(page, '/profile');
    await page.getByRole('heading', { name: 'Almost there' }).waitFor();
    await rate(page, newPhone());
    await rate(page, newPhone());
    await open(page, '/profile');
    await page.getByRole('heading', { name: 'No Ratings Yet' }).waitFor();
    await page.getByText("No one's rated you... yet. Your ex's are either scared or in therapy.").waitFor();
    await screenshotBothWidths(page, 'profile-empty');

    // The ex proves a phone of their own: a rating counts once a person stands behind it.
    const ex = await newPage(app(), { width });
    await provePhone(ex, app(), newPhone());
    await rate(ex, phone, {
      name: 'Jordan',
      relationshipType: 'situationship',
      scores: [8, 7, 9, 6, 6],
      testimonial: 'Made every Sunday feel like a holiday.',
      feedback: 'Say what you feel sooner.',
    });
    await ex.context().close();

    await open(page, '/profile');
    await page.getByRole('heading', { name: 'Your Ratings' }).waitFor();
    await page.getByText('What others have said about you').waitFor();
    expect(await page.getByTestId('profile-score').textContent()).toBe('7.2/10');
    await page.getByText('Based on 1 rating', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Ratings Overview' }).waitFor();
    await page.getByRole('progressbar', { name: 'Emotional Maturity: 9.0 out of 10' }).waitFor();
    const review = page.getByRole('article', { name: 'Jordan' });
    await review.getByText('Situationship').waitFor();
    await review.getByText('Posted this week', { exact: true }).waitFor();
    await review.getByText('Made every Sunday feel like a holiday.').waitFor();
    await review.getByText('Say what you feel sooner.').waitFor();
    const rateAgain = page.getByRole('link', { name: 'Rate Another Ex' });
    expect(await rateAgain.getAttribute('href')).toBe('/rate');
    await screenshotBothWidths(page, 'profile-unlocked');
    expect(await menuItems(page)).toEqual(['My Ratings', 'Settings', 'Log Out']);

    await page.getByRole('button', { name: 'Share with an Ex' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share with an Ex' });
    await dialog.waitFor();
    const templates = (await dialog
      .getByRole('radio')
      .evaluateAll((inputs) =>
        inputs.map((input) => (input as HTMLInputElement).labels?.[0]?.textContent?.trim()),
      )) as string[];
    expect(templates).toEqual([
      'Vulnerable but Playful',
      'Insightful & Curious',
      'Witty but Emotionally Aware',
      'Introspective with Closure Vibes',
      'Simple & Direct',
    ]);
    await dialog.getByText('Simple & Direct').click();
    const link = `${app().baseUrl}/rate?phone=${encodeURIComponent(phone)}`;
    const message = await dialog.getByLabel('Your message').inputValue();
    expect(message).toContain("Hey, I'd appreciate an honest rating");
    expect(message).toContain(link);
    expect(link).toContain('%2B1202555');
    await dialog.getByRole('button', { name: 'Copy message' }).click();
    await dialog.getByRole('button', { name: 'Copied!' }).waitFor();
    await page.getByText('Copied to clipboard!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(message);
    await screenshotBothWidths(page, 'share-dialog');
    // 'Copied!' for 2 seconds, then the button reads as before.
    await dialog.getByRole('button', { name: 'Copy message' }).waitFor({ timeout: 4_000 });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await expectNoOverflowOrErrors(page);
    await page.context().close();
  });

  it('saves the display name of a verified phone, refuses contact details, and logs out', async () => {
    const page = await newPage(app(), { width });
    const phone = newPhone();
    await provePhone(page, app(), phone);
    await open(page, '/settings');
    const nameField = page.getByLabel('Public Display Name (Optional)');
    await expect(nameField.isEnabled()).resolves.toBe(true);

    await nameField.fill('sam@example.com');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Failed to update profile').waitFor();
    await page.getByText('Display name must not contain contact details', { exact: false }).first().waitFor();

    await nameField.fill('  Sam  ');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('button', { name: 'Saved!' }).waitFor();
    await page.getByText('Profile updated successfully').waitFor();
    expect(await nameField.inputValue()).toBe('Sam');
    await screenshotBothWidths(page, 'settings-saved');
    await page.getByRole('button', { name: 'Save Changes' }).waitFor({ timeout: 4_000 });
    const me = await page.request.get('/trpc/profile.me');
    expect(
      ((await me.json()) as { result: { data: { json: { name: string } } } }).result.data.json.name,
    ).toBe('Sam');

    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.getByText('Profile cleared').waitFor();
    await page.getByText('All your data has been cleared from this device.').waitFor();
    await page.getByRole('link', { name: 'Check my ratings' }).waitFor();
    expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
    await open(page, '/settings');
    await page.getByRole('heading', { name: 'Access Settings' }).waitFor();
    await expectNoOverflowOrErrors(page);
    await page.context().close();
  });
});
