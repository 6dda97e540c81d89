// Notices, decisions, appeals, the subject's controls and the transparency report in the browser
// (docs/trust-and-safety.md#decisions). Everything is seeded through the public API and the texts the console
// sender keeps.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutate, rate } from './api';
import {
  type App,
  downloadedText,
  newPage,
  screenshotBothWidths,
  startApp,
  type ViewportWidth,
} from './harness';
import {
  adminPage,
  expectSoundPage,
  landingPathOf,
  openModerationQueue,
  provenPage,
  visit,
} from './trust-helpers';

const ADMIN_PASSWORD = 'e2e-notices-admin-password';

let app: App;
beforeAll(async () => {
  // Every rater proves a phone from the same address: the per-address caps have their own tests.
  app = await startApp({
    extraEnv: {
      ADMIN_PASSWORD,
      LIMIT_VERIFICATION_SENDS_PER_IP_PER_HOUR: '10000',
      LIMIT_VERIFICATION_CHECKS_PER_IP_PER_HOUR: '10000',
      LIMIT_RATINGS_PER_IP_PER_HOUR: '10000',
      LIMIT_NOTICES_PER_IP_PER_HOUR: '10000',
    },
  });
});
afterAll(async () => {
  await app?.stop();
});

// Numbers of their own (202-555-6xxx), so this file's states never meet another test's.
let lastLine = 6000;
const newPhone = () => `+1202555${++lastLine}`;

async function chooseReason(page: Page, label: string) {
  await page.getByPlaceholder('Choose a reason').last().click();
  await page.getByRole('option', { name: label }).click();
}

// Each flow runs at a phone's width; each screen worth a picture is checked at both widths.
describe('notices', () => {
  const width: ViewportWidth = 375;
  it('reports from the texted link without unlocking; the admin decides; the reporter and the author see why', async () => {
    const rated = newPhone();
    const rater = await provenPage(app, width, newPhone());
    await rate(rater, rated, { name: 'Sam', testimonial: 'Words only the rated person may read.' });

    // The person who got the text reports the rating from its landing page, with no account.
    const page = await newPage(app, { width });
    await visit(page, await landingPathOf(app, rated));
    await page.getByRole('heading', { name: 'Someone rated your relationship' }).waitFor();
    await page.getByRole('button', { name: 'Report this rating' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this rating' });
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    await dialog.getByText('Please choose why you are reporting this.').waitFor();
    await chooseReason(page, 'Not about me / we never dated');
    await dialog.getByLabel('Anything you want to add (optional)').fill('I have never met this person.');
    await screenshotBothWidths(page, 'notice-landing-dialog');
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    await page.getByText('Report received').waitFor();
    const reference = (await page.getByTestId('notice-reference').textContent()) ?? '';
    expect(reference).toMatch(/^[0-9A-Z]{12}$/);
    // The onboarding is still there to continue.
    await page.getByRole('button', { name: 'Continue' }).waitFor();
    await screenshotBothWidths(page, 'notice-landing-filed');
    await expectSoundPage(page);

    await page.getByRole('link', { name: 'the status page of your report' }).click();
    await page.waitForURL(`**/notices/${reference}`);
    await page.getByRole('heading', { name: 'Your report' }).waitFor();
    await page.getByText('Not about me / we never dated').waitFor();
    await page.getByText('Waiting for a moderator').waitFor();
    expect(await page.getByText('Words only the rated person may read.').count()).toBe(0);
    await screenshotBothWidths(page, 'notice-status-open');
    await expectSoundPage(page);

    // The administrator decides it from the queue, with a reason and a note.
    const admin = await adminPage(app, width, ADMIN_PASSWORD);
    await admin.getByText('Waiting for a decision').waitFor();
    await openModerationQueue(admin, width);
    const item = admin.getByRole('article', { name: 'Notice: Not about me / we never dated' });
    await item.getByText('I have never met this person.').waitFor();
    await item.getByText(reference).waitFor();
    await screenshotBothWidths(admin, 'notice-admin-queue');
    await item.getByText('Hide', { exact: true }).click();
    await item.getByPlaceholder('Choose a reason').click();
    await admin.getByRole('option', { name: 'Not about the person it was sent to' }).click();
    await item
      .getByLabel('Note (shown to the reporter and the author)')
      .fill('The rater dated someone else.');
    await item.getByRole('button', { name: 'Decide: Hide' }).click();
    await admin.getByText('Decision saved').waitFor();
    await item.waitFor({ state: 'detached' });
    await screenshotBothWidths(admin, 'notice-admin-queue-decided');
    await expectSoundPage(admin);

    // The reporter's status page shows the outcome and the statement of reasons.
    await page.reload();
    await page.getByText('Hidden: the rating is no longer shown or counted').waitFor();
    await page.getByText('Not about the person it was sent to').waitFor();
    await page.getByText('The rater dated someone else.').waitFor();
    await screenshotBothWidths(page, 'notice-status-decided');
    await expectSoundPage(page);

    // The author sees which rating it is and why on /profile, and appeals once.
    await visit(rater, '/profile');
    const own = rater.getByRole('article', { name: 'Your rating of Sam' });
    const appealText = 'We were together for a year, on the phone run.';
    await own.getByText('Hidden', { exact: true }).waitFor();
    await own.getByText(/Not about the person it was sent to/).waitFor();
    await own.getByRole('button', { name: 'Appeal' }).click();
    const appeal = rater.getByRole('dialog', { name: 'Appeal this decision' });
    await appeal.getByLabel('Why should it be shown? (optional)').fill(appealText);
    await screenshotBothWidths(rater, 'notice-appeal-dialog');
    await appeal.getByRole('button', { name: 'Send Appeal' }).click();
    await rater.getByText('Appeal sent').waitFor();
    await own.getByText(/You appealed on/).waitFor();
    expect(await own.getByRole('button', { name: 'Appeal' }).count()).toBe(0);
    await screenshotBothWidths(rater, 'notice-appeal-sent');
    await expectSoundPage(rater);

    // The appeal is back in the queue, marked as such.
    await admin.reload();
    await admin
      .getByRole('article', { name: 'Appeal: Appeal by the author' })
      .getByText(appealText, { exact: false })
      .waitFor();
    await expectSoundPage(admin);
    for (const open of [page, rater, admin]) await open.context().close();
    // Four browsers through the whole flow: on a shared two-core machine this takes longer than one screen.
  }, 180_000);

  it('takes a report from anyone on the public Report content page', async () => {
    const page = await newPage(app, { width });
    await visit(page, '/');
    await page.locator('footer').getByRole('link', { name: 'Report content' }).click();
    await page.waitForURL('**/report');
    await page.getByRole('heading', { name: 'Report content' }).waitFor();
    await page.getByRole('button', { name: 'Send Report' }).click();
    await page.getByText('Please choose why you are reporting this.').waitFor();
    await page.getByText('Please give the link to the rating, or describe what you are reporting.').waitFor();
    await page.getByLabel('Link to the rating').fill('https://example.com/not-a-rating');
    await chooseReason(page, 'Private information');
    await page.getByRole('button', { name: 'Send Report' }).click();
    await page.getByText('This is not a rating link.', { exact: false }).waitFor();
    await page.getByLabel('Link to the rating').fill('');
    await page.getByLabel('What are you reporting?').fill('A review says where my friend works.');
    await page.getByLabel('How can we answer you? (optional)').fill('friend@example.com');
    await screenshotBothWidths(page, 'notice-report-page');
    await page.getByRole('button', { name: 'Send Report' }).click();
    await page.getByText('Report received').waitFor();
    const reference = (await page.getByTestId('notice-reference').textContent()) ?? '';
    await screenshotBothWidths(page, 'notice-report-filed');
    await expectSoundPage(page);

    await visit(page, `/notices/${reference.toLowerCase()}`);
    await page.getByText('From the Report content page').waitFor();
    expect(await page.getByText('friend@example.com').count()).toBe(0);
    await visit(page, '/notices/NOTAREFERENCE');
    await page.getByRole('heading', { name: 'Report not found' }).waitFor();
    await screenshotBothWidths(page, 'notice-status-unknown');
    await page.context().close();
  });

  it("gives the verified owner 'Do not rate me', a download of their data and account deletion", async () => {
    const phone = newPhone();
    const page = await provenPage(app, width, phone);
    await visit(page, '/settings');
    const toggle = page.getByRole('switch', { name: 'Do not rate me' });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(false);
    await toggle.click({ force: true });
    await page.getByText('Ratings turned off').waitFor();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await screenshotBothWidths(page, 'notice-settings-controls');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^exrated-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await downloadedText(file)) as {
      phoneNumber: string;
      settings: { doNotRate: boolean };
    };
    expect(data).toMatchObject({ phoneNumber: phone, settings: { doNotRate: true } });

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
    await confirm.getByText(/It cannot be undone/).waitFor();
    await screenshotBothWidths(page, 'notice-settings-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByText('Account deleted').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await visit(page, '/settings');
    await page.getByRole('heading', { name: 'Access Settings' }).waitFor();
    expect(
      await mutate(page, 'profile.setDoNotRate', { doNotRate: false }).catch((error: Error) => error.message),
    ).toMatch(/UNAUTHORIZED|401/);
    await expectSoundPage(page);
    await page.context().close();
  });

  it('publishes closed months only on /transparency, each figure from 10 items, without personal data', async () => {
    const page = await newPage(app, { width });
    await visit(page, '/');
    await page.locator('footer').getByRole('link', { name: 'Transparency' }).click();
    await page.waitForURL('**/transparency');
    await page.getByRole('heading', { name: 'Transparency report' }).waitFor();
    await page.getByText(/only where it counts at least 10 items/).waitFor();
    // This run's reports and decisions fall in the month under way, which is published once it has ended.
    const monthUnderWay = new Intl.DateTimeFormat('en-GB', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date());
    expect(await page.getByRole('region', { name: monthUnderWay }).count()).toBe(0);
    expect(await page.locator('main').textContent()).not.toMatch(/\+\d{7,}/);
    await screenshotBothWidths(page, 'notice-transparency');
    await expectSoundPage(page);
    await page.context().close();
  });
});
