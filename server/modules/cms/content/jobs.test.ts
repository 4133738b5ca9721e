import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { cmsContent, cmsPublishTask } from '../schema.ts';
import { offlineDue, publishDue, topExpired } from './jobs.ts';

// The scheduled jobs run the operations the buttons run (issue 9 §1.3): a scheduled publish,
// offline or end of top does exactly what a user doing it by hand does.
const ts = useTestServer();
const H = { repeatSubmit: 'false', 'accept-language': 'en' };
const HOUR = 3_600_000;
let siteId = 0;
const cat: Record<string, number> = {};

async function ok(method: string, path: string, body?: unknown) {
  const r = await ts.api(method, path, { token: ts.admin, body, headers: { ...H, CurrentSite: String(siteId) } });
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}
const stored = async (contentId: number) => (await ts.database.db.select().from(cmsContent).where(eq(cmsContent.contentId, contentId)))[0]!;

/** An article in World with a mapping copy in Mirror (a mapping follows its source's publication). */
async function articleWithMapping(title: string, extra: Record<string, unknown> = {}) {
  const { contentId } = await ok('POST', '/cms/content?contentType=article', { catalogId: cat.World, title, contentHtml: '<p>x</p>', ...extra });
  const { contentIds: [mapping] } = await ok('POST', '/cms/content/copy', { contentIds: [contentId], catalogIds: [cat.Mirror], copyType: 2 });
  return { id: contentId as number, mapping: mapping as number };
}

/**
 * Runs `act` on an empty publish queue and returns what it queued, with the content's and its
 * mapping's ids named (so two contents' queues compare), and who queued it.
 */
async function queuedBy(act: () => Promise<unknown>, names: Record<number, string>) {
  await ts.database.db.delete(cmsPublishTask);
  await act();
  const rows = await ts.database.db.select().from(cmsPublishTask).orderBy(asc(cmsPublishTask.taskId));
  return {
    tasks: rows.map((t) => `${t.dataType} ${t.dataType === 'content' ? (names[t.dataId] ?? t.dataId) : t.dataId}`).sort(),
    by: [...new Set(rows.map((t) => t.createBy))],
  };
}

/** What a user sees of a content after the change (who made it aside). */
const state = async (id: number) => {
  const r = await stored(id);
  return { status: r.status, published: r.publishDate !== null, topFlag: r.topFlag, topDate: r.topDate };
};

describe('scheduled jobs run the same operations as the buttons', () => {
  // A site with catalogs.
  beforeAll(async () => {
    siteId = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Jobs', path: 'jobs' } })).data.siteId;
    for (const c of await ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'News\n  World\nMirror' })) cat[c.name] = c.catalogId;
  });

  it('a scheduled publish queues the same pages as a manual publish, and leaves the content as it does', async () => {
    const byHand = await articleWithMapping('By hand');
    const manual = await queuedBy(() => ok('POST', '/cms/content/publish', [byHand.id]), { [byHand.id]: 'self', [byHand.mapping]: 'mapping' });

    const timed = await articleWithMapping('Timed', { publishDate: new Date(Date.now() + HOUR).toISOString() });
    expect(await ok('POST', '/cms/content/publish', [timed.id])).toEqual({ published: 0, scheduled: 1 });
    expect((await stored(timed.id)).status).toBe('20');
    const scheduled = await queuedBy(() => publishDue(ts.server.services, new Date(Date.now() + 2 * HOUR)), { [timed.id]: 'self', [timed.mapping]: 'mapping' });

    // Its page and its mapping's, the lists of both catalogs (World's up to News, Mirror) and the site's index.
    expect(manual.tasks).toEqual([`catalog ${cat.News}`, `catalog ${cat.World}`, `catalog ${cat.Mirror}`, 'content mapping', 'content self', `site ${siteId}`].sort());
    expect(scheduled.tasks).toEqual(manual.tasks);
    expect(manual.by).toEqual(['admin']);
    expect(scheduled.by).toEqual(['scheduler']);
    expect(await state(timed.id)).toEqual(await state(byHand.id));
    expect(await state(timed.id)).toMatchObject({ status: '30', published: true });
    expect((await stored(timed.id)).updateBy).toBe('scheduler');
  });

  it('a scheduled offline takes the mapping copies offline with the content, as the Offline button does', async () => {
    const later = new Date(Date.now() + HOUR).toISOString();
    const byHand = await articleWithMapping('Off by hand', { offlineDate: later });
    const timed = await articleWithMapping('Off on time', { offlineDate: later });
    await ok('POST', '/cms/content/publish', [byHand.id, timed.id]);

    const manual = await queuedBy(() => ok('POST', '/cms/content/offline', [byHand.id]), { [byHand.id]: 'self', [byHand.mapping]: 'mapping' });
    const scheduled = await queuedBy(() => offlineDue(ts.server.services, new Date(Date.now() + 2 * HOUR)), { [timed.id]: 'self', [timed.mapping]: 'mapping' });

    expect(scheduled.tasks).toEqual(manual.tasks);
    expect(await state(timed.id)).toEqual(await state(byHand.id));
    expect((await stored(timed.id)).status).toBe('40');
    expect((await stored(timed.mapping)).status).toBe((await stored(byHand.mapping)).status);
    expect((await stored(timed.mapping)).status).toBe('40');
  });

  it('an expired top ends as Cancel Top ends it; a content in the recycle bin keeps its top until it is back', async () => {
    const byHand = await articleWithMapping('Top by hand');
    const timed = await articleWithMapping('Top on time');
    const binned = await articleWithMapping('Top in the bin');
    const ids = [byHand.id, timed.id, binned.id];
    await ok('POST', '/cms/content/publish', ids);
    await ok('POST', '/cms/content/top', { contentIds: ids, topEndTime: new Date(Date.now() + HOUR).toISOString() });
    await ok('POST', '/cms/content/recycle', [binned.id]);

    const manual = await queuedBy(() => ok('POST', '/cms/content/cancelTop', [byHand.id]), { [byHand.id]: 'self', [byHand.mapping]: 'mapping' });
    let ended = 0;
    const scheduled = await queuedBy(async () => { ended = await topExpired(ts.server.services, new Date(Date.now() + 2 * HOUR)); }, { [timed.id]: 'self', [timed.mapping]: 'mapping' });

    expect(ended).toBe(1);
    expect(scheduled.tasks).toEqual(manual.tasks);
    expect(await state(timed.id)).toEqual(await state(byHand.id));
    expect(await state(timed.id)).toMatchObject({ topFlag: 0, topDate: null });
    expect((await stored(binned.id)).topFlag).toBeGreaterThan(0);

    await ok('POST', '/cms/content/restore', [binned.id]);
    expect(await topExpired(ts.server.services, new Date(Date.now() + 2 * HOUR))).toBe(1);
    expect((await stored(binned.id)).topFlag).toBe(0);
  });

  it('publishes as the scheduler whatever a user locked, on every site with due contents', async () => {
    const locked = await articleWithMapping('Locked', { publishDate: new Date(Date.now() + HOUR).toISOString() });
    await ok('POST', '/cms/content/publish', [locked.id]);
    await ok('POST', `/cms/content/lock/${locked.id}`);
    const otherSite = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Other', path: 'other' } })).data.siteId;
    const [otherCat] = await (async () => {
      const r = await ts.api('POST', '/cms/catalog/batchAdd', { token: ts.admin, body: { parentId: 0, catalogs: 'Elsewhere' }, headers: { ...H, CurrentSite: String(otherSite) } });
      return r.data as { catalogId: number }[];
    })();
    const elsewhere = (await ts.api('POST', '/cms/content?contentType=article', { token: ts.admin, headers: { ...H, CurrentSite: String(otherSite) }, body: { catalogId: otherCat!.catalogId, title: 'Elsewhere', publishDate: new Date(Date.now() + HOUR).toISOString() } })).data.contentId;
    await ts.api('POST', '/cms/content/publish', { token: ts.admin, headers: { ...H, CurrentSite: String(otherSite) }, body: [elsewhere] });

    expect(await publishDue(ts.server.services, new Date(Date.now() + 2 * HOUR))).toBe(2);
    const rows = await ts.database.db.select({ id: cmsContent.contentId, status: cmsContent.status }).from(cmsContent).where(inArray(cmsContent.contentId, [locked.id, elsewhere]));
    expect(rows.map((r) => r.status)).toEqual(['30', '30']);
  });
});
