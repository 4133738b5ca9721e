import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, it } from 'vitest';
import { TABLE_ROWS, useHarness } from '../browser/harness.ts';
import { cmsApi } from '../browser/cms-api.ts';
import { drainQueue } from '../../server/modules/cms/publish/worker.ts';
import { cmsSite } from '../../server/modules/cms/site/schema.ts';
import { cmsMember } from '../../server/modules/cms/member/schema.ts';
import { cmsComment } from '../../server/modules/cms/comment/schema.ts';
import { cmsMailbox } from '../../server/modules/cms/mailbox/schema.ts';
import { recountComments } from '../../server/modules/cms/comment/source.ts';
import { issueMemberToken } from '../../server/modules/cms/member/session.ts';

// Issue 31 for a person to look at (docs/screenshots.md): the Member, Comment, Vote and Mailbox
// screens, and a published default-theme site's reader side (an article with its likes and
// comments, signed in; the member pages), in zh-CN, zh-TW and en at 1440 and 800 px.

const DIR = process.env.SHOTS_DIR || 'shots';
const WIDTHS = [1440, 800] as const;
// A data folder of its own: a shared one keeps an earlier run's theme files for the same site paths.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-readershots-'));
const h = useHarness({ admin: 'readershots', config: { dataDir } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function save(name: string, tag: string) {
  await h.page.waitForLoadState('networkidle').catch(() => undefined);
  await h.page.waitForTimeout(300);
  await h.page.screenshot({ path: join(DIR, `${name}-${tag}.png`), fullPage: true });
}

it('saves the readers\' console screens and published pages', async () => {
  mkdirSync(DIR, { recursive: true });
  const api = await cmsApi(h, 'readershots', 'Secret123');
  const db = h.server.database.db;
  const [m] = await db.insert(cmsMember).values({ userName: 'harbourfan', nickName: 'Harbour Fan 港迷', email: 'fan@example.com', password: 'x', exp: 35, level: 1 }).returning({ memberId: cmsMember.memberId });
  const token = await issueMemberToken(db, m!.memberId, { ip: '192.0.2.7' });
  const sites: Record<string, { path: string; article: number; siteId: number; catalogPath: string }> = {};
  for (const lng of ['zh-CN', 'zh-TW', 'en']) {
    const path = `readers${lng.slice(-2).toLowerCase()}`;
    const made = await h.server.api('POST', '/cms/site', { token: api.token, body: { name: lng === 'en' ? 'Harbour Daily' : '港城日报', path }, headers: { repeatSubmit: 'false', 'accept-language': lng } });
    const siteId = made.data.siteId as number;
    await db.update(cmsSite).set({ configProps: { CommentEnabled: 'Y', CommentNeedAudit: 'N', CommentNeedLogin: 'Y' } }).where(eq(cmsSite.siteId, siteId));
    const [news] = await api.ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: lng === 'en' ? 'News' : '新闻' }, siteId);
    // Open to contributions, so the contribute page offers it.
    const cat = await api.ok('GET', `/cms/catalog/${news.catalogId}`, undefined, siteId);
    await api.ok('PUT', '/cms/catalog', { catalogId: news.catalogId, name: cat.name, alias: cat.alias, path: cat.path, catalogType: cat.catalogType, contribute: 'Y' }, siteId);
    const title = lng === 'en' ? 'The harbour reopens' : '港口重新开放';
    const article = (await api.ok('POST', '/cms/content?contentType=article', { catalogId: news.catalogId, title, contentHtml: `<p>${title}.</p>` }, siteId)).contentId as number;
    await api.ok('POST', '/cms/content/publish', { contentIds: [article] }, siteId);
    await api.ok('POST', '/cms/site/publish', { siteId, contentStatus: '30' }, siteId);
    const [c] = await db.insert(cmsComment).values({ siteId, sourceType: 'cms_content', sourceId: article, uid: m!.memberId, content: lng === 'en' ? 'Good news for the ferries <b>at last</b>' : '渡轮终于可以开了 <b>太好了</b>', auditStatus: '1', commentTime: new Date() }).returning({ id: cmsComment.commentId });
    await db.insert(cmsComment).values({ siteId, sourceType: 'cms_content', sourceId: article, parentId: c!.id, replyUid: m!.memberId, uid: m!.memberId, content: lng === 'en' ? 'And the fish market too.' : '鱼市也开了。', auditStatus: '1', commentTime: new Date() });
    await recountComments(db, 'cms_content', article, [c!.id]);
    await db.insert(cmsMailbox).values({ siteId, title: lng === 'en' ? 'Ferry timetable' : '渡轮时刻表', name: 'Ann', email: 'ann@example.com', content: lng === 'en' ? 'When does the first ferry leave?' : '第一班渡轮几点开？' });
    const vote = await api.ok('POST', '/vote', { title: lng === 'en' ? 'Best harbour café' : '最佳港口咖啡馆', code: 'home_vote' }, siteId);
    await api.ok('POST', '/vote/subject', { voteId: vote.voteId, title: lng === 'en' ? 'Which one?' : '哪一家？', type: 'radio', itemLines: lng === 'en' ? 'Blue Door\nPier 3' : '蓝门\n三号码头' }, siteId);
    sites[lng] = { path, article, siteId, catalogPath: String(news.path) };
  }
  await drainQueue(h.server.server.services);

  const CONSOLE: [string, string, string][] = [
    ['member-list', '/admin/member/list', TABLE_ROWS],
    ['member-level', '/admin/member/levelConfig', '.resource-table'],
    ['member-exp', '/admin/member/expConfig', '.resource-table'],
    ['operations-comment', '/admin/operations/comment', TABLE_ROWS],
    ['operations-vote', '/admin/operations/vote', TABLE_ROWS],
    ['operations-mailbox', '/admin/operations/mailbox', TABLE_ROWS],
  ];
  await h.inEveryLook(async ({ lng, tag }) => {
    await h.page.evaluate((id) => localStorage.setItem('CurrentSite', id), String(sites[lng]!.siteId));
    for (const [name, path, ready] of CONSOLE) {
      await h.openScreen(path);
      await h.page.locator(ready).first().waitFor({ timeout: 15_000 }).catch(() => console.warn(`${name} ${tag}: ${ready} did not show`));
      await save(name, tag);
    }
  }, WIDTHS);

  // The published side, on the sites' origin, signed in as the member.
  const reader = await h.context.newPage();
  await reader.goto(`${h.server.siteUrl}${sites.en!.path}/`);
  await reader.evaluate((t) => localStorage.setItem('cx-member-token', t), token);
  for (const lng of ['zh-CN', 'zh-TW', 'en']) {
    const s = sites[lng]!;
    for (const width of WIDTHS) {
      await reader.setViewportSize({ width, height: 900 });
      const tag = `${lng}-${width}`;
      for (const [name, at] of [['site-home', ''], ['site-contact', 'contact'], ['site-contribute', 'account/contribute'], ['site-article', `${s.catalogPath}${s.article}.shtml`], ['site-centre', `account/${m!.memberId}`], ['site-login', 'account/login'], ['site-register', 'account/register'], ['site-settings', 'account/setting']] as const) {
        await reader.goto(`${h.server.siteUrl}${s.path}/${at}`);
        await reader.waitForLoadState('networkidle').catch(() => undefined);
        await reader.waitForTimeout(300);
        await reader.screenshot({ path: join(DIR, `${name}-${tag}.png`), fullPage: true });
      }
    }
  }
  await reader.close();
}, 600_000);
