// Accessible to everyone, installable: axe with the WCAG 2.2 rules on every route, dialog and admin
// page at both widths; the background's pause control; announced toasts and errors; the code step's paste;
// the manifest, the service worker and its offline page.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { latestCode, mutate, provePhone, rate, textsTo } from './api';
import { appPerFile } from './app-per-file';
import { expectNoViolationsAtBothWidths } from './axe-check';
import { newPage, screenshot, type ViewportWidth } from './harness';
import { numberSequence, ROOMY_LIMITS } from './shared-ip';
import { fillAdminLogin } from './staff-login';

const ADMIN_PASSWORD = 'e2e-admin-password-a11y';

const app = appPerFile({ extraEnv: { ADMIN_PASSWORD, ...ROOMY_LIMITS } });
const freshNumber = numberSequence('646555');

async function visit(page: Page, url: string, ready: () => Promise<unknown>) {
  await page.goto(url);
  await ready();
}

describe('axe, WCAG 2.2 with target-size, at 375 and 1280 px', () => {
  const width: ViewportWidth = 375;
  it('finds nothing on the public routes of a visitor', async () => {
    const page = await newPage(app(), { width });
    const heading = (name: string | RegExp) => () => page.getByRole('heading', { name, level: 1 }).waitFor();
    const routes: [string, () => Promise<unknown>][] = [
      ['/', heading('Ever wondered how your ex would rate you?')],
      ['/verify', () => page.getByRole('textbox', { name: 'Phone number' }).waitFor()],
      ['/unlock/first-visit', heading('Almost There!')],
      ['/profile', heading('Access Your Profile')],
      ['/settings', heading('Account Settings')],
      ['/terms', () => page.getByRole('heading', { name: '8. Contact' }).waitFor()],
      ['/privacy', () => page.getByRole('heading', { name: '8. Contact' }).waitFor()],
      ['/no-such-page', heading('404')],
    ];
    for (const [url, ready] of routes) {
      await visit(page, url, ready);
      await expectNoViolationsAtBothWidths(page, url);
    }
    // The rating form, both steps, as the home page's button opens it.
    await visit(page, '/', heading('Ever wondered how your ex would rate you?'));
    await page.getByRole('link', { name: 'Start Rating' }).click();
    await page.getByLabel('Their first name and initial').waitFor();
    await expectNoViolationsAtBothWidths(page, '/rate step 1');
    await page.getByRole('button', { name: 'Continue to Ratings' }).click();
    await page.getByText('Please enter a valid phone number with country code').first().waitFor();
    await expectNoViolationsAtBothWidths(page, '/rate step 1 with errors');
  }, 240_000);

  it('finds nothing on the code step, the notification landing and the unlocked profile with its dialogs', async () => {
    const rater = await newPage(app(), { width });
    await rater.goto('/');
    const own = freshNumber();
    // The rater proves a phone of their own: only then does the rating count and its text go out.
    await provePhone(rater, app(), freshNumber().e164);
    await rate(rater, own.e164);
    await expect.poll(async () => (await textsTo(app(), own.e164, 'rating')).length).toBe(1);
    const [text] = await textsTo(app(), own.e164, 'rating');
    const link = text?.body.match(/\/r\/([\w-]+)/)?.[0];

    const page = await newPage(app(), { width });
    if (link) {
      await visit(page, link, () =>
        page.getByRole('heading', { name: 'Someone rated your relationship' }).waitFor(),
      );
      await expectNoViolationsAtBothWidths(page, '/r/:guid');
    }
    await visit(page, '/verify', () => page.getByRole('textbox', { name: 'Phone number' }).waitFor());
    await page.getByRole('textbox', { name: 'Phone number' }).fill(own.national);
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    await expectNoViolationsAtBothWidths(page, '/verify code step');
    await page
      .getByRole('textbox', { name: 'Verification code digit' })
      .first()
      .fill(await latestCode(app(), own.e164));
    await page.getByRole('button', { name: 'Verify and View Ratings' }).click();
    await page.getByRole('heading', { name: 'Phone Verified' }).waitFor();
    await expectNoViolationsAtBothWidths(page, '/verify verified');

    await rate(page, freshNumber().e164);
    await visit(page, '/profile', () => page.getByRole('heading', { name: 'Almost there' }).waitFor());
    await expectNoViolationsAtBothWidths(page, '/profile locked');
    await rate(page, freshNumber().e164);
    await visit(page, '/profile', () => page.getByRole('heading', { name: 'Your Ratings' }).waitFor());
    await page.getByRole('heading', { name: "Reviews from Ex's" }).waitFor();
    await expectNoViolationsAtBothWidths(page, '/profile unlocked');

    await page.getByRole('button', { name: 'Report' }).first().click();
    await page.getByRole('dialog').waitFor();
    await expectNoViolationsAtBothWidths(page, 'report dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Share with an Ex' }).click();
    await page.getByRole('dialog', { name: 'Share with an Ex' }).waitFor();
    await expectNoViolationsAtBothWidths(page, 'share dialog');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).waitFor();
    // The menu moves focus to its first action once it is open; measured after that, as a person sees it.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('role')))
      .toBe('menuitem');
    await expectNoViolationsAtBothWidths(page, 'account menu');
    await page.keyboard.press('Escape');

    await visit(page, '/settings', () => page.getByRole('button', { name: 'Save Changes' }).waitFor());
    await expectNoViolationsAtBothWidths(page, '/settings');
  }, 240_000);

  it('finds nothing on the admin pages and their dialog', async () => {
    const visitor = await newPage(app(), { width });
    await visitor.goto('/');
    const own = freshNumber();
    await provePhone(visitor, app(), own.e164);
    await mutate(visitor, 'telemetry.reportError', { message: 'axe check entry', componentName: 'AxeCheck' });

    const page = await newPage(app(), { width });
    await visit(page, '/admin', () => page.getByLabel('Admin Password').waitFor());
    await expectNoViolationsAtBothWidths(page, '/admin login');
    await fillAdminLogin(page, app(), ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    const heading = (name: string) => () => page.getByRole('heading', { name, level: 1 }).waitFor();
    // The login finishes (its session cookie set) before the pages are opened one by one.
    await heading('Dashboard')();
    const pages: [string, () => Promise<unknown>][] = [
      ['/admin', heading('Dashboard')],
      ['/admin/profiles', heading('Profiles')],
      [`/admin/profiles/${encodeURIComponent(own.e164)}`, () => page.getByRole('tab').first().waitFor()],
      ['/admin/logs', heading('Activity Logs')],
      ['/admin/error-logs', heading('Error Logs')],
      ['/admin/queue', () => page.getByRole('heading', { level: 1 }).waitFor()],
      ['/admin/tools', heading('Testing Tools')],
      ['/admin/ui-gallery', () => page.getByRole('heading', { level: 1 }).waitFor()],
      ['/admin/staff', heading('Staff')],
      ['/admin/security', heading('Security')],
    ];
    for (const [url, ready] of pages) {
      await visit(page, url, ready);
      await page.waitForLoadState('networkidle');
      await expectNoViolationsAtBothWidths(page, url);
    }
    await visit(page, '/admin/error-logs', heading('Error Logs'));
    await page
      .getByRole('button', { name: /View|Details/ })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    await expectNoViolationsAtBothWidths(page, 'error log dialog');
  }, 240_000);
});

describe('the animated background', () => {
  const running = (page: Page) =>
    page.evaluate(
      () => document.getAnimations().filter((animation) => animation.playState === 'running').length,
    );

  it('pauses with a visible control, stays paused on this device, and is still under reduced motion', async () => {
    const page = await newPage(app(), { width: 375, reducedMotion: 'no-preference' });
    await page.goto('/');
    const pause = page.getByRole('button', { name: 'Pause background animation' });
    await pause.waitFor();
    expect(await running(page)).toBeGreaterThan(0);
    expect(await pause.getAttribute('aria-pressed')).toBe('false');
    await pause.click();
    expect(await pause.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => running(page)).toBe(0);
    await page.reload();
    await page.getByRole('button', { name: 'Pause background animation', pressed: true }).waitFor();
    expect(await running(page)).toBe(0);

    const still = await newPage(app(), { width: 1280 });
    await still.emulateMedia({ reducedMotion: 'reduce' });
    await still.goto('/');
    await still.getByRole('button', { name: 'Pause background animation' }).waitFor();
    expect(await running(still)).toBe(0);
  });
});

describe('announcements', () => {
  it('exposes toasts and inline errors as alerts in the accessibility tree', async () => {
    const page = await newPage(app(), { width: 375 });
    await page.goto('/verify');
    const field = page.getByRole('textbox', { name: 'Phone number' });
    await field.fill('555');
    await field.blur();
    expect(
      await page.getByRole('alert').filter({ hasText: 'Please enter a valid phone number' }).ariaSnapshot(),
    ).toMatch(/alert/);
    await field.fill(freshNumber().national);
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    const toastAlert = page
      .getByRole('alert')
      .filter({ hasText: 'Verification code sent! Check your phone' });
    await toastAlert.waitFor();
    expect(await toastAlert.ariaSnapshot()).toMatch(/alert/);
  });
});

describe('the code step', () => {
  const width: ViewportWidth = 375;
  async function codeStep(): Promise<{ page: Page; e164: string }> {
    const page = await newPage(app(), { width });
    const own = freshNumber();
    await page.goto('/verify');
    await page.getByRole('textbox', { name: 'Phone number' }).fill(own.national);
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    return { page, e164: own.e164 };
  }
  const slotValues = (page: Page) =>
    page
      .getByRole('textbox', { name: 'Verification code digit' })
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value).join(''));

  it('fills all six slots from the whole text message pasted anywhere, and verifies', async () => {
    const { page, e164 } = await codeStep();
    const code = await latestCode(app(), e164);
    const [text] = await textsTo(app(), e164, 'verification');
    await page.getByRole('heading', { name: 'Enter your code' }).click();
    await page.evaluate((body) => {
      const data = new DataTransfer();
      data.setData('text/plain', body);
      document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
    }, text?.body ?? '');
    await expect.poll(() => slotValues(page)).toBe(code);
    await page.getByRole('button', { name: 'Verify and View Ratings' }).click();
    await page.getByRole('heading', { name: 'Phone Verified' }).waitFor();
  });

  it('fills all six slots when the code is auto-filled into any one of them', async () => {
    const { page } = await codeStep();
    await page.getByRole('textbox', { name: 'Verification code digit' }).nth(3).fill('482913');
    await expect.poll(() => slotValues(page)).toBe('482913');
  });
});

describe('installable', () => {
  it('has a manifest with 192 and 512 px icons, a maskable one, standalone display and a theme colour', async () => {
    const page = await newPage(app(), { width: 375 });
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = (await (await page.request.get(href ?? '')).json()) as {
      name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ start_url: '/', display: 'standalone', theme_color: '#0d0b16' });
    expect(manifest.name).toContain('ExRated');
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.purpose?.includes('maskable'))).toBe(true);
    for (const icon of manifest.icons) {
      const response = await page.request.get(icon.src);
      expect(response.headers()['content-type']).toBe('image/png');
    }
  });

  it('reloads a page offline and shows the offline page', async () => {
    const page = await newPage(app(), { width: 375 });
    await page.goto('/terms');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // Controlled from the next page load on.
    await page.reload();
    await page.getByRole('heading', { name: '8. Contact' }).waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: "You're offline" }).waitFor();
    await screenshot(page, 'offline');
    await page.context().setOffline(false);
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Ever wondered how your ex would rate you?' }).waitFor();
  });
});
