import type { XViewItem } from '../xmodel/display.ts';
import { freeze, type Resolve } from './present.ts';

/** A link a page may print: http(s), protocol- or site-relative; never `javascript:` or `data:` (an editor typed the path). */
const safeLink = (url: string) => (/^[a-z][a-z0-9+.-]*:/i.test(url) && !/^https?:/i.test(url) ? '' : url);

/**
 * The extension values of a site, catalog or content as its template object carries them:
 * `extend` by field code (display text; rich text as sanitized HTML, to print with `| raw`) and
 * `extendFields`, the fields holding a value in the model's order, each `{ code, label, type,
 * value, raw }` (a definition list's rows). Images and files become URLs on the page's pipe.
 */
export function presentExtend(items: readonly XViewItem[] | undefined, resolve: Resolve): { extend: Readonly<Record<string, string>>; extendFields: readonly XViewItem[] } {
  const shown = (items ?? []).map((i) => (i.type === 'image' || i.type === 'file') && i.value ? { ...i, value: safeLink(resolve(i.value)) } : i);
  return freeze({
    extend: Object.fromEntries(shown.map((i) => [i.code, i.value])),
    extendFields: shown.filter((i) => i.value !== ''),
  });
}
