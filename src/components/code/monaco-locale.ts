import { $language } from '../../stores/locale.ts';
import type { Locale } from '../../../shared/i18n/locales.ts';

/**
 * Monaco's own texts (find widget, command palette, context menu, hovers) in the console's
 * language. Monaco's ESM build looks its texts up by number in `globalThis._VSCODE_NLS_MESSAGES`,
 * which its locale file sets; many are read as its modules load, so the file must run before them.
 * Only that language's file is fetched (about 40 KB compressed), and only by a screen that shows an
 * editor; English is Monaco's own.
 */
const MONACO_LOCALES: Partial<Record<Locale, () => Promise<unknown>>> = {
  'zh-CN': () => import('monaco-editor/nls/lang/zh-cn.js'),
  'zh-TW': () => import('monaco-editor/nls/lang/zh-tw.js'),
};

/** Loads Monaco's texts for the stored language (the page's, even before its switch has happened). */
export async function loadMonacoLocale(lng: Locale = $language.get()): Promise<void> {
  await MONACO_LOCALES[lng]?.();
}
