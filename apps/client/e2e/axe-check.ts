// axe as the browser tests run it: every WCAG 2.x A/AA rule, and `target-size` switched on.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** axe with every WCAG 2.x A/AA rule, and `target-size` (off by default in axe) switched on explicitly. */
export async function expectNoViolations(page: Page, what: string) {
  // Entrance transitions (cards, dialogs, menus, toasts) settle first, so colours are measured as shown: the
  // fixed wait alone was not always enough on a loaded machine (a menu still opening), and a shorter one let
  // axe read a page mid-update. The background's endless animations are not transitions.
  await page.waitForTimeout(400);
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
  );
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'target-size': { enabled: true } } })
    .withTags(WCAG_TAGS)
    .analyze();
  const violations = results.violations.map(
    (violation) =>
      `${what}: ${violation.id} (${violation.nodes.length}) ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(' | ')}`,
  );
  expect(violations).toEqual([]);
}
