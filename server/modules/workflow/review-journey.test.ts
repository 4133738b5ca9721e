import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { apiOf, startOn } from './test-restart.ts';
import { sysUser } from '../system/schema.ts';
import { createUser, grantPermission } from '../auth/test-fixtures.ts';
import { startSmtpSink, startWebhookSink, type SmtpSink, type WebhookSink } from '../messaging/test-sinks.ts';
import { deliverDue } from '../cms/pusher/delivery.ts';
import { H, setUpReviewWorld, type ReviewWorld } from './test-review.ts';

// Issue 32's review acceptance on the API, start to end: the two-step model bound to a catalog; an
// editor submits, the first reviewer approves, the server restarts, the second rejects with a
// comment, the editor edits and resubmits, both approve and the page is published; every step
// reaches a webhook and a mailbox through the site's pushers (local receivers); a suspended model
// then refuses new submissions with a clear message. (Drawing the model: the modeler's browser test.)
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-review-journey-'));
let smtp: SmtpSink;
let hook: WebhookSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
  hook = await startWebhookSink();
});
afterAll(async () => {
  await smtp?.close();
  await hook?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const start = () => startOn(dataDir, { messagingAllowedHosts: ['127.0.0.1'] });

describe('a two-step review with its notices, across a restart', () => {
  it('is submitted, approved, rejected with a comment, resubmitted, approved twice and published; each step notified by webhook and e-mail', async () => {
    let server = await start();
    let api = apiOf(server);
    const login = async (name: string, password = 'Secret123') => {
      await server.services.db.update(sysUser).set({ forceModifyPassword: 'N' }).where(eq(sysUser.userName, name));
      return (await api('POST', '/login', { body: { username: name, password } })).data as string;
    };
    const admin = await login('admin', 'admin123');
    const w: ReviewWorld = await setUpReviewWorld(api, server.services.db, { createUser, grantPermission }, admin, (name) => login(name), 'wj');
    const on = { ...H, CurrentSite: String(w.siteId) };
    const ok = async (token: string, method: string, path: string, body?: unknown) => {
      const r = await api(method, path, { token, headers: on, body });
      expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
      return r.data;
    };
    for (const [name, type, config] of [
      ['Desk hook', 'WEBHOOK', { url: `${hook.url}/reviews`, secret: 'hook-secret', language: 'zh-TW' }],
      ['Desk mail', 'EMAIL', { host: '127.0.0.1', port: smtp.port, security: 'NONE', username: 'mailer', password: 'S3cret!', fromAddress: 'cms@example.com', recipients: 'desk@example.com', language: 'en' }],
    ] as const) await ok(admin, 'POST', '/cms/pusher', { name, type, status: '0', events: ['ContentSubmitted', 'ReviewResult'], config });
    /** Delivers what the step queued; the notices of this step, as the webhook and the mailbox got them. */
    const notices = async () => {
      const [posts, mails] = [hook.posts.length, smtp.mails.length];
      await deliverDue(server.services, { timeoutMs: 5000 });
      return {
        hook: hook.posts.slice(posts).map((p) => (JSON.parse(p.body) as { subject: string }).subject),
        mail: smtp.mails.slice(mails).map((m) => m.subject),
      };
    };
    const todo = async (token: string) => (await ok(token, 'GET', '/workflow/review/todo')).rows as { taskId: number; contentId: number; step: string }[];
    const decide = async (token: string, decision: 'approve' | 'reject', comment?: string) => {
      const [task] = (await todo(token)).filter((t) => t.contentId === contentId);
      expect(task, `a task for ${decision}`).toBeDefined();
      return ok(token, 'POST', `/workflow/review/${task!.taskId}/${decision}`, comment ? { comment } : {});
    };
    const status = async () => (await ok(w.tokens.editor, 'GET', `/cms/content/init/${w.reviewed}/article/${contentId}`)).status as string;

    const contentId = (await ok(w.tokens.editor, 'POST', '/cms/content?contentType=article', { catalogId: w.reviewed, title: 'Harbour bridge', contentHtml: '<p>First draft</p>' })).contentId as number;
    expect(await ok(w.tokens.editor, 'POST', '/cms/content/publish', { contentIds: [contentId] })).toMatchObject({ submitted: 1 });
    expect(await notices()).toEqual({ hook: ['內容待審核：Harbour bridge'], mail: ['Awaiting review: Harbour bridge'] });

    await decide(w.tokens.first, 'approve');
    expect(await notices()).toEqual({
      hook: expect.arrayContaining(['審核結果：Harbour bridge', '內容待審核：Harbour bridge']),
      mail: expect.arrayContaining(['Review result: Harbour bridge', 'Awaiting review: Harbour bridge']),
    });

    // The server stops in the middle of the review and starts again on the same database.
    await server.close();
    server = await start();
    api = apiOf(server);
    expect((await todo(w.tokens.second)).map((t) => [t.contentId, t.step])).toContainEqual([contentId, 'Chief check']);

    await decide(w.tokens.second, 'reject', 'Name the source of the figures');
    const rejected = await notices();
    expect(rejected.mail).toEqual(['Review result: Harbour bridge']);
    expect(JSON.parse(hook.posts.at(-1)!.body).text).toContain('內容「Harbour bridge」在「Chief check」步驟的審核結果：退回。審核人：wfsecond。意見：Name the source of the figures');
    expect(await status()).toBe('0');

    // The editor edits and submits again; both steps approve; the last approval publishes.
    const detail = await ok(w.tokens.editor, 'GET', `/cms/content/init/${w.reviewed}/article/${contentId}`);
    await ok(w.tokens.editor, 'PUT', '/cms/content?contentType=article', { contentId, catalogId: w.reviewed, title: 'Harbour bridge', version: detail.version, contentHtml: '<p>Figures from the port authority</p>' });
    await ok(w.tokens.editor, 'POST', '/cms/content/publish', { contentIds: [contentId] });
    expect((await notices()).mail).toEqual(['Awaiting review: Harbour bridge']);
    await decide(w.tokens.first, 'approve');
    await notices();
    await decide(w.tokens.second, 'approve');
    expect((await notices()).mail).toEqual(['Review result: Harbour bridge']);
    expect(await status()).toBe('30');
    const history = (await ok(w.tokens.editor, 'GET', `/workflow/review/history/${contentId}`)) as { action: string }[];
    expect(history.map((x) => x.action)).toEqual(['submit', 'approve', 'reject', 'submit', 'approve', 'approve', 'publish']);

    // Suspended: a new submission is refused, saying why.
    await ok(admin, 'PUT', `/workflow/model/${w.twoSteps}/suspend`);
    const later = (await ok(w.tokens.editor, 'POST', '/cms/content?contentType=article', { catalogId: w.reviewed, title: 'Ferry times', contentHtml: '<p>x</p>' })).contentId as number;
    const refused = await api('POST', '/cms/content/publish', { token: w.tokens.editor, headers: on, body: { contentIds: [later] } });
    expect(refused.msg).toBe('"Ferry times" cannot be submitted for review: the review workflow "Two steps" is suspended');
    await server.close();
  }, 180_000);
});
