import { z } from 'zod';
import { defineResource } from '../define.ts';
import { crud } from '../declare.ts';
import { code, id, intRange, optionalText, requiredText } from '../../validators/common.ts';
import { v } from '../../validators/issues.ts';
import { isValidPattern, XFIELD_TYPES, XMODEL_LIMITS } from '../../cms/xmodel.ts';
import { xmodelResource } from './xmodel.ts';

const t = (zh: string, tw: string, en: string) => ({ 'zh-CN': zh, 'zh-TW': tw, en });
// Blank first: z.coerce.number() would read '' and null as 0 (a maximum length of 0 refuses every text).
const optionalNumber = () => z.union([z.null(), z.literal('').transform(() => null), z.coerce.number().finite(v('xNumber'))]).optional();
const optionalLength = () => z.union([z.null(), z.literal('').transform(() => null), z.coerce.number().int().min(0, v('range', { min: 0, max: XMODEL_LIMITS.richTextMax })).max(XMODEL_LIMITS.richTextMax, v('range', { min: 0, max: XMODEL_LIMITS.richTextMax }))]).optional();

/**
 * The fields of one extension model (ChestnutCMS /xmodel/field), opened from the model's row: a
 * label, the code templates and forms name it by (unique in its model), its kind and its rules
 * (required, length, pattern, range, the dictionary of a choice field), and whether the content
 * list searches by it.
 */
export const xmodelFieldResource = defineResource({
  name: 'xmodelField',
  api: '/xmodel/field',
  id: 'fieldId',
  perms: crud('cms:exmodel', { export: undefined }),
  page: {
    path: '/configs/exmodel/fields', activeMenu: '/configs/exmodel', queryFilters: ['modelId'],
    caption: { param: 'modelId', api: xmodelResource.api, field: 'name', label: 'ofModel' },
  },
  texts: {
    title: t('模型字段', '模型欄位', 'Model Fields'),
    fields: {
      fieldId: t('字段ID', '欄位ID', 'Field ID'),
      modelId: t('所属模型', '所屬模型', 'Model'),
      label: t('名称', '名稱', 'Label'),
      code: t('编码', '代碼', 'Code'),
      fieldType: t('类型', '類型', 'Type'),
      required: t('必填', '必填', 'Required'),
      minLength: t('最小长度', '最小長度', 'Min Length'),
      maxLength: t('最大长度', '最大長度', 'Max Length'),
      pattern: t('格式（正则）', '格式（規則運算式）', 'Pattern (regex)'),
      minValue: t('最小值', '最小值', 'Min Value'),
      maxValue: t('最大值', '最大值', 'Max Value'),
      dictType: t('字典类型', '字典類型', 'Dictionary Type'),
      defaultValue: t('默认值', '預設值', 'Default Value'),
      searchable: t('可检索', '可檢索', 'Searchable'),
      sortFlag: t('排序', '排序', 'Sort'),
    },
    more: {
      ofModel: t('模型“{{name}}”的字段', '模型「{{name}}」的欄位', 'Fields of “{{name}}”'),
      type_text: t('单行文本', '單行文字', 'Text'),
      type_textarea: t('多行文本', '多行文字', 'Text area'),
      type_richtext: t('富文本', '富文字', 'Rich text'),
      type_number: t('数字', '數字', 'Number'),
      type_date: t('日期', '日期', 'Date'),
      type_select: t('下拉选择', '下拉選單', 'Select'),
      type_radio: t('单选', '單選', 'Radio'),
      type_checkbox: t('多选', '多選', 'Checkbox'),
      type_image: t('图片', '圖片', 'Image'),
      type_file: t('文件', '檔案', 'File'),
      type_switch: t('开关', '開關', 'Switch'),
    },
  },
  fields: {
    fieldId: { kind: 'id' },
    /** the model, one of the current site's (the server checks) */
    modelId: { kind: 'number', input: id(), filter: 'eq', form: 'create' },
    label: { kind: 'text', input: requiredText(50), column: true, filter: 'like', filterParam: 'query', form: true },
    /** the key of its value (templates: `x.<code>`; forms: the input's name) */
    code: { kind: 'text', input: code(50), column: true, form: true },
    fieldType: {
      kind: 'text', input: z.enum(XFIELD_TYPES, { error: v('invalid') }), column: true, form: true, initial: 'text',
      options: XFIELD_TYPES.map((k) => ({ value: k, label: `screens:xmodelField.type_${k}` })),
    },
    required: { kind: 'dict', dict: 'YesOrNo', input: z.enum(['Y', 'N']).default('N'), column: true, form: true, initial: 'N' },
    minLength: { kind: 'number', input: optionalLength(), form: true },
    maxLength: { kind: 'number', input: optionalLength(), form: true },
    pattern: { kind: 'text', input: optionalText(XMODEL_LIMITS.patternMax).refine((s) => !s || isValidPattern(s), v('xPatternSyntax')), form: true },
    minValue: { kind: 'number', input: optionalNumber(), form: true },
    maxValue: { kind: 'number', input: optionalNumber(), form: true },
    /** the dictionary (system dictionary type) a select, radio or checkbox offers */
    dictType: { kind: 'text', input: optionalText(100), column: true, form: true },
    defaultValue: { kind: 'text', input: optionalText(500), form: true },
    searchable: { kind: 'dict', dict: 'YesOrNo', input: z.enum(['Y', 'N']).default('N'), column: true, form: true, initial: 'N' },
    sortFlag: { kind: 'number', input: intRange(0, 9999, 0), column: { sortable: true }, form: true, initial: 0 },
  },
  sort: { field: 'sortFlag', order: 'asc' },
  check: (r) => {
    const issues = [];
    if (typeof r.minLength === 'number' && typeof r.maxLength === 'number' && r.minLength > r.maxLength) issues.push({ field: 'minLength', key: 'notAbove', params: { otherField: 'maxLength' } });
    if (typeof r.minValue === 'number' && typeof r.maxValue === 'number' && r.minValue > r.maxValue) issues.push({ field: 'minValue', key: 'notAbove', params: { otherField: 'maxValue' } });
    if (['select', 'radio', 'checkbox'].includes(String(r.fieldType)) && !r.dictType) issues.push({ field: 'dictType', key: 'required', params: {} });
    return issues;
  },
});
