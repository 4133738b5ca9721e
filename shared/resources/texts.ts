import type { Locale } from '../i18n/locales.ts';
import type { ResourceDef } from './define.ts';

type Tree = { [key: string]: string | Tree };

/**
 * The `screens` namespace of one language built from definitions' texts: `<name>.title`,
 * `<name>.fields.<field>` and `<name>.<more>`. The console registers a screen's own when it draws
 * it; the server registers every mounted definition's (field labels in messages, exports).
 */
export function screenTextsOf(defs: readonly ResourceDef[], lng: Locale): Tree {
  const out: Tree = {};
  for (const d of defs) {
    if (!d.texts) continue;
    const pick = (texts: Readonly<Record<string, Readonly<Record<Locale, string>>>> = {}) =>
      Object.fromEntries(Object.entries(texts).map(([k, v]) => [k, v[lng]]));
    out[d.name] = { title: d.texts.title[lng], fields: pick(d.texts.fields), ...pick(d.texts.more) };
  }
  return out;
}

/** The operation-log titles (`oplog.<name>`, server namespace) of definitions with texts. */
export function oplogTextsOf(defs: readonly ResourceDef[], lng: Locale): Tree {
  const entries = defs.flatMap((d) => (d.texts ? [[d.title.replace(/^oplog\./, ''), d.texts.title[lng]]] : []));
  return entries.length ? { oplog: Object.fromEntries(entries) } : {};
}
