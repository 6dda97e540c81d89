// Trust and safety in the browser (docs/trust-and-safety.md#opt-out): stopping texts from the /r/:guid
// landing and turning them back on in /settings; reporting a review from /profile, and the administrator
// hiding it from the moderation queue. Everything is seeded through the public API and the texts the console
// sender keeps (GET /dev/outbox.json).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provePhone, rate, textsTo } from './api';
import { type App, newPage, screenshotBothWidths, startApp, type ViewportWidth } from './harness';
import {
  adminPage,
  expectSoundPage,
  landingPathOf,
  openModerationQueue,
  provenPage,
  visit,
} from './trust-helpers';

const ADMIN_PASSWORD = 'e2e-trust-admin-password';

let app: App;
beforeAll(async () => {
  app = await startApp({ extraEnv: { ADMIN_PASSWORD } });
});
afterAll(async () => {
  await app?.stop();
});

// Numbers of their own (202-555-7xxx), so this file's states never meet another test's.
let lastLine = 7000;
const newPhone = () => `+1202555${++lastLine}`;

// Each flow runs at a phone's width; each screen worth a picture is checked at both widths.
describe('trust and safety', () => {
  const width: ViewportWidth = 375;
  it('stops texts from the landing page, and the proven person turns them back on in settings', async () => {
    const phone = newPhone();
    const rater = await provenPage(app, width, newPhone());
    await rate(rater, phone, { name: 'Sam' });
    await expect.poll(async () => (await textsTo(app, phone, 'rating')).length).toBe(1);

    const page = await newPage(app, { width });
    await visit(page, await landingPathOf(app, phone));
    await page.getByRole('heading', { name: 'Someone rated your relationship' }).waitFor();
    await page.getByRole('button', { name: 'Stop texting this number' }).click();
    const dialog = page.getByRole('dialog', { name: 'Stop texts from ExRated?' });
    await dialog.waitFor();
    await screenshotBothWidths(page, 'trust-opt-out-confirm');
    await dialog.getByRole('button', { name: 'Stop texting me' }).click();
    const stopped = page.getByRole('status').filter({ hasText: 'Texts stopped' });
    await stopped.getByText('You will not get any more texts from ExRated.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: 'Stop texting this number' }).count()).toBe(0);
    // The onboarding is still there to continue.
    await page.getByRole('button', { name: 'Continue' }).waitFor();
    await screenshotBothWidths(page, 'trust-opt-out-done');
    await expectSoundPage(page);

    // A later rating is saved and the rater sees the normal success, but no text goes out.
    await rate(await provenPage(app, width, newPhone()), phone, { name: 'Jo K.' });
    expect(await textsTo(app, phone, 'rating')).toHaveLength(1);

    // The person proves the number and turns texts back on in Settings.
    await provePhone(page, app, phone);
    await visit(page, '/settings');
    const toggle = page.getByRole('switch', { name: 'Text me when someone rates me' });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(false);
    await screenshotBothWidths(page, 'trust-settings-texts-off');
    await toggle.click({ force: true });
    await page.getByText('Texts turned on').waitFor();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await rate(await provenPage(app, width, newPhone()), phone, { name: 'Kim' });
    await expect.poll(async () => (await textsTo(app, phone, 'rating')).length).toBe(2);
    await screenshotBothWidths(page, 'trust-settings-texts-on');
    await expectSoundPage(page);
    await page.context().close();
  });

  it('reports a review from /profile; it shows Under review until the admin hides it from the queue', async () => {
    const phone = newPhone();
    const reviewer = 'Jo K.';
    // Raters who prove a phone: only their ratings are shown (docs/architecture.md#ratings).
    const fair = await provenPage(app, width, newPhone());
    await rate(fair, phone, { name: 'Sam', scores: [8, 8, 8, 8, 8] });
    const harsh = await provenPage(app, width, newPhone());
    await rate(harsh, phone, {
      name: reviewer,
      scores: [1, 1, 1, 1, 1],
      // A false claim rather than a threat: the screening holds a threat before anyone can read it.
      testimonial: 'Everyone knows you cheated on me, twice.',
    });

    const page = await provenPage(app, width, phone);
    await rate(page, newPhone());
    await rate(page, newPhone());
    await visit(page, '/profile');
    await page.getByRole('heading', { name: 'Your Ratings' }).waitFor();
    await page.getByText('Based on 2 ratings').waitFor();
    const review = page.getByRole('article', { name: reviewer });
    await review.getByRole('button', { name: `Report the review from ${reviewer}` }).click();

    const dialog = page.getByRole('dialog', { name: 'Report this review' });
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    await dialog.getByText('Please choose why you are reporting this.').waitFor();
    await dialog.getByPlaceholder('Choose a reason').click();
    await page.getByRole('option', { name: 'Harassment or threats' }).click();
    await screenshotBothWidths(page, 'trust-report-dialog');
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    await page.getByText('Report sent').waitFor();
    await dialog.getByTestId('notice-reference').waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await review.getByText('Under review').waitFor();
    expect(await review.getByRole('button', { name: /Report the review/ }).count()).toBe(0);
    // The other review can still be reported.
    await page
      .getByRole('article', { name: 'Sam' })
      .getByRole('button', { name: 'Report the review from Sam' })
      .waitFor();
    await screenshotBothWidths(page, 'trust-report-under-review');
    await page.reload();
    await review.getByText('Under review').waitFor();
    await expectSoundPage(page);

    const admin = await adminPage(app, width, ADMIN_PASSWORD);
    await openModerationQueue(admin, width);
    const reported = admin.getByRole('article', { name: 'Notice: Harassment or threats' });
    await reported.getByText('Everyone knows you cheated on me, twice.').waitFor();
    await screenshotBothWidths(admin, 'trust-admin-queue');
    await reported.getByText('Hide', { exact: true }).click();
    await reported.getByPlaceholder('Choose a reason').click();
    await admin.getByRole('option', { name: 'Threats of violence or harm' }).click();
    await reported.getByRole('button', { name: 'Decide: Hide' }).click();
    await admin.getByText('Decision saved').waitFor();
    await reported.waitFor({ state: 'detached' });
    await admin
      .getByText('Nothing waits for a decision. Held ratings, notices and appeals appear here.')
      .waitFor();
    await screenshotBothWidths(admin, 'trust-admin-queue-empty');
    await expectSoundPage(admin);

    await page.reload();
    await page.getByText('Based on 1 rating').waitFor();
    expect(await page.getByRole('article', { name: reviewer }).count()).toBe(0);
    await page.getByRole('article', { name: 'Sam' }).waitFor();
    await screenshotBothWidths(page, 'trust-profile-after-hide');
    await expectSoundPage(page);
    await page.context().close();
    await admin.context().close();
  }, 120_000);
});
