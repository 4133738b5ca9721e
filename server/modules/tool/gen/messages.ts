import type { MessageCatalog } from '../../../core/i18n.ts';

/** Server messages of the code generator, per language. */
export const GEN_MESSAGES: MessageCatalog = {
  'zh-CN': {
    oplog: { gen: '代码生成' },
    gen: {
      notImportable: '表“{{name}}”不存在、不在应用的 public 模式中、由应用自身管理或已导入',
      badName: '名称“{{name}}”不合规：只能使用小写字母、数字和下划线',
      badResourceName: '资源名“{{name}}”不合规：以小写字母开头，只含字母和数字（驼峰式）',
      badFieldName: '字段名“{{name}}”不合规或重复',
      badPermPrefix: '权限前缀“{{name}}”不合规，例如 cms:productNote',
      badModule: '“{{name}}”不是可选的模块或菜单目录',
      onePrimaryKey: '表“{{table}}”须恰好有一个主键列',
      unmappedType: '列“{{column}}”的类型 {{type}} 无法生成',
      dictRequired: '列“{{column}}”使用字典控件，请选择字典类型',
      writeOff: '服务器未以开发模式运行，不能写入代码；请预览或下载',
      exists: '文件 {{path}} 已存在，未写入任何文件',
      outsideRoot: '路径 {{path}} 在代码目录之外',
    },
  },
  'zh-TW': {
    oplog: { gen: '程式碼產生' },
    gen: {
      notImportable: '資料表「{{name}}」不存在、不在應用程式的 public 結構描述中、由應用程式自身管理或已匯入',
      badName: '名稱「{{name}}」不符規定：只能使用小寫字母、數字和底線',
      badResourceName: '資源名稱「{{name}}」不符規定：以小寫字母開頭，只含字母和數字（駝峰式）',
      badFieldName: '欄位名稱「{{name}}」不符規定或重複',
      badPermPrefix: '權限前綴「{{name}}」不符規定，例如 cms:productNote',
      badModule: '「{{name}}」不是可選的模組或選單目錄',
      onePrimaryKey: '資料表「{{table}}」須恰好有一個主索引鍵欄',
      unmappedType: '欄「{{column}}」的型別 {{type}} 無法產生程式碼',
      dictRequired: '欄「{{column}}」使用字典控制項，請選擇字典類型',
      writeOff: '伺服器未以開發模式執行，不能寫入程式碼；請預覽或下載',
      exists: '檔案 {{path}} 已存在，未寫入任何檔案',
      outsideRoot: '路徑 {{path}} 在程式碼目錄之外',
    },
  },
  en: {
    oplog: { gen: 'Code Generation' },
    gen: {
      notImportable: 'Table "{{name}}" does not exist, is outside the application\'s public schema, is managed by the application or was imported already',
      badName: 'Name "{{name}}" is not allowed: use lower-case letters, digits and underscores',
      badResourceName: 'Resource name "{{name}}" is not allowed: a lower-case letter, then letters and digits (camel case)',
      badFieldName: 'Field name "{{name}}" is not allowed or used twice',
      badPermPrefix: 'Permission prefix "{{name}}" is not allowed, e.g. cms:productNote',
      badModule: '"{{name}}" is not a module or menu directory to choose',
      onePrimaryKey: 'Table "{{table}}" must have exactly one primary key column',
      unmappedType: 'Column "{{column}}" has type {{type}}, which the generator cannot write',
      dictRequired: 'Column "{{column}}" uses a dictionary widget: choose its dictionary type',
      writeOff: 'The server is not running in development mode and writes no code: preview or download it',
      exists: 'File {{path}} exists already; no file was written',
      outsideRoot: 'Path {{path}} is outside the code directory',
    },
  },
};
