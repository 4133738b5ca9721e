import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * What a user would see wrong on the screen as it is drawn now, as sentences (none when it is
 * laid out right). These replace the screenshot walks' "looks right" (the pictures themselves are
 * taken by `npm run shots`, see docs/screenshots.md):
 * - the page scrolls sideways (at 800 px a table or a form wider than the window);
 * - the screen's content starts under the header;
 * - a label, header, button, tab or dialog title shows an i18n key instead of its text, or, in
 *   English, Chinese (a text missing from the English locale falls back to zh-CN);
 * - such a text is cut: wider than its box, clipped, and without an ellipsis saying so;
 * - the page's title is empty, a key, or (in English) Chinese.
 */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    // The console's language as the screen was opened (zh-CN unless one was chosen).
    const english = localStorage.getItem('language') === 'en';
    // Text for screen readers only (.visually-hidden: a screen's h1, a table's caption) is 1 px, clipped: not on screen.
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 1 && r.height > 1 && getComputedStyle(el).visibility !== 'hidden';
    };
    // An i18n key such as `header.docs` or `shell:header.docs`; file names (site.css) are data.
    const isKey = (s: string) => /^([a-z]+:)?[a-z][A-Za-z0-9]*(\.[A-Za-z][A-Za-z0-9]*)+$/.test(s) && !/\.(html?|css|js|json|xml|txt|png|jpe?g|gif|svg|webp|mp[34]|zip)$/i.test(s);
    const han = /\p{Script=Han}/u;

    if (document.documentElement.scrollWidth > innerWidth + 1) problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px in ${innerWidth})`);

    const header = document.querySelector('.shell-navbar');
    const main = document.querySelector('.app-main');
    if (header && main && visible(header) && main.getBoundingClientRect().top < header.getBoundingClientRect().bottom - 1) problems.push('the screen starts under the header');

    // Texts of the interface (not of the data: table cells, inputs, trees and editors are left out).
    const CHROME = 'th, label, button, [role=tab], .p-dialog-title, .p-column-title, .p-tabview-nav a, .shell-navbar a, h1, h2, h3, h4';
    // Of those, the ones never holding data (a table's row headers do: a grid's site names).
    const INTERFACE_ONLY = 'thead th, label, [role=tab], .p-dialog-title, .p-column-title, .p-tabview-nav a, .shell-navbar a';
    for (const el of document.querySelectorAll<HTMLElement>(CHROME)) {
      if (!visible(el) || el.closest('.monaco-editor, iframe, td, .catalog-tree, .p-tree, [contenteditable]')) continue;
      const text = (el.textContent ?? '').trim();
      if (!text) continue;
      const where = `${el.tagName.toLowerCase()} "${text.slice(0, 40)}"`;
      if (isKey(text)) problems.push(`${where} is an untranslated key`);
      // A name quoted in a text is data (`Under "国内新闻"`).
      const unquoted = text.replace(/["“「『][^"”」』]*["”」』]/g, '');
      if (english && han.test(unquoted) && el.matches(INTERFACE_ONLY)) problems.push(`${where} is not in English`);
      const style = getComputedStyle(el);
      const clipped = style.overflowX !== 'visible' && style.textOverflow !== 'ellipsis' && el.scrollWidth > el.clientWidth + 1;
      if (clipped && el.children.length === 0) problems.push(`${where} is cut`);
    }

    const title = document.title.trim();
    if (!title || isKey(title)) problems.push(`the page's title is "${title}"`);
    else if (english && han.test(title)) problems.push(`the page's title "${title}" is not in English`);
    return problems;
  });
}

/**
 * Fails, naming the screen, when `layoutProblems` finds anything but the `known` defects (each
 * one a defect reported and not yet fixed, matched as narrowly as it shows: a worse one still fails).
 */
export async function expectLaidOut(page: Page, screen: string, known: readonly RegExp[] = []): Promise<void> {
  const problems = (await layoutProblems(page)).filter((p) => !known.some((k) => k.test(p)));
  expect({ screen, problems }).toEqual({ screen, problems: [] });
}
