// Passkeys in the browser (docs/staff.md#passkeys), through Chromium's virtual authenticator: the admin adds
// one on the Security page and logs in with it after name and password; the staff page offers no action on
// the admin's own row and shows every role badge whole. The app is opened at localhost, as WebAuthn takes no
// IP address for a site.
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshTotp } from '../../server/test/support/fresh-totp';
import {
  type App,
  atBothWidths,
  newPage,
  screenshot,
  screenshotBothWidths,
  startApp,
  type ViewportWidth,
} from './harness';
import { expectSoundAdminLayout, FIRST_ADMIN, openAdminSection, staffMember } from './staff-login';
import { adminPage } from './trust-helpers';

const ADMIN_PASSWORD = 'e2e-passkeys-admin-password';

let app: App;
beforeAll(async () => {
  // Every browser of the file logs in from 127.0.0.1: more staff logins than one network's cap allows.
  app = await startApp({
    extraEnv: { ADMIN_PASSWORD, LIMIT_ADMIN_LOGINS_PER_IP_PER_15_MIN: '100' },
    hostname: 'localhost',
  });
});
afterAll(async () => {
  await app?.stop();
});

/** A platform authenticator with user verification, as a laptop's fingerprint reader, for this page. */
async function virtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return cdp;
}

// Each flow runs at a phone's width; each screen worth a picture is checked at both widths.
describe('passkeys', () => {
  const width: ViewportWidth = 375;
  it('the admin adds a passkey on the Security page and logs in with it in place of the code', async () => {
    const page = await adminPage(app, width, ADMIN_PASSWORD);
    await virtualAuthenticator(page);
    await openAdminSection(page, width, 'Security');
    await page.getByRole('heading', { name: 'Security', level: 1 }).waitFor();
    await page.getByLabel('Name of the new passkey').fill('Laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const list = page.getByRole('list', { name: 'Your passkeys' });
    await list.getByText('Laptop').waitFor();
    await screenshotBothWidths(page, 'passkeys-security');
    await expectSoundAdminLayout(page);

    await page.getByRole('button', { name: 'Open admin menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByLabel('Admin Password').waitFor();
    await page.goto('/admin');
    await page.getByLabel('Name or e-mail').fill(FIRST_ADMIN);
    await page.getByLabel('Admin Password').fill(ADMIN_PASSWORD);
    await screenshotBothWidths(page, 'passkeys-login');
    await page.getByRole('button', { name: 'Log in with a passkey' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await expectSoundAdminLayout(page);

    // The passkey's use shows on the Security page.
    await page.goto('/admin/security');
    await list.getByText('Laptop').waitFor();
    expect(await list.getByText('last used never').count()).toBe(0);
    await page.context().close();
  });

  it('a moderator adds a passkey at enrolment, next to the recovery codes, and logs in with it', async () => {
    const login = 'passkey-moderator@example.org';
    const password = 'passkey-moderator-password';
    const admin = await adminPage(app, width, ADMIN_PASSWORD);
    await admin.goto('/admin/staff');
    await admin.getByLabel('Name or e-mail to log in with').fill(login);
    await admin.getByLabel('Name shown to staff').fill('Kim');
    await admin.getByRole('button', { name: 'Invite' }).click();
    const link = (await admin.getByTestId('one-time-link').textContent())?.trim() ?? '';
    await admin.context().close();

    const page = await newPage(app, { width });
    await virtualAuthenticator(page);
    await page.goto(new URL(link).pathname);
    await page.getByRole('heading', { name: 'Staff enrolment' }).waitFor();
    await page.getByLabel('Choose a password').fill(password);
    await page.getByLabel('Repeat the password').fill(password);
    const secret = (await page.getByTestId('totp-key').textContent())?.trim() ?? '';
    await page.getByLabel('Code from the app').fill(await freshTotp(secret));
    await page.getByRole('button', { name: 'Enrol' }).click();
    await page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
    await page.getByLabel('Name of the new passkey').fill('Phone');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByRole('list', { name: 'Your passkeys' }).getByText('Phone').waitFor();
    await screenshotBothWidths(page, 'passkeys-enrolment');
    await expectSoundAdminLayout(page);
    await page.getByRole('button', { name: 'I have saved these codes' }).click();
    await page.waitForURL('**/admin/queue');

    await page.getByRole('button', { name: 'Open admin menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByLabel('Admin Password').waitFor();
    await page.getByLabel('Name or e-mail').fill(login);
    await page.getByLabel('Admin Password').fill(password);
    await page.getByRole('button', { name: 'Log in with a passkey' }).click();
    await page.getByRole('heading', { name: 'Moderation Queue', level: 1 }).waitFor();
    await page.context().close();
  });

  it('the staff page offers no action on the admin’s own row and shows role badges whole', async () => {
    const page = await adminPage(app, width, ADMIN_PASSWORD);
    await page.goto('/admin/staff');
    await page.getByRole('heading', { name: 'Staff', level: 1 }).waitFor();
    await page.getByLabel('Name or e-mail to log in with').fill('badges@example.org');
    await page.getByLabel('Name shown to staff').fill('Moderator With A Long Name');
    await page.getByRole('button', { name: 'Invite' }).click();
    await page.getByTestId('one-time-link').waitFor();
    const own = staffMember(page, 'Your own account');
    await own.getByText('Your own account').waitFor();
    for (const action of ['Disable', 'Reset second factor', 'Remove']) {
      expect(await own.getByRole('button', { name: action }).count()).toBe(0);
    }
    const other = staffMember(page, 'badges@example.org');
    await other.getByRole('button', { name: 'Disable' }).waitFor();
    await own.getByText('admin', { exact: true }).first().waitFor();
    // No badge's text is cut, at either width: its content fits in its box, and the box fits on the screen.
    await atBothWidths(page, async (at) => {
      const cut = await page
        .getByTestId('staff-member')
        .filter({ visible: true })
        .locator('.mantine-Badge-root')
        .evaluateAll((badges) =>
          badges
            .filter(
              (badge) =>
                badge.scrollWidth > badge.clientWidth + 1 ||
                badge.getBoundingClientRect().right > document.documentElement.clientWidth,
            )
            .map((badge) => badge.textContent ?? ''),
        );
      expect(cut, `badges cut at ${at} px`).toEqual([]);
      await screenshot(page, 'passkeys-staff');
    });
    await expectSoundAdminLayout(page);
    await page.context().close();
  });
});
