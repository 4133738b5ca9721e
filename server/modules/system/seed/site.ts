/** The site a new installation starts with, so the CMS screens have something to show. */
export const DEMO_SITE = {
  name: 'Castanea 演示站点',
  description: '首次启动时创建的演示站点，可修改或删除。',
  path: 'demo',
  staticSuffix: 'shtml',
} as const;
