import { addLocale, locale, localeOptions } from 'primereact/api';
import { useLocale, useT } from '../../lib/i18n/react.ts';
import widgets from '../../lib/i18n/ns/widgets.ts';

type Aria = Record<string, string>;

/**
 * The names of a PrimeReact DataTable's selection checkboxes in the page's language, as DataGrid
 * names its own: "Select <row>" and "Select all rows on this page". PrimeReact writes them in
 * English whatever the page's language, and as states ("Row Selected pc/template", "All items
 * unselected"). A row's comes from its locale's `aria` texts followed by the row's
 * `selectionAriaLabel` field: the console's language becomes PrimeReact's locale, with those texts
 * its own (the rest stays PrimeReact's English). The header's comes from a copy of the locale
 * bundled inside the DataTable that no locale reaches: it is named through the column's
 * pass-through, which the hook returns for `<Column selectionMode="multiple" pt={…}>`.
 *
 * Set as the table renders, in the language React renders in: the hydrating render draws the
 * prerender's zh-CN names, as the prerender did.
 */
export function useSelectionNames() {
  const t = useT(widgets);
  const lng = useLocale();
  const row = t('grid.selectColumn');
  const all = t('grid.selectPage');
  const current = (localeOptions(lng) as { aria?: Aria } | undefined)?.aria;
  if (current?.selectRow !== row || current.selectAll !== all) {
    const english = (localeOptions('en') as { aria: Aria }).aria;
    addLocale(lng, { aria: { ...english, selectRow: row, unselectRow: row, selectAll: all, unselectAll: all } });
  }
  locale(lng);
  // Both its box and its input carry the name PrimeReact gives (the box has the checkbox role too).
  return { headerCheckbox: { root: { 'aria-label': all }, input: { 'aria-label': all } } } as const;
}
