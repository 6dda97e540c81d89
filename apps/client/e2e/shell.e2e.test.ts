import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type App,
  CONTACT_URL,
  errorsOf,
  newPage,
  screenshotBothWidths,
  startApp,
  type ViewportWidth,
} from './harness';

let app: App;

beforeAll(async () => {
  app = await startApp();
});

afterAll(async () => {
  await app?.stop();
});

const FOOTER_LINKS: [label: string, href: string][] = [
  ['Home', '/'],
  ['Rate an Ex', '/rate'],
  ['Verify', '/verify'],
  ['My Ratings', '/profile'],
  ['Settings', '/settings'],
  ['Terms & Conditions', '/terms'],
  ['Privacy Policy', '/privacy'],
];

const TERMS_HEADINGS = [
  '1. Acceptance of Terms',
  '2. User Conduct',
  '3. Content Guidelines',
  '4. Privacy and Anonymity',
  '5. Modification of Service',
  '6. Limitation of Liability',
  '7. Changes to These Terms',
  '8. Contact',
];

const PRIVACY_HEADINGS = [
  '1. Information We Collect',
  '2. How We Use Your Information',
  '3. Data Security and Retention',
  '4. Sharing of Information',
  '5. Anonymous Ratings',
  '6. Your Rights',
  '7. Changes to This Policy',
  '8. Contact',
];

async function open(width: ViewportWidth, url: string): Promise<Page> {
  const page = await newPage(app, { width });
  await page.goto(url);
  await page.locator('footer').waitFor();
  return page;
}

async function expectCleanPage(page: Page) {
  // Nothing wider than the screen (no sideways scrolling on a phone), and nothing went wrong in the console.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(errorsOf(page)).toEqual([]);
  await page.context().close();
}

async function headingTexts(page: Page, level: number): Promise<string[]> {
  return (await page.getByRole('heading', { level }).allTextContents()).map((text) => text.trim());
}

// Each flow runs at a phone's width; each screen worth a picture is checked at both widths.
describe('app shell', () => {
  const width: ViewportWidth = 375;
  it('shows the landing page with the header and footer', async () => {
    const requested: string[] = [];
    const page = await newPage(app, { width });
    page.on('request', (request) => requested.push(request.url()));
    await page.goto('/');

    await expect.poll(() => page.title()).toContain('ExRated');
    const main = page.locator('main');
    await main.getByText('BETA', { exact: true }).waitFor();
    expect(await headingTexts(page, 1)).toEqual(['Ever wondered how your ex would rate you?']);
    expect(await main.getByText("Rate 2 ex's to unlock your own anonymous ratings").isVisible()).toBe(true);
    expect(await headingTexts(page, 2)).toEqual(['Anonymous First', 'See Your Scores', 'Get Real Insights']);

    const start = main.getByRole('link', { name: 'Start Rating' });
    expect(await start.getAttribute('href')).toBe('/rate');

    // Header: a visitor without a phone number is offered the way to their ratings.
    const header = page.locator('header');
    expect(await header.getByRole('link', { name: 'ExRated home' }).getAttribute('href')).toBe('/');
    expect(await header.getByRole('link', { name: 'Check my ratings' }).getAttribute('href')).toBe('/verify');

    // Footer: every link of docs/product.md#layout, and the contact form in a new tab.
    const footer = page.locator('footer');
    expect(await footer.getByText('Rate your ex. Anonymously.').isVisible()).toBe(true);
    for (const [label, href] of FOOTER_LINKS) {
      expect(await footer.getByRole('link', { name: label, exact: true }).getAttribute('href')).toBe(href);
    }
    const contact = footer.getByRole('link', { name: 'Contact Us' });
    expect(await contact.getAttribute('target')).toBe('_blank');
    expect(await contact.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await contact.getAttribute('href')).toBe(CONTACT_URL);

    // Code splitting: the legal pages and the admin area are not loaded for the landing page.
    expect(requested.filter((url) => /(TermsPage|PrivacyPage|AdminPage)/.test(url))).toEqual([]);

    await screenshotBothWidths(page, 'landing');
    await expectCleanPage(page);
  });

  it('takes Start Rating to /rate', async () => {
    const page = await open(width, '/');
    await page.getByRole('link', { name: 'Start Rating' }).click();
    await page.waitForURL((url) => url.pathname === '/rate');
    await expectCleanPage(page);
  });

  it('redirects /landing to /', async () => {
    const page = await open(width, '/landing');
    await page.waitForURL((url) => url.pathname === '/');
    await page
      .getByRole('heading', { level: 1, name: 'Ever wondered how your ex would rate you?' })
      .waitFor();
    await expectCleanPage(page);
  });

  it('shows the terms with their 8 sections and content rules', async () => {
    const page = await open(width, '/terms');
    await page.getByRole('heading', { level: 1, name: 'Terms & Conditions' }).waitFor();
    expect(await headingTexts(page, 2)).toEqual(TERMS_HEADINGS);
    const main = page.locator('main');
    for (const rule of [
      'first name and last initial only',
      'No contact information',
      'No explicit sexual content',
      'No hate speech',
      'No threats',
      'stalk',
      'impersonate',
      'rate the same person excessively',
      'bypass',
    ]) {
      expect(await main.getByText(rule).count(), rule).toBeGreaterThan(0);
    }
    await screenshotBothWidths(page, 'terms');
    await expectCleanPage(page);
  });

  it('shows the privacy policy with its 8 sections and retention periods', async () => {
    const page = await open(width, '/privacy');
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    expect(await headingTexts(page, 2)).toEqual(PRIVACY_HEADINGS);
    const main = page.locator('main');
    for (const fact of ['10 minutes', '30 days', '180 days']) {
      expect(await main.getByText(fact).count(), fact).toBeGreaterThan(0);
    }
    const contactForm = main.getByRole('link', { name: 'contact form' }).first();
    expect(await contactForm.getAttribute('href')).toBe(CONTACT_URL);
    expect(await contactForm.getAttribute('target')).toBe('_blank');
    await screenshotBothWidths(page, 'privacy');
    await expectCleanPage(page);
  });

  it('opens a linked page at its top, and Back and a reload return to the place left', async () => {
    const page = await open(width, '/terms');
    const termsTitle = page.getByRole('heading', { level: 1, name: 'Terms & Conditions' });
    await termsTitle.waitFor();
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900);

    // The sticky header's link, clicked where it is: Playwright's click would first scroll the page to bring
    // the link's place in the flow into view, and that would be the place left.
    await page.locator('header').getByRole('link', { name: 'ExRated home' }).dispatchEvent('click');
    await page.getByRole('link', { name: 'Start Rating' }).first().waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await termsTitle.waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900);
    await page.reload();
    await termsTitle.waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900);
    await page.goForward();
    await page.getByRole('link', { name: 'Start Rating' }).first().waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expectCleanPage(page);
  });

  it('shows the not-found page for an unknown path', async () => {
    const page = await open(width, '/no/such/page');
    await page.getByRole('heading', { level: 1, name: '404' }).waitFor();
    expect(await page.getByText("This page doesn't exist... just like your ex's loyalty.").isVisible()).toBe(
      true,
    );
    const home = page.locator('main').getByRole('link', { name: 'Take me home' });
    expect(await home.getAttribute('href')).toBe('/');
    await screenshotBothWidths(page, 'not-found');
    await home.click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectCleanPage(page);
  });

  it('shows the route error screen inside the layout when a page fails to load, and reports it', async () => {
    const page = await newPage(app, { width });
    // The page's chunk cannot be fetched (a deploy replaced it, the network dropped): its import fails.
    await page.route(/\/assets\/TermsPage-[^/]+\.js$/, (route) => route.abort('failed'));
    const reported = page.waitForRequest(
      (request) => request.url().includes('/trpc/telemetry.reportError') && request.method() === 'POST',
    );
    await page.goto('/terms');
    const alert = page.getByRole('alert').filter({ hasText: 'Unexpected Application Error!' });
    await alert.waitFor();
    expect(await alert.locator('pre, code').first().textContent()).toMatch(/TermsPage|dynamically imported/i);
    const body = (await reported).postData() ?? '';
    expect(body).toContain('RouteErrorFallback');
    // The header and footer stay, so the visitor can go elsewhere.
    await page
      .locator('header')
      .getByRole('link', { name: /ExRated/ })
      .first()
      .waitFor();
    await page.locator('footer').waitFor();
    await screenshotBothWidths(page, 'route-error');
    await page.unroute(/\/assets\/TermsPage-[^/]+\.js$/);
    // Another page through the app's own links clears the error.
    await page.locator('footer').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    expect(await alert.count()).toBe(0);
    await page.goBack();
    await alert.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Start Rating' }).first().waitFor();
    await page.context().close();
  });
});
