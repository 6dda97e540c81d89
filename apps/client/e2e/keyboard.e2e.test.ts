// The main journey with the keyboard alone: rate two exes, prove the phone, read the profile, share,
// settings, log out, with Tab, Enter, Space and the arrows. After every Tab the focused element must show a
// focus indicator and must not sit under the sticky header; the share dialog keeps focus inside and gives it
// back to its button.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { latestCode } from './api';
import { appPerFile } from './app-per-file';
import { newPage, type ViewportWidth } from './harness';

const app = appPerFile();

/** Never more Tabs than this to reach the next control: a journey that needs more is not keyboard-friendly. */
const MAX_TABS = 60;

interface FocusState {
  name: string;
  visible: boolean;
  underHeader: boolean;
  inDialog: boolean;
}

/** What the focused element is called and whether a person can see it is focused. */
function focusState(page: Page): Promise<FocusState> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) {
      return { name: '', visible: false, underHeader: false, inDialog: false };
    }
    const labelledBy = element.getAttribute('aria-labelledby');
    const labelText = labelledBy
      ? labelledBy
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
      : '';
    const inputLabel =
      element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement
        ? (element.labels?.[0]?.textContent ?? '')
        : '';
    const name = (element.getAttribute('aria-label') || labelText || inputLabel || element.textContent || '')
      .trim()
      // A required field's label ends with Mantine's asterisk, which is not part of its name.
      .replace(/\s*\*$/, '');
    const style = getComputedStyle(element);
    const outlined = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    // Mantine's text fields show focus with their border colour instead of an outline.
    const field = element.matches('input, textarea') && style.borderColor !== 'rgba(0, 0, 0, 0)';
    const header = document.querySelector('header');
    const rect = element.getBoundingClientRect();
    const headerBottom =
      header && getComputedStyle(header).position === 'sticky' ? header.getBoundingClientRect().bottom : 0;
    return {
      name,
      visible: element.matches(':focus-visible') && (outlined || field),
      underHeader: !header?.contains(element) && rect.bottom <= headerBottom,
      inDialog: element.closest('[role="dialog"]') !== null,
    };
  });
}

/** Presses Tab (or Shift+Tab) until the focused element's name matches, checking every stop on the way. */
async function tabTo(page: Page, name: string | RegExp, { backwards = false } = {}): Promise<void> {
  const seen: string[] = [];
  for (let presses = 0; presses < MAX_TABS; presses += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const state = await focusState(page);
    seen.push(state.name);
    if (state.name !== '') {
      expect(state.visible, `focus indicator on '${state.name}'`).toBe(true);
      expect(state.underHeader, `'${state.name}' hidden under the sticky header`).toBe(false);
    }
    if (typeof name === 'string' ? state.name === name : name.test(state.name)) return;
  }
  throw new Error(`Tab never reached '${String(name)}'; focus went through: ${seen.join(' → ')}`);
}

/**
 * Marks an option with the arrow key and picks it with Enter, which closes the list. The list may take the
 * mark back while it settles after opening (on a slow machine, once the mark was seen, an Enter then picked
 * nothing and the list stayed open): as a person who then sees nothing highlighted would, it marks one again,
 * at most three times. An Enter on a marked option that never closes the list still fails.
 */
async function pickMarkedOption(page: Page, listbox: Locator): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await page.keyboard.press('ArrowDown');
    await listbox.locator('[data-combobox-selected]').waitFor();
    await page.keyboard.press('Enter');
    const closed = await listbox
      .waitFor({ state: 'hidden', timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (closed) return;
    const marked = await listbox.locator('[data-combobox-selected]').count();
    if (marked > 0 || attempt === 3) {
      throw new Error(
        `Enter did not pick the relationship type (attempt ${attempt}, ${marked} option marked)`,
      );
    }
  }
}

async function rateWithKeyboard(page: Page, name: string, national: string) {
  await tabTo(page, 'Their first name and initial');
  await page.keyboard.type(name);
  await tabTo(page, 'Relationship type');
  await page.keyboard.press('ArrowDown');
  const listbox = page.getByRole('listbox');
  await listbox.waitFor();
  await pickMarkedOption(page, listbox);
  await tabTo(page, 'Their phone number');
  await page.keyboard.type(national);
  await tabTo(page, 'Continue to Ratings');
  await page.keyboard.press('Enter');
  await page
    .getByRole('slider')
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(async (error: Error) => {
      // Step 1 refused to continue: say what it showed instead of only that the sliders never came.
      const shown = await page.locator('.mantine-InputWrapper-error, [role="alert"]').allTextContents();
      throw new Error(
        `the ratings step did not open; the form shows: ${shown.join(' | ')} (${error.message})`,
      );
    });
  await tabTo(page, 'Bedroom Chemistry');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  expect(await page.getByRole('slider').first().getAttribute('aria-valuenow')).toBe('7');
  await tabTo(page, 'Submit Rating');
  await page.keyboard.press('Enter');
}

describe.each([1280, 375] as const)('the main journey by keyboard at %i px', (width: ViewportWidth) => {
  it('rates two exes, proves the phone, reads the profile, shares, changes settings and logs out', async () => {
    const page = await newPage(app(), { width });
    const base = width === 375 ? '718555' : '917555';
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Rating' }).waitFor();

    await tabTo(page, 'Start Rating');
    await page.keyboard.press('Enter');
    await page.getByLabel('Their first name and initial').waitFor();
    await rateWithKeyboard(page, 'Alex S.', `${base}0101`);
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByRole('heading', { name: 'Almost there' }).waitFor();

    await tabTo(page, 'Rate an Ex');
    await page.keyboard.press('Enter');
    await page.getByLabel('Their first name and initial').waitFor();
    await rateWithKeyboard(page, 'Sam', `${base}0102`);
    await page.waitForURL((url) => url.pathname.startsWith('/unlock/'));
    await page.getByRole('heading', { name: 'Profile Unlocked!' }).waitFor();

    const own = `${base}0103`;
    // The phone field loads once the card is on screen (its chunk and the country lookup); until then the card
    // holds a placeholder and a disabled button, and nothing in it takes focus. A person waits for the field
    // too. (One CI run at 1280 px tabbed round the page four times before it came.)
    await page.getByRole('textbox', { name: 'Phone number' }).waitFor();
    await tabTo(page, 'Phone number');
    await page.keyboard.type(own);
    await tabTo(page, 'Verify Phone & See Ratings');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    // The first slot has focus on arrival.
    await expect.poll(async () => (await focusState(page)).name).toBe('Verification code digit');
    await page.keyboard.type(await latestCode(app(), `+1${own}`));
    await tabTo(page, 'Verify and View Ratings');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByRole('heading', { name: 'Your Ratings' }).waitFor();

    await tabTo(page, 'Share with an Ex');
    await page.keyboard.press('Space');
    const dialog = page.getByRole('dialog', { name: 'Share with an Ex' });
    await dialog.waitFor();
    // Focus stays inside the dialog however far one tabs, both ways.
    for (let presses = 0; presses < 12; presses += 1) {
      await page.keyboard.press('Tab');
      expect((await focusState(page)).inDialog).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect((await focusState(page)).inDialog).toBe(true);
    await tabTo(page, /Insightful/);
    await page.keyboard.press('Space');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect((await focusState(page)).name).toBe('Share with an Ex');

    await tabTo(page, /^Account menu for/, { backwards: true });
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Settings' }).waitFor();
    // Opening the menu moves focus to its first action.
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem');
    for (let presses = 0; presses < 6; presses += 1) {
      const focused = await focusState(page);
      if (focused.name === 'Settings') break;
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/settings');
    await page.getByRole('button', { name: 'Save Changes' }).waitFor();

    await tabTo(page, 'Public Display Name (Optional)');
    await page.keyboard.type('Kim');
    await tabTo(page, 'Save Changes');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Saved!' }).waitFor();
    await tabTo(page, 'Log Out');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Check my ratings' }).waitFor();
  }, 180_000);
});
