// Namespace `widgets`: the shared widgets (pager, toolbar, uploads, editor, downloads).
export default {
  pagination: {
    total: '共 {{total}} 筆',
    totalAtLeast: '共 {{total}}+ 筆',
    totalAbout: '約 {{total}} 筆',
    pageSize: '{{size}} 筆/頁',
    previous: '上一頁',
    next: '下一頁',
    page: '第 {{page}} 頁',
    pages: '分頁',
  },
  grid: {
    /** the checkbox column's header, read before each row's checkbox */
    selectColumn: '選取',
    /** a row's checkbox, named after the row */
    selectNamed: '選取 {{name}}',
    selectPage: '選取本頁所有列',
    selectRow: '選取此列',
  },
  toolbar: {
    showSearch: '顯示搜尋',
    hideSearch: '隱藏搜尋',
    refresh: '重新整理',
    columns: '顯示/隱藏欄位',
  },
  upload: {
    selectFile: '選取檔案',
    selectImage: '選取圖片',
    tip: '請上傳大小不超過 {{size}}MB，格式為 {{types}} 的檔案',
    badType: '檔案格式不正確，請上傳 {{types}} 格式檔案！',
    tooLarge: '上傳檔案大小不能超過 {{size}} MB！',
    tooMany: '上傳檔案數量不能超過 {{max}} 個！',
    loading: '正在上傳，請稍候…',
    failed: '上傳檔案失敗，請重試',
    imageFailed: '上傳圖片失敗，請重試',
    remove: '刪除',
    preview: '預覽',
  },
  editor: {
    heading: { normal: '內文', h1: '標題 1', h2: '標題 2', h3: '標題 3', h4: '標題 4' },
    tools: {
      style: '段落樣式', bold: '粗體', italic: '斜體', underline: '底線', strike: '刪除線', color: '文字顏色', background: '背景色',
      ordered: '編號清單', bullet: '項目符號清單', outdent: '減少縮排', indent: '增加縮排', align: '對齊方式',
      quote: '引文', link: '連結', image: '圖片', clean: '清除格式',
    },
    toolbar: '文字格式',
    current: '{{tool}}：{{value}}',
    align: { left: '靠左對齊', center: '置中', right: '靠右對齊', justify: '左右對齊' },
    colors: {
      black: '黑色', white: '白色', lightGrey: '淺灰色', grey: '灰色', darkGrey: '深灰色',
      red: '紅色', orange: '橙色', yellow: '黃色', green: '綠色', blue: '藍色', purple: '紫色',
      palest: '極淺{{color}}', light: '淺{{color}}', dark: '深{{color}}', darkest: '極深{{color}}',
    },
    link: { enter: '輸入連結：', visit: '前往連結：', edit: '編輯', remove: '移除', save: '儲存', address: '連結網址' },
    placeholder: '請輸入內容',
    insertFailed: '圖片插入失敗',
    loading: '編輯器載入中…',
  },
  image: {
    empty: '尚無圖片',
  },
  picker: {
    choose: '選擇日期',
  },
  download: {
    loading: '正在下載資料，請稍候',
  },
};
