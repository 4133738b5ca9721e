import { hasKey, translate } from './i18n.ts';
import { pageTitle } from './page-title.ts';

/**
 * Markup written by Astro carries its keys (data-i18n="ns:key" for text, data-i18n-<attr> for
 * attributes, data-i18n-params as JSON). This re-renders those texts in the current language.
 */
const ATTRIBUTES = ['placeholder', 'title', 'alt', 'aria-label'] as const;

export function translateDom(root: ParentNode = document): void {
  // A key this page cannot resolve keeps its prerendered text rather than showing the key.
  const title = root.querySelector<HTMLTitleElement>('title[data-i18n-page-title]');
  const titleKey = title?.dataset.i18nPageTitle;
  if (title && titleKey && hasKey(titleKey)) title.textContent = pageTitle(translate(titleKey));
  for (const el of root.querySelectorAll<HTMLElement>('[data-i18n]')) {
    const key = el.dataset.i18n!;
    if (hasKey(key)) el.textContent = translate(key, params(el));
  }
  for (const attr of ATTRIBUTES) {
    for (const el of root.querySelectorAll<HTMLElement>(`[data-i18n-${attr}]`)) {
      const key = el.getAttribute(`data-i18n-${attr}`)!;
      if (hasKey(key)) el.setAttribute(attr, translate(key, params(el)));
    }
  }
}

/** Namespaces the markup refers to, so a page can fetch them without importing them. */
export function namespacesInDom(root: ParentNode = document): Set<string> {
  const names = new Set<string>();
  const selector = ['[data-i18n]', '[data-i18n-page-title]', ...ATTRIBUTES.map((a) => `[data-i18n-${a}]`)].join(',');
  for (const el of root.querySelectorAll<HTMLElement>(selector)) {
    for (const attr of el.getAttributeNames()) {
      if (!attr.startsWith('data-i18n') || attr === 'data-i18n-params') continue;
      const value = el.getAttribute(attr) ?? '';
      const i = value.indexOf(':');
      if (i > 0) names.add(value.slice(0, i));
    }
  }
  return names;
}

function params(el: HTMLElement): Record<string, unknown> | undefined {
  const raw = el.dataset.i18nParams;
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
