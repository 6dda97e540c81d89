// What the trust-and-safety browser tests share: opening a page, checking it is sound, finding the texted
// link, and a browser whose person stands behind their ratings.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { provePhone, textsTo } from './api';
import { type App, errorsOf, horizontalOverflow, newPage, type ViewportWidth } from './harness';
import { fillAdminLogin } from './staff-login';

/** Goes to `url` and waits until the layout (its footer) is there. */
export async function visit(page: Page, url: string) {
  await page.goto(url);
  await page.locator('footer').waitFor();
}

/** Nothing scrolls sideways and the browser reported no error: what a person would notice first. */
export async function expectSoundPage(page: Page) {
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  expect(errorsOf(page)).toEqual([]);
}

/**
 * The /r/{id} path in the newest rating text to `phone`, once one has gone out: the dispatcher sends a text
 * after the rater's response is out, so it can come a moment after `rate` returns.
 */
export async function landingPathOf(app: App, phone: string): Promise<string> {
  await expect
    .poll(async () => (await textsTo(app, phone, 'rating')).length, { message: `a rating text to ${phone}` })
    .toBeGreaterThan(0);
  const [text] = await textsTo(app, phone, 'rating');
  const path = text?.body.match(/\/r\/[0-9a-f-]{36}/)?.[0];
  if (!path) throw new Error(`no rating text to ${phone}`);
  return path;
}

/**
 * A fresh browser whose person proved `phone`: only ratings a proven phone stands behind are shown and
 * texted (docs/architecture.md#ratings).
 */
export async function provenPage(app: App, width: ViewportWidth, phone: string): Promise<Page> {
  const page = await newPage(app, { width });
  await provePhone(page, app, phone);
  return page;
}

/** A fresh browser logged in to the admin area, its dashboard showing. */
export async function adminPage(app: App, width: ViewportWidth, password: string): Promise<Page> {
  const admin = await newPage(app, { width });
  // The admin area has its own shell, without the public footer.
  await admin.goto('/admin');
  await fillAdminLogin(admin, app, password);
  await admin.getByRole('button', { name: 'Login' }).click();
  await admin.getByRole('heading', { name: 'Dashboard' }).waitFor();
  return admin;
}

/** Opens the moderation queue from the admin sidebar (through the burger menu on a phone). */
export async function openModerationQueue(admin: Page, width: ViewportWidth) {
  if (width < 768) await admin.getByRole('button', { name: 'Open admin menu' }).click();
  await admin
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Moderation Queue' })
    .click();
  await admin.waitForURL('**/admin/queue');
}
