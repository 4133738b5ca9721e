// Keys of the texts kept per language in sys_i18n_dict (seeded, edited on their screens, read
// wherever a menu title or dictionary label is shown). The core's i18n reads them, so they live here.
/** A menu's title. */
export const menuTitleKey = (menuId: number | string) => `MENU.NAME.${menuId}`;
/** A dictionary type's name. */
export const dictTypeKey = (dictType: string) => `DICT.${dictType}`;
/** One dictionary value's label. */
export const dictLabelKey = (dictType: string, dictValue: unknown) => `DICT.${dictType}.${String(dictValue)}`;
