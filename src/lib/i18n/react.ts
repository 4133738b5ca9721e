import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { Locale } from '../../../shared/i18n/locales.ts';
import { builtLanguage, subscribeI18n, textSnapshot, translate, type Namespace, type Params, type Translate } from './i18n.ts';

// During prerender and hydration React reads the server snapshot: the page's built language, like
// its HTML (read as the island hydrates: a page swapped in names its own). Right after hydration
// it reads the real one and re-renders should the stored language be another.
const serverSnapshot = () => `${builtLanguage()}#0`;

/** The language React should render in now. */
export function useLocale(): Locale {
  const snap = useSyncExternalStore(subscribeI18n, textSnapshot, serverSnapshot);
  return snap.slice(0, snap.indexOf('#')) as Locale;
}

/**
 * `t` for a namespace, re-rendering on language changes and late catalogues of another language,
 * not when some other namespace is declared (see textSnapshot).
 */
export function useT<T>(ns: Namespace<T>): Translate<T> {
  const snap = useSyncExternalStore(subscribeI18n, textSnapshot, serverSnapshot);
  return useMemo(() => ns.fixed(snap.slice(0, snap.indexOf('#'))), [ns, snap]);
}

/**
 * `translate` ('ns:key', or the first of several keys that exists) in the language React renders
 * in, for a component drawing keys of several namespaces. Never `translate` alone in a render: it
 * reads the page's language, which may already be the stored one while the page hydrates from a
 * prerender in another (a hydration mismatch, React error 418).
 */
export function useTranslate(): (key: string | string[], params?: Params) => string {
  const lng = useLocale();
  return useCallback((key: string | string[], params?: Params) => translate(key, params, lng), [lng]);
}

/**
 * A text worked out from keys whose namespace may be declared after it is first drawn (a page's
 * title in a tab or the breadcrumb, recorded before the page's chunk arrived): the component
 * re-renders when this text changes, and only then.
 */
export function useI18nText(text: () => string): string {
  return useSyncExternalStore(subscribeI18n, text, text);
}
