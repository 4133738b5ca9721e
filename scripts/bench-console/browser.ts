// The bench's browser side: Chromium's flags, the throttling profiles, a page's cold load (until its
// real content shows, requests and bytes counted), warm switches between areas, and screenshots.
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';

// The harness's flags (tests/browser/harness.ts).
export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Request-level throttling as Lighthouse's "Slow 4G" and "Regular 3G" describe them (RTT, down, up). */
export const PROFILES = {
  none: null,
  slow4g: { latency: 150, downloadThroughput: (1.6 * 1e6) / 8, uploadThroughput: (750 * 1e3) / 8 },
  '3g': { latency: 300, downloadThroughput: (750 * 1e3) / 8, uploadThroughput: (250 * 1e3) / 8 },
} as const;
export type ProfileName = keyof typeof PROFILES;
export const PROFILE_LABEL: Record<ProfileName, string> = { none: 'no throttling', slow4g: 'Slow 4G', '3g': 'Regular 3G' };

export interface PageSpec {
  key: string;
  label: string;
  path: string;
  /** CSS selector whose first visible match means the page's real content is drawn */
  ready: string;
  /**
   * CSS selector whose first visible match means the page is usable: its screen hydrated and
   * drawing for itself (a list's rows may show before, painted from the head script's answers,
   * issue 34); the ready selector when absent
   */
  usable?: string;
  /** no session: the sign-in page */
  anonymous?: boolean;
}

export interface Sample {
  ms: number;
  requests: number;
  kib: number;
  /** when the network went quiet (no request for 700 ms), ms after navigation: the page's own loading over */
  quietMs?: number;
  /** when the page became usable (PageSpec.usable), ms after navigation */
  usableMs?: number;
  /** when the last script the page loaded by then had arrived, ms after navigation */
  scriptsMs?: number;
}

/**
 * Records, in the page, when `selector` first has a visible match (ms since navigation start):
 * checked in each animation frame, when the browser works out style and layout for that frame anyway
 * (a check on every DOM change would force extra layouts while the HTML is still being parsed, a cost
 * of the probe, not of the page), and stamped at the next frame, once the frame showing it is drawn.
 */
export const readyProbe = (selector: string, usable = selector) => `(() => {
  const probe = (sel, key) => {
    const frame = () => {
      const el = [...document.querySelectorAll(sel)].find((e) => e.checkVisibility({ visibilityProperty: true, opacityProperty: true }));
      if (el) requestAnimationFrame(() => { window[key] = performance.now(); });
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  };
  probe(${JSON.stringify(selector)}, '__benchReady');
  probe(${JSON.stringify(usable)}, '__benchUsable');
})();`;

/** Counts the requests and the bytes on the wire (headers included) of a CDP session. */
export function netCounter(cdp: CDPSession) {
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
    /** Date.now() of the last request's start or end */
    get lastActivity() { return lastActivity; },
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

export async function throttle(cdp: CDPSession, profile: ProfileName) {
  await cdp.send('Network.enable');
  const p = PROFILES[profile];
  if (p) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...p });
}

/** How a load signs in: the console's session token, another admin's cookies (--peer), or nobody. */
export type Session = string | null | { cookies: { name: string; value: string }[] };

/** The interface language the bench's pages are loaded in (--lang): stored, and its cookie set, as a reader who chose it has them. */
let benchLanguage = 'zh-CN';
export const setBenchLanguage = (lng: string) => {
  benchLanguage = lng;
};

/** A reader's stored language choice and its cookie (src/stores/locale.ts chooseLanguage), in a new context. */
async function chooseLanguageIn(context: BrowserContext, base: string, lng: string) {
  await context.addInitScript((l) => localStorage.setItem('language', l), lng);
  await context.addCookies([{ name: 'castanea_lang', value: lng, url: `${base}/admin/` }]);
}

export async function newContext(browser: Browser, base: string, session: Session): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: benchLanguage });
  if (benchLanguage !== 'zh-CN') await chooseLanguageIn(context, base, benchLanguage);
  if (typeof session === 'string') await context.addCookies([{ name: 'Admin-Token', value: encodeURIComponent(session), url: `${base}/admin/`, sameSite: 'Strict' }]);
  else if (session) await context.addCookies(session.cookies.map((c) => ({ ...c, url: `${base}/` })));
  return context;
}

export async function waitReady(page: Page, timeoutMs = 120_000, key = '__benchReady'): Promise<number> {
  const handle = await page.waitForFunction((k) => ((window as unknown as Record<string, number | undefined>)[k] ?? -1) > 0, key, { timeout: timeoutMs, polling: 50 });
  await handle.dispose();
  return page.evaluate((k) => (window as unknown as Record<string, number>)[k]!, key);
}

const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'v8', 'blink', 'loading'];

/**
 * Starts a Chromium trace and a V8 CPU profile of the page into `debug`'s folders, as `name`.json and
 * `name`.cpuprofile (either folder may be absent: nothing recorded there); the stops write them.
 */
async function record(browser: Browser, page: Page, cdp: CDPSession, debug: { trace?: string; cpuprofile?: string }, name: string) {
  if (debug.trace) {
    mkdirSync(debug.trace, { recursive: true });
    await browser.startTracing(page, { path: join(debug.trace, `${name}.json`), categories: TRACE_CATEGORIES });
  }
  if (debug.cpuprofile) {
    mkdirSync(debug.cpuprofile, { recursive: true });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  return {
    async stopProfile() {
      if (debug.cpuprofile) writeFileSync(join(debug.cpuprofile, `${name}.cpuprofile`), JSON.stringify((await cdp.send('Profiler.stop')).profile));
    },
    async stopTrace() {
      if (debug.trace) await browser.stopTracing();
    },
  };
}

/** `debug`: folders for a Chromium trace and a V8 CPU profile of a waterfall load (--trace, --cpuprofile). */
export async function coldLoad(browser: Browser, base: string, token: Session, spec: PageSpec, profile: ProfileName, waterfall = false, debug: { trace?: string; cpuprofile?: string } = {}): Promise<Sample & { urls: string[] }> {
  const context = await newContext(browser, base, spec.anonymous ? null : token);
  try {
    const page = await context.newPage();
    page.on('pageerror', (err) => process.stderr.write(`  ${spec.key}: page error: ${err.message}\n`));
    await page.addInitScript(readyProbe(spec.ready, spec.usable));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await throttle(cdp, profile);
    const net = netCounter(cdp);
    const recording = await record(browser, page, cdp, waterfall ? debug : {}, `${spec.key}-${profile}`);
    const navigated = Date.now();
    await page.goto(`${base}${spec.path}`, { waitUntil: 'commit' });
    const ms = await waitReady(page).catch(async (err: unknown) => {
      // What the page showed instead, to look at.
      await page.screenshot({ path: join(tmpdir(), `bench-console-${spec.key}-timeout.png`) }).catch(() => undefined);
      throw err;
    });
    const usableMs = await waitReady(page, 120_000, '__benchUsable');
    // The scripts loaded by the time the page was usable: the last one's arrival (the page's own clock).
    const scriptsMs = await page.evaluate(() => Math.max(0, ...performance.getEntriesByType('resource').filter((e) => /\.m?js(\?|$)/.test(e.name)).map((e) => (e as PerformanceResourceTiming).responseEnd)));
    await recording.stopProfile();
    await net.settle();
    await recording.stopTrace();
    if (waterfall) process.stderr.write(`\n${spec.key}, ${PROFILE_LABEL[profile]}: ready at ${Math.round(ms)} ms, usable at ${Math.round(usableMs)} ms, scripts loaded at ${Math.round(scriptsMs)} ms after navigation\n${net.waterfall(base)}\n`);
    return { ms: Math.round(ms), usableMs: Math.round(usableMs), scriptsMs: Math.round(scriptsMs), requests: net.requests, kib: +(net.bytes / 1024).toFixed(1), quietMs: net.lastActivity - navigated, urls: [...net.urls] };
  } finally {
    await context.close();
  }
}

/**
 * How long the pointer rests on a menu entry before the click, in a warm switch. A deliberate click
 * (the pointer brought to the entry, then pressed) takes a few hundred milliseconds from the entry's
 * first hover; 200 ms is the short side of that, so the prefetch a hover starts (after its 65 ms
 * intent delay, src/islands/shell/warm-nav.ts) gets no more head start than a quick user gives it.
 */
export const HOVER_TO_CLICK_MS = 200;

/**
 * Warm switches: in one context, visit each area once (fills the HTTP cache), then move between
 * them through the sidebar's menu (Home: its tab) as a user does: open the entry's submenu if it is closed, rest
 * the pointer on the entry for HOVER_TO_CLICK_MS, click; time from the click until the new page's
 * ready selector is visible. `debug`: folders for a Chromium trace and a V8 CPU profile of each
 * page's last warm switch (--trace, --cpuprofile).
 */
export async function warmSwitches(browser: Browser, base: string, token: string, specs: PageSpec[], profile: ProfileName, rounds: number, debug: { trace?: string; cpuprofile?: string } = {}) {
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
        // Its sidebar entry; Home has none (the tab bar's fixed first tab leads there).
        const entry = page.locator(`[data-testid=shell-sidebar] a.shell-menu-item[href="${s.path}"], [data-testid=shell-tags] a.shell-tag[href="${s.path}"]`).first();
        await entry.waitFor({ state: 'attached', timeout: 30_000 });
        // Its submenu closed (one is open at a time; a closed one is squeezed to no height): open it, as the user would.
        for (let depth = 0; depth < 4; depth++) {
          const closed = entry.locator('xpath=ancestor::li[contains(@class,"shell-submenu")]/button[@aria-expanded="false"]').first();
          if (!(await closed.count())) break;
          await closed.click();
        }
        // Armed before the hover: the clock starts at the click's event, in the page.
        await page.evaluate(({ path, ready }) => {
          const seenBefore = new Set(document.querySelectorAll(ready));
          (window as { __benchWarm?: Promise<number> }).__benchWarm = new Promise<number>((resolve, reject) => {
            addEventListener('click', (e) => {
              const start = e.timeStamp;
              const deadline = start + 20_000;
              const poll = () => {
                const hit = [...document.querySelectorAll(ready)].find((el) => !seenBefore.has(el) && el.checkVisibility({ visibilityProperty: true }));
                if (hit && location.pathname + location.search === path) requestAnimationFrame(() => resolve(performance.now() - start));
                else if (performance.now() > deadline) reject(new Error(`not ready: ${path}`));
                else requestAnimationFrame(poll);
              };
              poll();
            }, { capture: true, once: true });
          });
        }, { path: s.path, ready: s.ready });
        const recording = await record(browser, page, cdp, r === rounds - 1 ? debug : {}, `warm-${s.key}-${profile}`);
        await entry.hover();
        await page.waitForTimeout(HOVER_TO_CLICK_MS);
        await entry.click();
        const ms = await page.evaluate(() => (window as unknown as { __benchWarm: Promise<number> }).__benchWarm);
        await recording.stopTrace();
        await recording.stopProfile();
        (out[key] ??= []).push(Math.round(ms));
      }
    }
  } finally {
    await context.close();
  }
  return out;
}

/** Screenshots to compare builds by eye (Home and the two kinds of list page, two widths, three languages). */
export async function screenshots(browser: Browser, base: string, token: string, dir: string, specs: PageSpec[]) {
  mkdirSync(dir, { recursive: true });
  for (const lang of ['zh-CN', 'zh-TW', 'en']) {
    for (const width of [1440, 800]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: lang });
      await context.addCookies([{ name: 'Admin-Token', value: encodeURIComponent(token), url: `${base}/admin/`, sameSite: 'Strict' }]);
      await chooseLanguageIn(context, base, lang);
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
