import { hasOwnText, translate } from '../i18n/i18n.ts';
import type { PageEntry } from './menu.ts';

/** What a page, tab or breadcrumb keeps to name itself: its path, its title's key, the text it was last seen with. */
export interface Titled {
  path?: string;
  titleKey?: string;
  title?: string;
}

/**
 * The title to show for a page, tab or breadcrumb, worked out in the current language each time it
 * is drawn, never kept as text: its menu's title (the server's menus are in the page's language,
 * and an administrator may rename them), else its key's text once that language has it, else the
 * text recorded with it (a reported title without a key; a key whose texts have not arrived yet).
 * A tab opened in one language therefore shows the next language's title after a switch, restored
 * from storage or not.
 */
export function shownTitle(x: Titled, pages: readonly PageEntry[] = []): string {
  const menu = x.path ? pages.find((p) => p.path === x.path)?.title : undefined;
  if (menu) return menu;
  return x.titleKey && hasOwnText(x.titleKey) ? translate(x.titleKey) : (x.title ?? '');
}
