import { z } from 'zod';
import { defineResource } from '../define.ts';
import { crud, MENU_DIRS } from '../declare.ts';
import { code, intRange, optionalText, requiredText } from '../../validators/common.ts';
import { dateTimeInput } from '../../validators/date.ts';
import { VOTE_STATUSES, VOTE_USER_TYPES, VOTE_VIEW_TYPES } from '../../cms/vote.ts';

/**
 * The current site's votes (ChestnutCMS /vote, menu "Vote" under Interactive): a title, a code a
 * template embeds it by (`cms_vote`), a status, a time range, who may vote (anyone, counted per
 * address, or members, counted per member), limits per day and in total, and when readers see the
 * results. Its subjects open from the row (Vote Subject page); its results from the row too.
 * Permission keys are the seeded ones (vote:vote:*), so existing grants keep working.
 */
export const voteResource = defineResource({
  name: 'vote',
  api: '/vote',
  id: 'voteId',
  perms: crud('vote:vote', { export: undefined }),
  menu: {
    id: 2066, parent: MENU_DIRS.interactive, order: 4, path: 'vote', component: 'vote/index', icon: 'radio',
    buttons: { add: 2071, edit: 2072, remove: 2073 },
  },
  drill: { to: '/operations/vote/subjects', param: 'voteId', label: 'subjects' },
  texts: {
    title: { 'zh-CN': '调查投票', 'zh-TW': '調查投票', en: 'Vote' },
    fields: {
      voteId: { 'zh-CN': '投票ID', 'zh-TW': '投票ID', en: 'Vote ID' },
      title: { 'zh-CN': '标题', 'zh-TW': '標題', en: 'Title' },
      code: { 'zh-CN': '编码', 'zh-TW': '代碼', en: 'Code' },
      status: { 'zh-CN': '状态', 'zh-TW': '狀態', en: 'Status' },
      startTime: { 'zh-CN': '开始时间', 'zh-TW': '開始時間', en: 'Start' },
      endTime: { 'zh-CN': '结束时间', 'zh-TW': '結束時間', en: 'End' },
      userType: { 'zh-CN': '投票用户', 'zh-TW': '投票使用者', en: 'Who May Vote' },
      dayLimit: { 'zh-CN': '每日限投次数', 'zh-TW': '每日限投次數', en: 'Daily Limit' },
      totalLimit: { 'zh-CN': '总限投次数', 'zh-TW': '總限投次數', en: 'Total Limit' },
      viewType: { 'zh-CN': '结果查看方式', 'zh-TW': '結果檢視方式', en: 'Results Shown' },
      total: { 'zh-CN': '参与次数', 'zh-TW': '參與次數', en: 'Submissions' },
      remark: { 'zh-CN': '备注', 'zh-TW': '備註', en: 'Remark' },
      createTime: { 'zh-CN': '创建时间', 'zh-TW': '建立時間', en: 'Created' },
    },
    more: {
      subjects: { 'zh-CN': '主题', 'zh-TW': '主題', en: 'Subjects' },
      results: { 'zh-CN': '结果', 'zh-TW': '結果', en: 'Results' },
      userType_ip: { 'zh-CN': '所有人（按IP限制）', 'zh-TW': '所有人（依IP限制）', en: 'Anyone (per address)' },
      userType_member: { 'zh-CN': '仅会员（按会员限制）', 'zh-TW': '僅會員（依會員限制）', en: 'Members only (per member)' },
      limitHint: { 'zh-CN': '0 表示不限', 'zh-TW': '0 表示不限', en: '0 means no limit' },
      resultsOf: { 'zh-CN': '投票结果 · {{name}}', 'zh-TW': '投票結果 · {{name}}', en: 'Results · {{name}}' },
      totalVotes: { 'zh-CN': '共 {{count}} 人次参与', 'zh-TW': '共 {{count}} 人次參與', en: '{{count}} submission(s)' },
      option: { 'zh-CN': '选项', 'zh-TW': '選項', en: 'Option' },
      count: { 'zh-CN': '票数', 'zh-TW': '票數', en: 'Votes' },
      percent: { 'zh-CN': '占比', 'zh-TW': '占比', en: 'Share' },
      answers: { 'zh-CN': '填写内容（最新 {{count}} 条）', 'zh-TW': '填寫內容（最新 {{count}} 筆）', en: 'Answers (newest {{count}})' },
      answerTime: { 'zh-CN': '时间', 'zh-TW': '時間', en: 'Time' },
      noAnswers: { 'zh-CN': '暂无填写内容', 'zh-TW': '尚無填寫內容', en: 'No answers yet' },
    },
  },
  fields: {
    voteId: { kind: 'id', column: true },
    title: { kind: 'text', input: requiredText(200), column: true, filter: 'like', form: true },
    /** what a template names the vote by (`cms_vote code: …`): unique per site */
    code: { kind: 'text', input: code(50), column: true, form: true },
    status: { kind: 'dict', dict: 'VoteStatus', input: z.enum(VOTE_STATUSES).default('0'), column: true, filter: 'eq', form: true, initial: '0' },
    startTime: { kind: 'datetime', input: dateTimeInput().nullable().optional(), column: { sortable: true }, form: true },
    endTime: { kind: 'datetime', input: dateTimeInput().nullable().optional(), column: { sortable: true }, form: true },
    userType: {
      kind: 'dict', options: VOTE_USER_TYPES.map((t) => ({ value: t, label: `screens:vote.userType_${t}` })),
      input: z.enum(VOTE_USER_TYPES).default('ip'), column: true, form: true, initial: 'ip',
    },
    dayLimit: { kind: 'number', input: intRange(0, 10000, 1), column: true, form: true, initial: 1, hint: 'screens:vote.limitHint' },
    totalLimit: { kind: 'number', input: intRange(0, 100000, 1), column: true, form: true, initial: 1, hint: 'screens:vote.limitHint' },
    viewType: { kind: 'dict', dict: 'VoteViewType', input: z.enum(VOTE_VIEW_TYPES).default('2'), column: true, form: true, initial: '2' },
    total: { kind: 'number', column: true },
    remark: { kind: 'textarea', input: optionalText(500), form: true },
    createTime: { kind: 'datetime' },
  },
  sort: { field: 'voteId', order: 'desc' },
  unique: ['code'],
  check: (values) => {
    const on = values.startTime ? new Date(values.startTime as string) : null;
    const off = values.endTime ? new Date(values.endTime as string) : null;
    return on && off && off.getTime() <= on.getTime() ? [{ field: 'endTime', key: 'notBefore', params: { otherField: 'startTime' } }] : [];
  },
});
