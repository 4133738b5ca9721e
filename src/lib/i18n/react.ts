import { useMemo, useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, type Locale } from './locales.ts';
import { i18nSnapshot, subscribeI18n, type Namespace, type Translate } from './i18n.ts';

// During prerender and hydration React reads the server snapshot: always zh-CN, like the HTML.
// Right after hydration it reads the real one and re-renders in the stored language.
const serverSnapshot = () => `${DEFAULT_LOCALE}#0`;

/** The language React should render in now. */
export function useLocale(): Locale {
  const snap = useSyncExternalStore(subscribeI18n, i18nSnapshot, serverSnapshot);
  return snap.slice(0, snap.indexOf('#')) as Locale;
}

/** `t` for a namespace, re-rendering on language changes and late catalogues. */
export function useT<T>(ns: Namespace<T>): Translate<T> {
  const snap = useSyncExternalStore(subscribeI18n, i18nSnapshot, serverSnapshot);
  return useMemo(() => ns.fixed(snap.slice(0, snap.indexOf('#'))), [ns, snap]);
}
