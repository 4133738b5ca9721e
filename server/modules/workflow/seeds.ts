import { buttons, page, v, type DictSeed, type MenuSeed, type SeedStep } from '../../core/seed-data.ts';
import { MODEL_STATUS_DICT, REVIEW_VIEW } from '../../../shared/resources/workflow/model.ts';
import { CONTENT_STATUS_DICT } from '../../../shared/cms/content.ts';
import { insertDicts, insertMenus } from '../system/index.ts';

/**
 * The model page's buttons beyond CRUD, and "My reviews" (the reviewer's tasks: its key opens the
 * review routes, the model's candidates narrow them) with the key to publish without review.
 */
export const WORKFLOW_MENUS: readonly MenuSeed[] = [
  ...buttons(3510, 'workflow:model', [
    [3514, 'changeStatus', ['挂起/激活模型', 'Suspend/Resume Model', '暫停/啟用模型']],
    [3515, 'deploy', ['部署模型', 'Deploy Model', '部署模型']],
  ]),
  page(3520, 3500, 3, 'review', 'workflow/review/index', REVIEW_VIEW, 'checkbox', ['我的审核', 'My Reviews', '我的審核']),
  ...buttons(3520, 'workflow:review', [
    [3521, 'bypass', ['免审发布', 'Publish Without Review', '免審發布']],
  ]),
];

export const WORKFLOW_DICTS: readonly DictSeed[] = [
  {
    type: MODEL_STATUS_DICT,
    titles: ['流程模型状态', 'Workflow Model Status', '流程模型狀態'],
    values: [
      v('0', ['激活', 'Active', '啟用'], { listClass: 'success' }),
      v('1', ['挂起', 'Suspended', '暫停'], { listClass: 'warning' }),
    ],
  },
];

/** The content status "in review" (shipped with the CMS's statuses on a new database: cms/dicts.ts). */
const REVIEWING_STATUS: DictSeed = { type: CONTENT_STATUS_DICT, titles: ['内容状态', 'Content Status', '內容狀態'], values: [v('10', ['审核中', 'In Review', '審核中'])] };

/** For databases seeded before review workflows: their buttons, the model status and the content status. */
export const WORKFLOW_SEEDS: readonly SeedStep[] = [{
  name: 'workflow-review',
  async run(tx, ctx) {
    await insertMenus(tx, WORKFLOW_MENUS, ctx.shipped);
    await insertDicts(tx, [...WORKFLOW_DICTS, REVIEWING_STATUS]);
  },
}];
