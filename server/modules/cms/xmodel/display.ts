import type { XField, XFieldType, XValues } from '../../../../shared/cms/xmodel.ts';

/**
 * Extension values as a published page shows them (`Content.extendFields`, `Catalog.extend`…):
 * plain data, no database and no server code, so a render thread can take it as it is.
 */
export interface XViewItem {
  code: string;
  label: string;
  type: XFieldType;
  /**
   * What a reader sees: a choice by its dictionary label (a checkbox's labels joined by ", "), a
   * switch by the YesOrNo dictionary's label, a date as stored (`2024-05-01`, `2024-05-01 09:30`),
   * a number as digits, rich text as sanitized HTML, an image or a file as its stored path (the
   * page resolves it to a URL on its pipe, template/extend-present.ts). '' when blank.
   */
  value: string;
  /** the stored value (a checkbox's: its values) */
  raw: unknown;
}

/** Dictionary labels by dictionary type, then by value. */
export type XLabels = Readonly<Record<string, ReadonlyMap<string, string>>>;

/** The dictionary whose labels name a switch's two states (seeded: 是/否, editable on the Dictionary screen). */
export const SWITCH_DICT = 'YesOrNo';
const SWITCH_FALLBACK: Record<string, string> = { Y: 'Yes', N: 'No' };

const blank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

function displayOne(f: XField, raw: unknown, labels: XLabels, cleanRich: (html: string) => string): string {
  if (blank(raw)) return '';
  const label = (type: string, v: string) => labels[type]?.get(v) ?? v;
  switch (f.fieldType) {
    case 'select':
    case 'radio':
    case 'checkbox':
      return (Array.isArray(raw) ? raw : [raw]).map((v) => label(f.dictType ?? '', String(v))).join(', ');
    case 'switch': {
      const state = raw === 'Y' || raw === true ? 'Y' : 'N';
      return labels[SWITCH_DICT]?.get(state) ?? SWITCH_FALLBACK[state]!;
    }
    case 'richtext':
      // Stored sanitized; cleaned again on the way out, so a value written before a rule tightened stays inert.
      return cleanRich(String(raw));
    default:
      return String(raw);
  }
}

/**
 * A row's values in its model's field order, display-ready. Every field is there (blank ones with
 * value ''), so a template can tell a field left empty from a field that does not exist.
 */
export function displayItems(fields: readonly XField[], values: XValues, labels: XLabels, cleanRich: (html: string) => string): XViewItem[] {
  return fields.map((f) => ({ code: f.code, label: f.label, type: f.fieldType, value: displayOne(f, values[f.code], labels, cleanRich), raw: values[f.code] ?? null }));
}
