import { z } from 'zod';
import { defineResource } from '../define.ts';
import { crud, MENU_DIRS } from '../declare.ts';
import { code, optionalText, requiredText } from '../../validators/common.ts';
import { MODEL_API, MODEL_DESIGN_PATH } from '../../workflow/keys.ts';

const t = (zh: string, tw: string, en: string) => ({ 'zh-CN': zh, 'zh-TW': tw, en });

export const MODEL_STATUS_DICT = 'WorkflowModelStatus';
export { MODEL_API, MODEL_CHANGE_STATUS, MODEL_DEPLOY, MODEL_DESIGN_PATH, MODEL_EDIT, MODEL_VIEW, MODEL_XML_MAX, ModelStatus, REVIEW_BYPASS, REVIEW_VIEW } from '../../workflow/keys.ts';

/**
 * Review workflow models (spec §3 "Workflow category and model: key, name, version, status,
 * category", menu Workflow → Model). A model holds a draft BPMN 2.0 XML (GET/PUT
 * /workflow/model/:id/xml, drawn in the modeler); each deploy freezes the draft as the next
 * version, and bindings use the latest deployed one. Routes: server/modules/workflow/crud.ts.
 */
export const workflowModelResource = defineResource({
  name: 'workflowModel',
  api: MODEL_API,
  id: 'modelId',
  perms: crud('workflow:model', { export: undefined }),
  // Ids and keys as seeded before by the system (3510, buttons 3511–3513); changeStatus (3514)
  // and deploy (3515) are the model's own buttons (server/modules/workflow/menus.ts).
  menu: {
    id: 3510, parent: MENU_DIRS.workflow, order: 2, path: 'model', component: 'workflow/model/index', icon: 'component',
    buttons: { add: 3511, edit: 3512, remove: 3513 },
  },
  // Each row opens the BPMN designer on its draft (src/pages/workflow/model/design.astro).
  drill: { to: MODEL_DESIGN_PATH, param: 'modelId', label: 'design', icon: 'pi pi-sitemap' },
  texts: {
    title: t('流程模型', '流程模型', 'Workflow Model'),
    fields: {
      modelId: t('模型ID', '模型ID', 'Model ID'),
      modelKey: t('模型标识', '模型代碼', 'Key'),
      name: t('模型名称', '模型名稱', 'Name'),
      categoryId: t('流程分类', '流程分類', 'Category'),
      categoryName: t('流程分类', '流程分類', 'Category'),
      version: t('版本', '版本', 'Version'),
      status: t('状态', '狀態', 'Status'),
      selfReview: t('允许审核自己的提交', '允許審核自己的送審', 'Submitter may review'),
      remark: t('备注', '備註', 'Remark'),
      deployTime: t('部署时间', '部署時間', 'Deployed'),
      createTime: t('创建时间', '建立時間', 'Created'),
    },
    more: {
      design: t('设计', '設計', 'Design'),
      resumed: t('模型已恢复：新的提交将再次进入审核', '模型已恢復：新的送審將再次進入審核', 'Model resumed: new submissions go to review again'),
      suspended: t('模型已挂起：新的提交将被拒绝，进行中的审核照常完成', '模型已暫停：新的送審將被拒絕，進行中的審核照常完成', 'Model suspended: new submissions are refused; reviews under way go on'),
    },
  },
  fields: {
    modelId: { kind: 'id', column: true },
    modelKey: { kind: 'text', input: code(64), column: true, filter: 'like', form: 'create' },
    name: { kind: 'text', input: requiredText(100), column: true, filter: 'like', form: true },
    categoryId: { kind: 'number', input: z.coerce.number().int().min(1).nullable().optional(), filter: 'eq', form: true },
    /** the category's name, for the list (the server adds it) */
    categoryName: { kind: 'text', column: true, computed: true },
    /** the latest deployed version; 0 until the first deploy */
    version: { kind: 'number', column: true },
    status: { kind: 'dict', dict: MODEL_STATUS_DICT, column: true, filter: 'eq' },
    selfReview: { kind: 'dict', dict: 'YesOrNo', input: z.enum(['Y', 'N']).default('N'), column: true, form: true, initial: 'N' },
    remark: { kind: 'textarea', input: optionalText(500), form: true },
    deployTime: { kind: 'datetime', column: true },
    createTime: { kind: 'datetime', column: { sortable: true } },
  },
  sort: { field: 'createTime', order: 'desc' },
  unique: ['modelKey'],
});
