import { z } from 'zod';
import { defineResource } from '../define.ts';
import { id, intRange, requiredText } from '../../validators/common.ts';
import { v } from '../../validators/issues.ts';
import { VOTE_MAX_ITEMS, VOTE_SUBJECT_TYPES } from '../../cms/vote.ts';
import { voteResource } from './vote.ts';

/**
 * The subjects of one vote (ChestnutCMS /vote/subject, page "Vote Subject" opened from a vote's
 * row): a single-choice, multiple-choice or text-input question, with its options one per line.
 * Editing the lines keeps an unchanged option (and its count); a removed line's option goes.
 */
export const voteSubjectResource = defineResource({
  name: 'voteSubject',
  api: '/vote/subject',
  id: 'subjectId',
  perms: { view: voteResource.perms.view, add: voteResource.perms.edit!, edit: voteResource.perms.edit!, remove: voteResource.perms.edit! },
  page: {
    path: '/operations/vote/subjects', activeMenu: '/operations/vote', queryFilters: ['voteId'],
    caption: { param: 'voteId', api: voteResource.api, field: 'title', label: 'ofVote' },
  },
  texts: {
    title: { 'zh-CN': '调查投票主题', 'zh-TW': '調查投票主題', en: 'Vote Subject' },
    fields: {
      subjectId: { 'zh-CN': '主题ID', 'zh-TW': '主題ID', en: 'Subject ID' },
      voteId: { 'zh-CN': '所属投票', 'zh-TW': '所屬投票', en: 'Vote' },
      type: { 'zh-CN': '类型', 'zh-TW': '類型', en: 'Type' },
      title: { 'zh-CN': '主题', 'zh-TW': '主題', en: 'Subject' },
      itemLines: { 'zh-CN': '选项', 'zh-TW': '選項', en: 'Options' },
      sortFlag: { 'zh-CN': '排序', 'zh-TW': '排序', en: 'Sort' },
      createTime: { 'zh-CN': '创建时间', 'zh-TW': '建立時間', en: 'Created' },
    },
    more: {
      ofVote: { 'zh-CN': '投票“{{name}}”的主题', 'zh-TW': '投票「{{name}}」的主題', en: 'Subjects of “{{name}}”' },
      itemsHint: { 'zh-CN': '每行一个选项（单选、多选）；输入类主题不需要', 'zh-TW': '每行一個選項（單選、多選）；輸入類主題不需要', en: 'One option per line (single or multiple choice); none for a text input' },
    },
  },
  fields: {
    subjectId: { kind: 'id' },
    /** the vote, one of the current site's (the server checks) */
    voteId: { kind: 'number', input: id(), filter: 'eq', form: 'create' },
    title: { kind: 'text', input: requiredText(500), column: true, form: true },
    type: { kind: 'dict', dict: 'VoteSubjectType', input: z.enum(VOTE_SUBJECT_TYPES, v('required')), column: true, form: true, initial: 'radio' },
    /** the options, one per line (not a column of the subject: stored as cms_vote_subject_item rows) */
    itemLines: { kind: 'textarea', input: z.string().max(VOTE_MAX_ITEMS * 501, v('tooLong')).optional(), column: { ellipsis: true, width: '20rem' }, form: true, rows: 6, hint: 'screens:voteSubject.itemsHint', computed: true },
    sortFlag: { kind: 'number', input: intRange(0, 9999, 0), column: { sortable: true }, form: true, initial: 0 },
    createTime: { kind: 'datetime' },
  },
  sort: { field: 'sortFlag', order: 'asc' },
});
