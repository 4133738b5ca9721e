import type { Page } from 'playwright-core';

/**
 * The headings of the page as a screen reader lists them (h1–h6 and role=heading, in document
 * order, those not hidden from it), and what is wrong with their outline (issue 28 item 4): not
 * exactly one h1, a level skipped (an h3 right after an h1), or a heading before the h1. Shared
 * by the walk of every screen and the screen-reader tests.
 */
export async function headingProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const hidden = (el: Element) => {
      for (let e: Element | null = el; e; e = e.parentElement) {
        if (e.getAttribute('aria-hidden') === 'true' || e.hasAttribute('hidden') || e.hasAttribute('inert')) return true;
        const style = getComputedStyle(e);
        if (style.display === 'none' || style.visibility === 'hidden') return true;
      }
      return false;
    };
    const levelOf = (el: Element) => (/^H[1-6]$/.test(el.tagName) && !el.hasAttribute('aria-level') ? Number(el.tagName[1]) : Number(el.getAttribute('aria-level') ?? 2));
    const headings = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role=heading]')]
      .filter((el) => !hidden(el) && (el.getAttribute('role') ?? 'heading') === 'heading')
      .map((el) => ({ level: levelOf(el), text: (el.textContent ?? '').trim().slice(0, 40) }));
    const problems: string[] = [];
    const ones = headings.filter((h) => h.level === 1);
    if (ones.length !== 1) problems.push(`${ones.length} h1 (${ones.map((h) => `"${h.text}"`).join(', ')})`);
    let previous = 0;
    for (const h of headings) {
      if (h.level > previous + 1) problems.push(`h${h.level} "${h.text}" after ${previous ? `h${previous}` : 'no heading'}`);
      previous = h.level;
    }
    return problems;
  });
}
