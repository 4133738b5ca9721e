import { z } from 'zod';
import { defineResource } from '../define.ts';
import { crud, MENU_DIRS, type Texts } from '../declare.ts';
import { optionalText, phone } from '../../validators/common.ts';
import { v } from '../../validators/issues.ts';
import { memberEmail, memberPassword, memberUserName } from '../../validators/member.ts';

const t = (zhCN: string, zhTW: string, en: string): Texts => ({ 'zh-CN': zhCN, 'zh-TW': zhTW, en });

/** Resetting a member's password: a button of its own (menu 3403), beside the list's CRUD keys. */
export const MEMBER_RESET_PWD = 'member:list:resetPwd';

const blank = (x: unknown) => x === undefined || x === null || x === '';

/**
 * Member List (ChestnutCMS /member, menu 2063 under Member): readers' accounts of every site. The
 * password is set on creation or by the reset button, hashed, never shown; a member is disabled or
 * enabled by the list's switch. Spec §5: a user name starts with a letter (letters, digits,
 * underscores); user name, phone and email cannot all be empty.
 */
export const memberResource = defineResource({
  name: 'member',
  api: '/member',
  id: 'memberId',
  perms: crud('member:list'),
  menu: {
    id: 2063, parent: MENU_DIRS.member, order: 1, path: 'list', component: 'member/memberList', icon: 'peoples',
    buttons: { add: 3400, edit: 3401, remove: 3402, export: 3404 },
  },
  texts: {
    title: t('会员列表', '會員清單', 'Member List'),
    fields: {
      memberId: t('会员ID', '會員ID', 'Member ID'),
      userName: t('用户名', '使用者名稱', 'User Name'),
      nickName: t('昵称', '暱稱', 'Nickname'),
      email: t('邮箱', '電子郵件', 'Email'),
      phoneNumber: t('手机号', '手機號碼', 'Phone'),
      password: t('密码', '密碼', 'Password'),
      newPassword: t('新密码', '新密碼', 'New Password'),
      confirmPassword: t('确认密码', '確認密碼', 'Confirm Password'),
      authCode: t('验证码', '驗證碼', 'Code'),
      gender: t('性别', '性別', 'Gender'),
      birthday: t('生日', '生日', 'Birthday'),
      status: t('状态', '狀態', 'Status'),
      source: t('来源', '來源', 'Source'),
      level: t('等级', '等級', 'Level'),
      exp: t('经验值', '經驗值', 'Experience'),
      signature: t('个性签名', '個性簽名', 'Signature'),
      description: t('简介', '簡介', 'About'),
      avatar: t('头像', '頭像', 'Avatar'),
      registerTime: t('注册时间', '註冊時間', 'Registered'),
      lastLoginTime: t('最近登录时间', '最近登入時間', 'Last Sign-in'),
      lastLoginIp: t('最近登录IP', '最近登入IP', 'Last Sign-in IP'),
      remark: t('备注', '備註', 'Remark'),
    },
    more: {
      source_Register: t('注册', '註冊', 'Registered'),
      source_Admin: t('后台添加', '後台新增', 'Added in the console'),
      source_Import: t('导入', '匯入', 'Imported'),
      resetPwd: t('重置密码', '重設密碼', 'Reset Password'),
      resetPwdTitle: t('重置会员“{{name}}”的密码', '重設會員「{{name}}」的密碼', 'Reset the password of "{{name}}"'),
      resetDone: t('密码已重置，该会员的登录已全部失效', '密碼已重設，此會員的登入已全部失效', 'Password reset; the member is signed out everywhere'),
      detail: t('详情', '詳情', 'Details'),
      datePlaceholder: t('yyyy-MM-dd', 'yyyy-MM-dd', 'yyyy-MM-dd'),
      detailTitle: t('会员“{{name}}”', '會員「{{name}}」', 'Member "{{name}}"'),
    },
  },
  fields: {
    memberId: { kind: 'id', column: true },
    userName: { kind: 'text', input: memberUserName().or(z.literal('')).optional(), column: true, filter: 'like', form: true },
    nickName: { kind: 'text', input: optionalText(30), column: true, filter: 'like', form: true },
    email: { kind: 'text', input: memberEmail().or(z.literal('')).optional(), column: true, filter: 'like', form: true },
    phoneNumber: { kind: 'text', input: phone().or(z.literal('')).optional(), column: true, filter: 'like', form: true },
    password: { kind: 'password', input: memberPassword(), form: 'create' },
    gender: { kind: 'dict', dict: 'Gender', input: z.enum(['0', '1', '2']).default('2'), form: true, initial: '2', export: true },
    birthday: { kind: 'text', input: z.string().trim().regex(/^(\d{4}-\d{2}-\d{2})?$/, v('invalid')).optional(), form: true, placeholder: 'screens:member.datePlaceholder', export: true },
    status: { kind: 'dict', dict: 'MemberStatus', column: true, filter: 'eq' },
    source: {
      kind: 'text', column: true, filter: 'eq',
      options: ['Register', 'Admin', 'Import'].map((x) => ({ value: x, label: `screens:member.source_${x}` })),
    },
    level: { kind: 'number', column: { sortable: true } },
    exp: { kind: 'number', column: { sortable: true } },
    signature: { kind: 'text', input: optionalText(200), form: true },
    description: { kind: 'textarea', input: optionalText(500), form: true },
    registerTime: { kind: 'datetime', column: { sortable: true }, filter: 'range' },
    lastLoginTime: { kind: 'datetime', column: { sortable: true } },
    lastLoginIp: { kind: 'text', export: true },
    remark: { kind: 'textarea', input: optionalText(500), form: true },
  },
  sort: { field: 'memberId', order: 'desc' },
  check(values) {
    return blank(values.userName) && blank(values.email) && blank(values.phoneNumber) ? [{ field: 'userName', key: 'memberContact', params: {} }] : [];
  },
});
