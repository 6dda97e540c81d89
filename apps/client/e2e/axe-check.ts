// axe as the browser tests run it: every WCAG 2.x A/AA rule, and `target-size` switched on.
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { atBothWidths, transitionsSettled } from './harness';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * How long the page must go without a change to its DOM before axe reads it. A screen just reached waits
 * the longer time: a menu still opening or an answer that has just landed re-renders it, and a shorter
 * quiet can read a page mid-update. After a resize the screen has already settled at the other width, and
 * only the re-render of the resize itself is waited out.
 */
const QUIET_MS = { reached: 400, resized: 150 } as const;
/** A page that never stops changing is read after this long anyway, as a fixed wait would have. */
const QUIET_CAP_MS = 3_000;

/** What the test reports of one violated rule: its id, how many elements break it and the first few. */
interface Violation {
  id: string;
  targets: string[];
}

/**
 * axe with every WCAG 2.x A/AA rule, and `target-size` (off by default in axe) switched on explicitly.
 * axe-core runs in the page, injected once per document, and hands back only its violations: the rules and
 * their verdicts are axe's own, but the passes and the inapplicable rules, which nobody reads, never cross
 * to the test (a full result of a large page is megabytes of JSON). The app has no frames to check.
 */
async function expectNoViolations(page: Page, what: string, quietMs: number) {
  await waitUntilSettled(page, quietMs);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async (tags) => {
    const results = await window.axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      rules: { 'target-size': { enabled: true } },
      resultTypes: ['violations'],
    });
    return results.violations.map(
      (violation): Violation => ({
        id: violation.id,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      }),
    );
  }, WCAG_TAGS);
  expect(
    violations.map(
      (violation) =>
        `${what}: ${violation.id} (${violation.targets.length}) ${violation.targets.slice(0, 3).join(' | ')}`,
    ),
  ).toEqual([]);
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}

/** axe on the screen as it is, at both widths: at its own first, then resized to the other. */
export async function expectNoViolationsAtBothWidths(page: Page, what: string) {
  let quietMs: number = QUIET_MS.reached;
  await atBothWidths(page, async (width) => {
    await expectNoViolations(page, `${what} at ${width} px`, quietMs);
    quietMs = QUIET_MS.resized;
  });
}

/**
 * Waits until the DOM has not changed for `quietMs` and no CSS transition runs: entrance transitions of
 * cards, dialogs, menus and toasts settle, so colours are measured as shown.
 */
async function waitUntilSettled(page: Page, quietMs: number): Promise<void> {
  await page.evaluate(
    ({ quietMs, capMs }) =>
      new Promise<void>((resolve) => {
        let quiet: ReturnType<typeof setTimeout> | undefined;
        const observer = new MutationObserver(() => restart());
        const cap = setTimeout(() => finish(), capMs);
        const finish = () => {
          observer.disconnect();
          clearTimeout(quiet);
          clearTimeout(cap);
          resolve();
        };
        const restart = () => {
          clearTimeout(quiet);
          quiet = setTimeout(finish, quietMs);
        };
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        restart();
      }),
    { quietMs, capMs: QUIET_CAP_MS },
  );
  await transitionsSettled(page);
}
