import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, it } from 'vitest';
import { useHarness } from '../browser/harness.ts';
import { drainQueue } from '../../server/modules/cms/publish/worker.ts';
import { cmsComment } from '../../server/modules/cms/comment/schema.ts';
import { cmsMailbox } from '../../server/modules/cms/mailbox/schema.ts';
import { cmsPublishTask } from '../../server/modules/cms/publish/schema.ts';
import { cmsContentViewDay } from '../../server/modules/cms/stat/schema.ts';

// Home's site dashboard (issue 32 §2) with every figure filled: views over 30 days, comments and
// messages waiting, a publish queue, the latest changes; zh-CN, zh-TW and en at 1440 and 800 px,
// saved as <SHOTS_DIR>/home-dashboard-<language>-<width>.png. Checks nothing.

const DIR = process.env.SHOTS_DIR || 'shots';
const h = useHarness({ admin: 'dashshots' });
let token = '';
let siteId = 0;
async function api(method: string, path: string, body?: unknown) {
  const r = await h.server.api(method, path, { token, body, headers: { CurrentSite: String(siteId), repeatSubmit: 'false' } });
  if (r.code !== 200) throw new Error(`${method} ${path}: ${r.msg}`);
  return r.data as any;
}

beforeAll(async () => {
  const { db } = h.server.database;
  token = decodeURIComponent((await h.context.cookies()).find((c) => c.name === 'Admin-Token')!.value);
  siteId = (await api('POST', '/cms/site', { name: 'Harbour', path: 'harbour' })).siteId;
  const catalogId = (await api('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'News' }))[0].catalogId;
  const titles = ['Harbour lights reopen after the storm', '港口灯塔重新开放', 'Market day at the old pier, with a very long title that has to be cut on a narrow screen', 'Ferry timetable'];
  const ids: number[] = [];
  for (const title of titles) ids.push((await api('POST', '/cms/content?contentType=article', { catalogId, title, author: 'Ann' })).contentId);
  await api('POST', '/cms/content/publish', { contentIds: ids.slice(0, 2) });
  await drainQueue(h.server.server.services);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await db.insert(cmsContentViewDay).values(Array.from({ length: 30 }, (_, i) => ({ contentId: ids[i % 2]!, siteId, day: day(i - 29), views: 20 + ((i * 37) % 50) + (i > 20 ? 40 : 0) })));
  await db.insert(cmsComment).values([1, 2, 3].map(() => ({ siteId, sourceType: 'cms_content', sourceId: ids[0]!, content: 'Nice' })));
  await db.insert(cmsMailbox).values({ siteId, title: 'Opening hours?', name: 'Reader', content: 'When does the lighthouse open?' });
  await db.insert(cmsPublishTask).values([{ siteId, dataType: 'contents', dataId: catalogId, status: 'RUNNING', weight: 12, done: 4 }, { siteId, dataType: 'content', dataId: ids[3]!, status: 'READY' }]);
  await h.page.goto(h.url('/admin/favicon.svg'));
  await h.page.evaluate((id) => localStorage.setItem('CurrentSite', id), String(siteId));
});

it('saves Home with the site dashboard', async () => {
  mkdirSync(DIR, { recursive: true });
  await h.inEveryLook(async ({ tag }) => {
    await h.openScreen('/admin/index', '[data-testid=dashboard-activity] li');
    await h.page.waitForLoadState('networkidle').catch(() => undefined);
    await h.page.waitForTimeout(300);
    await h.page.screenshot({ path: join(DIR, `home-dashboard-${tag}.png`), fullPage: true });
  }, [1440, 800]);
});
