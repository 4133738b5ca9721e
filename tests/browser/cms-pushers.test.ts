import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useHarness } from './harness.ts';
import { seriousViolations, untilStill } from './axe.ts';
import { pusherResource } from '../../shared/resources/cms/pusher.ts';
import { pusherDeliveryResource } from '../../shared/resources/cms/pusher-delivery.ts';
import { cmsPusher, cmsPusherDelivery } from '../../server/modules/cms/pusher/schema.ts';
import { startWebhookSink, type WebhookSink } from '../../server/modules/messaging/test-sinks.ts';

// Issue 32 item 3 in the browser: a pusher's Send test really posts to a local receiver and says
// so; a failed delivery of the log is sent again from its row, the button reached by keyboard.

const h = useHarness({ admin: 'pushadmin', config: { messagingAllowedHosts: ['127.0.0.1'] } });
let token = '';
let siteId = 0;
let pusherId = 0;
let failed = 0;
let hook: WebhookSink;

beforeAll(async () => {
  hook = await startWebhookSink();
  token = decodeURIComponent((await h.context.cookies()).find((c) => c.name === 'Admin-Token')!.value);
  siteId = (await h.server.api('POST', '/cms/site', { token, body: { name: 'Push', path: 'pushscreen' }, headers: { repeatSubmit: 'false' } })).data.siteId;
  const r = await h.server.api('POST', '/cms/pusher', { token, body: { name: 'Desk robot', type: 'WECOM', events: ['CommentPending'], config: { url: `${hook.url}/wecom?key=k`, language: 'zh-CN' } }, headers: { repeatSubmit: 'false', CurrentSite: String(siteId) } });
  expect(r.code, r.msg).toBe(200);
  const db = h.server.database.db;
  pusherId = (await db.select().from(cmsPusher).where(eq(cmsPusher.siteId, siteId)))[0]!.pusherId;
  [{ id: failed }] = await db.insert(cmsPusherDelivery).values({ siteId, pusherId, eventType: 'CommentPending', params: { title: 'Ferry' }, status: 'FAILED', attempts: 5, failure: { key: 'messaging.error.httpStatus', params: { status: 503 } } })
    .returning({ id: cmsPusherDelivery.deliveryId });
  await h.page.goto(h.url('/admin/favicon.svg'));
  await h.page.evaluate((id) => localStorage.setItem('CurrentSite', id), String(siteId));
});
afterAll(async () => {
  await hook?.close();
});

describe('the Message Pusher screens', () => {
  it('sends a test message from a row and says it went', async () => {
    await h.openScreen('/admin/operations/pusher', `[data-testid=pusher-test-${pusherId}]`);
    expect(await h.page.title()).toContain(pusherResource.texts!.title['zh-CN']);
    await h.page.getByRole('button', { name: `${pusherResource.texts!.more!.test!['zh-CN']} · Desk robot` }).click();
    await h.page.getByText('测试消息已发送：Desk robot').waitFor();
    expect(hook.posts).toHaveLength(1);
    expect(JSON.parse(hook.posts[0]!.body).text.content).toMatch(/^测试消息：Desk robot/);
    await untilStill(h.page);
    expect(await seriousViolations(h.page)).toEqual([]);
  });

  it('lists deliveries with their localized error, and sends a failed one again by keyboard', async () => {
    await h.openScreen(`/admin/operations/pusher/deliveries?pusherId=${pusherId}`, `[data-testid=pusher-retry-${failed}]`);
    expect(await h.rowOf('Desk robot').textContent()).toContain('HTTP 503');
    await h.page.getByTestId(`pusher-retry-${failed}`).focus();
    await h.page.keyboard.press('Enter');
    await h.page.getByText(pusherDeliveryResource.texts!.more!.retried!['zh-CN']).waitFor();
    expect((await h.server.database.db.select().from(cmsPusherDelivery).where(eq(cmsPusherDelivery.deliveryId, failed)))[0]).toMatchObject({ status: 'PENDING', attempts: 0 });
    // The list again: the row waits, so no Send again any more.
    await h.page.getByTestId(`pusher-retry-${failed}`).waitFor({ state: 'detached' });
  });
});
