import type { MessageCatalog } from '../../../core/i18n.ts';

/**
 * Server messages of the message pushers, per language: each event's message (`pusher.event.<type>.title`
 * and `.text`, filled with the event's params; see shared/cms/events.ts for who emits which), the
 * test message and the routes' answers.
 */
export const PUSHER_MESSAGES: MessageCatalog = {
  'zh-CN': {
    pusher: {
      event: {
        ContentSubmitted: { title: '内容待审核：{{title}}', text: '{{user}} 提交的内容“{{title}}”等待审核（步骤：{{step}}）。' },
        ReviewResult: { title: '审核结果：{{title}}', text: '内容“{{title}}”在“{{step}}”步骤的审核结果：{{result}}。审核人：{{user}}。意见：{{comment}}' },
        PublishFailed: { title: '发布失败：{{target}}', text: '站点“{{site}}”发布 {{target}} 失败：{{error}}' },
        CommentPending: { title: '新评论待审核', text: '内容“{{title}}”有一条新评论等待审核：{{comment}}' },
        MailboxPending: { title: '新留言待审核：{{title}}', text: '{{name}} 留言“{{title}}”，等待审核：{{content}}' },
        FormSubmitted: { title: '表单有新提交：{{form}}', text: '自定义表单“{{form}}”收到一条新提交（编号 {{entryId}}）。' },
        AsyncTaskFailed: { title: '后台任务失败：{{name}}', text: '后台任务“{{name}}”执行失败：{{error}}' },
      },
      result: { approved: '通过', rejected: '退回' },
      link: '查看：{{url}}',
      test: { title: '测试消息：{{name}}', text: '这是推送“{{name}}”的测试消息，由 {{user}} 于 {{time}} 发送。' },
      testSent: '测试消息已发送：{{name}}',
      testFailed: '推送“{{name}}”的测试消息发送失败：{{reason}}',
      retryNotFailed: '只有发送失败的记录可以重新发送',
      notFound: '推送记录不存在',
      error: { disabled: '推送已停用或已删除' },
    },
  },
  'zh-TW': {
    pusher: {
      event: {
        ContentSubmitted: { title: '內容待審核：{{title}}', text: '{{user}} 送審的內容「{{title}}」等待審核（步驟：{{step}}）。' },
        ReviewResult: { title: '審核結果：{{title}}', text: '內容「{{title}}」在「{{step}}」步驟的審核結果：{{result}}。審核人：{{user}}。意見：{{comment}}' },
        PublishFailed: { title: '發布失敗：{{target}}', text: '網站「{{site}}」發布 {{target}} 失敗：{{error}}' },
        CommentPending: { title: '新評論待審核', text: '內容「{{title}}」有一則新評論等待審核：{{comment}}' },
        MailboxPending: { title: '新留言待審核：{{title}}', text: '{{name}} 留言「{{title}}」，等待審核：{{content}}' },
        FormSubmitted: { title: '表單有新的送出資料：{{form}}', text: '自訂表單「{{form}}」收到一筆新的送出資料（編號 {{entryId}}）。' },
        AsyncTaskFailed: { title: '背景工作失敗：{{name}}', text: '背景工作「{{name}}」執行失敗：{{error}}' },
      },
      result: { approved: '核准', rejected: '退回' },
      link: '檢視：{{url}}',
      test: { title: '測試訊息：{{name}}', text: '這是推送「{{name}}」的測試訊息，由 {{user}} 於 {{time}} 傳送。' },
      testSent: '測試訊息已傳送：{{name}}',
      testFailed: '推送「{{name}}」的測試訊息傳送失敗：{{reason}}',
      retryNotFailed: '只有傳送失敗的紀錄可以重新傳送',
      notFound: '推送紀錄不存在',
      error: { disabled: '推送已停用或已刪除' },
    },
  },
  en: {
    pusher: {
      event: {
        ContentSubmitted: { title: 'Awaiting review: {{title}}', text: '"{{title}}", submitted by {{user}}, awaits review at the step "{{step}}".' },
        ReviewResult: { title: 'Review result: {{title}}', text: '"{{title}}" was {{result}} at the step "{{step}}" by {{user}}. Comment: {{comment}}' },
        PublishFailed: { title: 'Publish failed: {{target}}', text: 'Publishing {{target}} of site "{{site}}" failed: {{error}}' },
        CommentPending: { title: 'A comment awaits review', text: 'A new comment on "{{title}}" awaits review: {{comment}}' },
        MailboxPending: { title: 'A message awaits review: {{title}}', text: '{{name}} left the message "{{title}}", awaiting review: {{content}}' },
        FormSubmitted: { title: 'New form entry: {{form}}', text: 'The custom form "{{form}}" received a new entry (no. {{entryId}}).' },
        AsyncTaskFailed: { title: 'Background task failed: {{name}}', text: 'The background task "{{name}}" failed: {{error}}' },
      },
      result: { approved: 'approved', rejected: 'rejected' },
      link: 'Open: {{url}}',
      test: { title: 'Test message: {{name}}', text: 'This is a test message of the pusher "{{name}}", sent by {{user}} at {{time}}.' },
      testSent: 'Test message sent: {{name}}',
      testFailed: 'The test message of the pusher "{{name}}" could not be sent: {{reason}}',
      retryNotFailed: 'Only a failed delivery can be sent again',
      notFound: 'No such delivery',
      error: { disabled: 'The pusher is disabled or deleted' },
    },
  },
};
