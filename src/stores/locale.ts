import { persistentAtom } from '@nanostores/persistent';
import { DEFAULT_LOCALE, LOCALES, normalizeLocale, type Locale } from '../../shared/i18n/locales.ts';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_ATTRIBUTES, STORAGE_KEYS } from '../../shared/constants.ts';

export { LOCALES, DEFAULT_LOCALE, type Locale };

/**
 * The chosen interface language, kept in localStorage under `language` (spec §1). Other tabs'
 * changes are not followed: a page keeps the language it booted with until it reloads.
 */
export const $language = persistentAtom<Locale>(STORAGE_KEYS.language, DEFAULT_LOCALE, {
  encode: (v: Locale) => v,
  decode: (v: string) => normalizeLocale(v),
  listen: false,
});

/**
 * Stores a new language and reloads the page so every text, prerendered or not, follows (spec §1).
 * The cookie asks the server for the page built in it (src/lib/build/language-pages.ts).
 */
export function chooseLanguage(lng: Locale, reload: () => void = () => location.reload()): void {
  if (lng === $language.get()) return;
  $language.set(lng);
  if (typeof document !== 'undefined') document.cookie = `${LANGUAGE_COOKIE}=${lng}${LANGUAGE_COOKIE_ATTRIBUTES}`;
  reload();
}
