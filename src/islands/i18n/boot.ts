import { $language } from '../../stores/locale.ts';
import { DEFAULT_LOCALE } from '../../../shared/i18n/locales.ts';
import { I18N_PENDING_ATTRIBUTE as PENDING_ATTRIBUTE } from '../../../shared/constants.ts';
import { activateLanguage, builtLanguage, loadNamespaces, textsArrived } from '../../lib/i18n/i18n.ts';
import { namespacesInDom, translateDom } from '../../lib/i18n/dom.ts';

/** How long to wait for client:load islands to hydrate before revealing anyway. */
const HYDRATION_WAIT_MS = 800;

let booting: Promise<void> | undefined;

/**
 * Switches the page from the language it was built in to the stored one, when they differ (a host
 * that sends the zh-CN page whatever the cookie). Islands hydrate in the built language (see
 * lib/i18n/react.ts) and re-render on the change, so hydration never sees a mismatch, provided their
 * renders take the language from React (useT, useLocale, useTranslate), never from `translate`
 * alone: the switch may come before an island hydrates. Safe to call from every script of a page:
 * it runs once. Page glue (it reads the stored language and waits for the page's islands), hence
 * here beside the language menus rather than in src/lib.
 */
export function bootLanguage(): Promise<void> {
  booting ??= run();
  return booting;
}

async function run() {
  const lng = $language.get();
  const html = document.documentElement;
  html.lang = lng;
  try {
    // The marked texts in the stored language, once every namespace the markup names has come (the
    // page's scripts need not import them): a page built in another language switches, and on one
    // built in it (src/lib/build/language-pages.ts) what a script wrote before its language's texts
    // had come (zh-CN, their fallback) is put right.
    if (lng !== DEFAULT_LOCALE || lng !== builtLanguage()) {
      await loadNamespaces(lng, namespacesInDom(document));
      await activateLanguage(lng);
      translateDom(document);
    }
  } finally {
    if (html.hasAttribute(PENDING_ATTRIBUTE)) {
      await islandsHydrated(HYDRATION_WAIT_MS);
      // Astro marks an island hydrated once it has called React's hydrateRoot, which hydrates in
      // tasks of its own, then renders again in the stored language: the page is shown once
      // the main thread is idle, not in zh-CN text about to change (a layout shift in en).
      await mainThreadIdle(HYDRATION_WAIT_MS);
      // The islands' own namespaces, declared as their code arrived, in the page's language.
      await Promise.race([textsArrived(), new Promise((r) => setTimeout(r, HYDRATION_WAIT_MS))]);
      // Two frames: React commits the language change, then the browser paints it.
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      html.removeAttribute(PENDING_ATTRIBUTE);
    }
  }
}

/** Resolves once the browser finds the main thread idle (React's hydration and renders done), at most after `timeoutMs`. */
function mainThreadIdle(timeoutMs: number): Promise<void> {
  if (typeof requestIdleCallback !== 'function') return new Promise((r) => setTimeout(r, 0));
  return new Promise((r) => requestIdleCallback(() => r(), { timeout: timeoutMs }));
}

/** Resolves when no eagerly hydrated island is still waiting (Astro drops `ssr` on hydration). */
function islandsHydrated(timeoutMs: number): Promise<void> {
  const pending = () => document.querySelector('astro-island[ssr][client="load"]') !== null;
  if (!pending()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new MutationObserver(() => {
      if (!pending()) done();
    });
    observer.observe(document.body, { attributes: true, subtree: true, attributeFilter: ['ssr'] });
    const timer = setTimeout(done, timeoutMs);
  });
}
