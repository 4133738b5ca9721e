// `npm run bench:lighthouse`: Lighthouse's four scores (Performance, Accessibility, Best practices,
// SEO) of the default theme's home, list and article pages as published, in each language (issue 28
// §5). Starts the server in this process on a temporary data directory (captcha off), signs in
// through the API (bench-console's `prepare`), makes a site in zh-CN, zh-TW and en (each themed in
// its maker's language) with a catalog and two articles, publishes it with its sitemap on an address
// of its own (http://<language>.localhost:<sites port>/, so the page's origin is the site's and its
// robots.txt is the one at the root), and runs Lighthouse in Chromium (/usr/bin/chromium or
// CHROMIUM_PATH) on each page. Prints the median of --runs per score, the audits that did not pass
// (of Accessibility, Best practices and SEO), and writes bench-lighthouse.json.
//
//   npm run bench:lighthouse -- [--runs 3] [--desktop] [--pages home,list,article] [--languages zh-CN,en]
//                               [--shots dir] [--reports dir] [--out bench-lighthouse.json]
//
// --desktop: Lighthouse's desktop configuration (default: mobile, as PageSpeed Insights and the
// issue's audit). --shots: instead of measuring, screenshots of each page at 1440 and 800 px, and of
// its top after one Tab (the skip link) and four (the nav's second item, the section's on a list).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { createServer, type CastaneaServer } from '../server/app.ts';
import { drainQueue } from '../server/modules/cms/publish/worker.ts';
import { CHROMIUM_FLAGS } from './bench-console/browser.ts';
import { freePort, prepare } from './bench-console/server.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    desktop: { type: 'boolean', default: false },
    pages: { type: 'string', default: 'home,list,article' },
    languages: { type: 'string', default: 'zh-CN,zh-TW,en' },
    shots: { type: 'string', default: '' },
    /** every run's whole Lighthouse report (JSON; the viewer at googlechrome.github.io/lighthouse/viewer opens it), into this folder */
    reports: { type: 'string', default: '' },
    out: { type: 'string', default: join(ROOT, 'bench-lighthouse.json') },
  },
});
const RUNS = Math.max(1, Number(args.runs) || 1);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const LABEL: Record<(typeof CATEGORIES)[number], string> = { performance: 'Performance', accessibility: 'Accessibility', 'best-practices': 'Best practices', seo: 'SEO' };

/** What each language's site holds: a reader of that language would find it plausible. */
const SITES = {
  'zh-CN': {
    name: '港城日报', description: '港城的每日新闻与生活。', catalog: '新闻',
    articles: [
      { title: '港口重新开放', summary: '停工三周之后，港口今天恢复运营。', body: '<p>停工三周之后，港口今天清晨恢复运营，第一艘货轮在七点靠岸。</p><h2>码头上的人</h2><p>装卸工人说，他们等这一天很久了。</p>' },
      { title: '周末集市回来了', summary: '老街的周末集市本周六重新开张。', body: '<p>老街的周末集市本周六重新开张，摊位比去年多了一倍。</p><p>集市从上午九点开到下午四点。</p>' },
    ],
  },
  'zh-TW': {
    name: '港城日報', description: '港城的每日新聞與生活。', catalog: '新聞',
    articles: [
      { title: '港口重新開放', summary: '停工三週之後，港口今天恢復營運。', body: '<p>停工三週之後，港口今天清晨恢復營運，第一艘貨輪在七點靠岸。</p><h2>碼頭上的人</h2><p>裝卸工人說，他們等這一天很久了。</p>' },
      { title: '週末市集回來了', summary: '老街的週末市集本週六重新開張。', body: '<p>老街的週末市集本週六重新開張，攤位比去年多了一倍。</p><p>市集從上午九點開到下午四點。</p>' },
    ],
  },
  en: {
    name: 'Harbour Daily', description: 'News and life of the harbour town.', catalog: 'News',
    articles: [
      { title: 'Harbour reopens', summary: 'After three weeks, the harbour is working again.', body: '<p>After three weeks of standstill the harbour reopened this morning; the first freighter berthed at seven.</p><h2>On the quay</h2><p>The dockers say they had waited long for this day.</p>' },
      { title: 'Market day is back', summary: 'The old street\'s weekend market opens again on Saturday.', body: '<p>The old street\'s weekend market opens again on Saturday, with twice as many stalls as last year.</p><p>It runs from nine to four.</p>' },
    ],
  },
} as const;
type Lng = keyof typeof SITES;

interface PageRef { lng: Lng; page: string; url: string }
interface Scores { performance: number; accessibility: number; 'best-practices': number; seo: number }
/** The performance metrics behind the score (ms; CLS unitless), as Lighthouse simulated them. */
const METRICS = { fcp: 'first-contentful-paint', lcp: 'largest-contentful-paint', tbt: 'total-blocking-time', cls: 'cumulative-layout-shift', si: 'speed-index' } as const;
type Metrics = Record<keyof typeof METRICS, number>;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** An API call through the app (no network), in a language: a site is themed in its maker's. */
async function call<T = any>(server: CastaneaServer, token: string, method: string, url: string, body: unknown, siteId: number, lng: string): Promise<T> {
  const res = await server.app.inject({
    method: method as 'POST', url: `/prod-api${url}`, payload: body as object,
    headers: { authorization: `Bearer ${token}`, currentsite: String(siteId), repeatsubmit: 'false', 'accept-language': lng, 'content-type': 'application/json' },
  });
  const json = res.json() as { code: number; msg: string; data: T };
  if (json.code !== 200) throw new Error(`${method} ${url}: ${json.code} ${json.msg}`);
  return json.data;
}

/** Makes and publishes each language's site; returns its pages' addresses. */
async function publishSites(server: CastaneaServer, token: string, sitePort: number, languages: Lng[]): Promise<PageRef[]> {
  const pages: PageRef[] = [];
  for (const lng of languages) {
    const spec = SITES[lng];
    const path = `lh${lng.replace('-', '').toLowerCase()}`;
    const siteId = (await call<{ siteId: number }>(server, token, 'POST', '/cms/site', { name: spec.name, path, description: spec.description }, 0, lng)).siteId;
    // Its own address: a host name under .localhost (Chromium reaches it on the loopback), the sites port.
    const base = `http://${lng.toLowerCase()}.localhost:${sitePort}/`;
    await call(server, token, 'PUT', '/cms/site', { siteId, publishPipeDatas: [{ pipeCode: 'pc', props: { url: base, enableSitemap: 'Y' } }] }, siteId, lng);
    const [news] = await call<{ catalogId: number; path: string }[]>(server, token, 'POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: spec.catalog }, siteId, lng);
    await call(server, token, 'PUT', '/cms/catalog', { catalogId: news!.catalogId, description: spec.description }, siteId, lng);
    const ids: number[] = [];
    for (const a of spec.articles) {
      ids.push((await call<{ contentId: number }>(server, token, 'POST', '/cms/content?contentType=article', { catalogId: news!.catalogId, title: a.title, author: 'Ann', summary: a.summary, contentHtml: a.body }, siteId, lng)).contentId);
    }
    await call(server, token, 'POST', '/cms/content/publish', { contentIds: ids }, siteId, lng);
    await call(server, token, 'POST', '/cms/site/publish', { siteId, contentStatus: '30' }, siteId, lng);
    const drained = await drainQueue(server.services);
    if (drained.failures.length) throw new Error(`publishing ${path}: ${JSON.stringify(drained.failures)}`);
    const catalogPath = news!.path.endsWith('/') ? news!.path : `${news!.path}/`;
    pages.push({ lng, page: 'home', url: base }, { lng, page: 'list', url: `${base}${catalogPath}` }, { lng, page: 'article', url: `${base}${catalogPath}${ids[0]}.shtml` });
  }
  return pages;
}

async function audit(url: string, port: number): Promise<Result> {
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] };
  const result = await lighthouse(url, flags, args.desktop ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
  return result.lhr;
}

/** The audits of a category that did not pass (scored, under 1), with what they say. */
function failed(lhr: Result, category: string): string[] {
  return lhr.categories[category]!.auditRefs
    .map((ref) => lhr.audits[ref.id]!)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable')
    .map((a) => `${a.id} (${Math.round((a.score ?? 0) * 100)})${a.displayValue ? `: ${a.displayValue}` : ''}`);
}

async function shots(browser: Browser, pages: PageRef[], dir: string) {
  mkdirSync(dir, { recursive: true });
  for (const width of [1440, 800]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    for (const p of pages) {
      await page.goto(p.url, { waitUntil: 'networkidle' });
      await page.screenshot({ path: join(dir, `${p.lng}-${p.page}-${width}.png`), fullPage: true });
      // From the keyboard: the skip link (first Tab), then the nav's current item (after the site's name and Home).
      const top = { x: 0, y: 0, width, height: 160 };
      await page.keyboard.press('Tab');
      await page.screenshot({ path: join(dir, `${p.lng}-${p.page}-${width}-tab1.png`), clip: top });
      for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
      await page.screenshot({ path: join(dir, `${p.lng}-${p.page}-${width}-tab4.png`), clip: top });
    }
    await context.close();
  }
  console.log(`Screenshots in ${dir}`);
}

async function main() {
  const languages = args.languages.split(',').map((s) => s.trim()).filter((s): s is Lng => s in SITES);
  const wanted = new Set(args.pages.split(',').map((s) => s.trim()));
  const dataDir = mkdtempSync(join(tmpdir(), 'castanea-lighthouse-'));
  const [port, sitePort, cdpPort] = [await freePort(), await freePort(), await freePort()];
  const server = await createServer({
    config: { dataDir, port, sitePort, host: '127.0.0.1', siteUrl: undefined, databaseUrl: undefined, captchaEnabled: false, logRequests: false, publishWorker: false },
  });
  let browser: Browser | undefined;
  try {
    await server.app.listen({ port, host: '127.0.0.1' });
    await server.sites.listen({ port: sitePort, host: '127.0.0.1' });
    const { token } = await prepare(`http://127.0.0.1:${port}`);
    const pages = (await publishSites(server, token, sitePort, languages)).filter((p) => wanted.has(p.page));
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${cdpPort}`] });
    if (args.shots) return await shots(browser, pages, args.shots);

    console.log(`Lighthouse ${args.desktop ? 'desktop' : 'mobile'}, ${RUNS} run(s) a page; ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}`);
    const rows: { lng: Lng; page: string; url: string; scores: Scores; runs: Scores[]; metrics: Metrics; benchmarkIndex: number; failing: Record<string, string[]> }[] = [];
    for (const p of pages) {
      const runs: Scores[] = [];
      const measured: Metrics[] = [];
      /** Lighthouse's measure of the machine's speed during the run (higher is faster; a quiet desktop scores ~1,500-2,000) */
      const benchmark: number[] = [];
      const failing: Record<string, Set<string>> = {};
      for (let i = 0; i < RUNS; i++) {
        const lhr = await audit(p.url, cdpPort);
        if (args.reports) {
          mkdirSync(args.reports, { recursive: true });
          writeFileSync(join(args.reports, `${p.lng}-${p.page}-${i + 1}.json`), JSON.stringify(lhr));
        }
        benchmark.push(lhr.environment.benchmarkIndex);
        runs.push(Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as unknown as Scores);
        measured.push(Object.fromEntries(Object.entries(METRICS).map(([k, id]) => [k, lhr.audits[id]?.numericValue ?? NaN])) as Metrics);
        for (const c of CATEGORIES.slice(1)) for (const f of failed(lhr, c)) (failing[c] ??= new Set()).add(f);
      }
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r[c]))])) as unknown as Scores;
      const metrics = Object.fromEntries(Object.keys(METRICS).map((k) => [k, median(measured.map((m) => m[k as keyof Metrics]))])) as Metrics;
      rows.push({ ...p, scores, runs, metrics, benchmarkIndex: median(benchmark), failing: Object.fromEntries(Object.entries(failing).map(([c, s]) => [c, [...s]])) });
      const ms = (v: number) => `${Math.round(v)} ms`;
      console.log(`${p.lng} ${p.page}: ${CATEGORIES.map((c) => `${LABEL[c]} ${scores[c]}`).join(', ')} (FCP ${ms(metrics.fcp)}, LCP ${ms(metrics.lcp)}, TBT ${ms(metrics.tbt)}, CLS ${metrics.cls.toFixed(3)}, SI ${ms(metrics.si)}; machine ${Math.round(median(benchmark))})`);
    }

    console.log(`\n| language | page | ${CATEGORIES.map((c) => LABEL[c]).join(' | ')} |\n| --- | --- |${' --- |'.repeat(CATEGORIES.length)}`);
    for (const r of rows) console.log(`| ${r.lng} | ${r.page} | ${CATEGORIES.map((c) => (RUNS > 1 ? `${r.scores[c]} (${r.runs.map((x) => x[c]).join('/')})` : String(r.scores[c]))).join(' | ')} |`);
    const problems = rows.flatMap((r) => Object.entries(r.failing).flatMap(([c, list]) => list.map((f) => `${r.lng} ${r.page}, ${LABEL[c as keyof typeof LABEL]}: ${f}`)));
    console.log(problems.length ? `\nNot passed:\n${problems.join('\n')}` : '\nEvery Accessibility, Best practices and SEO audit passed.');
    writeFileSync(args.out, JSON.stringify({ date: new Date().toISOString(), formFactor: args.desktop ? 'desktop' : 'mobile', runs: RUNS, rows }, null, 1));
    console.log(`Written: ${args.out}`);
  } finally {
    await browser?.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
