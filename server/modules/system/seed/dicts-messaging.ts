import { v, type DictSeed } from '../../../core/seed-data.ts';

// Castanea's own: the platforms a messaging-platform config sends through (values are the API's).
export const MESSAGING_DICTS: readonly DictSeed[] = [
  {
    type: 'MessagingPlatform',
    titles: ['消息平台', 'Messaging Platform', '訊息平台'],
    values: [
      v('SMTP', ['SMTP 邮件', 'SMTP email', 'SMTP 郵件'], { listClass: 'primary' }),
      v('WEBHOOK', ['通用 Webhook', 'Generic webhook', '通用 Webhook'], { listClass: 'info' }),
      v('DINGTALK', ['钉钉机器人', 'DingTalk robot', '釘釘機器人'], { listClass: 'success' }),
      v('WECOM', ['企业微信机器人', 'WeCom robot', '企業微信機器人'], { listClass: 'success' }),
      v('FEISHU', ['飞书机器人', 'Feishu robot', '飛書機器人'], { listClass: 'success' }),
    ],
  },
];
