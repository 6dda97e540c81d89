import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { countAdminTotals, readAppSettings, searchErrorLogs } from '../../../db/src/queries/index';
// The run's Postgres server comes from this global setup (its `inject` key is declared there).
import type {} from '../../../db/src/testing/global-setup';
import type { TestDatabase } from '../../../db/src/testing/index';
import { createSeededDatabase, SEED } from './admin-seed';
import {
  type App,
  atBothWidths,
  downloadedText,
  errorsOf,
  newPage,
  screenshot,
  screenshotBothWidths,
  startApp,
  type ViewportWidth,
} from './harness';
import { FIRST_ADMIN, fillAdminLogin } from './staff-login';

const ADMIN_PASSWORD = 'e2e-admin-password-42';

let app: App;
let database: TestDatabase;

beforeAll(async () => {
  database = await createSeededDatabase(inject('testDatabaseServerUrl'));
  app = await startApp({ extraEnv: { ADMIN_PASSWORD, DATABASE_URL: database.url ?? '' } });
});

afterAll(async () => {
  await app?.stop();
  await database?.dispose();
});

async function logCount() {
  return (await countAdminTotals(database.db)).logEntries;
}

/** Opens a sidebar section through the menu button, as the sections are reached at 375 px. */
async function openSection(page: Page, label: string) {
  await page.getByRole('button', { name: 'Open admin menu' }).click();
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: label }).click();
}

/** Opens the home page; on failure says what the page showed instead. */
async function openHome(page: Page) {
  await page.goto('/');
  await page
    .locator('footer')
    .waitFor({ timeout: 15_000 })
    .catch(async (error: unknown) => {
      await screenshot(page, 'admin-home-failure');
      const body = (await page.locator('body').textContent()) ?? '';
      throw new Error(
        `home page did not render: ${String(error)}\n${body.slice(0, 500)}\n${errorsOf(page).join('\n')}\n${app.output().slice(-3000)}`,
      );
    });
}

async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Console errors other than the refused requests this test causes on purpose (wrong password). */
function unexpectedErrors(page: Page) {
  return errorsOf(page).filter((error) => !/status of 401/.test(error));
}

// The admin works at a phone's width here, through the menu button; each screen is checked at both widths.
describe('admin area', () => {
  const width: ViewportWidth = 375;
  let page: Page;

  beforeAll(async () => {
    page = await newPage(app, { width });
  });

  afterAll(async () => {
    await page?.context().close();
  });

  it('asks for the password and refuses a wrong one', async () => {
    await page.goto('/admin');
    await page.getByText('Protected area for administrators only').waitFor();
    await screenshotBothWidths(page, 'admin-login');
    await page.getByLabel('Name or e-mail').fill(FIRST_ADMIN);
    await page.getByLabel('Admin Password').fill('not-the-password');
    await page.getByLabel('Authentication code').fill('123456');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Login failed').waitFor();
    expect(await page.getByText('Invalid password or authentication code').isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Admin sections' }).count()).toBe(0);
  });

  it('logs in and shows the sidebar, collapsed to a burger below 768 px', async () => {
    await fillAdminLogin(page, app, ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Welcome to the admin dashboard').waitFor();
    expect(await page.getByText('Login successful').isVisible()).toBe(true);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const navigation = page.getByRole('navigation', { name: 'Admin sections' });
    const burger = page.getByRole('button', { name: 'Open admin menu' });
    await atBothWidths(page, async (at) => {
      if (at === 375) {
        expect(await burger.isVisible()).toBe(true);
        expect(await navigation.getByRole('link', { name: 'Profiles' }).isVisible()).toBe(false);
        await burger.click();
        await navigation.getByRole('link', { name: 'Profiles' }).waitFor();
        await screenshot(page, 'admin-menu-open');
        await page.getByRole('button', { name: 'Close admin menu' }).click();
      } else {
        expect(await burger.isVisible()).toBe(false);
        for (const label of [
          'Dashboard',
          'Profiles',
          'Activity Logs',
          'Error Logs',
          'Moderation Queue',
          'Staff',
          'Testing Tools',
          'UI Gallery',
        ]) {
          expect(await navigation.getByRole('link', { name: label }).isVisible()).toBe(true);
        }
        expect(await navigation.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
      }
    });
  });

  it('shows the dashboard counts and the 30-day chart', async () => {
    await page.getByTestId('count-Total Profiles').waitFor();
    expect(await page.getByTestId('count-Total Profiles').textContent()).toBe(String(SEED.profiles));
    expect(await page.getByTestId('count-Ratings Submitted').textContent()).toBe(String(SEED.ratings));
    expect(await page.getByTestId('count-Verified Profiles').textContent()).toBe(
      String(SEED.verifiedProfiles),
    );
    // The moderation figures: nothing of the seed waits, and nothing was decided yet.
    expect(await page.getByTestId('count-Waiting for a decision').textContent()).toBe('0');
    expect(await page.getByTestId('count-Median time to a decision (30 days)').textContent()).toBe('—');
    const activities = Number(await page.getByTestId('count-User Activities').textContent());
    expect(activities).toBeGreaterThanOrEqual(SEED.activityEntries);
    expect(activities).toBeLessThanOrEqual(await logCount());
    await page.locator('.recharts-bar-rectangle').first().waitFor({ state: 'attached' });
    await page.getByText('Verifications').first().waitFor();
    // What became of the texts, by kind, provider and country: sent, delivered, undelivered, unknown, refused.
    await page.getByRole('heading', { name: 'Text delivery' }).waitFor();
    const delivery = page
      .getByRole('table')
      .filter({ has: page.getByRole('columnheader', { name: 'Provider' }) });
    expect(await delivery.getByRole('row').allInnerTexts()).toEqual([
      expect.stringMatching(
        /^Kind\s+Provider\s+Country\s+Sent\s+Delivered\s+Undelivered\s+Unknown\s+Refused$/,
      ),
      expect.stringMatching(/^Codes\s+AWS\s+United Kingdom\s+1\s+0\s+0\s+0\s+1$/),
      expect.stringMatching(/^Rating texts\s+Twilio\s+United States\s+3\s+2\s+1\s+0\s+0$/),
    ]);
    expect(await page.getByText('Replies received: none').isVisible()).toBe(true);
    await screenshotBothWidths(page, 'admin-dashboard');
    await expectNoHorizontalOverflow(page);
  });

  it('lists, searches and filters profiles, and opens one', async () => {
    await openSection(page, 'Profiles');
    await page.getByRole('heading', { name: 'Profiles', level: 1 }).waitFor();
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(SEED.profiles);
    const alexRow = rows.filter({ hasText: SEED.verifiedName });
    expect(await alexRow.textContent()).toContain('(202) 555-0101');
    expect(await alexRow.textContent()).toContain('Verified');
    await screenshotBothWidths(page, 'admin-profiles');

    await page.locator('label', { hasText: /^Unverified$/ }).click();
    await expect.poll(() => rows.count()).toBe(SEED.profiles - SEED.verifiedProfiles);
    await page.locator('label', { hasText: /^All$/ }).click();
    await expect.poll(() => rows.count()).toBe(SEED.profiles);
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill('nobody at all');
    await page.getByText('No profiles found matching your criteria.').waitFor();
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill('(202) 555-0101');
    await expect.poll(() => rows.count()).toBe(1);

    await rows.first().getByRole('link', { name: 'View Details' }).click();
    await page.getByRole('heading', { name: SEED.verifiedName, level: 1 }).waitFor();
    expect(await page.getByText('(202) 555-0101').first().isVisible()).toBe(true);
    expect(await page.getByText(/^Verified \d/).isVisible()).toBe(true);
    await page.getByTestId('log-entry').first().waitFor();
    await screenshotBothWidths(page, 'admin-profile-detail');

    await page.locator('label', { hasText: /^Verification Only$/ }).click();
    await expect.poll(() => page.getByTestId('log-entry').count()).toBe(3);
    await page.getByRole('tab', { name: 'Verification History' }).click();
    await page.getByText('verification_code_invalid').waitFor();
    expect(await page.getByText('failure').isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'Ratings Given' }).click();
    await expect.poll(() => page.getByTestId('admin-rating').count()).toBe(2);
    expect(await page.getByText('Great listener, terrible at texting back.').isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'Ratings Received' }).click();
    await expect.poll(() => page.getByTestId('admin-rating').count()).toBe(1);
    await page.getByRole('tab', { name: 'Error Logs' }).click();
    await page.getByText(SEED.formulaMessage).waitFor();
    await expectNoHorizontalOverflow(page);

    await page.goto('/admin/profiles/%2B19995550000');
    await page.getByRole('heading', { name: 'Profile Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Back to Profiles' }).click();
    await page.getByRole('heading', { name: 'Profiles', level: 1 }).waitFor();
  });

  it('shows activity with search, filters and expandable details', async () => {
    await openSection(page, 'Activity Logs');
    await page.getByRole('heading', { name: 'Activity Logs', level: 1 }).waitFor();
    const entries = page.getByTestId('log-entry');
    await entries.first().waitFor();
    const ratingEntry = entries.filter({ hasText: 'rating_created' });
    expect(await ratingEntry.getByRole('link', { name: '(202) 555-0101' }).getAttribute('href')).toBe(
      '/admin/profiles/%2B12025550101',
    );
    // The user agent is cut to 50 characters.
    expect(await ratingEntry.getByText(`${SEED.longUserAgent.slice(0, 50)}…`).isVisible()).toBe(true);
    await ratingEntry.getByRole('button', { name: 'Details' }).click();
    await ratingEntry.getByText('seeded-details').waitFor();
    await screenshotBothWidths(page, 'admin-activity-logs');

    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Verification related' }).click();
    await expect.poll(() => entries.count()).toBe(3);
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'All activity' }).click();
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill('203.0.113.9');
    await expect.poll(() => entries.count()).toBe(1);
    expect(await entries.first().textContent()).toContain('onboarding_step_completed');
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill('');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => entries.count()).toBeGreaterThan(3);
    await expectNoHorizontalOverflow(page);
  });

  it('pages, filters, details and exports error logs', async () => {
    await openSection(page, 'Error Logs');
    await page.getByRole('heading', { name: 'Error Logs', level: 1 }).waitFor();
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(10);
    // 6 pages: numbered buttons with an ellipsis window.
    await page.getByRole('button', { name: 'Page 6' }).waitFor();
    expect(await page.getByRole('button', { name: 'Page 4' }).count()).toBe(0);
    await screenshotBothWidths(page, 'admin-error-logs');

    await rows.filter({ hasText: 'HYPERLINK' }).getByRole('button', { name: 'View' }).click();
    const dialog = page.getByRole('dialog', { name: 'Error details' });
    await dialog.waitFor();
    for (const text of [
      'critical',
      'device-1',
      'RatePage',
      'http://127.0.0.1/rate',
      '198.51.100.7',
      'runtime',
    ]) {
      expect(await dialog.getByText(text, { exact: true }).first().isVisible()).toBe(true);
    }
    expect(await dialog.getByText('at RatePage (rate.tsx:10:5)').isVisible()).toBe(true);
    expect(await dialog.getByText(SEED.longUserAgent).isVisible()).toBe(true);
    await screenshotBothWidths(page, 'admin-error-dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^error-logs-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await downloadedText(download)).replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(11);
    expect(lines[0]).toContain('Date,Severity,Phone Number,Error,Component');
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);

    await page.getByRole('button', { name: 'Page 6' }).click();
    await expect.poll(() => rows.count()).toBe(7);
    await page.getByRole('combobox', { name: 'Severity' }).click();
    await page.getByRole('option', { name: 'Critical' }).click();
    const critical = await searchErrorLogs(database.db, { severity: 'critical', limit: 1, offset: 0 });
    await expect.poll(() => rows.count()).toBe(Math.min(10, critical.total));
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('2025550101');
    await expect
      .poll(async () => (await rows.allTextContents()).every((text) => text.includes('555-0101')))
      .toBe(true);
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill('VerifyPage');
    await page.getByRole('combobox', { name: 'Severity' }).click();
    await page.getByRole('option', { name: 'All severities' }).click();
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('');
    await expect
      .poll(async () => (await rows.allTextContents()).every((text) => text.includes('VerifyPage')))
      .toBe(true);
    await expectNoHorizontalOverflow(page);
  });

  it('runs the SQL tool without executing the text, and saves settings', async () => {
    await openSection(page, 'Testing Tools');
    await page.getByRole('heading', { name: 'Testing Tools', level: 1 }).waitFor();
    await page
      .getByRole('textbox', { name: 'SQL query' })
      .fill('drop table claimed_profiles; delete from ratings');
    await page.getByRole('button', { name: 'Run Query' }).click();
    const results = page.getByTestId('sql-results');
    await results.waitFor();
    await expect.poll(() => results.locator('tbody tr').count()).toBe(SEED.profiles);
    await screenshotBothWidths(page, 'admin-tools-sql');

    await page.getByRole('tab', { name: 'View Logs' }).click();
    await page.getByText('Coming soon...').waitFor();

    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('switch', { name: 'Maintenance mode' }).check({ force: true });
    await page.getByRole('combobox', { name: 'Log level' }).click();
    await page.getByRole('option', { name: 'warn' }).click();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Settings saved').waitFor();
    await screenshotBothWidths(page, 'admin-tools-settings');
    expect(await readAppSettings(database.db)).toEqual({
      maintenanceMode: true,
      logLevel: 'warn',
      repeatOffenderThreshold: 2,
    });
    await page.getByRole('switch', { name: 'Maintenance mode' }).uncheck({ force: true });
    await page.getByRole('combobox', { name: 'Log level' }).click();
    await page.getByRole('option', { name: 'info' }).click();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect
      .poll(() => readAppSettings(database.db))
      .toEqual({ maintenanceMode: false, logLevel: 'info', repeatOffenderThreshold: 2 });
  });

  it('shows the UI gallery tabs', async () => {
    await openSection(page, 'UI Gallery');
    await page.getByRole('heading', { name: 'UI Gallery', level: 1 }).waitFor();
    await page.getByText('Ever wondered how your ex would rate you?').waitFor();
    for (const [tab, text] of [
      ['Profile', 'Your Score'],
      ['Ratings', 'Kindness'],
      ['Verification', 'Send Verification Code'],
      ['Common UI', 'Show success toast'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByText(text).first().waitFor();
      await screenshotBothWidths(page, `admin-ui-gallery-${tab.toLowerCase().replace(' ', '-')}`);
    }
    await screenshotBothWidths(page, 'admin-ui-gallery');
    await expectNoHorizontalOverflow(page);
  });

  it('sends unknown admin paths to the dashboard, then logs out', async () => {
    await page.goto('/admin/no-such-page');
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Open admin menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByText('Protected area for administrators only').waitFor();
    // The server session is gone too: a reload still shows the login screen.
    await page.reload();
    await page.getByText('Protected area for administrators only').waitFor();
    expect(unexpectedErrors(page)).toEqual([]);
  });
});

describe('client-side errors', () => {
  it('reach the error log through window.onerror and unhandledrejection', async () => {
    const page = await newPage(app, { width: 1280 });
    await openHome(page);
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('e2e uncaught error');
      });
      void Promise.reject(new Error('e2e unhandled rejection'));
    });
    const messages = async () =>
      (await searchErrorLogs(database.db, { search: 'e2e ', limit: 10, offset: 0 })).rows
        .map((row) => ({ message: row.errorMessage, type: row.errorType }))
        .sort((a, b) => a.message.localeCompare(b.message));
    await expect.poll(messages, { timeout: 10_000 }).toEqual([
      { message: 'e2e uncaught error', type: 'runtime' },
      { message: 'e2e unhandled rejection', type: 'unhandled_rejection' },
    ]);
    await page.context().close();
  });

  it('keeps the admin area and the dialogs out of the public entry chunk', async () => {
    const page = await newPage(app, { width: 1280 });
    const requested: string[] = [];
    const scripts: Promise<string>[] = [];
    page.on('request', (request) => requested.push(request.url()));
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text());
    });
    await openHome(page);
    expect(requested.filter((url) => /(AdminPage|DailyActivityChart)/.test(url))).toEqual([]);
    // Mantine's Modal (focus trap, portal, scroll area, floating-ui: 30 KB gzip) loads with the first dialog;
    // the theme once pulled it into the entry by importing Modal for its defaults.
    const withDialogCode = (await Promise.all(scripts)).filter((text) =>
      text.includes('@mantine/core/ModalBase'),
    );
    expect(withDialogCode).toEqual([]);
    await page.context().close();
  });
});
