import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, it } from 'vitest';
import { TABLE_ROWS, useHarness } from '../browser/harness.ts';

// Issue 32's message pushers: the list (a pusher of each type), the add dialog with e-mail's
// settings, and the delivery log with sent, waiting and failed rows, in zh-CN, zh-TW and en at
// 1440 and 800 px, saved as <SHOTS_DIR>/<screen>-<language>-<width>.png. Checks nothing.

const DIR = process.env.SHOTS_DIR || 'shots';
const WIDTHS = [1440, 800] as const;
const h = useHarness({ admin: 'pushersadmin' });

let token = '';
let siteId = 0;
async function api(method: string, path: string, body?: unknown) {
  const r = await h.server.api(method, path, { token, body, headers: { CurrentSite: String(siteId), repeatSubmit: 'false' } });
  if (r.code !== 200) throw new Error(`${method} ${path}: ${r.msg}`);
  return r.data as any;
}

beforeAll(async () => {
  token = decodeURIComponent((await h.context.cookies()).find((c) => c.name === 'Admin-Token')!.value);
  siteId = (await api('POST', '/cms/site', { name: 'Harbour', path: 'harbour' })).siteId;
  const all = ['ContentSubmitted', 'ReviewResult', 'PublishFailed', 'CommentPending', 'MailboxPending', 'FormSubmitted', 'AsyncTaskFailed'];
  await api('POST', '/cms/pusher', { name: 'Editors by mail', type: 'EMAIL', events: all.slice(0, 3), config: { host: 'smtp.example.com', port: 465, security: 'SSL', username: 'cms', password: 'x', fromAddress: 'cms@example.com', recipients: 'desk@example.com', language: 'zh-CN' } });
  await api('POST', '/cms/pusher', { name: 'Ops webhook', type: 'WEBHOOK', events: ['PublishFailed', 'AsyncTaskFailed'], config: { url: 'https://hooks.example.com/castanea', secret: 's', language: 'en' } });
  await api('POST', '/cms/pusher', { name: 'Desk robot', type: 'WECOM', events: ['CommentPending', 'MailboxPending'], config: { url: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k', language: 'zh-CN' } });
  await api('POST', '/cms/pusher', { name: 'DingTalk group', type: 'DINGTALK', status: '1', events: ['FormSubmitted'], config: { url: 'https://oapi.dingtalk.com/robot/send?access_token=t', secret: 's', language: 'zh-TW' } });
  await api('POST', '/cms/pusher', { name: 'Feishu group', type: 'FEISHU', events: ['ReviewResult'], config: { url: 'https://open.feishu.cn/open-apis/bot/v2/hook/x', language: 'en' } });
  // Deliveries as the outbox writes them; the worker is off in the harness, and the hosts are not reachable anyway.
  const { cmsPusherDelivery, cmsPusher } = await import('../../server/modules/cms/pusher/schema.ts');
  const db = h.server.database.db;
  const pushers = await db.select().from(cmsPusher);
  const at = (p: string) => pushers.find((x) => x.name === p)!.pusherId;
  await db.insert(cmsPusherDelivery).values([
    { siteId, pusherId: at('Ops webhook'), eventType: 'PublishFailed', params: { target: 'content #12', site: 'Harbour', error: 'detail.template.html, line 3' }, status: 'SENT', attempts: 1, sentTime: new Date() },
    { siteId, pusherId: at('Desk robot'), eventType: 'CommentPending', params: { title: 'Ferry times', comment: 'When?' }, status: 'PENDING', attempts: 2, failure: { key: 'messaging.error.httpStatus', params: { status: 503 } } },
    { siteId, pusherId: at('Editors by mail'), eventType: 'ContentSubmitted', params: { title: 'Ferry times' }, status: 'FAILED', attempts: 5, failure: { key: 'messaging.error.unknownHost', params: { target: 'smtp.example.com:465' } } },
  ]);
  await h.page.goto(h.url('/admin/favicon.svg'));
  await h.page.evaluate((id) => localStorage.setItem('CurrentSite', id), String(siteId));
});

async function save(name: string, tag: string, fullPage = true) {
  await h.page.waitForLoadState('networkidle').catch(() => undefined);
  await h.page.waitForTimeout(300);
  await h.page.screenshot({ path: join(DIR, `${name}-${tag}.png`), fullPage });
}
const wait = (selector: string) => h.page.locator(selector).first().waitFor({ timeout: 15_000 }).catch(() => console.warn(`${selector} did not show`));

it('saves the message pushers\' screens', async () => {
  mkdirSync(DIR, { recursive: true });
  await h.inEveryLook(async ({ tag }) => {
    await h.openScreen('/admin/operations/pusher');
    await wait(TABLE_ROWS);
    await save('pusher-list', tag);
    await h.rowOf('Editors by mail').getByRole('button').first().click();
    await h.dialog().waitFor();
    await h.page.waitForFunction(() => !document.querySelector('.p-dialog-enter-active, .p-dialog-enter'));
    await save('pusher-edit', tag, false);
    await h.page.keyboard.press('Escape');
    await h.openScreen('/admin/operations/pusher/deliveries');
    await wait(TABLE_ROWS);
    await save('pusher-deliveries', tag);
  }, WIDTHS);
});
