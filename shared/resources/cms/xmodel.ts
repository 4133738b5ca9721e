import { z } from 'zod';
import { defineResource } from '../define.ts';
import { crud, MENU_DIRS } from '../declare.ts';
import { code, optionalText, requiredText } from '../../validators/common.ts';
import { XMODEL_CONTENT_TYPES, XMODEL_TARGETS } from '../../cms/xmodel.ts';

const t = (zh: string, tw: string, en: string) => ({ 'zh-CN': zh, 'zh-TW': tw, en });

/**
 * A site's extension models (ChestnutCMS /cms/exmodel, menu "Ext Model" under Content): a named
 * set of fields (opened from the row) bound to what it extends — the site, its catalogs, its
 * contents (all of them, or one content type) or a custom form's entries. Only one model extends
 * each target (and content type) of a site, so an editor never has to choose.
 */
export const xmodelResource = defineResource({
  name: 'xmodel',
  api: '/cms/exmodel',
  id: 'modelId',
  perms: crud('cms:exmodel', { export: undefined }),
  menu: {
    id: 2037, parent: MENU_DIRS.cms, order: 9, path: 'exmodel', component: 'cms/exmodel/model', icon: 'form',
    buttons: { add: 3065, edit: 3066, remove: 3067 },
  },
  drill: { to: '/configs/exmodel/fields', param: 'modelId', label: 'fieldList' },
  texts: {
    title: t('扩展模型', '擴充模型', 'Ext Model'),
    fields: {
      modelId: t('模型ID', '模型ID', 'Model ID'),
      name: t('名称', '名稱', 'Name'),
      code: t('编码', '代碼', 'Code'),
      bindTo: t('用于', '用於', 'Extends'),
      contentType: t('内容类型', '內容類型', 'Content Type'),
      remark: t('备注', '備註', 'Remark'),
      createTime: t('创建时间', '建立時間', 'Created'),
    },
    more: {
      /** the drill's label (not `fields`: that key holds the field labels) */
      fieldList: t('字段', '欄位', 'Fields'),
      bind_site: t('站点', '網站', 'Site'),
      bind_catalog: t('栏目', '欄目', 'Catalog'),
      bind_content: t('内容', '內容', 'Content'),
      bind_form: t('自定义表单', '自訂表單', 'Custom form'),
      anyType: t('全部类型', '全部類型', 'Every type'),
      type_article: t('文章', '文章', 'Article'),
      type_image: t('图集', '圖集', 'Image album'),
      type_audio: t('音频', '音訊', 'Audio'),
      type_video: t('视频', '影片', 'Video'),
      type_book: t('书籍', '書籍', 'Book'),
    },
  },
  fields: {
    modelId: { kind: 'id', column: true },
    name: { kind: 'text', input: requiredText(100), column: true, filter: 'like', filterParam: 'query', form: true },
    /** what a template names the model by (`cms_xmodel_field code=…`): unique per site */
    code: { kind: 'text', input: code(50), column: true, form: true },
    bindTo: {
      kind: 'text', input: z.enum(XMODEL_TARGETS, { error: 'v:invalid' }), column: true, form: true, initial: 'content',
      options: XMODEL_TARGETS.map((v) => ({ value: v, label: `screens:xmodel.bind_${v}` })),
    },
    /** for contents: one content type's (article, image…) or, empty, every type's */
    contentType: {
      kind: 'text', input: z.enum(['', ...XMODEL_CONTENT_TYPES]).default(''), column: true, form: true, initial: '',
      options: [{ value: '', label: 'screens:xmodel.anyType' }, ...XMODEL_CONTENT_TYPES.map((v) => ({ value: v, label: `screens:xmodel.type_${v}` }))],
    },
    remark: { kind: 'textarea', input: optionalText(500), column: { ellipsis: true }, form: true },
    createTime: { kind: 'datetime', column: { sortable: true } },
  },
  sort: { field: 'modelId', order: 'asc' },
  unique: ['code'],
});
