// Namespace `xmodel`: the Extend tab of the site, catalog and content editors (extension model fields).
export default {
  title: '擴充',
  none: '沒有為此綁定擴充模型。可在「擴充模型」中新增模型並選擇「用於」。',
  loading: '正在載入擴充欄位…',
  loadFailed: '擴充欄位載入失敗：{{message}}',
  save: '儲存擴充',
  saved: '擴充欄位已儲存',
  invalid: '有 {{count}} 個擴充欄位需要修改',
  choose: '請選擇',
  yes: '是',
  no: '否',
  datePlaceholder: 'yyyy-MM-dd',
  pathPlaceholder: '資源庫中的路徑或 http(s) 網址',
  search: { label: '搜尋擴充欄位', placeholder: '搜尋：{{fields}}', submit: '搜尋擴充欄位', separator: '、' },
  /** the content list's export (its extension fields as columns) */
  exportList: '匯出',
};
