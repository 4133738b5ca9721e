import { hasOwnText, translate } from '../i18n/i18n.ts';

/**
 * The title to show for a page, tab or breadcrumb: its i18n key in the current language when the
 * key has its text in that language (a prebuilt page's, a pattern route's), else the title recorded with it (a menu's,
 * already localized by the server). A title recorded before the page's texts or the language had
 * arrived is therefore never shown in the wrong language.
 */
export const shownTitle = (x: { title?: string; titleKey?: string }): string => (x.titleKey && hasOwnText(x.titleKey) ? translate(x.titleKey) : x.title ?? '');
