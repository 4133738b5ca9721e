import { defineResource } from '../define.ts';
import { crud, MENU_DIRS, type Texts } from '../declare.ts';

const t = (zhCN: string, zhTW: string, en: string): Texts => ({ 'zh-CN': zhCN, 'zh-TW': zhTW, en });

/** The comment's delete flag as the list shows and filters it. */
export const COMMENT_DEL_FLAGS = ['N', 'Y'] as const;

/**
 * Readers' comments on the current site's contents (ChestnutCMS /comment, menu "Comment" 2065
 * under Interactive): listed with filters by content, member, audit status, deletion and time;
 * audited (pass / not pass), deleted and recovered in batches (the extension's toolbar and the
 * routes in server/modules/cms/comment/crud.ts); a row's replies and likes open from it. Written
 * by readers only (the public API): no add or edit here. A comment is text, shown as text.
 */
export const commentResource = defineResource({
  name: 'comment',
  api: '/comment',
  id: 'commentId',
  // Keys as seeded before this screen existed (comment:comment:*), so existing roles keep their grants.
  perms: crud('comment:comment', { add: undefined, edit: undefined, export: undefined }),
  // The page row and its delete button ship from here; the audit button (2069, comment:comment:audit)
  // stays in the system's seed, as the custom form's publish button does.
  menu: { id: 2065, parent: MENU_DIRS.interactive, order: 3, path: 'comment', component: 'comment/commentList', icon: 'chat', buttons: { remove: 2070 } },
  texts: {
    title: t('评论管理', '評論管理', 'Comment'),
    fields: {
      commentId: t('评论ID', '評論ID', 'Comment ID'),
      sourceType: t('来源类型', '來源類型', 'Source Type'),
      sourceId: t('内容ID', '內容ID', 'Content ID'),
      sourceTitle: t('内容标题', '內容標題', 'Content'),
      uid: t('会员ID', '會員ID', 'Member ID'),
      nickName: t('会员', '會員', 'Member'),
      content: t('评论内容', '評論內容', 'Comment'),
      parentId: t('上级评论', '上層評論', 'Reply Under'),
      likeCount: t('点赞数', '按讚數', 'Likes'),
      replyCount: t('回复数', '回覆數', 'Replies'),
      auditStatus: t('审核状态', '審核狀態', 'Audit Status'),
      delFlag: t('删除状态', '刪除狀態', 'Deleted'),
      ip: t('IP地址', 'IP位址', 'IP Address'),
      location: t('所在地', '所在地', 'Location'),
      clientType: t('客户端', '用戶端', 'Client'),
      commentTime: t('评论时间', '評論時間', 'Commented'),
    },
    more: {
      delFlag_N: t('正常', '正常', 'Live'),
      delFlag_Y: t('已删除', '已刪除', 'Deleted'),
      anonymous: t('匿名读者', '匿名讀者', 'Anonymous reader'),
      auditPass: t('审核通过', '審核通過', 'Pass'),
      auditNotPass: t('审核不通过', '審核不通過', 'Not Pass'),
      recover: t('恢复', '復原', 'Recover'),
      audited: t('已审核 {{count}} 条评论', '已審核 {{count}} 則評論', '{{count}} comment(s) audited'),
      recovered: t('已恢复 {{count}} 条评论', '已復原 {{count}} 則評論', '{{count}} comment(s) recovered'),
      replies: t('回复', '回覆', 'Replies'),
      likes: t('点赞', '按讚', 'Likes'),
      repliesOf: t('评论 {{id}} 的回复', '評論 {{id}} 的回覆', 'Replies to comment {{id}}'),
      likesOf: t('评论 {{id}} 的点赞', '評論 {{id}} 的按讚', 'Likes of comment {{id}}'),
      replyTo: t('回复 {{name}}', '回覆 {{name}}', 'Reply to {{name}}'),
      likedAt: t('点赞时间', '按讚時間', 'Liked'),
      none: t('暂无数据', '暫無資料', 'Nothing yet'),
      close: t('关闭', '關閉', 'Close'),
    },
  },
  fields: {
    commentId: { kind: 'id', column: true },
    sourceType: { kind: 'text' },
    sourceId: { kind: 'id', filter: 'eq' },
    sourceTitle: { kind: 'text', column: { ellipsis: true, width: '12rem' }, computed: true },
    uid: { kind: 'id', filter: 'eq' },
    nickName: { kind: 'text', column: { width: '8rem' }, computed: true },
    content: { kind: 'textarea', column: { ellipsis: true, width: '20rem' } },
    parentId: { kind: 'id' },
    likeCount: { kind: 'number', column: { sortable: true } },
    replyCount: { kind: 'number', column: { sortable: true } },
    auditStatus: { kind: 'dict', dict: 'CommentAuditStatus', column: true, filter: 'eq' },
    delFlag: { kind: 'text', column: true, filter: 'eq', options: COMMENT_DEL_FLAGS.map((v) => ({ value: v, label: `screens:comment.delFlag_${v}` })) },
    ip: { kind: 'text', column: { width: '8rem' } },
    location: { kind: 'text' },
    clientType: { kind: 'text', column: true },
    commentTime: { kind: 'datetime', column: { sortable: true }, filter: 'range' },
  },
  sort: { field: 'commentTime', order: 'desc' },
});
