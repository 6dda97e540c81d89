import { chromium } from 'playwright-core';

const base = 'http://127.0.0.1:4720';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
for (const width of [1280, 375]) {
  const ctx = await browser.newContext({
    baseURL: base,
    viewport: { width, height: 800 },
    hasTouch: width < 768,
    isMobile: width < 768,
  });
  const page = await ctx.newPage();
  await page.goto('/');
  await page.getByRole('link', { name: 'Start Rating' }).click();
  await page.getByLabel('Their first name and initial').fill('Alex S.');
  await page.getByLabel('Relationship type').and(page.locator('input')).click();
  await page.getByRole('option', { name: 'Casual Dating' }).click();
  const phone = page.getByLabel('Their phone number');
  await phone.click();
  await phone.pressSequentially('31255590' + (width === 375 ? '31' : '32'));
  await page.getByRole('button', { name: 'Continue to Ratings' }).click();
  const infos = page.getByRole('button', { name: /^About / });
  await infos.first().waitFor();
  await page.evaluate(() => {
    window.__max = 0;
    const tick = () => {
      window.__max = Math.max(window.__max, document.querySelectorAll('[role=tooltip]').length);
      requestAnimationFrame(tick);
    };
    tick();
  });
  const t0 = Date.now();
  if (width === 375) await infos.first().tap();
  else await infos.first().hover();
  await page.getByRole('tooltip').first().waitFor();
  console.log(width, 'first opened after', Date.now() - t0);
  if (width === 375) await infos.nth(1).tap();
  else await infos.nth(1).hover();
  await page.waitForTimeout(1200);
  console.log(width, 'max tooltips', await page.evaluate(() => window.__max));
  // keyboard: focus-visible
  await page.evaluate(() => {
    window.__max = 0;
  });
  await page.mouse.move(5, 5);
  await page.waitForTimeout(800);
  await infos.nth(2).focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  await page.waitForTimeout(200);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.waitForTimeout(800);
  console.log(
    width,
    'keyboard max',
    await page.evaluate(() => window.__max),
    'now',
    await page.getByRole('tooltip').count(),
  );
  await ctx.close();
}
await browser.close();
