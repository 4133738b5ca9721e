// `npm run bench:console`: how fast the console draws its real content after sign-in (issue 12).
// Builds the console (unless --no-build), starts the server in a child process on a temporary data
// directory (captcha off), signs in through the API, seeds a catalog with contents, and loads each
// page cold (a fresh browser context: empty cache, no storage, the session cookie only) in headless
// Chromium under CDP network throttling. A page is ready when its real content is visible (rows in
// the table, the editor usable); the requests and bytes are counted until the network settles.
// Then warm switches between areas (client-side navigation, HTTP cache filled), until rows show.
// Prints a table (medians of --runs, default 5) and writes bench-console.json.
//
//   npm run bench:console -- [--no-build] [--runs 5] [--profiles none,slow4g,3g] [--pages home,posts]
//                            [--waterfall [--trace dir] [--cpuprofile dir]] [--dist dir] [--out bench-console.json] [--shots dir] [--compare other-checkout]
import { spawn, execSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as netServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '5' },
    profiles: { type: 'string', default: 'none,slow4g,3g' },
    pages: { type: 'string', default: '' },
    dist: { type: 'string', default: join(ROOT, 'dist') },
    out: { type: 'string', default: join(ROOT, 'bench-console.json') },
    'warm-runs': { type: 'string', default: '' },
    /** another checkout (with its dist/) to measure against this one, loads alternating, under the same machine load */
    compare: { type: 'string', default: '' },
    /** print each page's requests of its first load in order (start, end, bytes): where the time goes */
    waterfall: { type: 'boolean', default: false },
    /** instead of measuring: screenshots of Home, Posts and Contents, 1440 and 800 px, each language, into this folder */
    shots: { type: 'string', default: '' },
    /** a Chromium performance trace of each page's first cold load, into this folder (open in DevTools' Performance panel) */
    trace: { type: 'string', default: '' },
    /** a V8 CPU profile (.cpuprofile) of each page's first cold load, into this folder: which functions the load runs */
    cpuprofile: { type: 'string', default: '' },
  },
});
const RUNS = Number(args.runs);

// The harness's flags (tests/browser/harness.ts).
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Request-level throttling as Lighthouse's "Slow 4G" and "Regular 3G" describe them (RTT, down, up). */
const PROFILES = {
  none: null,
  slow4g: { latency: 150, downloadThroughput: (1.6 * 1e6) / 8, uploadThroughput: (750 * 1e3) / 8 },
  '3g': { latency: 300, downloadThroughput: (750 * 1e3) / 8, uploadThroughput: (250 * 1e3) / 8 },
} as const;
type ProfileName = keyof typeof PROFILES;
const PROFILE_LABEL: Record<ProfileName, string> = { none: 'no throttling', slow4g: 'Slow 4G', '3g': 'Regular 3G' };

/** Budgets on Slow 4G (issue 12). */
const BUDGETS: Record<string, { ms?: number; kib?: number; requests?: number }> = {
  login: { ms: 600, kib: 100 },
  home: { ms: 1500 },
  posts: { ms: 2000, requests: 30 },
  content: { ms: 2000, requests: 30 },
  editor: { ms: 2500 },
};
const WARM_BUDGET_MS = 300;

interface PageSpec {
  key: string;
  label: string;
  path: string;
  /** CSS selector whose first visible match means the page's real content is drawn */
  ready: string;
  /** no session: the sign-in page */
  anonymous?: boolean;
}

interface Sample { ms: number; requests: number; kib: number }

// ---- server

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = netServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function startServer(dist: string, root = ROOT): Promise<{ url: string; child: ChildProcess; dataDir: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'castanea-bench-'));
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), SITE_PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, CAPTCHA_ENABLED: 'false', CONSOLE_DIR: dist, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server stopped (${code})`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('is running at')) resolve();
    });
  });
  child.stdout!.resume();
  return { url: `http://127.0.0.1:${port}`, child, dataDir };
}

async function api<T = any>(base: string, method: string, path: string, token = '', body?: unknown, siteId?: number): Promise<T> {
  const headers: Record<string, string> = { 'accept-language': 'en', repeatSubmit: 'false' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (siteId) headers.currentsite = String(siteId);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}/prod-api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = (await res.json()) as { code: number; msg: string; data?: T; token?: string };
  if (json.code !== 200) throw new Error(`${method} ${path}: ${json.code} ${json.msg}`);
  return (json.data ?? json.token) as T;
}

/** Signs in as the seeded admin, makes the forced first password change, seeds contents; returns the token and the editor's query. */
async function prepare(base: string): Promise<{ token: string; editorQuery: string }> {
  const first = 'admin123';
  const next = 'Bench#Root2026x';
  const login = (password: string) => api<string>(base, 'POST', '/login', '', { username: 'admin', password, code: '', uuid: '' });
  const old = await login(first);
  await api(base, 'PUT', '/system/user/profile/updatePwd', old, { oldPassword: first, newPassword: next, confirmPassword: next });
  const token = await login(next);
  const site = await api<{ siteId: string }>(base, 'GET', '/cms/site/getCurrentSite', token);
  const siteId = Number(site.siteId);
  const catalogs = await api<{ catalogId: number; name: string }[]>(base, 'POST', '/cms/catalog/batchAdd', token, { parentId: 0, catalogs: 'Bench news\n  Bench world' }, siteId);
  const catalogId = catalogs[0]!.catalogId;
  // More rows than a page shows (20), so the list draws a full page.
  for (let i = 1; i <= 25; i++) {
    await api(base, 'POST', '/cms/content?contentType=article', token, { catalogId: catalogs[i % catalogs.length]!.catalogId, title: `Bench article ${i}`, author: 'Bench' }, siteId);
  }
  // The workbench opens the site's index template (the default theme installs it; saved here so
  // every run opens the same text).
  const template = ['<!doctype html>', '<html>', '<head><title>{{ Site.name }}</title></head>', '<body>', '{% cms_catalog level="Root" %}', '  <a href="{{ catalog.link }}">{{ catalog.name }}</a>', '{% endcms_catalog %}', '</body>', '</html>', ''].join('\n');
  await api(base, 'PUT', '/cms/template', token, { publishPipeCode: 'pc', path: 'index.template.html', content: template }, siteId);
  return { token, editorQuery: `catalogId=${catalogId}&contentType=article` };
}

// ---- browser

/**
 * Records, in the page, when `selector` first has a visible match (ms since navigation start):
 * checked in each animation frame, when the browser works out style and layout for that frame anyway
 * (a check on every DOM change would force extra layouts while the HTML is still being parsed, a cost
 * of the probe, not of the page), and stamped at the next frame, once the frame showing it is drawn.
 */
const readyProbe = (selector: string) => `(() => {
  const sel = ${JSON.stringify(selector)};
  const frame = () => {
    const el = [...document.querySelectorAll(sel)].find((e) => e.checkVisibility({ visibilityProperty: true, opacityProperty: true }));
    if (el) requestAnimationFrame(() => { window.__benchReady = performance.now(); });
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

/** Counts the requests and the bytes on the wire (headers included) of a CDP session. */
function netCounter(cdp: CDPSession) {
  let requests = 0;
  let bytes = 0;
  let lastActivity = Date.now();
  const inFlight = new Set<string>();
  const urls: string[] = [];
  // CDP timestamps (seconds, monotonic) of each request, for --waterfall.
  const timeline = new Map<string, { url: string; start: number; end?: number; bytes?: number }>();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.request.url.startsWith('data:')) return;
    if (!inFlight.has(e.requestId)) requests++;
    inFlight.add(e.requestId);
    urls.push(e.request.url);
    if (!timeline.has(e.requestId)) timeline.set(e.requestId, { url: e.request.url, start: e.timestamp });
    lastActivity = Date.now();
  });
  const done = (e: { requestId: string; encodedDataLength?: number; timestamp?: number }) => {
    if (e.encodedDataLength) bytes += e.encodedDataLength;
    const t = timeline.get(e.requestId);
    if (t) Object.assign(t, { end: e.timestamp, bytes: e.encodedDataLength });
    inFlight.delete(e.requestId);
    lastActivity = Date.now();
  };
  cdp.on('Network.loadingFinished', done);
  cdp.on('Network.loadingFailed', (e) => done({ requestId: e.requestId }));
  return {
    get requests() { return requests; },
    get bytes() { return bytes; },
    urls,
    /** one line per request: ms from the first request's start to its own start and end, KiB, path */
    waterfall(base: string): string {
      const rows = [...timeline.values()];
      const t0 = Math.min(...rows.map((r) => r.start));
      const ms = (t?: number) => (t === undefined ? '   …' : String(Math.round((t - t0) * 1000)).padStart(5));
      return rows.map((r) => `${ms(r.start)} → ${ms(r.end)} ms ${((r.bytes ?? 0) / 1024).toFixed(1).padStart(6)} KiB  ${r.url.replace(base, '')}`).join('\n');
    },
    /** Resolves once nothing was in flight for `quietMs` (or after `maxMs`). */
    async settle(quietMs = 700, maxMs = 8000) {
      const end = Date.now() + maxMs;
      while (Date.now() < end) {
        if (inFlight.size === 0 && Date.now() - lastActivity >= quietMs) return;
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

async function throttle(cdp: CDPSession, profile: ProfileName) {
  await cdp.send('Network.enable');
  const p = PROFILES[profile];
  if (p) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...p });
}

async function newContext(browser: Browser, base: string, token: string | null): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  if (token) await context.addCookies([{ name: 'Admin-Token', value: encodeURIComponent(token), url: `${base}/admin/`, sameSite: 'Strict' }]);
  return context;
}

async function waitReady(page: Page, timeoutMs = 120_000): Promise<number> {
  const handle = await page.waitForFunction(() => ((window as { __benchReady?: number }).__benchReady ?? -1) > 0, undefined, { timeout: timeoutMs, polling: 50 });
  await handle.dispose();
  return page.evaluate(() => (window as unknown as { __benchReady: number }).__benchReady);
}

async function coldLoad(browser: Browser, base: string, token: string, spec: PageSpec, profile: ProfileName, waterfall = false): Promise<Sample & { urls: string[] }> {
  const context = await newContext(browser, base, spec.anonymous ? null : token);
  try {
    const page = await context.newPage();
    page.on('pageerror', (err) => process.stderr.write(`  ${spec.key}: page error: ${err.message}\n`));
    await page.addInitScript(readyProbe(spec.ready));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await throttle(cdp, profile);
    const net = netCounter(cdp);
    const tracing = waterfall && args.trace ? join(args.trace, `${spec.key}-${profile}.json`) : '';
    if (tracing) {
      mkdirSync(args.trace!, { recursive: true });
      await browser.startTracing(page, { path: tracing, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'v8', 'blink', 'loading'] });
    }
    const profiling = waterfall && args.cpuprofile ? join(args.cpuprofile, `${spec.key}-${profile}.cpuprofile`) : '';
    if (profiling) {
      mkdirSync(args.cpuprofile!, { recursive: true });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.goto(`${base}${spec.path}`, { waitUntil: 'commit' });
    const ms = await waitReady(page).catch(async (err: unknown) => {
      // What the page showed instead, to look at.
      await page.screenshot({ path: join(tmpdir(), `bench-console-${spec.key}-timeout.png`) }).catch(() => undefined);
      throw err;
    });
    if (profiling) writeFileSync(profiling, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    await net.settle();
    if (tracing) await browser.stopTracing();
    if (waterfall) process.stderr.write(`\n${spec.key}, ${PROFILE_LABEL[profile]}: ready at ${Math.round(ms)} ms after navigation\n${net.waterfall(base)}\n`);
    return { ms: Math.round(ms), requests: net.requests, kib: +(net.bytes / 1024).toFixed(1), urls: [...net.urls] };
  } finally {
    await context.close();
  }
}

/**
 * Warm switches: in one context, visit each area once (fills the HTTP cache), then move between
 * them by clicking a link (the client router swaps the page); time from the click until the new
 * page's ready selector is visible.
 */
async function warmSwitches(browser: Browser, base: string, token: string, specs: PageSpec[], profile: ProfileName, rounds: number) {
  const context = await newContext(browser, base, token);
  const out: Record<string, number[]> = {};
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await throttle(cdp, profile);
    for (const s of specs) {
      await page.goto(`${base}${s.path}`);
      await page.locator(s.ready).first().waitFor({ timeout: 30_000 });
    }
    for (let r = 0; r < rounds; r++) {
      for (const s of specs) {
        const key = `→ ${s.label}`;
        const ms = await page.evaluate(async ({ path, ready }) => {
          const a = document.createElement('a');
          a.href = path;
          a.textContent = 'bench';
          document.body.append(a);
          // Astro's client router takes the click (same origin, no target).
          const start = performance.now();
          const seenBefore = new Set(document.querySelectorAll(ready));
          a.click();
          return await new Promise<number>((resolve, reject) => {
            const deadline = start + 20_000;
            const poll = () => {
              const hit = [...document.querySelectorAll(ready)].find((e) => !seenBefore.has(e) && e.checkVisibility({ visibilityProperty: true }));
              if (hit && location.pathname + location.search === path) requestAnimationFrame(() => resolve(performance.now() - start));
              else if (performance.now() > deadline) reject(new Error(`not ready: ${path}`));
              else requestAnimationFrame(poll);
            };
            poll();
          });
        }, { path: s.path, ready: s.ready });
        (out[key] ??= []).push(Math.round(ms));
      }
    }
  } finally {
    await context.close();
  }
  return out;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Screenshots to compare builds by eye (Home and the two kinds of list page, two widths, three languages). */
async function screenshots(browser: Browser, base: string, token: string, dir: string, specs: PageSpec[]) {
  mkdirSync(dir, { recursive: true });
  for (const lang of ['zh-CN', 'zh-TW', 'en']) {
    for (const width of [1440, 800]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: lang });
      await context.addCookies([{ name: 'Admin-Token', value: encodeURIComponent(token), url: `${base}/admin/`, sameSite: 'Strict' }]);
      await context.addInitScript((l) => localStorage.setItem('language', l), lang);
      const page = await context.newPage();
      for (const spec of specs) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        const net = netCounter(cdp);
        await page.goto(`${base}${spec.path}`);
        await page.locator(spec.ready).first().waitFor({ timeout: 60_000 });
        await net.settle(1000, 15_000);
        await page.screenshot({ path: join(dir, `${spec.key}-${lang}-${width}.png`) });
        await cdp.detach();
      }
      await context.close();
    }
  }
}

const pageSpecs = (editorQuery: string): PageSpec[] => [
  { key: 'login', label: 'sign-in /admin/login (form shown)', path: '/admin/login', ready: '#login-form', anonymous: true },
  { key: 'home', label: 'Home /admin/index (welcome filled)', path: '/admin/index', ready: '[data-testid=home-welcome]' },
  { key: 'posts', label: 'Posts /admin/system/post (rows drawn)', path: '/admin/system/post', ready: '.resource-table tbody tr:not(.p-datatable-emptymessage)' },
  { key: 'content', label: 'Contents /admin/configs/content (rows drawn)', path: '/admin/configs/content', ready: '[data-testid=content-table] .content-title-link' },
  { key: 'editor', label: 'content editor /admin/cms/content/editor (title editable)', path: `/admin/cms/content/editor?${editorQuery}`, ready: '[data-testid=content-editor] #ce-title:not([disabled])' },
  { key: 'workbench', label: 'template workbench /admin/cms/template/editor (Monaco ready)', path: '/admin/cms/template/editor?pipe=pc&path=index.template.html', ready: '[data-testid=bench] .monaco-editor .view-lines' },
];

/**
 * --compare: this checkout and another (e.g. the commit before the levers), each with its own
 * server and build, loaded alternately (this, other, this, other…) so that both meet the same load
 * of a shared machine. Slow 4G unless --profiles says otherwise.
 */
async function compare(base: string, token: string, mine: PageSpec[]) {
  const otherRoot = args.compare;
  const other = await startServer(join(otherRoot, 'dist'), otherRoot);
  let browser: Browser | undefined;
  try {
    const prepared = await prepare(other.url);
    const theirs = pageSpecs(prepared.editorQuery);
    const wanted = args.pages ? args.pages.split(',') : mine.map((p) => p.key);
    const profiles = (args.profiles === 'none,slow4g,3g' ? 'slow4g' : args.profiles).split(',') as ProfileName[];
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', headless: true, args: CHROMIUM_FLAGS });
    const out: Record<string, Record<string, { before: Sample; after: Sample; samples: { before: Sample[]; after: Sample[] } }>> = {};
    for (const profile of profiles) {
      for (const key of wanted) {
        const a = mine.find((p) => p.key === key)!;
        const b = theirs.find((p) => p.key === key)!;
        const samples = { before: [] as Sample[], after: [] as Sample[] };
        for (let i = 0; i < RUNS; i++) {
          for (const [which, spec, url, tok] of [['after', a, base, token], ['before', b, other.url, prepared.token]] as const) {
            const got = await coldLoad(browser, url, tok, spec, profile).catch((err: unknown) => {
              process.stderr.write(`  ${key} ${profile} ${which}: run ${i + 1} failed: ${String(err).split('\n')[0]}\n`);
              return null;
            });
            if (got) samples[which].push({ ms: got.ms, requests: got.requests, kib: got.kib });
          }
        }
        const med = (xs: Sample[]): Sample => ({ ms: median(xs.map((x) => x.ms)), requests: median(xs.map((x) => x.requests)), kib: median(xs.map((x) => x.kib)) });
        (out[profile] ??= {})[key] = { before: med(samples.before), after: med(samples.after), samples };
        const r = out[profile][key];
        process.stderr.write(`  ${key} ${profile}: before ${r.before.ms} ms ${r.before.requests} req ${r.before.kib} KiB | after ${r.after.ms} ms ${r.after.requests} req ${r.after.kib} KiB\n`);
      }
    }
    for (const profile of profiles) {
      const head = ['page', 'requests before → after', 'transferred before → after', `ready before → after, ${PROFILE_LABEL[profile]}`];
      const rows = wanted.map((k) => {
        const r = out[profile]![k]!;
        return [mine.find((p) => p.key === k)!.label, `${r.before.requests} → ${r.after.requests}`, `${r.before.kib} → ${r.after.kib} KiB`, `${r.before.ms.toLocaleString('en')} → ${r.after.ms.toLocaleString('en')} ms`];
      });
      console.log(`\n${[head, head.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n')}`);
    }
    console.log(`\nMachine: ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(2)} at the end; medians of ${RUNS}, loads alternating.`);
    writeFileSync(args.out, JSON.stringify({ compare: otherRoot, runs: RUNS, loadavg: loadavg(), results: out }, null, 2));
    console.log(`Wrote ${args.out}`);
  } finally {
    await browser?.close();
    other.child.kill('SIGTERM');
    await new Promise((r) => other.child.once('exit', r));
    rmSync(other.dataDir, { recursive: true, force: true });
  }
}

// ---- main

async function main() {
  if (!args['no-build']) execSync('npx astro build', { cwd: ROOT, stdio: 'inherit' });
  const started = new Date();
  const load0 = loadavg();
  const { url: base, child, dataDir } = await startServer(args.dist);
  let browser: Browser | undefined;
  try {
    const { token, editorQuery } = await prepare(base);
    const ALL = pageSpecs(editorQuery);
    if (args.compare) {
      await compare(base, token, ALL);
      return;
    }
    const wanted = args.pages ? args.pages.split(',') : ALL.map((p) => p.key);
    const specs = ALL.filter((p) => wanted.includes(p.key));
    const profiles = args.profiles.split(',') as ProfileName[];

    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', headless: true, args: CHROMIUM_FLAGS });
    if (args.shots) {
      await screenshots(browser, base, token, args.shots, ALL.filter((p) => ['home', 'posts', 'content'].includes(p.key)));
      console.log(`Screenshots in ${args.shots}`);
      return;
    }
    // One throwaway load: the server's first answers (template caches, JIT) are not the console's.
    await coldLoad(browser, base, token, specs.find((s) => !s.anonymous) ?? specs[0]!, 'none').catch(() => undefined);

    const results: Record<string, Record<string, { median: Sample; samples: Sample[] }>> = {};
    const urlsOf: Record<string, string[]> = {};
    for (const profile of profiles) {
      for (const spec of specs) {
        const samples: Sample[] = [];
        for (let i = 0; i < RUNS; i++) {
          // A load that never got ready (a very busy machine) is reported, not fatal to the run.
          const got = await coldLoad(browser, base, token, spec, profile, args.waterfall && i === 0).catch((err: unknown) => {
            process.stderr.write(`  ${spec.key} ${profile}: run ${i + 1} failed: ${String(err).split('\n')[0]}\n`);
            return null;
          });
          if (!got) continue;
          const { urls, ...s } = got;
          samples.push(s);
          urlsOf[spec.key] ??= urls.map((u) => u.replace(base, ''));
        }
        if (!samples.length) continue;
        const med: Sample = { ms: median(samples.map((s) => s.ms)), requests: median(samples.map((s) => s.requests)), kib: median(samples.map((s) => s.kib)) };
        (results[spec.key] ??= {})[profile] = { median: med, samples };
        process.stderr.write(`  ${spec.key} ${profile}: ${med.ms} ms, ${med.requests} requests, ${med.kib} KiB\n`);
      }
    }

    const warmSpecs = specs.filter((s) => ['home', 'posts', 'content'].includes(s.key));
    const warm: Record<string, Record<string, number>> = {};
    if (warmSpecs.length > 1) {
      for (const profile of profiles) {
        const w = await warmSwitches(browser, base, token, warmSpecs, profile, Number(args['warm-runs'] || RUNS));
        warm[profile] = Object.fromEntries(Object.entries(w).map(([k, v]) => [k, median(v)]));
      }
    }

    // ---- report
    const load1 = loadavg();
    const head = ['page', 'requests', 'transferred', ...profiles.map((p) => `ready, ${PROFILE_LABEL[p]}`)];
    const rowsOut = specs.filter((s) => results[s.key]).map((s) => {
      const r = results[s.key]!;
      const ref = r.slow4g ?? r[profiles[0]!]!;
      return [s.label, String(ref.median.requests), `${ref.median.kib} KiB`, ...profiles.map((p) => (r[p] ? `${r[p].median.ms.toLocaleString('en')} ms` : 'failed'))];
    });
    const table = [head, head.map(() => '---'), ...rowsOut].map((r) => `| ${r.join(' | ')} |`).join('\n');
    console.log(`\nCold loads, median of ${RUNS} (requests and bytes on Slow 4G when measured):\n\n${table}\n`);
    if (Object.keys(warm).length) {
      const wHead = ['warm switch', ...Object.keys(warm).map((p) => PROFILE_LABEL[p as ProfileName])];
      const keys = Object.keys(Object.values(warm)[0]!);
      const wRows = keys.map((k) => [k, ...Object.keys(warm).map((p) => `${warm[p]![k]} ms`)]);
      console.log([wHead, wHead.map(() => '---'), ...wRows].map((r) => `| ${r.join(' | ')} |`).join('\n'));
    }
    const verdicts: string[] = [];
    for (const [key, b] of Object.entries(BUDGETS)) {
      const m = results[key]?.slow4g?.median;
      if (!m) continue;
      if (b.ms !== undefined) verdicts.push(`${m.ms <= b.ms ? 'within' : 'OVER  '} ${key}: ${m.ms} ms ≤ ${b.ms} ms`);
      if (b.kib !== undefined) verdicts.push(`${m.kib <= b.kib ? 'within' : 'OVER  '} ${key}: ${m.kib} KiB ≤ ${b.kib} KiB`);
      if (b.requests !== undefined) verdicts.push(`${m.requests <= b.requests ? 'within' : 'OVER  '} ${key}: ${m.requests} requests ≤ ${b.requests}`);
    }
    for (const [k, ms] of Object.entries(warm.none ?? {})) verdicts.push(`${ms < WARM_BUDGET_MS ? 'within' : 'OVER  '} warm ${k} (no throttling): ${ms} ms < ${WARM_BUDGET_MS} ms`);
    console.log(`\nBudgets on Slow 4G:\n${verdicts.join('\n')}`);
    console.log(`\nMachine: ${cpus().length} cores, load average ${load0[0]!.toFixed(2)} at start, ${load1[0]!.toFixed(2)} at the end.`);

    writeFileSync(args.out, JSON.stringify({ started, finished: new Date(), runs: RUNS, dist: args.dist, cores: cpus().length, loadavg: { start: load0, end: load1 }, profiles: Object.fromEntries(profiles.map((p) => [p, PROFILES[p]])), pages: Object.fromEntries(specs.map((s) => [s.key, { label: s.label, path: s.path, ready: s.ready, ...results[s.key] }])), warm, budgets: BUDGETS, requestsOnSlow4g: urlsOf }, null, 2));
    console.log(`Wrote ${args.out}`);
  } finally {
    await browser?.close();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
