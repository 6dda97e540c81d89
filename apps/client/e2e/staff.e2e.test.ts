import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshTotp } from '../../server/test/support/fresh-totp';
import { type App, newPage, screenshot, screenshotBothWidths, startApp, type ViewportWidth } from './harness';
import { enrolFirstAdmin, expectSoundAdminLayout, openAdminSection, staffMember } from './staff-login';
import { adminPage } from './trust-helpers';

const ADMIN_PASSWORD = 'e2e-staff-admin-password';

let app: App;
beforeAll(async () => {
  app = await startApp({ extraEnv: { ADMIN_PASSWORD } });
});
afterAll(async () => {
  await app?.stop();
});

describe('the first admin', () => {
  it('enrols its authenticator app at its first login: QR code, first code, recovery codes', async () => {
    await enrolFirstAdmin(app, ADMIN_PASSWORD, async (page, step) => {
      if (step === 'enrolment') {
        await page.getByRole('img', { name: 'QR code of your authenticator key' }).waitFor();
        expect(await page.getByText('before the first login completes', { exact: false }).isVisible()).toBe(
          true,
        );
      } else {
        expect(await page.getByRole('listitem').count()).toBe(10);
      }
      await screenshot(page, `staff-first-admin-${step}`);
    });
  });
});

// Each flow runs at a phone's width; each screen worth a picture is checked at both widths.
describe('staff', () => {
  const width: ViewportWidth = 375;
  const login = 'moderator@example.org';
  const password = 'moderator-password';
  let secret = '';

  it('an admin invites a moderator, who enrols through the one-time link', async () => {
    const admin = await adminPage(app, width, ADMIN_PASSWORD);
    await openAdminSection(admin, width, 'Staff');
    await admin.getByRole('heading', { name: 'Staff', level: 1 }).waitFor();
    await admin.getByLabel('Name or e-mail to log in with').fill(login);
    await admin.getByLabel('Name shown to staff').fill('Mod Sam');
    await admin.getByRole('button', { name: 'Invite' }).click();
    const link = (await admin.getByTestId('one-time-link').textContent())?.trim() ?? '';
    expect(link).toMatch(/\/admin\/enrol\/[A-Za-z0-9_-]{43}$/);
    await staffMember(admin, login).waitFor();
    await screenshotBothWidths(admin, 'staff-invited');
    await expectSoundAdminLayout(admin);

    const moderator = await newPage(app, { width });
    await moderator.goto(new URL(link).pathname);
    await moderator.getByRole('heading', { name: 'Staff enrolment' }).waitFor();
    await moderator.getByLabel('Choose a password').fill(password);
    await moderator.getByLabel('Repeat the password').fill(password);
    secret = (await moderator.getByTestId('totp-key').textContent())?.trim() ?? '';
    await screenshotBothWidths(moderator, 'staff-enrolment');
    await expectSoundAdminLayout(moderator);
    await moderator.getByLabel('Code from the app').fill(await freshTotp(secret));
    await moderator.getByRole('button', { name: 'Enrol' }).click();
    await moderator.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
    expect(await moderator.getByRole('listitem').count()).toBe(10);
    await screenshotBothWidths(moderator, 'staff-recovery-codes');
    await moderator.getByRole('button', { name: 'I have saved these codes' }).click();
    await moderator.waitForURL('**/admin/queue');

    // A moderator's menu: the queue, profiles, logs and their own security, nothing of settings or staff.
    await moderator.getByRole('button', { name: 'Open admin menu' }).click();
    const links = moderator.getByRole('navigation', { name: 'Admin sections' }).getByRole('link');
    await links.first().waitFor();
    expect(await links.allTextContents()).toEqual([
      'Profiles',
      'Activity Logs',
      'Error Logs',
      'Moderation Queue',
      'Security',
    ]);
    await screenshot(moderator, 'staff-moderator-menu');
    await moderator.context().close();

    // The link was used up.
    const again = await newPage(app, { width });
    await again.goto(new URL(link).pathname);
    await again.getByText('This link is invalid or has expired').waitFor();
    await again.context().close();
    await admin.context().close();
  });

  it('the moderator logs in with name, password and code; disabling the account ends its session', async () => {
    const moderator = await newPage(app, { width });
    await moderator.goto('/admin');
    await moderator.getByText('Protected area for administrators only').waitFor();
    await moderator.getByLabel('Name or e-mail').fill(login);
    await moderator.getByLabel('Admin Password').fill(password);
    await moderator.getByLabel('Authentication code').fill(await freshTotp(secret));
    await screenshotBothWidths(moderator, 'staff-login');
    await moderator.getByRole('button', { name: 'Login' }).click();
    await moderator.waitForURL('**/admin/queue');

    const admin = await adminPage(app, width, ADMIN_PASSWORD);
    await admin.goto('/admin/staff');
    const row = staffMember(admin, login);
    await row.getByRole('button', { name: 'Disable' }).click();
    await row.getByText('Disabled').waitFor();

    // The moderator's next request finds no session: back to the login screen.
    await moderator.reload();
    await moderator.getByLabel('Admin Password').waitFor();
    await admin.context().close();
    await moderator.context().close();
  });
});
