// Namespace `server`, the CMS's part: merged into the server's messages at start (ServerModule.messages).
// Keys are stable; texts are per language. Operation-log titles are under `oplog`.
export default {
  job: {
    task: {
      cmsPublishDue: 'CMS：發布到期的待發布內容',
      cmsOfflineDue: 'CMS：依下架時間下架內容',
      cmsTopExpired: 'CMS：取消已到期的置頂',
      cmsChaptersDue: 'CMS：發布到期的圖書章節',
      cmsPurgeRecycled: 'CMS：刪除資源回收筒中超過保留天數的內容',
    },
  },
  oplog: {
    content: '內容管理',
    chapter: '圖書章節',
    catalog: '欄目管理',
    site: '網站管理',
    publishPipe: '發布通道',
    siteProperty: '網站屬性',
      cmsGrant: '內容權限',
    publishClear: '清空發布佇列',
    resource: '資源管理',
      cmsSettings: 'CMS設定',
  },
  library: {
    type: { image: '圖片', audio: '音訊', video: '影片', file: '檔案' },
    svg: '不接受 SVG 圖片：其中可能含有指令碼。請上傳 PNG 或 WebP',
    unsupported: '「{{ext}}」類型的檔案不能加入資源庫',
    wrongType: '該檔案是{{actual}}，不是{{expected}}',
    badImage: '無法讀取該圖片，檔案可能已損毀',
    tooManyPixels: '圖片為 {{width}} × {{height}} 像素，最多接受 {{limit}} 像素',
    storeFailed: '檔案無法儲存（{{storage}}）：{{detail}}',
    notMedia: '只有音訊和影片檔案才有媒體資訊',
    noWatermark: '設定中的浮水印圖片已不在資源庫中，請在「CMS設定 → 浮水印」中重新選擇',
    isWatermark: '該圖片是網站的浮水印，請先更換浮水印再刪除',
  },
  settings: {
    bucketUnreachable: '無法用這些設定存取儲存貯體「{{bucket}}」：{{detail}}',
  },
  cms: {
    site: {
      noPermission: '沒有網站權限',
      noPublish: '您沒有發布此網站的權限',
      noSite: '還沒有網站，請先建立一個網站',
      notFound: '網站不存在：{{siteId}}',
    },
    catalog: {
      notFound: '欄目不存在或無權存取',
      denied: '您沒有在此欄目執行該操作的權限（{{perm}}）',
      tooDeep: '欄目最多只能巢狀 {{max}} 層',
      moveIntoItself: '欄目不能移動到自身或其下層欄目之下',
    },
    catalogType: { common: '一般欄目', link: '連結欄目' },
    contentType: { article: '文章', image: '圖集', audio: '音訊', video: '影片', book: '圖書' },
    content: {
      notFound: '內容不存在或無權存取',
      lockedBy: '「{{title}}」已被 {{user}} 鎖定，只有本人或管理員可以修改',
      titleTakenSite: '本網站已有標題為「{{title}}」的內容',
      titleTakenCatalog: '本欄目已有標題為「{{title}}」的內容',
      linkCatalog: '連結欄目不能存放內容，請選擇一般欄目',
      typeMismatch: '內容類型與已儲存的內容不一致',
      changed: '您開啟此內容後，{{user}} 於 {{time}} 儲存過它；請重新載入查看其修改後再儲存',
      publishedReadOnly: '本網站設定為不允許編輯已發布內容，請先將其下架',
      topInPast: '置頂結束時間須晚於現在',
      sortOtherCatalog: '只能把內容排在同一欄目的其他內容之前',
      notBook: '此內容不是圖書',
      chapterOrder: '排序須恰好列出本書的每個章節一次',
    },
    pipe: {
      unknown: '網站沒有發布通道「{{code}}」',
    },
    perms: {
      adminHoldsAll: '管理員擁有全部權限，無需授權',
    },
  },
};
