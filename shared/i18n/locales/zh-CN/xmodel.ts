// Namespace `xmodel`: the Extend tab of the site, catalog and content editors (extension model fields).
export default {
  title: '扩展',
  none: '没有为此绑定扩展模型。可在“扩展模型”中新建模型并选择“用于”。',
  loading: '正在加载扩展字段…',
  loadFailed: '扩展字段加载失败：{{message}}',
  save: '保存扩展',
  saved: '扩展字段已保存',
  invalid: '有 {{count}} 个扩展字段需要修改',
  choose: '请选择',
  yes: '是',
  no: '否',
  datePlaceholder: 'yyyy-MM-dd',
  pathPlaceholder: '资源库中的路径或 http(s) 地址',
  search: { label: '搜索扩展字段', placeholder: '搜索：{{fields}}', submit: '搜索扩展字段', separator: '、' },
  /** the content list's export (its extension fields as columns) */
  exportList: '导出',
};
