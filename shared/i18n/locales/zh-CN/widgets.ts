// Namespace `widgets`: the shared widgets (pager, toolbar, uploads, editor, downloads).
export default {
  pagination: {
    total: '共 {{total}} 条',
    totalAtLeast: '共 {{total}}+ 条',
    totalAbout: '约 {{total}} 条',
    pageSize: '{{size}} 条/页',
    previous: '上一页',
    next: '下一页',
    page: '第 {{page}} 页',
    pages: '分页',
  },
  grid: {
    /** the checkbox column's header, read before each row's checkbox */
    selectColumn: '选择',
    /** a row's checkbox, named after the row */
    selectNamed: '选择 {{name}}',
    selectPage: '选择本页全部行',
    selectRow: '选择此行',
  },
  toolbar: {
    showSearch: '显示搜索',
    hideSearch: '隐藏搜索',
    refresh: '刷新',
    columns: '显隐列',
  },
  upload: {
    selectFile: '选取文件',
    selectImage: '选取图片',
    tip: '请上传大小不超过 {{size}}MB，格式为 {{types}} 的文件',
    badType: '文件格式不正确，请上传 {{types}} 格式文件！',
    tooLarge: '上传文件大小不能超过 {{size}} MB！',
    tooMany: '上传文件数量不能超过 {{max}} 个！',
    loading: '正在上传，请稍候…',
    failed: '上传文件失败，请重试',
    imageFailed: '上传图片失败，请重试',
    remove: '删除',
    preview: '预览',
  },
  editor: {
    heading: { normal: '正文', h1: '标题 1', h2: '标题 2', h3: '标题 3', h4: '标题 4' },
    tools: {
      style: '段落样式', bold: '加粗', italic: '斜体', underline: '下划线', strike: '删除线', color: '文字颜色', background: '背景色',
      ordered: '编号列表', bullet: '项目符号列表', outdent: '减少缩进', indent: '增加缩进', align: '对齐方式',
      quote: '引用', link: '链接', image: '图片', clean: '清除格式',
    },
    toolbar: '文本格式',
    current: '{{tool}}：{{value}}',
    align: { left: '左对齐', center: '居中', right: '右对齐', justify: '两端对齐' },
    colors: {
      black: '黑色', white: '白色', lightGrey: '浅灰色', grey: '灰色', darkGrey: '深灰色',
      red: '红色', orange: '橙色', yellow: '黄色', green: '绿色', blue: '蓝色', purple: '紫色',
      palest: '极浅{{color}}', light: '浅{{color}}', dark: '深{{color}}', darkest: '极深{{color}}',
    },
    link: { enter: '输入链接：', visit: '访问链接：', edit: '编辑', remove: '移除', save: '保存', address: '链接地址' },
    placeholder: '请输入内容',
    insertFailed: '图片插入失败',
    loading: '编辑器加载中…',
  },
  image: {
    empty: '暂无图片',
  },
  picker: {
    choose: '选择日期',
  },
  download: {
    loading: '正在下载数据，请稍候',
  },
};
