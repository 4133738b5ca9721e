import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { ContentStatus } from '../../../../shared/cms/content.ts';
import { readerFixtures } from '../comment/test-fixtures.ts';
import { cmsContent } from './schema.ts';

// `GET /api/cms/content/data?ids=` (the readers' script's live counts): only what readers can see
// on the site the request names. An unpublished content (draft, offline, being edited), one in the
// recycle bin and another site's are left out as if they did not exist, whatever ids are asked.
const ts = useTestServer();
const fx = readerFixtures(ts);
let site: { siteId: number; catalogId: number };
let other: { siteId: number; catalogId: number };
const ids: Record<string, number> = {};

const data = async (siteId: number, list: number[]) => {
  const r = await fx.reader('GET', `/api/cms/content/data?sid=${siteId}&ids=${list.join(',')}`);
  expect(r.status, r.msg).toBe(200);
  return r.data as { contentId: number; views: number; likes: number; favorites: number; comments: number }[];
};

beforeAll(async () => {
  site = await fx.site('Counts');
  other = await fx.site('Other counts');
  ids.published = await fx.content(site, 'Live');
  ids.draft = await fx.content(site, 'Draft', ContentStatus.DRAFT);
  ids.offline = await fx.content(site, 'Offline', ContentStatus.OFFLINE);
  ids.editing = await fx.content(site, 'Editing', ContentStatus.EDITING);
  ids.recycled = await fx.content(site, 'Recycled');
  ids.otherSite = await fx.content(other, 'Theirs');
  const db = ts.database.db;
  for (const id of Object.values(ids)) await db.update(cmsContent).set({ viewCount: 7, likeCount: 3, favoriteCount: 2, commentCount: 1 }).where(eq(cmsContent.contentId, id));
  // Deleted to the recycle bin keeps its status (it comes back to it): published, but gone from the site.
  await db.update(cmsContent).set({ recycleTime: new Date(), recycleBy: 'admin' }).where(eq(cmsContent.contentId, ids.recycled!));
});

describe('the live counts of contents', () => {
  it('answers the counts of the site\'s published contents only', async () => {
    expect(await data(site.siteId, Object.values(ids))).toEqual([{ contentId: ids.published, views: 7, likes: 3, favorites: 2, comments: 1 }]);
  });

  it('leaves out a content in the recycle bin, though its status is still published', async () => {
    expect(await data(site.siteId, [ids.recycled!])).toEqual([]);
  });

  it('answers nothing of a site\'s contents to a request naming another site', async () => {
    expect(await data(other.siteId, [ids.published!, ids.draft!, ids.recycled!])).toEqual([]);
    expect(await data(other.siteId, [ids.otherSite!])).toEqual([{ contentId: ids.otherSite, views: 7, likes: 3, favorites: 2, comments: 1 }]);
  });

  it('refuses a request naming no site, or no existing one', async () => {
    expect((await fx.reader('GET', `/api/cms/content/data?ids=${ids.published}`)).status).toBe(404);
    expect((await fx.reader('GET', `/api/cms/content/data?sid=99999999&ids=${ids.published}`)).status).toBe(404);
  });
});
