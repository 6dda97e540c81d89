import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, rate, textsTo } from './api';
import { type App, errorsOf, newPage, screenshotBothWidths, startApp, type ViewportWidth } from './harness';

let app: App;
/** The page of the resend test, its first code sent (see 'resend after the cooldown'). */
let cooldownPage: Promise<Page>;
const COOLDOWN_PHONE = '+14155550178';

beforeAll(async () => {
  // Every browser here shares 127.0.0.1: the per-IP send cap would otherwise decide the order of the tests.
  app = await startApp({ extraEnv: { LIMIT_VERIFICATION_SENDS_PER_IP_PER_HOUR: '200' } });
  // The resend test waits out the real 60 s cooldown. Its first code goes out now, so the wait runs while the
  // other tests do and the test waits only what is left; a failure here is reported by that test.
  cooldownPage = (async () => {
    const page = await newPage(app, { width: 375 });
    await page.goto('/verify');
    await sendCodeTo(page, COOLDOWN_PHONE.slice(2));
    return page;
  })();
  cooldownPage.catch(() => undefined);
});

afterAll(async () => {
  await app?.stop();
});

const INVALID_CODE = 'Invalid or expired verification code. Please try again or request a new code.';

/** No sideways scrolling and nothing wrong in the console, apart from the 400 of a deliberately wrong code. */
async function expectCleanPage(page: Page, { allowRejectedCode = false } = {}) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const rejected =
    'console: Failed to load resource: the server responded with a status of 400 (Bad Request)';
  expect(errorsOf(page).filter((error) => !(allowRejectedCode && error === rejected))).toEqual([]);
}

function phoneField(page: Page) {
  return page.getByRole('textbox', { name: 'Phone number' });
}

/** The seconds a 'Resend code in m:ss' label still counts. */
function secondsLeft(label: string | null): number {
  const [, minutes, seconds] = label?.match(/(\d+):(\d\d)$/) ?? [];
  return Number(minutes) * 60 + Number(seconds);
}

/** Types the six digits into the code slots, one key at a time as a person would. */
async function typeCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'Verification code digit' }).first().click();
  await page.keyboard.type(code, { delay: 20 });
}

async function sendCodeTo(page: Page, nationalNumber: string) {
  await phoneField(page).fill(nationalNumber);
  await page.getByRole('button', { name: 'Send Verification Code' }).click();
  await page.getByText('Verification code sent! Check your phone').waitFor();
  await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
}

// Each flow runs at a phone's width; each screen worth a picture is checked at both widths.
describe('/verify', () => {
  const width: ViewportWidth = 375;
  // A number of its own, so this flow never shares a code record or a cooldown with another.
  const national = '4155550171';
  const phone = `+1${national}`;

  it('sends a code, refuses a wrong one, proves the phone and shows it verified in the header', async () => {
    const page = await newPage(app, { width });
    await page.goto('/verify');
    await page.getByRole('heading', { name: 'Verify your phone' }).waitFor();
    await page.getByText('Only USA, UK, Canada, and Australia are fully supported at this time').waitFor();
    await expect(phoneField(page).getAttribute('placeholder')).resolves.toBe('555 555 5555');
    await expect(page.getByRole('link', { name: 'Check my ratings' }).count()).resolves.toBe(1);

    // Enter in the empty field sends nothing.
    await phoneField(page).press('Enter');
    await page.waitForTimeout(300);
    expect(await textsTo(app, phone, 'verification')).toHaveLength(0);
    await page.getByRole('heading', { name: 'Verify your phone' }).waitFor();

    // A number that cannot be valid: the field says so once touched, and nothing is sent.
    await phoneField(page).fill('555');
    await phoneField(page).blur();
    await page.getByText('Please enter a valid phone number with country code').first().waitFor();
    await screenshotBothWidths(page, 'verify-phone-error');
    expect(await page.getByRole('button', { name: 'Send Verification Code' }).isDisabled()).toBe(true);

    await sendCodeTo(page, national);
    const verifyButton = page.getByRole('button', { name: 'Verify and View Ratings' });
    expect(await verifyButton.isDisabled()).toBe(true);
    await expect(page.getByRole('button', { name: /^Resend code in \d+:\d\d$/ }).isDisabled()).resolves.toBe(
      true,
    );
    // The header already shows the number, unverified.
    await page.getByRole('button', { name: /Account menu for .*Not verified/ }).waitFor();
    await screenshotBothWidths(page, 'verify-code');

    const code = await latestCode(app, phone);
    const wrong = code === '111111' ? '222222' : '111111';
    await typeCode(page, wrong.slice(0, 5));
    expect(await verifyButton.isDisabled()).toBe(true);
    await page.keyboard.type(wrong.slice(5));
    expect(await verifyButton.isDisabled()).toBe(false);
    await verifyButton.click();
    await page.getByText(INVALID_CODE).waitFor();
    await screenshotBothWidths(page, 'verify-wrong-code');

    await typeCode(page, code);
    await verifyButton.click();
    await page.getByText('Phone verified successfully!').waitFor();
    await page.getByRole('heading', { name: 'Phone Verified' }).waitFor();
    await page.getByRole('button', { name: /Account menu for \(415\) 555-01\d\d, Verified/ }).waitFor();
    await screenshotBothWidths(page, 'verify-verified');
    expect(await page.getByRole('link', { name: 'View My Ratings' }).getAttribute('href')).toBe('/profile');
    await expectCleanPage(page, { allowRejectedCode: true });

    // Log Out from the header: the device forgets the number and the server ends the session.
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.getByText('All your data has been cleared from this device.').waitFor();
    await page.getByRole('link', { name: 'Check my ratings' }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('exrated-profile'))).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();
  });

  it('counts the resend link down and lets the visitor change the number', async () => {
    const page = await newPage(app, { width });
    await page.goto('/verify');
    await sendCodeTo(page, '4155550173');
    const countdown = page.getByRole('button', { name: /^Resend code in \d+:\d\d$/ });
    const first = secondsLeft(await countdown.textContent());
    expect(first).toBeGreaterThanOrEqual(58);
    await page.waitForTimeout(2100);
    const later = secondsLeft(await countdown.textContent());
    expect(later).toBeLessThanOrEqual(first - 2);

    await page.getByRole('button', { name: 'Use a different phone number' }).click();
    await page.getByRole('heading', { name: 'Verify your phone' }).waitFor();
    await expectCleanPage(page);
    await page.context().close();
  });

  it('/unlock shows the progress, and its one phone form texts a code and opens the code step', async () => {
    const page = await newPage(app, { width });
    await page.goto('/unlock/first-visit');
    await page.getByRole('heading', { name: 'Almost There!' }).waitFor();
    await page.getByText("Rate 2 more ex's to see your own ratings.").waitFor();
    expect(await page.getByRole('link', { name: 'Rate Another Ex' }).getAttribute('href')).toBe('/rate');
    await page.getByRole('heading', { name: "Verify It's You" }).waitFor();
    await page.getByText('Please confirm you own this number to continue.').waitFor();
    await screenshotBothWidths(page, 'unlock-none');

    await rate(page, '+14155550180');
    await page.reload();
    await page.getByText('Rate 1 more ex to see your own ratings.').waitFor();
    await page.getByText('1 of 2 ratings given').waitFor();
    await rate(page, '+14155550181');
    await page.reload();
    await page.getByRole('heading', { name: 'Profile Unlocked!' }).waitFor();
    await page.getByRole('heading', { name: "Verify It's You" }).waitFor();
    await screenshotBothWidths(page, 'unlock-unlocked');

    await phoneField(page).fill('12');
    await page.getByText('Please enter a valid phone number', { exact: true }).first().waitFor();
    const verify = page.getByRole('button', { name: 'Verify Phone & See Ratings' });
    expect(await verify.isDisabled()).toBe(true);

    const national = '4155550175';
    await phoneField(page).fill(national);
    await verify.click();
    // The code is texted on arrival: the visitor only has to type it.
    await page.waitForURL('**/verify');
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    await page.getByRole('button', { name: /Account menu for .*Not verified/ }).waitFor();
    await expectCleanPage(page);

    // Once proven and unlocked, /verify and /unlock both lead to the ratings.
    await typeCode(page, await latestCode(app, `+1${national}`));
    await page.getByRole('button', { name: 'Verify and View Ratings' }).click();
    await page.waitForURL('**/profile');
    await page.goto('/unlock/after-proof');
    await page.waitForURL('**/profile');
    await page.goto('/verify');
    await page.waitForURL('**/profile');
    await page.context().close();
  });
});

describe('/verify after a redirect from /rate', () => {
  it('returns to /rate with its phone parameter after the proof', async () => {
    const page = await newPage(app, { width: 1280 });
    await page.goto(`/verify?returnTo=${encodeURIComponent('/rate?phone=%2B14155550190')}`);
    await page.getByText(/^Everyone proves their own number before rating from a shared link/).waitFor();
    await sendCodeTo(page, '4155550177');
    await typeCode(page, await latestCode(app, '+14155550177'));
    await page.getByRole('button', { name: 'Verify and View Ratings' }).click();
    await page.waitForURL((url) => url.pathname === '/rate');
    expect(new URL(page.url()).searchParams.get('phone')).toBe('+14155550190');
    await page.context().close();
  });
});

describe('resend after the cooldown', () => {
  it('sends a new code after 60 s and restarts the countdown', { timeout: 180_000 }, async () => {
    const page = await cooldownPage;
    const resend = page.getByRole('button', { name: 'Resend code', exact: true });
    // Generous: on a loaded machine the page's timers run late.
    await resend.waitFor({ timeout: 100_000 });
    expect(await resend.isDisabled()).toBe(false);
    await resend.click();
    await page.getByText('Verification code sent! Check your phone').waitFor();
    const restarted = page.getByRole('button', { name: /^Resend code in \d+:\d\d$/ });
    expect(secondsLeft(await restarted.textContent())).toBeGreaterThanOrEqual(58);
    expect(await textsTo(app, COOLDOWN_PHONE, 'verification')).toHaveLength(2);
    // Only the newest code works.
    await typeCode(page, await latestCode(app, COOLDOWN_PHONE));
    await page.getByRole('button', { name: 'Verify and View Ratings' }).click();
    await page.getByRole('heading', { name: 'Phone Verified' }).waitFor();
    await expectCleanPage(page);
    await page.context().close();
  });
});
