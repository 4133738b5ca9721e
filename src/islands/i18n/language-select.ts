import { $language, chooseLanguage } from '../../stores/locale.ts';
import { normalizeLocale } from '../../../shared/i18n/locales.ts';

/**
 * Wires the native language <select>s of static pages: shows the stored choice and switches
 * (which reloads the page) on an explicit choice only (WCAG 3.2.2). On a closed <select> an arrow
 * key, Home, End or a typed letter already changes the value and fires `change` (Chromium and
 * Firefox outside macOS): that only moves through the languages; Enter takes the one shown, and
 * leaving the field without it puts the current language back. A choice made in the opened list
 * (a click, or Enter there) fires `change` outside the handling of a key pressed on the field,
 * and switches at once.
 */
export function mountLanguageSelects(root: ParentNode = document): void {
  for (const select of root.querySelectorAll<HTMLSelectElement>('select[data-language-select]')) {
    select.value = $language.get();
    // True while a key's press on the closed field is being handled.
    let browsing = false;
    const choose = () => {
      if (select.value !== $language.get()) chooseLanguage(normalizeLocale(select.value));
    };
    select.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        choose();
        return;
      }
      // The field's own handling of the key (and the `change` it fires) runs before any task does;
      // a key that opens the list (Space, Alt+Down, an arrow on macOS) leaves the choice to the list.
      browsing = !event.altKey && event.key !== ' ' && event.key !== 'Tab';
      setTimeout(() => {
        browsing = false;
      });
    });
    select.addEventListener('change', () => {
      if (!browsing) choose();
    });
    select.addEventListener('blur', () => {
      browsing = false;
      select.value = $language.get();
    });
  }
}
