// Namespace `home`: the Home page.
export default {
  pageTitle: '首页',
  greeting: {
    morning: '早上好',
    afternoon: '下午好',
    evening: '晚上好',
  },
  welcome: '{{greeting}}，{{name}}，欢迎回来！',
  subtitle: '祝您工作顺利。',
  thisLogin: '本次登录',
  lastLogin: '上次登录',
  time: '登录时间',
  ip: '登录 IP',
  firstLogin: '这是您的首次登录',
  noScreens: {
    title: '暂无可用的页面',
    noRoles: '您的账号还没有可以打开控制台页面的角色，请联系管理员为您分配角色。',
    notYet: '您的角色所对应的功能（例如内容编辑）在当前版本的控制台中尚未提供，上线后会出现在侧边栏中。如现在需要其他权限，请联系管理员。',
  },
  dashboard: {
    title: '站点“{{site}}”概况',
    contents: '内容',
    published: '已发布',
    catalogs: '栏目',
    resources: '资源',
    byStatus: '内容状态',
    byType: '内容类型',
    none: '还没有内容',
    archived: '已归档',
    types: { article: '文章', image: '图集', audio: '音频', video: '视频', book: '图书' },
  },
};
