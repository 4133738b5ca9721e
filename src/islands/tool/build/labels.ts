import type { Locale } from '../../../../shared/i18n/locales.ts';
import { xmodelFieldResource } from '../../../../shared/resources/cms/xmodel-field.ts';
import { xmodelResource } from '../../../../shared/resources/cms/xmodel.ts';
import { DESIGN_PROPS } from '../../../../shared/cms/form-design.ts';

/**
 * The designer names kinds, properties and targets as the model screens do: from the model and
 * field definitions' own texts (three languages), not a second copy of them.
 */
const more = (def: { texts?: { more?: Readonly<Record<string, Readonly<Record<Locale, string>>>> } }, key: string, lng: Locale) => def.texts?.more?.[key]?.[lng] ?? key;

export const kindLabel = (kind: string, lng: Locale) => more(xmodelFieldResource, `type_${kind}`, lng);
export const targetLabel = (bindTo: string, lng: Locale) => more(xmodelResource, `bind_${bindTo}`, lng);
export const contentTypeLabel = (type: string, lng: Locale) => more(xmodelResource, type ? `type_${type}` : 'anyType', lng);
export const propLabel = (prop: string, lng: Locale) => xmodelFieldResource.texts?.fields?.[prop]?.[lng] ?? prop;
/** Every property's label, for the shared validation messages. */
export const propLabels = (lng: Locale): Record<string, string> => Object.fromEntries(DESIGN_PROPS.map((p) => [p, propLabel(p, lng)]));
