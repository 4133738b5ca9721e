import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';
import { cmsApi, demoSiteId, type CmsApi } from './cms-api.ts';
import contentZhCN from '../../shared/i18n/locales/zh-CN/contentList.ts';
import { cmsMember } from '../../server/modules/cms/member/schema.ts';
import { contribute, contributionBody, type Contribution } from '../../server/modules/cms/contribute/operations.ts';
import { parseInput } from '../../server/core/validation.ts';

// Issue 31 item 6 in the browser: members' contributions in the console's content list — marked
// as contributions, listed alone with "Contributions only", a title carrying a script shown as
// text and never run.

const h = useHarness({ admin: 'contribadmin' });
const T = contentZhCN;
let api: CmsApi;
let from = 0;

beforeAll(async () => {
  api = await cmsApi(h, 'contribadmin', 'Secret123');
  const siteId = await demoSiteId(h);
  const readers = (await api.ok('POST', '/cms/catalog', { parentId: 0, name: 'Readers', alias: 'readers', path: 'readers/', catalogType: 'common', contribute: 'Y' })).catalogId as number;
  await api.ok('POST', '/cms/content?contentType=article', { catalogId: readers, title: 'Editor piece' });
  const [m] = await h.server.database.db.insert(cmsMember).values({ userName: 'writer', nickName: 'Writer', password: 'x' }).returning();
  const site = { siteId, path: 'demo', name: 'Demo', configProps: {} };
  const body = (title: string) => parseInput(contributionBody, { catalogId: readers, title, contentHtml: '<p>hi<img src=x onerror="window.__pwned = 2"></p>' }) as Contribution;
  from = (await contribute(h.server.server.services, site, { memberId: m!.memberId, userName: 'writer', nickName: 'Writer' }, body('<script>window.__pwned = 1</script>'))).contentId;
});

describe('contributions in the content list', () => {
  it('are marked, listed alone when asked, and their titles shown as text', async () => {
    await h.openScreen('/admin/configs/content', `[data-testid=content-contribution-${from}]`);
    const table = h.page.getByTestId('content-table');
    expect(await table.locator('.content-title-link').allTextContents()).toEqual(expect.arrayContaining(['Editor piece', '<script>window.__pwned = 1</script>']));
    expect(await h.page.getByTestId(`content-contribution-${from}`).textContent()).toBe(T.contribution);
    await h.page.getByTestId('content-contributions').click();
    await h.page.getByTestId('content-search-submit').click();
    await expect.poll(() => table.locator('.content-title-link').allTextContents(), { timeout: 5000 }).toEqual(['<script>window.__pwned = 1</script>']);
    expect(await h.page.locator('main script:not([data-frame]), img[src="x"]').count()).toBe(0);
    expect(await h.page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  });
});
