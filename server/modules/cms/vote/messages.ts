import type { MessageCatalog } from '../../../core/i18n.ts';

/** Server messages of votes (console and public API), per language (merged into the CMS's). */
export const VOTE_MESSAGES: MessageCatalog = {
  'zh-CN': {
    vote: {
      notFound: '投票不存在',
      notStarted: '投票尚未开始',
      ended: '投票已结束',
      closed: '投票已关闭',
      membersOnly: '该投票仅限会员参与，请先登录',
      dayLimit: '今日已投票 {{max}} 次，已达每日上限',
      totalLimit: '已投票 {{max}} 次，已达总次数上限',
      noSubjects: '该投票还没有主题',
      answerRequired: '请回答“{{subject}}”',
      oneChoice: '“{{subject}}”只能选择一项',
      unknownChoice: '“{{subject}}”的选项不存在',
      textTooLong: '“{{subject}}”的回答不能超过 {{max}} 个字符',
      resultHidden: '该投票不公开结果',
      resultAfterVote: '投票后才能查看结果',
    },
  },
  'zh-TW': {
    vote: {
      notFound: '投票不存在',
      notStarted: '投票尚未開始',
      ended: '投票已結束',
      closed: '投票已關閉',
      membersOnly: '此投票僅限會員參與，請先登入',
      dayLimit: '今日已投票 {{max}} 次，已達每日上限',
      totalLimit: '已投票 {{max}} 次，已達總次數上限',
      noSubjects: '此投票還沒有主題',
      answerRequired: '請回答「{{subject}}」',
      oneChoice: '「{{subject}}」只能選擇一項',
      unknownChoice: '「{{subject}}」的選項不存在',
      textTooLong: '「{{subject}}」的回答不能超過 {{max}} 個字元',
      resultHidden: '此投票不公開結果',
      resultAfterVote: '投票後才能檢視結果',
    },
  },
  en: {
    vote: {
      notFound: 'No such vote',
      notStarted: 'This vote has not started yet',
      ended: 'This vote has ended',
      closed: 'This vote is closed',
      membersOnly: 'Only members may take part in this vote: please sign in',
      dayLimit: 'You have voted {{max}} time(s) today, the most this vote allows in a day',
      totalLimit: 'You have voted {{max}} time(s), the most this vote allows',
      noSubjects: 'This vote has no subjects yet',
      answerRequired: 'Please answer "{{subject}}"',
      oneChoice: '"{{subject}}" takes one choice only',
      unknownChoice: '"{{subject}}": that choice is not one of its options',
      textTooLong: '"{{subject}}": the answer cannot exceed {{max}} characters',
      resultHidden: 'The results of this vote are not shown',
      resultAfterVote: 'The results are shown once you have voted',
    },
  },
};
