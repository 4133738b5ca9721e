import type { Texts } from '../declare.ts';
import { id } from '../../validators/common.ts';

/** Labels the word resources share (one wording for a word, a group, a sort across the four tabs). */
export const WORD_TEXTS = {
  groupId: { 'zh-CN': '分组ID', 'zh-TW': '群組ID', en: 'Group ID' },
  group: { 'zh-CN': '所属分组', 'zh-TW': '所屬群組', en: 'Group' },
  groupName: { 'zh-CN': '分组名称', 'zh-TW': '群組名稱', en: 'Group Name' },
  groupCode: { 'zh-CN': '分组编码', 'zh-TW': '群組代碼', en: 'Group Code' },
  wordId: { 'zh-CN': '词汇ID', 'zh-TW': '詞彙ID', en: 'Word ID' },
  word: { 'zh-CN': '词汇', 'zh-TW': '詞彙', en: 'Word' },
  replaceWord: { 'zh-CN': '替换词', 'zh-TW': '替換詞', en: 'Replacement' },
  sortFlag: { 'zh-CN': '排序', 'zh-TW': '排序', en: 'Sort' },
  remark: { 'zh-CN': '备注', 'zh-TW': '備註', en: 'Remark' },
  createTime: { 'zh-CN': '创建时间', 'zh-TW': '建立時間', en: 'Created' },
  /** Add pressed on a grouped list (tag or hot words) before a group is chosen */
  chooseGroup: { 'zh-CN': '请先在左侧选择分组', 'zh-TW': '請先在左側選擇群組', en: 'Choose a group on the left first' },
} as const satisfies Record<string, Texts>;

/**
 * A grouped word's group: one of the current site's (the server checks); the screen gives the group
 * chosen on its left, so it is a filter and set on create only.
 */
export const GROUP_ID_FIELD = { kind: 'number', input: id(), filter: 'eq', filterControl: 'extension', form: 'create' } as const;

/** Where a hot word opens its link. */
export const URL_TARGETS = ['_blank', '_self'] as const;
/** A sensitive word is flagged; a whitelisted one never is (it shields longer words holding a sensitive one). */
export const SENSITIVE_TYPES = ['SENSITIVE', 'WHITELIST'] as const;
/** A hot word's link: http(s) or a path of the site (`/topics/ai.html`). */
export const HOT_WORD_URL_PATTERN = /^(?:https?:\/\/\S+|\/(?!\/)\S*)$/;
