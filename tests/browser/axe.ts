import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import type { Violation } from '../a11y/baseline.ts';

/** The rules issue 28 holds the console and the theme to: WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const COUNTED = new Set(['critical', 'serious']);

/**
 * Waits until the page's DOM has not changed for `ms` (at most `timeout`, then goes on): a screen
 * whose data has arrived may still be drawing (a lazy editor, a table replacing its skeleton), and
 * axe must count the screen as drawn, the same on every run.
 */
export async function untilStill(page: Page, ms = 400, timeout = 5000): Promise<void> {
  await page.evaluate(
    ({ ms, timeout }) =>
      new Promise<void>((resolve) => {
        let timer = setTimeout(done, ms);
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(done, ms);
        });
        const limit = setTimeout(done, timeout);
        function done() {
          observer.disconnect();
          clearTimeout(limit);
          resolve();
        }
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      }),
    { ms, timeout },
  );
}

/**
 * Runs axe-core on the page once it is still (inside its same-origin frames too), or on `include` alone (an open
 * dialog: the screen under it is checked on its own), and returns the rules it breaks with their
 * critical and serious nodes; moderate and minor ones are not counted (issue 28 fails on the two
 * worst impacts).
 */
export async function seriousViolations(page: Page, include?: string): Promise<Violation[]> {
  await untilStill(page);
  // Violations only: the passes and incomplete results are not read, and collecting them costs time.
  // Legacy mode runs axe in the page itself (and in its same-origin frames) instead of in parts
  // gathered by a blank page: a third faster on the console's screens. It does not enter a
  // cross-origin frame (a preview of a published page, on the sites' port): the published theme is
  // checked on its own origin.
  let builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).withTags(WCAG_TAGS);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations.flatMap((v) => {
    const nodes = v.nodes.filter((n) => COUNTED.has(n.impact ?? ''));
    if (!nodes.length) return [];
    const target = (t: (typeof nodes)[number]['target']) => t.map((s) => (Array.isArray(s) ? s.join(' ') : String(s))).join(' >>> ');
    return [{ rule: v.id, help: v.help, helpUrl: v.helpUrl, targets: nodes.map((n) => target(n.target)), html: nodes.map((n) => n.html.slice(0, 240)), critical: nodes.filter((n) => n.impact === 'critical').length }];
  });
}
