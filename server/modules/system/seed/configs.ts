import type { ConfigSeed } from '../../../core/seed-data.ts';

/**
 * `sys.user.initPassword` is the password given to users an administrator creates or resets
 * without typing one. It meets every built-in password rule; the security config's
 * "force modify after add/reset" makes its holders change it at first login.
 */
/** The console's own page showing this project's README (src/pages/docs.astro). */
export const DOCS_PAGE = '/admin/docs';

export const INITIAL_USER_PASSWORD = 'Castanea@2025';

export const CONFIGS: readonly ConfigSeed[] = [
  { key: 'sys.account.captchaEnabled', name: '账号自助-验证码开关', value: 'true', remark: '是否开启登录验证码（true开启，false关闭）' },
  { key: 'sys.account.registerUser', name: '账号自助-是否开启用户注册功能', value: 'false', remark: '是否开启后台用户注册（true开启，false关闭）' },
  { key: 'CMSModuleEnable', name: '是否启用CMS模块', value: 'true', remark: 'true时导航栏显示当前站点选择与发布任务指示' },
  { key: 'sys.user.initPassword', name: '用户管理-账号初始密码', value: INITIAL_USER_PASSWORD, remark: '新增或重置用户时未填写密码则使用此初始密码' },
  { key: 'sys.index.sideTheme', name: '主框架页-侧边栏主题', value: 'theme-dark', remark: '深色主题theme-dark，浅色主题theme-light' },
  { key: 'sys.index.skinName', name: '主框架页-默认皮肤样式名称', value: 'skin-blue', remark: '蓝色 skin-blue、绿色 skin-green、紫色 skin-purple、红色 skin-red、黄色 skin-yellow' },
  { key: 'castanea.link.docs', name: '导航栏-文档链接', value: DOCS_PAGE, remark: '导航栏“文档”按钮打开的地址；默认是控制台自带的本项目 README' },
  { key: 'castanea.link.source', name: '导航栏-源码仓库地址', value: '', remark: '导航栏“源码”按钮打开的本项目源码仓库地址；留空则不显示该按钮' },
];

/** What the two navbar links were seeded with before they pointed at this project (another product's site). */
export const FORMER_NAVBAR_LINKS = {
  'castanea.link.docs': 'https://github.com/liweiyi/ChestnutCMS#readme',
  'castanea.link.source': 'https://github.com/liweiyi/ChestnutCMS',
} as const;
