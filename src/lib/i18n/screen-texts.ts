import { addTexts } from './i18n.ts';
import { LOCALES } from '../../../shared/i18n/locales.ts';
import type { ResourceDef } from '../../../shared/resources/define.ts';
import { screenTextsOf } from '../../../shared/resources/texts.ts';

const registered = new Set<string>();

/**
 * Puts a definition's texts (title, field labels, `screens:<name>.…`) into i18next in every
 * language at once: they travel with the definition or its view, so no catalogue is fetched.
 * Done before the screen draws (the prerender as well), once per definition.
 */
export function registerScreenTexts(def: Pick<ResourceDef, 'name' | 'texts'>): void {
  if (!def.texts || registered.has(def.name)) return;
  registered.add(def.name);
  addTexts('screens', Object.fromEntries(LOCALES.map((lng) => [lng, screenTextsOf([def as ResourceDef], lng)])));
}

/**
 * The titles of the screens definitions declare, registered with the screen list: a tab, a
 * breadcrumb or the search of a declared screen not open yet reads its title (its texts have no
 * catalogue a page could fetch; the rest arrives with the screen).
 */
export function registerScreenTitles(screens: readonly { titleKey: string; title?: Readonly<Record<string, string>> }[]): void {
  const byLanguage: Record<string, Record<string, { title: string }>> = {};
  for (const { titleKey, title } of screens) {
    const m = /^screens:([^.]+)\.title$/.exec(titleKey);
    if (!m || !title) continue;
    for (const lng of LOCALES) if (title[lng]) (byLanguage[lng] ??= {})[m[1]!] = { title: title[lng]! };
  }
  if (Object.keys(byLanguage).length) addTexts('screens', byLanguage);
}
