// Namespace `server`, the CMS's part: merged into the server's messages at start (ServerModule.messages).
// Keys are stable; texts are per language. Operation-log titles are under `oplog`.
export default {
  job: {
    task: {
      cmsPublishDue: 'CMS：发布到期的待发布内容',
      cmsOfflineDue: 'CMS：按下线时间下线内容',
      cmsTopExpired: 'CMS：取消已到期的置顶',
      cmsChaptersDue: 'CMS：发布到期的图书章节',
      cmsPurgeRecycled: 'CMS：删除回收站中超过保留天数的内容',
    },
  },
  oplog: {
    content: '内容管理',
    chapter: '图书章节',
    catalog: '栏目管理',
    site: '站点管理',
    publishPipe: '发布通道',
    siteProperty: '站点属性',
      cmsGrant: '内容权限',
    publishClear: '清空发布队列',
    resource: '资源管理',
      cmsSettings: 'CMS设置',
  },
  library: {
    type: { image: '图片', audio: '音频', video: '视频', file: '文件' },
    svg: '不接受 SVG 图片：其中可能含有脚本。请上传 PNG 或 WebP',
    unsupported: '“{{ext}}”类型的文件不能加入资源库',
    wrongType: '该文件是{{actual}}，不是{{expected}}',
    badImage: '无法读取该图片，文件可能已损坏',
    tooManyPixels: '图片为 {{width}} × {{height}} 像素，最多接受 {{limit}} 像素',
    storeFailed: '文件无法保存（{{storage}}）：{{detail}}',
    notMedia: '只有音频和视频文件才有媒体信息',
    noWatermark: '设置中的水印图片已不在资源库中，请在“CMS设置 → 水印”中重新选择',
    isWatermark: '该图片是站点的水印，请先更换水印再删除',
  },
  settings: {
    bucketUnreachable: '无法用这些设置访问存储桶“{{bucket}}”：{{detail}}',
  },
  cms: {
    site: {
      noPermission: '没有站点权限',
      noPublish: '你没有发布此站点的权限',
      noSite: '还没有站点，请先创建一个站点',
      notFound: '站点不存在：{{siteId}}',
    },
    catalog: {
      notFound: '栏目不存在或无权访问',
      denied: '你没有在此栏目执行该操作的权限（{{perm}}）',
      tooDeep: '栏目最多只能嵌套 {{max}} 层',
      moveIntoItself: '栏目不能移动到自身或其下级栏目之下',
    },
    catalogType: { common: '普通栏目', link: '链接栏目' },
    contentType: { article: '文章', image: '图集', audio: '音频', video: '视频', book: '图书' },
    content: {
      notFound: '内容不存在或无权访问',
      lockedBy: '“{{title}}”已被 {{user}} 锁定，只有其本人或管理员可以修改',
      titleTakenSite: '本站已有标题为“{{title}}”的内容',
      titleTakenCatalog: '本栏目已有标题为“{{title}}”的内容',
      linkCatalog: '链接栏目不能存放内容，请选择普通栏目',
      typeMismatch: '内容类型与已保存的内容不一致',
      changed: '你打开此内容后，{{user}} 于 {{time}} 保存过它；请重新加载查看其修改后再保存',
      publishedReadOnly: '本站设置为不允许编辑已发布内容，请先将其下线',
      topInPast: '置顶结束时间须晚于现在',
      sortOtherCatalog: '只能把内容排在同一栏目的其他内容之前',
      notBook: '该内容不是图书',
      chapterOrder: '排序须恰好列出本书的每个章节一次',
    },
    pipe: {
      unknown: '站点没有发布通道“{{code}}”',
    },
    perms: {
      adminHoldsAll: '管理员拥有全部权限，无需授权',
    },
  },
};
