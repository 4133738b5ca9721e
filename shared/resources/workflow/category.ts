import { defineResource } from '../define.ts';
import { crud, MENU_DIRS } from '../declare.ts';
import { code, intRange, optionalText, requiredText } from '../../validators/common.ts';

const t = (zh: string, tw: string, en: string) => ({ 'zh-CN': zh, 'zh-TW': tw, en });

/**
 * Workflow categories (spec §1 "Workflow categories and models", menu Workflow → Category): a label
 * grouping review models. System-wide, like the models: a site binds a model, not a category.
 * Routes: server/modules/workflow/crud.ts.
 */
export const workflowCategoryResource = defineResource({
  name: 'workflowCategory',
  api: '/workflow/category',
  id: 'categoryId',
  perms: crud('workflow:category', { export: undefined }),
  // Ids and keys as seeded before by the system (3501, buttons 3502–3504).
  menu: {
    id: 3501, parent: MENU_DIRS.workflow, order: 1, path: 'category', component: 'workflow/category/index', icon: 'tree',
    buttons: { add: 3502, edit: 3503, remove: 3504 },
  },
  texts: {
    title: t('流程分类', '流程分類', 'Workflow Category'),
    fields: {
      categoryId: t('分类ID', '分類ID', 'Category ID'),
      code: t('分类标识', '分類代碼', 'Key'),
      name: t('分类名称', '分類名稱', 'Name'),
      sortFlag: t('排序', '排序', 'Sort'),
      remark: t('备注', '備註', 'Remark'),
      createTime: t('创建时间', '建立時間', 'Created'),
    },
  },
  fields: {
    categoryId: { kind: 'id', column: true },
    code: { kind: 'text', input: code(50), column: true, filter: 'like', form: true },
    name: { kind: 'text', input: requiredText(100), column: true, filter: 'like', form: true },
    sortFlag: { kind: 'number', input: intRange(0, 9999, 0), column: { sortable: true }, form: true, initial: 0 },
    remark: { kind: 'textarea', input: optionalText(500), form: true },
    createTime: { kind: 'datetime', column: { sortable: true } },
  },
  sort: { field: 'sortFlag', order: 'asc' },
  unique: ['code', 'name'],
});
