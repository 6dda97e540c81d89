// Staff logins for the browser tests (docs/staff.md): the first admin, made from ADMIN_PASSWORD on the
// app's empty database, enrols its TOTP second factor through the real enrolment page once per app; every
// login after that fills its name, password and a code the account has not used: the server accepts each
// TOTP step once, so a login within the same 30 seconds takes the next step or one of the recovery codes.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { freeTotp, freshTotp } from '../../server/test/support/fresh-totp';
import { type App, errorsOf, horizontalOverflow, newPage, type ViewportWidth } from './harness';

/** The first admin's name: ADMIN_EMAIL's default. */
export const FIRST_ADMIN = 'admin';

const secrets = new Map<string, string>();
const recoveryCodes = new Map<string, string[]>();

/**
 * Goes through the first admin's first login and enrolment in a page of its own: password, QR code page (its
 * key read as an authenticator app reads the QR code), the first code, the recovery codes. Returns the key.
 */
export async function enrolFirstAdmin(
  app: App,
  password: string,
  onStep?: (page: Page, step: string) => Promise<void>,
) {
  const known = secrets.get(app.baseUrl);
  if (known) return known;
  const page = await newPage(app, { width: 1280 });
  await page.goto('/admin');
  await page.getByLabel('Name or e-mail').fill(FIRST_ADMIN);
  await page.getByLabel('Admin Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('heading', { name: 'Staff enrolment' }).waitFor();
  const secret = (await page.getByTestId('totp-key').textContent())?.trim() ?? '';
  await onStep?.(page, 'enrolment');
  await page.getByLabel('Code from the app').fill(await freshTotp(secret));
  await page.getByRole('button', { name: 'Enrol' }).click();
  await page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
  const codes = await page
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
    .allTextContents();
  recoveryCodes.set(
    app.baseUrl,
    codes.map((code) => code.trim()),
  );
  await onStep?.(page, 'recovery-codes');
  await page.getByRole('button', { name: 'I have saved these codes' }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  await page.context().close();
  secrets.set(app.baseUrl, secret);
  return secret;
}

/** Fills the login form as the first admin (enrolling it first when this app has not yet). */
export async function fillAdminLogin(page: Page, app: App, password: string): Promise<void> {
  const secret = await enrolFirstAdmin(app, password);
  await page.getByLabel('Name or e-mail').fill(FIRST_ADMIN);
  await page.getByLabel('Admin Password').fill(password);
  const code = freeTotp(secret) ?? recoveryCodes.get(app.baseUrl)?.shift() ?? (await freshTotp(secret));
  await page.getByLabel('Authentication code').fill(code);
}

/** The staff page's entry of an account: a table row on wide screens, a card on a phone. */
export function staffMember(page: Page, text: string) {
  return page.getByTestId('staff-member').filter({ hasText: text, visible: true });
}

/** Opens an admin section from the sidebar (through the burger menu on a phone). */
export async function openAdminSection(page: Page, width: ViewportWidth, label: string) {
  if (width < 768) await page.getByRole('button', { name: 'Open admin menu' }).click();
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: label }).click();
}

/** No sideways scrolling and no errors but the 401/403 of a session that ended on purpose. */
export async function expectSoundAdminLayout(page: Page) {
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  expect(errorsOf(page).filter((error) => !/status of 40[13]/.test(error))).toEqual([]);
}
