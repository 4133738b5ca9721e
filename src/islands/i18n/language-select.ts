import { $language, chooseLanguage } from '../../stores/locale.ts';
import { normalizeLocale } from '../../../shared/i18n/locales.ts';

/** Wires the native language <select>s of static pages: shows the stored choice, switches on change. */
export function mountLanguageSelects(root: ParentNode = document): void {
  for (const select of root.querySelectorAll<HTMLSelectElement>('select[data-language-select]')) {
    select.value = $language.get();
    select.addEventListener('change', () => chooseLanguage(normalizeLocale(select.value)));
  }
}
