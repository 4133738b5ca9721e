import { describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';
import { cmsApi, demoSiteId } from './cms-api.ts';
import { voteResource } from '../../shared/resources/cms/vote.ts';
import { voteSubjectResource } from '../../shared/resources/cms/vote-subject.ts';
import { submitVote } from '../../server/modules/cms/vote/submit.ts';

// The Vote screen, drawn from the vote definitions: the list, a vote's subjects opened from its row
// (naming the vote), and its results in a dialog — counts and shares, and a reader's text answer
// carrying a script shown as text, never run. Laid out right at 800 px in the three languages.
const h = useHarness({ admin: 'voteadmin' });
const V = voteResource.texts!;
const S = voteSubjectResource.texts!;
let voteId = 0;

async function voteWithAnswers() {
  const api = await cmsApi(h, 'voteadmin', 'Secret123');
  const site = await demoSiteId(h);
  ({ voteId } = await api.ok('POST', '/vote', { title: '午餐调查', code: 'lunch_poll', totalLimit: 0, dayLimit: 0 }));
  const { subjectId: pizza } = await api.ok('POST', '/vote/subject', { voteId, title: '吃披萨吗？', type: 'radio', itemLines: '吃\n不吃' });
  const { subjectId: why } = await api.ok('POST', '/vote/subject', { voteId, title: '为什么？', type: 'input' });
  const items = (await api.ok('GET', `/vote/result/${voteId}`)).subjects[0].items as { itemId: number }[];
  const db = h.server.database.db;
  const send = (ip: string, item: number, text: string) => submitVote(db, { siteId: site, member: null, ip }, { voteId, subjects: [{ subjectId: pizza, itemIds: [item] }, { subjectId: why, text }] });
  await send('192.0.2.1', items[0]!.itemId, '<img src=x onerror="window.__voted=1">好吃');
  await send('192.0.2.2', items[0]!.itemId, '');
  await send('192.0.2.3', items[1]!.itemId, '太贵');
}

describe('the Vote screen', () => {
  it('lists the vote, opens its subjects naming it, and shows its results with the answers as text', async () => {
    await voteWithAnswers();
    await h.openScreen('/admin/operations/vote', '.resource-table tbody tr:has-text("lunch_poll")');
    await expect.poll(() => h.page.title(), { timeout: 10_000 }).toContain(V.title['zh-CN']);
    await h.rowOf('lunch_poll').getByRole('button', { name: V.more!.subjects!['zh-CN'] }).click();
    await h.page.locator('.resource-table tbody tr:has-text("吃披萨吗？")').waitFor();
    await expect.poll(() => h.page.getByTestId('resource-caption').locator('h2').textContent(), { timeout: 10_000 }).toBe(S.more!.ofVote!['zh-CN'].replace('{{name}}', '午餐调查'));
    expect(await h.rowOf('吃披萨吗？').textContent()).toContain('不吃');

    await h.openScreen('/admin/operations/vote', '.resource-table tbody tr:has-text("lunch_poll")');
    await h.rowOf('lunch_poll').getByRole('button', { name: V.more!.results!['zh-CN'] }).click();
    const dialog = h.page.getByTestId('vote-results');
    await dialog.locator('table').first().waitFor();
    expect(await dialog.textContent()).toContain('共 3 人次参与');
    expect(await dialog.locator('tr:has-text("不吃")').textContent()).toContain('33.3%');
    expect(await dialog.locator('tr', { hasText: '吃' }).first().textContent()).toContain('66.7%');
    // The reader's markup is text in the cell: no image element, nothing ran.
    await dialog.getByText('<img src=x onerror="window.__voted=1">好吃').waitFor();
    expect(await dialog.locator('img').count()).toBe(0);
    expect(await h.page.evaluate(() => (window as unknown as { __voted?: number }).__voted)).toBeUndefined();
  });

  it('is laid out right in every language at 800 px: the votes, a vote\'s subjects', async () => {
    await h.inEveryLook(async ({ tag }) => {
      await h.openScreen('/admin/operations/vote', '.resource-table tbody tr:has-text("lunch_poll")');
      await h.expectLaidOut(`votes-${tag}`);
      await h.openScreen(`/admin/operations/vote/subjects?voteId=${voteId}`, '.resource-table tbody tr:has-text("吃披萨吗？")');
      await h.expectLaidOut(`vote-subjects-${tag}`);
    });
    await h.page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  });
});
