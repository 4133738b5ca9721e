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
//                            [--lang en] [--waterfall [--trace dir] [--cpuprofile dir]] [--dist dir] [--out bench-console.json] [--shots dir] [--compare other-checkout]
//                            [--peer URL --peer-ready CSS [--peer-cookie name=value]… [--pages content]]
import { execSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS, coldLoad, setBenchLanguage, HOVER_TO_CLICK_MS, PROFILE_LABEL, PROFILES, screenshots, warmSwitches, type PageSpec, type ProfileName, type Sample } from './bench-console/browser.ts';
import { prepare, startServer } from './bench-console/server.ts';

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
    /** the interface language the pages load in (stored and its cookie set): zh-CN, zh-TW or en */
    lang: { type: 'string', default: 'zh-CN' },
    /** another checkout (with its dist/) to measure against this one, loads alternating, under the same machine load */
    compare: { type: 'string', default: '' },
    /** print each page's requests of its first load in order (start, end, bytes): where the time goes */
    waterfall: { type: 'boolean', default: false },
    /** instead of measuring: screenshots of Home, Posts and Contents, 1440 and 800 px, each language, into this folder */
    shots: { type: 'string', default: '' },
    /** a Chromium performance trace of each page's first cold load (with --waterfall) and of its last warm switch, into this folder (open in DevTools' Performance panel) */
    trace: { type: 'string', default: '' },
    /** a V8 CPU profile (.cpuprofile) of each page's first cold load (with --waterfall) and of its last warm switch, into this folder: which functions they run */
    cpuprofile: { type: 'string', default: '' },
    /**
     * another admin's page (e.g. Payload's posts list, http://127.0.0.1:3000/admin/collections/posts)
     * loaded cold in turns with ours (--pages, default the Contents list) under the same profile
     * (Slow 4G unless --profiles says otherwise): docs/performance-log.md "Against another admin"
     */
    peer: { type: 'string', default: '' },
    /** the CSS selector whose first visible match means the peer's rows are drawn */
    'peer-ready': { type: 'string', default: '' },
    /** a cookie the peer's session needs (name=value, its origin), as often as needed */
    'peer-cookie': { type: 'string', multiple: true, default: [] },
  },
});
const RUNS = Number(args.runs);
setBenchLanguage(args.lang);

/** Budgets on Slow 4G (issue 12). */
const BUDGETS: Record<string, { ms?: number; kib?: number; requests?: number }> = {
  login: { ms: 600, kib: 100 },
  home: { ms: 1500 },
  posts: { ms: 2000, requests: 30 },
  content: { ms: 2000, requests: 30 },
  editor: { ms: 2500 },
};
const WARM_BUDGET_MS = 300;
/** Issue 34's goals on Slow 4G: rows (Home's figures) visible, and the page usable. */
const GOALS: Record<string, { visible: number; usable?: number }> = {
  home: { visible: 1000 },
  posts: { visible: 1200, usable: 1500 },
  content: { visible: 1200, usable: 1500 },
};
/** Issue 34: a warm switch (through the menu, hovered first) shows its rows within this on Slow 4G. */
const WARM_SLOW4G_BUDGET_MS = 150;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

const pageSpecs = (editorQuery: string): PageSpec[] => [
  { key: 'login', label: 'sign-in /admin/login (form shown)', path: '/admin/login', ready: '#login-form', anonymous: true },
  // Figures visible: the site's dashboard cards, painted before the scripts or drawn by the island
  // (the welcome shows with them or before); usable: the island's own cards.
  { key: 'home', label: 'Home /admin/index (figures shown)', path: '/admin/index', ready: '.home-dashboard-cards [data-testid=dashboard-contents], [data-prepaint] .home-dashboard-cards [data-copy-of=dashboard-contents]', usable: 'astro-island:not([ssr]) .home-dashboard-cards [data-testid=dashboard-contents]' },
  // Rows visible: painted before the scripts or drawn by the screen; usable: the screen's own (its island hydrated).
  { key: 'posts', label: 'Posts /admin/system/post (rows drawn)', path: '/admin/system/post', ready: '.resource-table tbody tr:not(.p-datatable-emptymessage)', usable: 'astro-island:not([ssr]) .resource-table tbody tr:not(.p-datatable-emptymessage)' },
  // Rows visible: painted before the scripts (with the catalog tree) or drawn by the screen; usable: the screen's own.
  { key: 'content', label: 'Contents /admin/configs/content (rows drawn)', path: '/admin/configs/content', ready: '[data-testid=content-table] .content-title-link, [data-prepaint] [data-copy-of=content-table] .content-title-link', usable: 'astro-island:not([ssr]) [data-testid=content-table] .content-title-link' },
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
            if (got) samples[which].push({ ms: got.ms, usableMs: got.usableMs, requests: got.requests, kib: got.kib });
          }
        }
        const med = (xs: Sample[]): Sample => ({ ms: median(xs.map((x) => x.ms)), usableMs: median(xs.map((x) => x.usableMs ?? x.ms)), requests: median(xs.map((x) => x.requests)), kib: median(xs.map((x) => x.kib)) });
        (out[profile] ??= {})[key] = { before: med(samples.before), after: med(samples.after), samples };
        const r = out[profile][key];
        process.stderr.write(`  ${key} ${profile}: before ${r.before.ms}/${r.before.usableMs} ms ${r.before.requests} req ${r.before.kib} KiB | after ${r.after.ms}/${r.after.usableMs} ms ${r.after.requests} req ${r.after.kib} KiB\n`);
      }
    }
    for (const profile of profiles) {
      const head = ['page', 'requests before → after', 'transferred before → after', `ready before → after, ${PROFILE_LABEL[profile]}`, 'usable before → after'];
      const rows = wanted.map((k) => {
        const r = out[profile]![k]!;
        return [mine.find((p) => p.key === k)!.label, `${r.before.requests} → ${r.after.requests}`, `${r.before.kib} → ${r.after.kib} KiB`, `${r.before.ms.toLocaleString('en')} → ${r.after.ms.toLocaleString('en')} ms`, `${(r.before.usableMs ?? r.before.ms).toLocaleString('en')} → ${(r.after.usableMs ?? r.after.ms).toLocaleString('en')} ms`];
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

/**
 * --peer: another admin's page, loaded cold in turns with ours (this, peer, this, peer…: both meet
 * the same load of the machine), each in a fresh context signed in (our token; the peer's
 * cookies). For each: when its rows show (its ready selector: server-rendered rows show as the HTML
 * arrives) and when its network goes quiet (its scripts and data loaded: a page is usable about
 * then), requests and bytes. Medians of --runs.
 */
async function againstPeer(base: string, token: string, mine: PageSpec[]) {
  if (!args['peer-ready']) throw new Error('--peer needs --peer-ready: the CSS selector of its rows');
  const url = new URL(args.peer);
  const cookies = (args['peer-cookie'] as string[]).map((c) => {
    const at = c.indexOf('=');
    if (at < 1) throw new Error(`--peer-cookie ${c}: name=value`);
    return { name: c.slice(0, at), value: c.slice(at + 1) };
  });
  const ours = mine.find((p) => p.key === (args.pages || 'content'));
  if (!ours) throw new Error(`--pages ${args.pages}: none of ours`);
  const theirs: PageSpec = { key: 'peer', label: `peer ${url.pathname}`, path: `${url.pathname}${url.search}`, ready: args['peer-ready'] };
  const profiles = (args.profiles === 'none,slow4g,3g' ? 'slow4g' : args.profiles).split(',') as ProfileName[];
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', headless: true, args: CHROMIUM_FLAGS });
  const rows: string[][] = [];
  const out: Record<string, { ours: Sample[]; peer: Sample[] }> = {};
  try {
    // One throwaway load of each: first answers (caches, JIT) are neither side's.
    await coldLoad(browser, base, token, ours, 'none').catch(() => undefined);
    await coldLoad(browser, url.origin, { cookies }, theirs, 'none').catch(() => undefined);
    for (const profile of profiles) {
      const samples = { ours: [] as Sample[], peer: [] as Sample[] };
      for (let i = 0; i < RUNS; i++) {
        for (const [which, spec, origin, session] of [['ours', ours, base, token], ['peer', theirs, url.origin, { cookies }]] as const) {
          const got = await coldLoad(browser, origin, session, spec, profile).catch((err: unknown) => {
            process.stderr.write(`  ${which} ${profile}: run ${i + 1} failed: ${String(err).split('\n')[0]}\n`);
            return null;
          });
          if (got) samples[which].push({ ms: got.ms, requests: got.requests, kib: got.kib, quietMs: got.quietMs });
        }
      }
      out[profile] = samples;
      for (const [which, spec] of [['ours', ours], ['peer', theirs]] as const) {
        const xs = samples[which];
        if (!xs.length) continue;
        const m = (f: (x: Sample) => number) => median(xs.map(f)).toLocaleString('en');
        rows.push([spec.label, PROFILE_LABEL[profile], `${m((x) => x.ms)} ms`, `${m((x) => x.quietMs ?? 0)} ms`, m((x) => x.requests), `${m((x) => x.kib)} KiB`]);
      }
    }
  } finally {
    await browser.close();
  }
  const head = ['page', 'profile', 'rows visible', 'network quiet', 'requests', 'transferred'];
  console.log(`\n${[head, head.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n')}`);
  console.log(`\nMachine: ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(2)} at the end; medians of ${RUNS}, loads alternating.`);
  writeFileSync(args.out, JSON.stringify({ peer: args.peer, peerReady: args['peer-ready'], ours: ours.path, runs: RUNS, loadavg: loadavg(), samples: out }, null, 2));
  console.log(`Wrote ${args.out}`);
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
    if (args.peer) {
      await againstPeer(base, token, ALL);
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
          const got = await coldLoad(browser, base, token, spec, profile, args.waterfall && i === 0, { trace: args.trace, cpuprofile: args.cpuprofile }).catch((err: unknown) => {
            process.stderr.write(`  ${spec.key} ${profile}: run ${i + 1} failed: ${String(err).split('\n')[0]}\n`);
            return null;
          });
          if (!got) continue;
          const { urls, ...s } = got;
          samples.push(s);
          urlsOf[spec.key] ??= urls.map((u) => u.replace(base, ''));
        }
        if (!samples.length) continue;
        const med: Sample = {
          ms: median(samples.map((s) => s.ms)),
          usableMs: median(samples.map((s) => s.usableMs ?? s.ms)),
          scriptsMs: median(samples.map((s) => s.scriptsMs ?? 0)),
          requests: median(samples.map((s) => s.requests)),
          kib: median(samples.map((s) => s.kib)),
        };
        (results[spec.key] ??= {})[profile] = { median: med, samples };
        process.stderr.write(`  ${spec.key} ${profile}: ${med.ms} ms visible, ${med.usableMs} ms usable, scripts loaded at ${med.scriptsMs} ms, ${med.requests} requests, ${med.kib} KiB\n`);
      }
    }

    const warmSpecs = specs.filter((s) => ['home', 'posts', 'content'].includes(s.key));
    const warm: Record<string, Record<string, number>> = {};
    if (warmSpecs.length > 1) {
      for (const profile of profiles) {
        const w = await warmSwitches(browser, base, token, warmSpecs, profile, Number(args['warm-runs'] || RUNS), { trace: args.trace, cpuprofile: args.cpuprofile });
        warm[profile] = Object.fromEntries(Object.entries(w).map(([k, v]) => [k, median(v)]));
      }
    }

    // ---- report
    const load1 = loadavg();
    // Per profile: ready (rows visible) / usable / the page's scripts loaded.
    const head = ['page', 'requests', 'transferred', ...profiles.map((p) => `visible / usable / scripts, ${PROFILE_LABEL[p]}`)];
    const rowsOut = specs.filter((s) => results[s.key]).map((s) => {
      const r = results[s.key]!;
      const ref = r.slow4g ?? r[profiles[0]!]!;
      const cell = (m: Sample) => [m.ms, m.usableMs ?? m.ms, m.scriptsMs ?? 0].map((x) => x.toLocaleString('en')).join(' / ') + ' ms';
      return [s.label, String(ref.median.requests), `${ref.median.kib} KiB`, ...profiles.map((p) => (r[p] ? cell(r[p].median) : 'failed'))];
    });
    const table = [head, head.map(() => '---'), ...rowsOut].map((r) => `| ${r.join(' | ')} |`).join('\n');
    console.log(`\nCold loads, median of ${RUNS} (requests and bytes on Slow 4G when measured):\n\n${table}\n`);
    if (Object.keys(warm).length) {
      const wHead = ['warm switch', ...Object.keys(warm).map((p) => PROFILE_LABEL[p as ProfileName])];
      const keys = Object.keys(Object.values(warm)[0]!);
      const wRows = keys.map((k) => [k, ...Object.keys(warm).map((p) => `${warm[p]![k]} ms`)]);
      console.log([wHead, wHead.map(() => '---'), ...wRows].map((r) => `| ${r.join(' | ')} |`).join('\n'));
      console.log(`\nWarm switches: through the sidebar's entry, hovered ${HOVER_TO_CLICK_MS} ms before the click; from the click to the ready selector, median of ${args['warm-runs'] || RUNS}.`);
    }
    const verdicts: string[] = [];
    for (const [key, b] of Object.entries(BUDGETS)) {
      const m = results[key]?.slow4g?.median;
      if (!m) continue;
      if (b.ms !== undefined) verdicts.push(`${m.ms <= b.ms ? 'within' : 'OVER  '} ${key}: ${m.ms} ms ≤ ${b.ms} ms`);
      if (b.kib !== undefined) verdicts.push(`${m.kib <= b.kib ? 'within' : 'OVER  '} ${key}: ${m.kib} KiB ≤ ${b.kib} KiB`);
      if (b.requests !== undefined) verdicts.push(`${m.requests <= b.requests ? 'within' : 'OVER  '} ${key}: ${m.requests} requests ≤ ${b.requests}`);
    }
    for (const [key, g] of Object.entries(GOALS)) {
      const m = results[key]?.slow4g?.median;
      if (!m) continue;
      verdicts.push(`${m.ms <= g.visible ? 'within' : 'OVER  '} ${key} visible (issue 34): ${m.ms} ms ≤ ${g.visible} ms`);
      if (g.usable !== undefined) verdicts.push(`${(m.usableMs ?? m.ms) <= g.usable ? 'within' : 'OVER  '} ${key} usable (issue 34): ${m.usableMs} ms ≤ ${g.usable} ms`);
      verdicts.push(`${m.ms < (m.scriptsMs ?? 0) ? 'before' : 'after '} ${key}: visible ${m.ms} ms, its scripts loaded at ${m.scriptsMs} ms`);
    }
    for (const [k, ms] of Object.entries(warm.none ?? {})) verdicts.push(`${ms < WARM_BUDGET_MS ? 'within' : 'OVER  '} warm ${k} (no throttling): ${ms} ms < ${WARM_BUDGET_MS} ms`);
    for (const [k, ms] of Object.entries(warm.slow4g ?? {})) verdicts.push(`${ms <= WARM_SLOW4G_BUDGET_MS ? 'within' : 'OVER  '} warm ${k} (Slow 4G): ${ms} ms ≤ ${WARM_SLOW4G_BUDGET_MS} ms`);
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
