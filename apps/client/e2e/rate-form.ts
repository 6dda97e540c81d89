// Filling the /rate form as a person does, shared by the browser tests that rate through the screen.
import type { Page } from 'playwright-core';

export interface BasicInfoInput {
  name: string;
  /** The relationship type's label, e.g. 'Situationship'. */
  type: string;
  /** The national number, typed under the field's default country. */
  national: string;
}

export async function fillBasicInfo(page: Page, info: BasicInfoInput): Promise<void> {
  await page.getByLabel('Their first name and initial').fill(info.name);
  await page.getByLabel('Relationship type').and(page.locator('input')).click();
  await page.getByRole('option', { name: info.type }).click();
  const phone = page.getByLabel('Their phone number');
  await phone.click();
  await phone.fill('');
  await phone.pressSequentially(info.national);
}

/** Step 1, Continue, and Submit with the default scores. */
export async function submitRating(page: Page, info: BasicInfoInput): Promise<void> {
  await fillBasicInfo(page, info);
  await page.getByRole('button', { name: 'Continue to Ratings' }).click();
  await page.getByRole('slider').first().waitFor();
  await page.getByRole('button', { name: 'Submit Rating' }).click();
}

/** Waits for the toast titled `title` (Mantine's notification, one at a time). */
export async function toast(page: Page, title: string): Promise<void> {
  await page.locator('.mantine-Notification-root').getByText(title, { exact: true }).waitFor();
}
