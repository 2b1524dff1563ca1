import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The widths every screen is checked at: a desktop and a phone. */
export const DESKTOP = { width: 1440, height: 900 } as const;
export const PHONE = { width: 390, height: 844 } as const;
export const NARROW_PHONE = { width: 320, height: 640 } as const;

/**
 * Runs axe-core with the WCAG 2.1 A and AA rules on the page as it is now and fails with the
 * rule ids and the offending elements when anything is found. `soft` records the failure and
 * lets the test go on, so one run lists every screen's problems.
 */
export async function expectNoAxeViolations(page: Page, what = page.url(), soft = false): Promise<void> {
  const results = await new AxeBuilder({ page })
    // In the page itself, not merged in a second blank page (decision record 149).
    .setLegacyMode()
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const found = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.split('\n').join(' ')}`)
        .join('\n')}`,
  );
  (soft ? expect.soft : expect)(found, `axe-core on ${what}`).toEqual([]);
}

/** Fails when the page can be scrolled sideways (its content is wider than the window). */
export async function expectNoSidewaysScroll(page: Page, what = page.url(), soft = false): Promise<void> {
  const widths = await page.evaluate(() => ({
    content: document.documentElement.scrollWidth,
    window: document.documentElement.clientWidth,
  }));
  (soft ? expect.soft : expect)(widths.content, `page width on ${what}`).toBeLessThanOrEqual(widths.window);
}

/**
 * Both checks of the screen as it is now, soft so one run lists every screen's problems, each
 * failure labelled '<name> at <width>'.
 */
export async function checkScreenAt(page: Page, name: string, width: number): Promise<void> {
  await expectNoAxeViolations(page, `${name} at ${width}`, true);
  await expectNoSidewaysScroll(page, `${name} at ${width}`, true);
}
