// The moderation queue's keys as the browser tests press them.
import type { Page } from 'playwright-core';

/**
 * R, then the arrows open the reason list and Enter takes the marked one. The list sometimes opens only at a
 * second press (as the keyboard test of the rating form found); a person presses again, and so does this.
 */
export async function pickReason(page: Page, downs: number) {
  await page.keyboard.press('r');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await page.keyboard.press('ArrowDown');
    if (await page.getByRole('option').first().isVisible()) break;
    await page.waitForTimeout(300);
  }
  await page.getByRole('option').first().waitFor();
  for (let down = 1; down < downs; down += 1) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
}
