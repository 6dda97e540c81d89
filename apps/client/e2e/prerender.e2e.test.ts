import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerFile } from './app-per-file';
import { CONTACT_URL, errorsOf, newPage, screenshot, type ViewportWidth } from './harness';

const app = appPerFile();

/** Holds every script back until the returned function is called: the page as it is before the app runs. */
async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return () => release();
}

/** Records every layout shift from the start of the page, before any of its scripts. */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() =>
    (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0),
  );
}

/** Marks an element of the prerendered HTML, to tell later whether React kept it or drew it again. */
function markElement(page: Page, selector: string) {
  return page.evaluate((css) => {
    const element = document.querySelector(css);
    if (element) element.setAttribute('data-prerendered', '');
    return element !== null;
  }, selector);
}

describe.each([375, 1280] as const)('prerendered pages at %i px', (width: ViewportWidth) => {
  it('/verify shows its first screen before any script, and the app takes it over without a jump', async () => {
    const page = await newPage(app(), { width });
    await recordLayoutShifts(page);
    const release = await holdScripts(page);
    await page.goto('/verify', { waitUntil: 'commit' });

    await page.getByRole('heading', { name: 'Verify your phone' }).waitFor();
    expect(
      await page.getByText("We'll text you a 6-digit code to confirm the number is yours.").isVisible(),
    ).toBe(true);
    expect(await page.getByRole('button', { name: 'Send Verification Code' }).isDisabled()).toBe(true);
    expect(
      await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).isVisible(),
    ).toBe(true);
    await screenshot(page, 'prerendered-verify');
    expect(await markElement(page, 'main h2, main h1')).toBe(true);

    release();
    await page.getByRole('textbox', { name: 'Phone number' }).waitFor();
    await page.getByRole('link', { name: 'Check my ratings' }).waitFor();
    // The footer's link gets the operator's address from the page once the app runs.
    expect(await page.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe(CONTACT_URL);
    // Only the phone field replacing its placeholder may move anything, and hardly.
    expect(await layoutShift(page)).toBeLessThan(0.02);
    expect(errorsOf(page)).toEqual([]);
  });

  it('/rate shows "Verifying your profile..." before any script, then sends the visitor to /verify', async () => {
    const page = await newPage(app(), { width });
    const release = await holdScripts(page);
    await page.goto('/rate', { waitUntil: 'commit' });

    await page.getByRole('heading', { level: 1, name: 'Rate an Ex' }).waitFor();
    expect(await page.getByText("Be honest. It's anonymous... for now.").isVisible()).toBe(true);
    expect(await page.getByText('Verifying your profile...').isVisible()).toBe(true);
    await screenshot(page, 'prerendered-rate');
    expect(await markElement(page, 'main h1')).toBe(true);

    const started = Date.now();
    release();
    // React adopts the prerendered heading instead of drawing a new one, and the 500 ms check still runs.
    await page.waitForFunction(() => {
      const heading = document.querySelector('main h1[data-prerendered]');
      return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
    });
    await page.waitForURL((url) => url.pathname === '/verify');
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/rate');
    await page.getByRole('heading', { name: 'Verify your phone' }).waitFor();
    expect(errorsOf(page)).toEqual([]);
  });
});
