import { buttons, dir, page, type MenuSeed } from '../../../core/seed-data.ts';

const MONITOR = 2;
const TOOLS = 3;

// Ids below 3000 come from ChestnutCMS 1.5.10's seed; 3800–4099 are Castanea's additions here.
// Left out on purpose: the XXL-JOB external link (2059), the Druid "Database" monitor (111),
// "System Logs" (2043, its login/operation logs now sit under System) and the batch-logout and
// query buttons of Online Users (1046, 1047: the API checks view and forceLogout only).
export const MONITOR_MENUS: readonly MenuSeed[] = [
  dir(MONITOR, 0, 50, 'monitor', 'monitor', ['系统监控', 'Monitor', '系統監控']),

  page(109, MONITOR, 1, 'online', 'monitor/online/index', 'monitor:online:view', 'online', ['在线用户', 'Online User', '線上使用者']),
  ...buttons(109, 'monitor:online', [
    [1048, 'forceLogout', ['强制退出', 'Force Logout', '強制登出']],
  ]),

  page(3800, MONITOR, 2, 'job', 'monitor/job/index', 'monitor:job:view', 'job', ['调度任务', 'Scheduled Job', '排程任務']),
  ...buttons(3800, 'monitor:job', [
    [3801, 'add', ['新增任务', 'Add Job', '新增任務']],
    [3802, 'edit', ['修改任务', 'Edit Job', '修改任務']],
    [3803, 'remove', ['删除任务', 'Delete Job', '刪除任務']],
    [3804, 'changeStatus', ['启用/暂停任务', 'Enable/Pause Job', '啟用/暫停任務']],
    [3805, 'run', ['执行一次', 'Run Once', '執行一次']],
    [3806, 'export', ['导出任务', 'Export Jobs', '匯出任務']],
  ]),

  // Opened from the job list (per job or all); hidden from the sidebar.
  page(3810, MONITOR, 3, 'job-log', 'monitor/job/log', 'monitor:job:view', 'log', ['调度日志', 'Job Log', '排程日誌'], { visible: 'N' }),
  ...buttons(3810, 'monitor:job', [
    [3811, 'clean', ['清空调度日志', 'Clear Job Logs', '清空排程日誌']],
  ]),

  page(2081, MONITOR, 4, 'task', 'monitor/task/index', 'monitor:task:view', 'job', ['定时任务', 'Scheduled Task', '定時任務']),
  ...buttons(2081, 'monitor:task', [
    [3820, 'add', ['新增定时任务', 'Add Task', '新增定時任務']],
    [3821, 'edit', ['修改定时任务', 'Edit Task', '修改定時任務']],
    [3822, 'remove', ['删除定时任务', 'Delete Task', '刪除定時任務']],
    [3823, 'changeStatus', ['启用/停用定时任务', 'Enable/Disable Task', '啟用/停用定時任務']],
    [3824, 'run', ['执行一次', 'Run Once', '執行一次']],
  ]),

  page(2041, MONITOR, 5, 'async', 'monitor/async/index', 'monitor:async:view', 'list', ['异步任务', 'Async Task', '非同步任務']),
  ...buttons(2041, 'monitor:async', [
    [3830, 'stop', ['停止异步任务', 'Stop Async Task', '停止非同步任務']],
    [3831, 'remove', ['删除异步任务', 'Delete Async Task', '刪除非同步任務']],
  ]),

  page(112, MONITOR, 6, 'server', 'monitor/server/index', 'monitor:server:view', 'server', ['服务监控', 'Server', '伺服器監控']),

  page(113, MONITOR, 7, 'cache', 'monitor/cache/index', 'monitor:cache:view', 'redis', ['缓存监控', 'Cache Monitor', '快取監控']),

  page(114, MONITOR, 8, 'cacheList', 'monitor/cache/list', 'monitor:cache:view', 'redis-list', ['缓存列表', 'Cache List', '快取清單']),
  ...buttons(114, 'monitor:cache', [
    [3840, 'clear', ['清理缓存', 'Clear Cache', '清除快取']],
  ]),
];

// Left out on purpose: GroovyScript (2064, runs arbitrary server code) and the icon preview (2031).
export const TOOL_MENUS: readonly MenuSeed[] = [
  dir(TOOLS, 0, 60, 'tool', 'tool', ['系统工具', 'Tools', '系統工具']),

  page(115, TOOLS, 1, 'build', 'tool/build/index', 'tool:build:view', 'build', ['表单构建', 'Form Builder', '表單建構']),

  page(116, TOOLS, 2, 'gen', 'tool/gen/index', 'tool:gen:view', 'code', ['代码生成', 'Code Generator', '程式碼產生']),
  ...buttons(116, 'tool:gen', [
    [1056, 'edit', ['生成修改', 'Edit Generation Settings', '修改產生設定']],
    [1057, 'remove', ['生成删除', 'Delete Table', '刪除產生設定']],
    [1058, 'import', ['导入代码', 'Import Table', '匯入程式碼']],
    [1059, 'preview', ['预览代码', 'Preview Code', '預覽程式碼']],
    [1060, 'code', ['生成代码', 'Generate Code', '產生程式碼']],
  ]),
];
