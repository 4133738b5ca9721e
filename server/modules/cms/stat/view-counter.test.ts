import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { makeTestSite, openSession, type TestSite } from '../template/test-site.ts';
import { renderContentPage } from '../template/render.ts';
import { cmsContent } from '../content/schema.ts';
import { cmsContentViewDay } from './schema.ts';
import { ViewCounter, viewCounterOf, viewDay } from './view-counter.ts';

// Issue 31 item 8: readers' views of contents, counted in memory and written in batches to the
// per-day rows and the content's view_count. The server's own counter never flushes by itself here
// (an hour), so each test decides when its views are written.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-stat-'));
const ts = useTestServer({ config: { dataDir, viewCounter: { flushMs: 3_600_000, perAddress: 5 } } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
let a: TestSite;
let b: TestSite;

const viewCount = async (id: number) => (await ts.database.db.select({ n: cmsContent.viewCount }).from(cmsContent).where(eq(cmsContent.contentId, id)))[0]!.n;
const dayRows = (ids: number[]) => ts.database.db.select().from(cmsContentViewDay).where(inArray(cmsContentViewDay.contentId, ids)).orderBy(cmsContentViewDay.contentId, cmsContentViewDay.day);
/** A different address per call: the per-address cap stays out of the way. */
let n = 0;
const address = () => `203.0.113.${(n++ % 250) + 1}`;

beforeAll(async () => {
  a = await makeTestSite(ts, 'stata');
  b = await makeTestSite(ts, 'statb');
}, 60_000);

describe('the view counter', () => {
  it('counts every view of a published content, exactly, once written: the day row and view_count agree', async () => {
    const counter = viewCounterOf(ts.server.services);
    const visits = await Promise.all([
      ...Array.from({ length: 7 }, () => counter.visit(a.siteId, a.first, address())),
      ...Array.from({ length: 3 }, () => counter.visit(a.siteId, a.second, address())),
    ]);
    expect(visits.every((v) => v === 'counted')).toBe(true);
    // Nothing is written before the flush: a view costs no database write.
    expect(await viewCount(a.first)).toBe(0);
    expect(counter.unwritten).toBe(10);
    await counter.flush();
    expect(counter.unwritten).toBe(0);
    expect(await viewCount(a.first)).toBe(7);
    expect(await viewCount(a.second)).toBe(3);
    const today = viewDay(new Date());
    expect(await dayRows([a.first, a.second])).toEqual([
      { contentId: a.first, day: today, siteId: a.siteId, views: 7 },
      { contentId: a.second, day: today, siteId: a.siteId, views: 3 },
    ]);
    // A second batch adds to the same day's row.
    await counter.visit(a.siteId, a.first, address());
    await counter.flush();
    expect(await viewCount(a.first)).toBe(8);
    expect((await dayRows([a.first]))[0]!.views).toBe(8);
  });

  it('ignores a draft, a content named with another site, and one that does not exist', async () => {
    const counter = viewCounterOf(ts.server.services);
    expect(await counter.visit(a.siteId, a.draft, address())).toBe('ignored');
    expect(await counter.visit(a.siteId, b.first, address())).toBe('ignored');
    expect(await counter.visit(b.siteId, a.second, address())).toBe('ignored');
    expect(await counter.visit(a.siteId, 987_654_321, address())).toBe('ignored');
    expect(counter.unwritten).toBe(0);
    await counter.flush();
    expect(await viewCount(a.draft)).toBe(0);
    expect(await viewCount(b.first)).toBe(0);
    expect(await dayRows([a.draft, b.first])).toEqual([]);
  });

  it('keeps a row per content per day (UTC) and adds both days to view_count', async () => {
    const counter = viewCounterOf(ts.server.services);
    const lateYesterday = new Date(`${viewDay(new Date(Date.now() - 86_400_000))}T23:59:59.500Z`);
    const earlyToday = new Date(lateYesterday.getTime() + 1_000);
    for (let i = 0; i < 4; i++) await counter.visit(b.siteId, b.second, address(), lateYesterday);
    for (let i = 0; i < 2; i++) await counter.visit(b.siteId, b.second, address(), earlyToday);
    await counter.flush();
    expect((await dayRows([b.second])).map((r) => [r.day, r.views])).toEqual([[viewDay(lateYesterday), 4], [viewDay(earlyToday), 2]]);
    expect(await viewCount(b.second)).toBe(6);
  });

  it('caps each address per window: the views past the cap are refused and not counted', async () => {
    const counter = viewCounterOf(ts.server.services);
    const before = await viewCount(b.album);
    const outcomes = [];
    for (let i = 0; i < 7; i++) outcomes.push(await counter.visit(b.siteId, b.album, '198.51.100.77'));
    expect(outcomes).toEqual(['counted', 'counted', 'counted', 'counted', 'counted', 'throttled', 'throttled']);
    expect(counter.secondsLeft('198.51.100.77')).toBeGreaterThan(0);
    // Another address is not held back by that one.
    expect(await counter.visit(b.siteId, b.album, '198.51.100.78')).toBe('counted');
    await counter.flush();
    expect(await viewCount(b.album)).toBe(before + 6);
  });

  it('stops counting a content taken out of publication once its cached state expires', async () => {
    const counter = new ViewCounter(ts.database.db, { flushMs: 3_600_000, contentTtlMs: 50 });
    expect(await counter.visit(a.siteId, a.book, address())).toBe('counted');
    await ts.database.db.update(cmsContent).set({ status: '40' }).where(eq(cmsContent.contentId, a.book));
    // Within the cache's time it still counts (a view is not worth a read)…
    expect(await counter.visit(a.siteId, a.book, address())).toBe('counted');
    await new Promise((r) => setTimeout(r, 80));
    // …then the offline content is read again and ignored.
    expect(await counter.visit(a.siteId, a.book, address())).toBe('ignored');
    await counter.stop();
    expect(await viewCount(a.book)).toBe(2);
    await ts.database.db.update(cmsContent).set({ status: '30' }).where(eq(cmsContent.contentId, a.book));
  });

  it('writes at once when flushViews views wait, without waiting for the timer; stop writes the rest', async () => {
    const counter = new ViewCounter(ts.database.db, { flushMs: 3_600_000, flushViews: 3 });
    counter.start();
    const before = await viewCount(b.book);
    for (let i = 0; i < 4; i++) await counter.visit(b.siteId, b.book, address());
    await counter.flush(); // waits for the early flush started by the third view (and writes the fourth)
    expect(await viewCount(b.book)).toBe(before + 4);
    await counter.visit(b.siteId, b.book, address());
    await counter.stop();
    expect(await viewCount(b.book)).toBe(before + 5);
  });

  it('keeps the views of a failed write for the next flush', async () => {
    const db = ts.database.db;
    let failing = true;
    // A database whose next transaction fails once (as a lost connection would).
    const flaky = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === 'transaction' && failing) {
          failing = false;
          return async () => { throw new Error('connection lost'); };
        }
        return Reflect.get(target, prop, receiver);
      },
    });
    const counter = new ViewCounter(flaky, { flushMs: 3_600_000 });
    const before = await viewCount(a.album);
    for (let i = 0; i < 3; i++) await counter.visit(a.siteId, a.album, address());
    await expect(counter.flush()).rejects.toThrow('connection lost');
    expect(counter.unwritten).toBe(3);
    await counter.visit(a.siteId, a.album, address());
    await counter.flush();
    expect(await viewCount(a.album)).toBe(before + 4);
  });
});

describe('the default theme', () => {
  it('has a content page report its view through the readers\' script, never a preview', async () => {
    const page = await renderContentPage(await openSession(ts, a), a.first, 1);
    expect(page.html).toMatch(new RegExp(`<script src="[^"]+" data-api="[^"]+" data-sid="${a.siteId}" data-cx-view="${a.first}" data-cid="${a.cat.World}" defer></script>`));
    // One report a page: the script is the only one sending it.
    expect(page.html).not.toContain('/api/stat/visit');
    const preview = await renderContentPage(await openSession(ts, a, { mode: 'preview' }), a.first, 1);
    expect(preview.html).not.toContain('data-cx-view');
  });
});
