import type { MessageCatalog } from '../../../core/i18n.ts';

/** Server messages of the site statistics: the rollup job, the exports' headers and words. */
export const STAT_MESSAGES: MessageCatalog = {
  'zh-CN': {
    stat: {
      job: { name: 'CMS：汇总站点统计', task: 'CMS：把新的访问记录汇总到小时、日和维度统计表，删除超过保留天数的原始记录（参数：保留天数，默认 30）' },
      col: { trend: '趋势', at: '时间', pv: '浏览量(PV)', uv: '访客数(UV)', ips: 'IP 数', visits: '访问次数', share: '占比(%)' },
      dim: { source: '来源类型', engine: '搜索引擎', word: '搜索词', page: '受访页面', entry: '入口页面', content: '内容', catalog: '栏目', browser: '浏览器', os: '操作系统', device: '设备', country: '国家/地区' },
      source: { direct: '直接访问', search: '搜索引擎', site: '外部链接' },
      device: { desktop: '电脑', mobile: '手机', tablet: '平板', smarttv: '智能电视', console: '游戏机', wearable: '可穿戴设备', embedded: '嵌入式设备' },
      none: '（未知）',
    },
  },
  'zh-TW': {
    stat: {
      job: { name: 'CMS：彙總網站統計', task: 'CMS：把新的造訪紀錄彙總到小時、日與維度統計表，刪除超過保留天數的原始紀錄（參數：保留天數，預設 30）' },
      col: { trend: '趨勢', at: '時間', pv: '瀏覽量(PV)', uv: '訪客數(UV)', ips: 'IP 數', visits: '造訪次數', share: '佔比(%)' },
      dim: { source: '來源類型', engine: '搜尋引擎', word: '搜尋詞', page: '受訪頁面', entry: '入口頁面', content: '內容', catalog: '欄目', browser: '瀏覽器', os: '作業系統', device: '裝置', country: '國家/地區' },
      source: { direct: '直接造訪', search: '搜尋引擎', site: '外部連結' },
      device: { desktop: '電腦', mobile: '手機', tablet: '平板', smarttv: '智慧電視', console: '遊戲機', wearable: '穿戴式裝置', embedded: '嵌入式裝置' },
      none: '（不明）',
    },
  },
  en: {
    stat: {
      job: { name: 'CMS: roll up site statistics', task: 'CMS: roll new page views up into the hourly, daily and per-dimension statistics and delete raw views past the days kept (argument: days to keep, default 30)' },
      col: { trend: 'Trend', at: 'Time', pv: 'Page views', uv: 'Visitors', ips: 'IP addresses', visits: 'Visits', share: 'Share (%)' },
      dim: { source: 'Source', engine: 'Search engine', word: 'Search words', page: 'Page', entry: 'Entry page', content: 'Content', catalog: 'Catalog', browser: 'Browser', os: 'Operating system', device: 'Device', country: 'Country/region' },
      source: { direct: 'Direct', search: 'Search engines', site: 'Other sites' },
      device: { desktop: 'Desktop', mobile: 'Mobile', tablet: 'Tablet', smarttv: 'Smart TV', console: 'Console', wearable: 'Wearable', embedded: 'Embedded' },
      none: '(unknown)',
    },
  },
};
