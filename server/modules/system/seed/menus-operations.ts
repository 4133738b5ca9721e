import { buttons, dir, page, type MenuSeed } from '../../../core/seed-data.ts';

const OPERATIONS = 2035;
const MEMBER = 2060;
const WORKFLOW = 3500;
/** ChestnutCMS's custom-form menu id (a snowflake id in its seed; kept for compatibility). */
const CUSTOM_FORM = 430649774219333;

// Ids below 3000 come from ChestnutCMS 1.5.10's seed; 3200–3599 are Castanea's additions here.
export const INTERACTIVE_MENUS: readonly MenuSeed[] = [
  dir(OPERATIONS, 0, 36, 'operations', 'example', ['互动运营', 'Interactive', '互動營運']),

  // Friend Link (2036, buttons 2074–2076) is shipped by its definition (src/lib/resources/cms/link-group.ts).

  // Advertise (2038, buttons 3200–3202) is shipped by its definition (shared/resources/cms/ad-space.ts);
  // The former publish button 3203 is gone from new databases: publishing an ad space needs its edit key.

  // Comment's page row and delete button (2065, 2070) ship from its definition (shared/resources/cms/comment.ts);
  // its audit button stays here.
  ...buttons(2065, 'comment:comment', [
    [2069, 'audit', ['审核', 'Review', '審核']],
  ]),

  // Vote (2066, buttons 2071–2073) is shipped by its definition (shared/resources/cms/vote.ts), ids and keys unchanged.

  // Custom Form's page row and add/edit/delete buttons ship from its definition (shared/resources/cms/custom-form.ts).
  ...buttons(CUSTOM_FORM, 'cms:customform', [
    [3213, 'publish', ['发布/下线表单', 'Publish/Offline Form', '發布/下架表單']],
  ]),

  // Mailbox's page row and Delete button (3222) ship from its definition (shared/resources/cms/mailbox.ts).
  ...buttons(3220, 'cms:mailbox', [
    [3221, 'audit', ['审核留言', 'Review Message', '審核留言']],
  ]),

  // Message Pusher (3230, buttons 3231–3233) is shipped by its definition (shared/resources/cms/pusher.ts), ids unchanged, keys cms:pusher:*.

  // Opened from the vote list; hidden from the sidebar.
  page(2067, OPERATIONS, 99, 'vote/subjects', 'vote/subjectList', 'vote:vote:view', 'build', ['调查投票主题页', 'Vote Subject', '調查投票主題頁'], { visible: 'N' }),
];

export const MEMBER_MENUS: readonly MenuSeed[] = [
  dir(MEMBER, 0, 37, 'member', 'peoples', ['会员管理', 'Member', '會員管理']),

  // Member List (2063, buttons 3400–3402 and export 3404), Level Config (2062, 3410–3412) and Exp
  // Config (2061, 3420–3422) are shipped by their definitions (shared/resources/cms/member*.ts), under
  // ChestnutCMS's keys member:list|level|exp:*; the reset button stays here, as custom forms' publish does.
  ...buttons(2063, 'member:list', [
    [3403, 'resetPwd', ['重置会员密码', 'Reset Member Password', '重設會員密碼']],
  ]),
];

/** A top-level page, as in ChestnutCMS: the router wraps it in the layout. */
export const STAT_MENUS: readonly MenuSeed[] = [
  page(2080, 0, 38, 'statistics', 'stat/index', 'cms:stat:view', 'chart', ['统计分析', 'Statistics', '統計分析']),
];

export const WORKFLOW_MENUS: readonly MenuSeed[] = [
  dir(WORKFLOW, 0, 39, 'workflow', 'tree-table', ['工作流', 'Workflow', '工作流']),

  // Category (3501, buttons 3502–3504) and Model (3510, buttons 3511–3513) ship from their definitions
  // (shared/resources/workflow/*.ts), ids and keys unchanged; the model's other buttons from the
  // workflow module (server/modules/workflow/menus.ts).
];
