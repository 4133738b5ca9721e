import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';
import { readerPage } from './reader-page.ts';
import { cmsApi, type CmsApi } from './cms-api.ts';
import { drainQueue } from '../../server/modules/cms/publish/worker.ts';
import { cmsVoteLog } from '../../server/modules/cms/vote/schema.ts';
import { cmsMember } from '../../server/modules/cms/member/schema.ts';

// Issue 31's vote, the reader's side, in Chromium on a site published with the default theme (in
// zh-CN): a member signs in and votes on the home page's members-only vote through the readers'
// script, sees the results the vote shows after voting, and is refused a second vote past its limit
// in their language. The vote was edited after publishing: the page shows the edit without being
// republished. Then the console's results show the count, and a script typed as an answer stays
// text there and on the site.
const h = useHarness({ admin: 'pollster', ownDataDir: true });
let api: CmsApi;
let siteId = 0;
let voteId = 0;

const at = (path: string) => `${h.server.siteUrl}polls/${path}`;
const SCRIPT_ANSWER = '<img src=x onerror="window.__hit=1">冷一点好';

beforeAll(async () => {
  api = await cmsApi(h, 'pollster', 'Secret123');
  // The site made by a zh-CN user: the theme's words are Chinese.
  const made = await h.server.api('POST', '/cms/site', { token: api.token, body: { name: '民意', path: 'polls' }, headers: { repeatSubmit: 'false', 'accept-language': 'zh-CN' } });
  expect(made.code, made.msg).toBe(200);
  siteId = made.data.siteId;
  ({ voteId } = await api.ok('POST', '/vote', { title: '最喜欢的季节', code: 'home_vote', userType: 'member', totalLimit: 1, dayLimit: 0, viewType: '1' }, siteId));
  const { subjectId } = await api.ok('POST', '/vote/subject', { voteId, title: '哪个季节？', type: 'radio', itemLines: '春天\n秋天', sortFlag: 1 }, siteId);
  await api.ok('POST', '/vote/subject', { voteId, title: '为什么？', type: 'input', sortFlag: 2 }, siteId);
  await api.ok('POST', '/member', { userName: 'season_fan', nickName: '季节迷', password: 'Season2026x' }, siteId);
  await api.ok('POST', '/cms/site/publish', { siteId, publishIndex: true }, siteId);
  await drainQueue(h.server.server.services);
  // Edited after publishing: a new option, no republish.
  await api.ok('PUT', '/vote/subject', { subjectId, itemLines: '春天\n秋天\n冬天' }, siteId);
});

describe('a member votes on a published site', () => {
  it('signs in, votes on the home page, sees the results, is refused a second vote; the console counts it', async () => {
    // A reader's browser in Chinese.
    const page = await readerPage(h.context, { acceptLanguage: 'zh-CN' });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // The published page holds the form as it was; the script shows the option added since.
    await page.goto(at(''));
    const form = page.locator('form.cms-vote');
    expect(await form.getAttribute('data-user-type')).toBe('member');
    await form.getByLabel('冬天').waitFor();

    await page.goto(at('account/login'));
    await page.getByLabel('用户名').fill('season_fan');
    await page.getByLabel('密码', { exact: true }).fill('Season2026x');
    await Promise.all([page.waitForURL(at('')), page.getByRole('button', { name: '登录' }).click()]);

    await form.getByLabel('冬天').check();
    await form.getByLabel('为什么？').fill(SCRIPT_ANSWER);
    await form.getByRole('button', { name: '投票' }).click();
    await form.getByRole('status').filter({ hasText: '感谢参与投票' }).waitFor();
    // Results after voting (the vote's view type): the count and the share of each option.
    const result = form.locator('.vote-result');
    await result.locator('.vote-total').filter({ hasText: '1 票' }).waitFor();
    expect(await result.locator('li', { hasText: '冬天' }).textContent()).toContain('100% (1 票)');
    expect(await result.locator('li', { hasText: '春天' }).textContent()).toContain('0% (0 票)');
    // Readers never get the text answers.
    expect(await result.textContent()).not.toContain('冷一点好');

    // The vote allows one per member: the second is refused in the reader's language.
    await form.getByRole('button', { name: '投票' }).click();
    await form.getByRole('alert').filter({ hasText: '已投票 1 次，已达总次数上限' }).waitFor();
    const logs = await h.server.database.db.select().from(cmsVoteLog).where(eq(cmsVoteLog.voteId, voteId));
    const [member] = await h.server.database.db.select().from(cmsMember).where(eq(cmsMember.userName, 'season_fan'));
    expect(logs.map((l) => [l.memberId, l.voterKey])).toEqual([[member!.memberId, `m:${member!.memberId}`]]);
    expect(logs[0]!.result.find((a) => a.text)!.text).toBe(SCRIPT_ANSWER);
    expect(await page.locator('main img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __hit?: number }).__hit)).toBeUndefined();
    expect(errors).toEqual([]);
    await page.close();

    // The console: the vote's results count the submission; the answer is text, nothing ran.
    await h.page.goto(h.url('/admin/favicon.svg'));
    await h.page.evaluate((id) => localStorage.setItem('CurrentSite', id), String(siteId));
    await h.openScreen('/admin/operations/vote', '.resource-table tbody tr:has-text("home_vote")');
    await h.rowOf('home_vote').getByRole('button', { name: '结果' }).click();
    const dialog = h.page.getByTestId('vote-results');
    await dialog.locator('table').first().waitFor();
    expect(await dialog.textContent()).toContain('共 1 人次参与');
    expect(await dialog.locator('tr', { hasText: '冬天' }).textContent()).toContain('100%');
    await dialog.getByText(SCRIPT_ANSWER).waitFor();
    expect(await dialog.locator('img').count()).toBe(0);
    expect(await h.page.evaluate(() => (window as unknown as { __hit?: number }).__hit)).toBeUndefined();
  });
});
