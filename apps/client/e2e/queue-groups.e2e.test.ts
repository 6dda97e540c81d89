// A pile-on in the moderation queue (docs/trust-and-safety.md#pile-ons): ratings held by one rule about one
// number within a day show as one group with its count and span, each rating with its average, and one
// decision from the keyboard answers the whole group, the focus staying on the queue. The held ratings, each
// with a proven phone behind it, are written straight into this file's database; the decisions go through
// the page.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ratingScores, ratings } from '../../../db/src/schema/index';
// The run's Postgres server comes from this global setup (its `inject` key is declared there).
import type {} from '../../../db/src/testing/global-setup';
import { createTestDatabase, type TestDatabase } from '../../../db/src/testing/index';
import { expectNoViolationsAtBothWidths } from './axe-check';
import {
  type App,
  atBothWidths,
  screenshot,
  screenshotBothWidths,
  startApp,
  type ViewportWidth,
} from './harness';
import { pickReason } from './queue-keys';
import { adminPage, openModerationQueue } from './trust-helpers';

const ADMIN_PASSWORD = 'e2e-queue-groups-admin-password';
const HOUR = 3600 * 1000;

let app: App;
let database: TestDatabase;

const SUBJECT = '+12025550171';
const AUTHOR = '+12025550190';

/**
 * Threats held 1 h, 3 h and 5 h ago about one number (one group), and, after them in the queue, an ordinary
 * hold of another number.
 */
async function seedPileOn() {
  const now = Date.now();
  const base = {
    name: 'Alex',
    relationshipType: 'casual' as const,
    phoneNumber: SUBJECT,
    createdByPhone: AUTHOR,
  };
  const rows = await database.db
    .insert(ratings)
    .values([
      {
        ...base,
        testimonial: 'Pile threat one',
        heldReason: 'screening:threats',
        createdAt: new Date(now - HOUR),
      },
      {
        ...base,
        testimonial: 'Pile threat two',
        heldReason: 'screening:threats',
        createdAt: new Date(now - 5 * HOUR),
      },
      {
        ...base,
        testimonial: 'Pile threat three',
        heldReason: 'screening:threats',
        createdAt: new Date(now - 3 * HOUR),
      },
      {
        ...base,
        phoneNumber: '+12025550178',
        testimonial: 'Alone',
        heldReason: 'screening:hate-speech',
        createdAt: new Date(now - 2 * HOUR),
      },
    ])
    .returning({ id: ratings.id });
  // Five answers each, as every rating form saves them: 7, 8, 6, 7, 8 average 7.2.
  await database.db
    .insert(ratingScores)
    .values(
      rows.flatMap((row) =>
        [7, 8, 6, 7, 8].map((score, index) => ({ ratingId: row.id, questionId: index + 1, score })),
      ),
    );
}

beforeAll(async () => {
  database = await createTestDatabase(inject('testDatabaseServerUrl'));
  app = await startApp({ extraEnv: { ADMIN_PASSWORD, DATABASE_URL: database.url ?? '' } });
});
afterAll(async () => {
  await app?.stop();
  await database?.dispose();
});

function focusedEntry(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement;
    return active instanceof HTMLElement &&
      ['queue-item', 'queue-group'].includes(active.dataset.testid ?? '')
      ? `${active.dataset.testid}: ${active.textContent ?? ''}`
      : null;
  });
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

// Each flow runs at a phone's width; each screen worth a picture is checked at both widths.
describe('a pile-on in the moderation queue', () => {
  const width: ViewportWidth = 375;
  it('shows one group with its count and span, and decides it whole from the keyboard', async () => {
    await seedPileOn();
    const page = await adminPage(app, width, ADMIN_PASSWORD);
    await openModerationQueue(page, width);
    // The group: the frame around a group's header and items holds the seeded texts.
    const frame = page
      .getByRole('region', { name: 'Group of items about one number' })
      .filter({ hasText: 'Pile threat one' });
    const group = frame.getByTestId('queue-group');
    await group.waitFor();

    // The login toast never sits over the group's Reason field (the form being worked), at either width. The
    // queue's filters above it have a Reason of their own, which a toast may cover.
    const reason = frame.getByRole('combobox', { name: 'Reason' }).first();
    const toast = page.getByRole('alert').filter({ hasText: 'Login successful' });
    await atBothWidths(page, async (at) => {
      if (await toast.isVisible()) {
        const [toastBox, reasonBox] = await Promise.all([toast.boundingBox(), reason.boundingBox()]);
        if (toastBox && reasonBox)
          expect(overlaps(toastBox, reasonBox), `toast on Reason at ${at} px`).toBe(false);
      }
      const file = await screenshot(page, 'queue-group-login');
      await page.screenshot({ path: file.replace('.jpg', '-viewport.jpg'), type: 'jpeg', quality: 85 });
    });

    // The header: the count, the span, the group's decision; its three items follow it in one frame.
    await expect.poll(() => group.textContent()).toContain('3 held ratings');
    await expect.poll(() => group.textContent()).toContain('about one number within 4 h');
    await expect.poll(() => frame.getByTestId('queue-item').count()).toBe(3);
    for (const text of ['Pile threat one', 'Pile threat two', 'Pile threat three']) {
      await frame.getByTestId('queue-item').filter({ hasText: text }).waitFor();
    }
    // Each rating shows the rounded average of its five answers, as the rest of the admin does.
    await expect.poll(() => frame.getByText('7.2', { exact: true }).count()).toBe(3);
    await page.getByRole('note', { name: 'Keyboard shortcuts' }).getByText("the item's group").waitFor();
    await screenshotBothWidths(page, 'queue-group');
    // The login toast is the toasts' own check (a11y.e2e.test.ts): the queue is measured once it has gone.
    await page.getByRole('alert').filter({ hasText: 'Login successful' }).waitFor({ state: 'hidden' });
    await expectNoViolationsAtBothWidths(page, 'queue with a group');

    // The group comes first (its threats are urgent) and has the focus; J goes to its first item, G back.
    await expect.poll(() => focusedEntry(page)).toContain('queue-group: ');
    await page.keyboard.press('j');
    await expect.poll(() => focusedEntry(page)).toContain('queue-item: ');
    await page.keyboard.press('g');
    await expect.poll(() => focusedEntry(page)).toContain('3 held ratings');

    // Hide all three: 2, R and a reason, N and a note, Ctrl+Enter.
    await page.keyboard.press('2');
    await pickReason(page, 4);
    await page.keyboard.press('Escape');
    await page.keyboard.press('n');
    await page.keyboard.type('One pile-on, decided together.');
    await page.keyboard.press('Control+Enter');
    await page.getByText('Decided 3 items: the ratings are hidden.').waitFor();
    await expect.poll(() => page.getByText('Pile threat one').count()).toBe(0);
    await expect.poll(() => page.getByText('Pile threat three').count()).toBe(0);
    // The focus went to the entry that took the group's place, never to the page.
    await expect.poll(() => focusedEntry(page)).not.toBeNull();
    await screenshotBothWidths(page, 'queue-group-decided');
    await page.context().close();
  });
});
