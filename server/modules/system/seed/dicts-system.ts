import { v, type DictSeed } from '../../../core/seed-data.ts';

// Password-rule patterns (remarks below) must accept the same characters; kept in one place.
const SPECIAL = `!@#$%^&*?()\\[\\]{}<>:;,.'"~·+=_-`;
const ALLOWED = `[A-Za-z\\d${SPECIAL}]+$`;

// Types and values as ChestnutCMS 1.5.10 defines them (values are part of the API); a few English
// labels were reworded, Gender's zh-TW "unknown" was fixed, and unresolved labels were written here.
// SysDataScope is Castanea's own (the role data-scope choice).
export const SYSTEM_DICTS: readonly DictSeed[] = [
  {
    type: 'EnableOrDisable',
    titles: ['启用/禁用', 'Enable or Disable', '啟用/停用'],
    values: [
      v('0', ['启用', 'Enable', '啟用'], { listClass: 'success' }),
      v('1', ['禁用', 'Disable', '停用'], { listClass: 'warning' }),
    ],
  },
  {
    type: 'Gender',
    titles: ['性别', 'Gender', '性別'],
    values: [
      v('0', ['男', 'Male', '男']),
      v('1', ['女', 'Female', '女']),
      v('2', ['未知', 'Unknown', '未知']),
    ],
  },
  {
    type: 'I18nDictType',
    titles: ['语言', 'Language', '語言'],
    // Each language is named in itself, as language pickers do.
    values: [
      v('zh-CN', ['简体中文', '简体中文', '簡體中文']),
      v('en', ['English', 'English', 'English']),
      v('zh-TW', ['繁體中文', '繁體中文', '繁體中文']),
    ],
  },
  {
    type: 'LoginLogType',
    titles: ['登录日志类型', 'Login Log Type', '登入日誌類型'],
    values: [
      v('0', ['登录', 'Login', '登入']),
      v('1', ['登出', 'Logout', '登出']),
      v('2', ['注册', 'Register', '註冊']),
    ],
  },
  {
    type: 'NoticeStatus',
    titles: ['公告状态', 'Notice Status', '公告狀態'],
    values: [
      v('0', ['正常', 'Normal', '正常']),
      v('1', ['关闭', 'Closed', '關閉']),
    ],
  },
  {
    type: 'NoticeType',
    titles: ['公告类型', 'Notice Type', '公告類型'],
    values: [
      v('1', ['通知', 'Notice', '通知']),
    ],
  },
  {
    type: 'SecurityPasswordRetryStrategy',
    titles: ['密码重试策略', 'Password Retry Strategy', '密碼重試策略'],
    values: [
      v('NONE', ['不处理', 'None', '不處理']),
      v('DISABLE', ['封禁账号', 'Disable Account', '停用帳號']),
      v('LOCK', ['锁定账号，拒绝登录一段时间', 'Lock Account for a While', '鎖定帳號，拒絕登入一段時間']),
    ],
  },
  {
    type: 'SecurityPasswordRule',
    titles: ['密码规则', 'Password Rule', '密碼規則'],
    // remark: the pattern a new password must match
    values: [
      v('NONE', ['不校验', 'None', '不檢查']),
      v('LETTER_NUMBER', ['必须包含字母、数字', 'Letters and Digits', '必須包含字母、數字'], {
        remark: `^(?=.*\\d+)(?=.*[A-Za-z]+)${ALLOWED}`,
      }),
      v('UPPER_LOW_LETTER_NUMBER', ['必须包含大小写字母、数字', 'Upper and Lower Case Letters and Digits', '必須包含大小寫字母、數字'], {
        remark: `^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)${ALLOWED}`,
      }),
      v('LETTER_NUMBER_SPECIAL', ['必须包含字母、数字、特殊字符', 'Letters, Digits and Special Characters', '必須包含字母、數字、特殊字元'], {
        remark: `^(?=.*[A-Za-z])(?=.*\\d)(?=.*[${SPECIAL}])${ALLOWED}`,
      }),
      v('UPPER_LOW_LETTER_NUMBER_SPECIAL', ['必须包含大小写字母、数字、特殊字符', 'Upper and Lower Case Letters, Digits and Special Characters', '必須包含大小寫字母、數字、特殊字元'], {
        remark: `^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[${SPECIAL}])${ALLOWED}`,
      }),
    ],
  },
  {
    type: 'SecurityPasswordSensitive',
    titles: ['密码敏感信息', 'Password Sensitive Info', '密碼敏感資訊'],
    values: [
      v('ACCOUNT', ['用户名', 'Account', '使用者名稱']),
      v('PHONE_NUMBER', ['手机号', 'Phone Number', '手機號碼']),
      v('EMAIL', ['Email', 'Email', 'Email']),
      v('NICK_NAME', ['昵称全拼', 'Nickname (Pinyin)', '暱稱全拼']),
      v('REAL_NAME', ['真实姓名全拼', 'Real Name (Pinyin)', '真實姓名全拼']),
      v('BIRTHDAY', ['生日（yyyyMMdd）', 'Birthday (yyyyMMdd)', '生日（yyyyMMdd）']),
    ],
  },
  {
    type: 'SuccessOrFail',
    titles: ['成功/失败', 'Success or Fail', '成功/失敗'],
    values: [
      v('0', ['成功', 'Success', '成功']),
      v('1', ['失败', 'Fail', '失敗']),
    ],
  },
  {
    type: 'SysDataScope',
    titles: ['数据权限范围', 'Data Scope', '資料權限範圍'],
    values: [
      v('1', ['全部数据权限', 'All Data', '全部資料權限']),
      v('2', ['自定数据权限', 'Custom Departments', '自訂資料權限']),
      v('3', ['本部门数据权限', 'Own Department', '本部門資料權限']),
      v('4', ['本部门及以下数据权限', 'Own Department and Below', '本部門及以下資料權限']),
      v('5', ['仅本人数据权限', 'Self Only', '僅本人資料權限']),
    ],
  },
  {
    type: 'SysUserStatus',
    titles: ['用户状态', 'User Status', '使用者狀態'],
    values: [
      v('0', ['正常', 'Normal', '正常'], { listClass: 'success' }),
      v('1', ['封禁', 'Disabled', '停用'], { listClass: 'danger' }),
      v('2', ['锁定', 'Locked', '鎖定'], { listClass: 'warning' }),
    ],
  },
  {
    type: 'TrueOrFalse',
    titles: ['真假', 'True or False', '真假'],
    values: [
      v('1', ['是', 'True', '是']),
      v('0', ['否', 'False', '否']),
    ],
  },
  {
    type: 'YesOrNo',
    titles: ['是否', 'Yes or No', '是否'],
    values: [
      v('Y', ['是', 'Yes', '是'], { listClass: 'success' }),
      v('N', ['否', 'No', '否'], { listClass: 'warning' }),
    ],
  },
];
