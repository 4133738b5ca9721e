import { z } from 'zod';
import { defineResource } from '../define.ts';
import { crud, MENU_DIRS, type Texts } from '../declare.ts';
import { intRange } from '../../validators/common.ts';
import { v } from '../../validators/issues.ts';

/** The operations that may earn a member experience (server/modules/cms/member/exp.ts grants it). */
export const EXP_OPERATIONS = ['signIn', 'comment', 'contribute', 'like', 'favorite', 'follow', 'vote'] as const;
export type ExpOperation = (typeof EXP_OPERATIONS)[number];

/** The level systems: experience levels only, so far. */
export const LEVEL_TYPES = ['exp'] as const;
export type LevelType = (typeof LEVEL_TYPES)[number];

const t = (zhCN: string, zhTW: string, en: string): Texts => ({ 'zh-CN': zhCN, 'zh-TW': zhTW, en });

/** Labels of the operations and level types, shared by Exp Config and Level Config. */
export const EXP_TEXTS = {
  op_signIn: t('签到', '簽到', 'Daily sign-in'),
  op_comment: t('评论', '評論', 'Comment'),
  op_contribute: t('投稿', '投稿', 'Contribution'),
  op_like: t('点赞', '按讚', 'Like'),
  op_favorite: t('收藏', '收藏', 'Favorite'),
  op_follow: t('关注', '追蹤', 'Follow'),
  op_vote: t('投票', '投票', 'Vote'),
  type_exp: t('经验等级', '經驗等級', 'Experience level'),
} as const;

export const levelTypeField = (resource: string) => ({
  kind: 'text' as const,
  input: z.enum(LEVEL_TYPES, { error: v('required') }).default('exp'),
  options: LEVEL_TYPES.map((x) => ({ value: x, label: `screens:${resource}.type_${x}` })),
  column: true, filter: 'eq' as const, form: true, initial: 'exp',
});

/**
 * Exp Config (ChestnutCMS /member/expConfig, menu 2061 under Member): the experience one operation
 * earns, at most `dayLimit` times a day and `totalLimit` times in all (0: no limit). One rule per operation.
 */
export const memberExpResource = defineResource({
  name: 'memberExp',
  api: '/member/expConfig',
  id: 'expOperationId',
  perms: crud('member:exp', { export: undefined }),
  menu: {
    id: 2061, parent: MENU_DIRS.member, order: 3, path: 'expConfig', component: 'member/expConfig', icon: 'button',
    buttons: { add: 3420, edit: 3421, remove: 3422 },
  },
  texts: {
    title: t('经验配置', '經驗設定', 'Exp Config'),
    fields: {
      expOperationId: t('ID', 'ID', 'ID'),
      opType: t('操作类型', '操作類型', 'Operation'),
      levelType: t('等级类型', '等級類型', 'Level Type'),
      exp: t('经验值', '經驗值', 'Experience'),
      dayLimit: t('每日上限次数', '每日上限次數', 'Times a Day'),
      totalLimit: t('总上限次数', '總上限次數', 'Times in All'),
      createTime: t('创建时间', '建立時間', 'Created'),
    },
    more: { ...EXP_TEXTS, limitHint: t('0 表示不限', '0 表示不限', '0: no limit') },
  },
  fields: {
    expOperationId: { kind: 'id' },
    opType: {
      kind: 'text', input: z.enum(EXP_OPERATIONS, { error: v('required') }),
      options: EXP_OPERATIONS.map((x) => ({ value: x, label: `screens:memberExp.op_${x}` })),
      column: true, filter: 'eq', form: true,
    },
    levelType: levelTypeField('memberExp'),
    exp: { kind: 'number', input: intRange(0, 1_000_000, 1), column: true, form: true, initial: 1 },
    dayLimit: { kind: 'number', input: intRange(0, 1_000_000, 0), column: true, form: true, initial: 0, hint: 'screens:memberExp.limitHint' },
    totalLimit: { kind: 'number', input: intRange(0, 1_000_000, 0), column: true, form: true, initial: 0, hint: 'screens:memberExp.limitHint' },
    createTime: { kind: 'datetime', column: { sortable: true } },
  },
  sort: { field: 'expOperationId', order: 'asc' },
  unique: ['opType'],
});
