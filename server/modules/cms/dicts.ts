import { v, type DictSeed } from '../../core/seed-data.ts';

// The CMS's dictionaries (ServerModule.dicts), stored by the system's 'dicts' seed step on a new database.
// Types and values as ChestnutCMS 1.5.10 defines them (values are part of the API); a few English
// labels were reworded for readability and labels its seed left unresolved were written here.
export const CMS_DICTS: readonly DictSeed[] = [
  {
    type: 'CMSContentAttribute',
    titles: ['内容属性', 'Content Attribute', '內容屬性'],
    // remark: the attribute's bit in the content's attribute mask
    values: [
      v('image', ['图片', 'Image', '圖片'], { remark: '1' }),
      v('video', ['视频', 'Video', '影片'], { remark: '2' }),
      v('attach', ['附件', 'Attachment', '附件'], { remark: '4' }),
      v('hot', ['热点', 'Hot', '熱門'], { remark: '8' }),
      v('recommend', ['推荐', 'Recommend', '推薦'], { remark: '16' }),
    ],
  },
  {
    type: 'CMSContentOpType',
    titles: ['内容操作类型', 'Content Operation Type', '內容操作類型'],
    values: [
      v('ADD', ['新建', 'Add', '新增']),
      v('UPDATE', ['修改', 'Update', '修改']),
      v('DELETE', ['删除', 'Delete', '刪除']),
      v('LOCK', ['锁定', 'Lock', '鎖定']),
      v('UNLOCK', ['解锁', 'Unlock', '解鎖']),
      v('TO_PUBLISH', ['待发布', 'To Publish', '待發布']),
      v('PUBLISH', ['发布', 'Publish', '發布']),
      v('OFFLINE', ['下线', 'Offline', '下架']),
      v('SORT', ['排序', 'Sort', '排序']),
      v('TOP', ['置顶', 'Pin to Top', '置頂']),
      v('CANCEL_TOP', ['取消置顶', 'Unpin', '取消置頂']),
    ],
  },
  {
    type: 'CMSContentStatus',
    titles: ['内容状态', 'Content Status', '內容狀態'],
    values: [
      v('0', ['初稿', 'Draft', '初稿']),
      v('10', ['审核中', 'In Review', '審核中']),
      v('20', ['待发布', 'To Publish', '待發布']),
      v('30', ['已发布', 'Published', '已發布']),
      v('40', ['已下线', 'Offline', '已下架']),
      v('60', ['重新编辑', 'Editing', '重新編輯']),
    ],
  },
  {
    type: 'CMSPageWidgetStatus',
    titles: ['页面部件状态', 'Page Widget Status', '頁面元件狀態'],
    values: [
      v('0', ['初稿', 'Draft', '初稿']),
      v('30', ['已发布', 'Published', '已發布']),
      v('40', ['已下线', 'Offline', '已下架']),
      v('60', ['重新编辑', 'Editing', '重新編輯']),
    ],
  },
  {
    type: 'CMSSitemapPageType',
    titles: ['站点地图页面类型', 'Sitemap Page Type', '網站地圖頁面類型'],
    values: [
      v('pc', ['PC端', 'PC', 'PC 版']),
      v('mobile', ['移动端', 'Mobile', '行動版']),
      v('pc,mobile', ['自适应', 'Responsive', 'PC 和行動版']),
    ],
  },
  {
    type: 'CMSStaticSuffix',
    titles: ['静态文件类型', 'Static File Type', '靜態檔案類型'],
    values: [
      v('shtml', ['shtml', 'shtml', 'shtml']),
      v('html', ['html', 'html', 'html']),
      v('xml', ['xml', 'xml', 'xml']),
      v('json', ['json', 'json', 'json']),
    ],
  },
  {
    type: 'CommentAuditStatus',
    titles: ['评论审核状态', 'Comment Review Status', '評論審核狀態'],
    values: [
      v('0', ['待审核', 'To Review', '待審核'], { listClass: 'primary' }),
      v('1', ['通过', 'Passed', '通過'], { listClass: 'success' }),
      v('2', ['未通过', 'Not Passed', '未通過'], { listClass: 'warning' }),
    ],
  },
  {
    type: 'CustomFormRule',
    titles: ['自定义表单提交限制', 'Custom Form Submit Rule', '自訂表單送出限制'],
    values: [
      v('0', ['无限制', 'Unlimited', '無限制']),
      v('1', ['IP', 'IP', 'IP']),
      v('2', ['浏览器指纹', 'Browser Fingerprint', '瀏覽器指紋']),
    ],
  },
  {
    type: 'CustomFormStatus',
    titles: ['自定义表单状态', 'Custom Form Status', '自訂表單狀態'],
    values: [
      v('0', ['草稿', 'Draft', '草稿']),
      v('10', ['已发布', 'Published', '已發布'], { listClass: 'success' }),
      v('20', ['已下线', 'Offline', '已下架'], { listClass: 'warning' }),
    ],
  },
  {
    type: 'ExtendModelDataType',
    titles: ['扩展模型数据类型', 'Extension Model Data Type', '擴充模型資料類型'],
    values: [
      v('site', ['站点', 'Site', '網站']),
      v('catalog', ['栏目', 'Catalog', '欄目']),
      v('content', ['内容', 'Content', '內容']),
    ],
  },
  {
    type: 'MemberStatus',
    titles: ['会员状态', 'Member Status', '會員狀態'],
    values: [
      v('0', ['正常', 'Normal', '正常'], { listClass: 'success' }),
      v('1', ['禁用', 'Disabled', '停用'], { listClass: 'danger' }),
      v('2', ['锁定', 'Locked', '鎖定'], { listClass: 'warning' }),
    ],
  },
  {
    type: 'MetaControlType',
    titles: ['字段控件类型', 'Field Control Type', '欄位控制項類型'],
    values: [
      v('input', ['单行输入框', 'Single-line Input', '單行文字方塊']),
      v('textarea', ['多行输入框', 'Multi-line Input', '多行文字方塊']),
      v('radio', ['单选框', 'Radio', '選項按鈕']),
      v('checkbox', ['多选框', 'Checkbox', '核取方塊']),
      v('select', ['下拉框', 'Select', '下拉式選單']),
      v('date', ['日期选择框', 'Date Picker', '日期選擇器']),
      v('datetime', ['时间选择框', 'Date-time Picker', '日期時間選擇器']),
    ],
  },
  {
    type: 'MetaFieldType',
    titles: ['字段数据类型', 'Field Data Type', '欄位資料類型'],
    // remark: how many columns of this type an extension model table offers
    values: [
      v('short_text', ['VARCHAR(50)', 'VARCHAR(50)', 'VARCHAR(50)'], { remark: '25' }),
      v('medium_text', ['VARCHAR(200)', 'VARCHAR(200)', 'VARCHAR(200)'], { remark: '25' }),
      v('large_text', ['VARCHAR(2000)', 'VARCHAR(2000)', 'VARCHAR(2000)'], { remark: '4' }),
      v('clob_text', ['MEDIUMTEXT', 'MEDIUMTEXT', 'MEDIUMTEXT'], { remark: '1' }),
      v('long', ['LONG', 'LONG', 'LONG'], { remark: '10' }),
      v('double', ['DOUBLE', 'DOUBLE', 'DOUBLE'], { remark: '10' }),
      v('datetime', ['DATETIME', 'DATETIME', 'DATETIME'], { remark: '10' }),
    ],
  },
  {
    type: 'SearchDictWordType',
    titles: ['检索词类型', 'Search Dictionary Word Type', '檢索詞類型'],
    values: [
      v('WORD', ['扩展词', 'Extension Word', '擴充詞'], { listClass: 'success' }),
      v('STOP', ['停止词', 'Stop Word', '停用詞'], { listClass: 'warning' }),
    ],
  },
  {
    type: 'VoteStatus',
    titles: ['投票状态', 'Vote Status', '投票狀態'],
    values: [
      v('0', ['正常', 'Normal', '正常']),
      v('1', ['停用', 'Stopped', '停用']),
      v('2', ['关闭', 'Closed', '關閉']),
    ],
  },
  {
    type: 'VoteSubjectType',
    titles: ['投票主题类型', 'Vote Subject Type', '投票主題類型'],
    values: [
      v('radio', ['单选', 'Single Choice', '單選']),
      v('checkbox', ['多选', 'Multiple Choice', '多選']),
      v('input', ['输入', 'Text Input', '輸入']),
    ],
  },
  {
    type: 'VoteViewType',
    titles: ['投票结果查看方式', 'Vote Result Visibility', '投票結果查看方式'],
    values: [
      v('0', ['不可查看', 'Hidden', '不可查看']),
      v('1', ['投票后可看', 'After Voting', '投票後可看']),
      v('2', ['不限制', 'Always', '不限制']),
    ],
  },
  {
    type: 'WordAnalyzeType',
    titles: ['分词方式', 'Word Segmentation', '分詞方式'],
    values: [
      v('ik_smart', ['最少切分', 'Coarsest (ik_smart)', '最少切分']),
      v('ik_max_word', ['最细粒度划分', 'Finest (ik_max_word)', '最細粒度劃分']),
    ],
  },
];
