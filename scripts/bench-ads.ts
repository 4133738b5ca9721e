// `npm run bench:ads`: the readers' ad counter (issue 29 §2). Starts the server on a real port
// (Fastify, PGlite), makes one site with a published ad space of 20 live ads, then sends EVENTS
// impressions and clicks over HTTP, CONCURRENCY at a time, from 2,000 reader addresses (as a
// reverse proxy forwards them: X-Forwarded-For with TRUST_PROXY), and times them until the last
// flush is written. Checks that the stored total equals the sent total (every event kept), prints
// the rate and writes bench-ads.json. Runs on PostgreSQL instead when DATABASE_URL is set.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { Agent, request } from 'node:http';
import { createServer } from '../server/app.ts';
import { openDatabase } from '../server/db/client.ts';
import { sysUser } from '../server/modules/system/schema.ts';
import { adCounterOf } from '../server/modules/cms/widget/counter.ts';
import { cmsAdStatDay } from '../server/modules/cms/widget/schema.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 40_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const ADDRESSES = 2_000;
const ADS = 20;
/** One click in CLICK_EVERY events, the rest impressions. */
const CLICK_EVERY = 10;

async function main() {
  const kind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  const dataDir = mkdtempSync(join(tmpdir(), 'castanea-bench-ads-'));
  const database = await openDatabase(kind === 'pglite' ? { dataDir: 'memory://' } : { databaseUrl: process.env.DATABASE_URL });
  const server = await createServer({
    database,
    config: { dataDir, captchaEnabled: false, logRequests: false, rateLimits: false, trustProxy: true, publishWorker: false, previewThreads: 0, publishThreads: 0 },
  });
  await database.db.update(sysUser).set({ forceModifyPassword: 'N' }).where(eq(sysUser.userName, 'admin'));
  const api = async (method: string, url: string, token: string, siteId: number, body?: unknown) => {
    const res = await server.app.inject({ method: method as never, url: `/prod-api${url}`, payload: body as never, headers: { authorization: `Bearer ${token}`, currentsite: String(siteId), repeatsubmit: 'false', 'content-type': 'application/json' } });
    const json = res.json();
    if (json.code !== 200) throw new Error(`${method} ${url}: ${json.msg}`);
    return json.data;
  };
  const token = (await server.app.inject({ method: 'POST', url: '/prod-api/login', payload: { username: 'admin', password: 'admin123' } })).json().data as string;
  const siteId = (await api('POST', '/cms/site', token, 0, { name: 'Bench ads', path: 'benchads' })).siteId as number;
  const space = (await api('POST', '/cms/adspace', token, siteId, { name: 'Top', code: 'top', strategy: 'all', path: 'include/', templates: { pc: 'widget/ads.template.html' } })).pageWidgetId as number;
  const ads: number[] = [];
  for (let i = 0; i < ADS; i++) ads.push((await api('POST', '/cms/advertisement', token, siteId, { adSpaceId: space, type: 'text', name: `ad ${i}`, redirectUrl: `https://example.com/${i}`, weight: 1 + i })).advertisementId);
  await api('POST', '/cms/adspace/publish', token, siteId, [space]);

  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const base = new URL(address);
  const counter = adCounterOf(server.services);
  console.log(`[${kind}] ${EVENTS.toLocaleString()} events, ${CONCURRENCY} at a time, from ${ADDRESSES} addresses, to ${ADS} ads (flush every ${counter.options.flushMs} ms)`);

  let next = 0;
  let sent = 0;
  let failed = 0;
  const send = async (i: number) => {
    const click = i % CLICK_EVERY === 0;
    const ad = ads[i % ADS]!;
    const ip = `10.${(i % ADDRESSES) >> 8}.${(i % ADDRESSES) & 255}.1`;
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: base.hostname, port: base.port, path: `/api/advertisement/${click ? 'click' : 'view'}/${ad}`, agent, headers: { 'x-forwarded-for': ip } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end();
    });
    if (status === (click ? 302 : 200)) sent++;
    else failed++;
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < EVENTS) await send(next++);
  }));
  const answered = performance.now();
  await counter.flush();
  const written = performance.now();

  const [stored] = await database.db.select({ views: sql<number>`coalesce(sum(${cmsAdStatDay.views}), 0)::int`, clicks: sql<number>`coalesce(sum(${cmsAdStatDay.clicks}), 0)::int` }).from(cmsAdStatDay);
  const total = Number(stored!.views) + Number(stored!.clicks);
  const seconds = (written - start) / 1000;
  const result = {
    kind, events: EVENTS, concurrency: CONCURRENCY, sent, failed, stored: total, storedViews: Number(stored!.views), storedClicks: Number(stored!.clicks),
    answeredSeconds: +((answered - start) / 1000).toFixed(2), lastFlushMs: +(written - answered).toFixed(1), seconds: +seconds.toFixed(2),
    eventsPerSecond: Math.round(sent / seconds),
  };
  console.log(`[${kind}] ${sent.toLocaleString()} counted events in ${seconds.toFixed(2)} s (answered in ${result.answeredSeconds} s, last flush ${result.lastFlushMs} ms): ${result.eventsPerSecond.toLocaleString()} events/s`);
  console.log(`[${kind}] stored ${total.toLocaleString()} (${result.storedViews.toLocaleString()} impressions, ${result.storedClicks.toLocaleString()} clicks), sent ${sent.toLocaleString()}, failed ${failed}`);
  writeFileSync('bench-ads.json', `${JSON.stringify(result, null, 2)}\n`);
  agent.destroy();
  await server.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  const okTotal = total === sent && failed === 0;
  const okRate = result.eventsPerSecond >= 2_000;
  if (!okTotal) console.error(`FAIL: stored ${total} ≠ sent ${sent} (failed ${failed})`);
  if (!okRate) console.error(`FAIL: ${result.eventsPerSecond} events/s < 2,000`);
  process.exit(okTotal && okRate ? 0 : 1);
}

await main();
