import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_PRELOAD } from '../src/lib/build/module-preload.ts';
import enShell from '../shared/i18n/locales/en/shell.ts';
import twShell from '../shared/i18n/locales/zh-TW/shell.ts';
import enCommon from '../shared/i18n/locales/en/common.ts';
import twCommon from '../shared/i18n/locales/zh-TW/common.ts';
import enResource from '../shared/i18n/locales/en/resource.ts';
import twResource from '../shared/i18n/locales/zh-TW/resource.ts';

// Transfer budget of the sign-in page (Foundation issue): at most 100 KiB gzip for everything it
// loads. Needs a build: `npm run build` first. Home is held below a list page and to no editor.

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
/** Issue 34: the sign-in page ≤ 80 KiB (was 100, spec's budget). */
const LOGIN_BUDGET = 80 * 1024;

/**
 * Files a cold load fetches before the page can draw (HTML, stylesheets, modules, the icon font),
 * API calls not counted. On a slow link each costs a round trip and the browser opens six
 * connections to a host, so their count matters as much as their bytes (issue 12). These hold
 * the counts reached with the chunks per area and their small chunks merged
 * (src/lib/build/area-chunks.ts; before them 20, 49, 75, 82 and 76, then 12, 20, 28, 30 and 30).
 * Issue 12 asks for at most 30 requests on a list page, API calls included: with the session's
 * first calls in one batch, `npm run bench:console` counts 29 on Posts and 30 on Contents
 * (README "Page weight"). A list page's screen (its definition and texts, two files for Posts) is
 * preloaded since 2026-11-27 (src/lib/build/screen-chunks.ts): fetched at once instead of after
 * hydration, the same requests, so counted here: 24 → 26. Since 2026-11-28 the lists load no
 * table of PrimeReact's, no validators and no form until one opens: 26 → 22 on Posts, 27 → 22 on
 * Contents, and the sign-in page's small shared chunk joined base (9 → 8). Since the tenth session
 * PrimeReact's core is a file of its own that the screens load and Home does not (its shell draws
 * no PrimeReact component until an overlay opens): one more file on the others, 22 → 23 on the
 * lists, 27 → 28 on the editor, for 30 KiB less on Home. Since 2026-12-01 Home paints its
 * figures before its scripts (issue 34): the dashboard's styles, which came with its lazy view,
 * are the page's own stylesheet, 16 → 17 (the bench counts one request fewer on Home: the figures
 * and the statuses' dictionary come with the first batch). Later that day the sign-in forms' checks
 * (Zod) come once the user starts on a form (islands/auth/form-kit.ts lazyChecks): 8 → 5 files.
 */
const REQUEST_BUDGETS: Record<string, number> = {
  'login/index.html': 5,
  'index/index.html': 17,
  'system/post/index.html': 23,
  'configs/content/index.html': 23,
  'cms/content/editor/index.html': 28,
};

/**
 * What a browser downloads to show a built page: the HTML, its stylesheets, its module scripts
 * and their static imports (dynamic import() is loaded later, on demand, so it does not count),
 * the islands that hydrate on load, and the fonts the loaded CSS declares. Each file is gzipped
 * at level 9, the way the server compresses it.
 */

export interface PageWeight {
  page: string;
  files: { file: string; gzip: number }[];
  total: number;
}

const BASE = '/admin/';

export function pageWeight(distDir: string, htmlFile: string): PageWeight {
  const seen = new Map<string, number>();
  const add = (rel: string, bytes: Buffer) => {
    if (!seen.has(rel)) seen.set(rel, gzipSync(bytes, { level: 9 }).length);
  };
  const htmlPath = join(distDir, htmlFile);
  const html = readFileSync(htmlPath, 'utf8');
  add(htmlFile, Buffer.from(html));

  const toRel = (url: string, from = '/'): string | null => {
    if (/^(?:[a-z]+:)?\/\//i.test(url) || url.startsWith('data:')) return null;
    const abs = url.startsWith('/') ? url : posix.join(posix.dirname(from), url);
    return abs.startsWith(BASE) ? abs.slice(BASE.length) : abs.replace(/^\/+/, '');
  };

  const scripts = new Set<string>();
  const styles = new Set<string>();
  const preloadedFonts = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) scripts.add(m[1]!);
  for (const m of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = m[0];
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (!href) continue;
    if (/\brel="stylesheet"/.test(tag)) styles.add(href);
    if (/\brel="modulepreload"/.test(tag)) scripts.add(href);
    if (/\brel="preload"/.test(tag) && /\bas="font"/.test(tag)) preloadedFonts.add(toRel(href) ?? href);
  }
  // Islands: client:load and client:idle/visible all fetch their component and renderer.
  for (const m of html.matchAll(/<astro-island\b[^>]*>/g)) {
    for (const attr of ['component-url', 'renderer-url', 'before-hydration-url']) {
      const url = new RegExp(`\\b${attr}="([^"]+)"`).exec(m[0])?.[1];
      if (url) scripts.add(url);
    }
  }

  const visitJs = (url: string) => {
    const rel = toRel(url);
    if (!rel || seen.has(rel)) return;
    const file = join(distDir, rel);
    if (!existsSync(file)) throw new Error(`${htmlFile} refers to missing ${url}`);
    const code = readFileSync(file);
    add(rel, code);
    const text = code.toString('utf8');
    // Static imports only: `import x from "./a.js"`, `import"./a.js"`, `export … from "./a.js"`.
    for (const m of text.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w*${}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g)) {
      visitJs(posix.join(posix.dirname('/' + BASE.slice(1) + rel), m[1]!));
    }
  };
  const visitCss = (url: string) => {
    const rel = toRel(url);
    if (!rel || seen.has(rel)) return;
    const css = readFileSync(join(distDir, rel));
    add(rel, css);
    scanCss(css.toString('utf8'), '/' + BASE.slice(1) + rel);
  };
  const scanCss = (css: string, from: string) => {
    for (const m of css.matchAll(/@import\s+(?:url\()?["']?([^"')\s]+)/g)) visitCss(posix.join(posix.dirname(from), m[1]!));
    // Each @font-face costs the source a current browser fetches: in the last `src` declaration,
    // the first one in a format it reads (not IE's embedded-opentype, not SVG fonts). A face limited
    // by `unicode-range` is fetched only when the page draws one of its characters: it counts when
    // the page preloads it (the icon font's subset), not otherwise (the rest of the icon font).
    for (const face of css.matchAll(/@font-face\s*\{([^}]*)\}/g)) {
      const decl = [...face[1]!.matchAll(/(?:^|;)\s*src\s*:([^;]*)/g)].at(-1)?.[1] ?? '';
      const sources = [...decl.matchAll(/url\(["']?([^"')]+)["']?\)\s*(?:format\(["']?([^"')]+)["']?\))?/g)];
      const src = sources.find((m) => !/embedded-opentype|svg/.test(m[2] ?? '') && !/\.(eot|svg)([?#]|$)/.test(m[1]!))?.[1];
      if (!src) continue;
      const rel = toRel(src.split(/[?#]/)[0]!, from);
      if (/unicode-range\s*:/.test(face[1]!) && !(rel && preloadedFonts.has(rel))) continue;
      if (rel && !seen.has(rel) && existsSync(join(distDir, rel))) add(rel, readFileSync(join(distDir, rel)));
    }
  };

  for (const s of scripts) visitJs(s);
  for (const s of styles) visitCss(s);
  for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)) scanCss(m[1]!, `${BASE}${dirname(htmlFile)}/`);

  const files = [...seen].map(([file, gzip]) => ({ file, gzip })).sort((a, b) => b.gzip - a.gzip);
  return { page: htmlFile, files, total: files.reduce((s, f) => s + f.gzip, 0) };
}

/**
 * Every script a page may ever fetch: its eager files (pageWeight) and, transitively, what their
 * dynamic imports (`import("./x.js")`) and Vite's preload lists (`__vite__mapDeps`) name.
 */
export function reachableScripts(distDir: string, htmlFile: string): Set<string> {
  const seen = new Set<string>();
  const queue = pageWeight(distDir, htmlFile).files.map((f) => f.file).filter((f) => f.endsWith('.js'));
  while (queue.length) {
    const rel = queue.pop()!;
    if (seen.has(rel) || !existsSync(join(distDir, rel))) continue;
    seen.add(rel);
    const text = readFileSync(join(distDir, rel), 'utf8');
    for (const m of text.matchAll(/(?:import|from)\s*\(?\s*["'`]([^"'`]+\.js)["'`]/g)) queue.push(posix.join(posix.dirname(rel), m[1]!));
    for (const m of text.matchAll(/["'`](_assets\/[^"'`]+\.js)["'`]/g)) queue.push(m[1]!);
  }
  return seen;
}

/** Every prebuilt page of the console. */
function allPages(distDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(join(distDir, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      // (the pages built in the other languages load what their zh-CN page loads: checked below)
      if (e.isDirectory() && e.name !== '_assets' && rel !== '_lang') walk(rel);
      else if (e.name.endsWith('.html')) out.push(rel);
    }
  };
  walk('');
  return out.sort();
}

/** Monaco's files: its editor, its workers, and our module that loads it. */
const isMonaco = (distDir: string, rel: string) =>
  /editor\.api|editor\.worker|css\.worker|html\.worker|json\.worker|CodeEditorImpl/.test(rel) || readFileSync(join(distDir, rel), 'utf8').includes('MonacoEnvironment');

/** bpmn-js's files: diagram-js names its container's class; nothing else of the console does. */
const isBpmnJs = (distDir: string, rel: string) => readFileSync(join(distDir, rel), 'utf8').includes('djs-container');

/** The page of the review designer, the only one drawing BPMN (docs/review-workflows.md). */
export const DESIGNER_PAGE = 'workflow/model/design/index.html';

/** Every page's reachable scripts, worked out once for the tests that need them (slow on a busy machine). */
let reachCache: Map<string, string[]> | null = null;
const reachOfEveryPage = () => (reachCache ??= new Map(allPages(DIST).map((page) => [page, [...reachableScripts(DIST, page)]])));

/** The pages that show the code editor (issue 11 §2 "Monaco loads only on workbench pages"). */
export const WORKBENCH_PAGES = ['cms/file/editor/index.html', 'cms/template/editor/index.html'];
/** Code Generation previews generated files in read-only editors: Monaco when a preview opens. */
const CODE_GEN_PAGE = 'tool/gen/index.html';

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** The text of the files a page loads (the whole of it, or its scripts only). */
const loadedText = (w: PageWeight, scriptsOnly = false) => w.files.filter((f) => !scriptsOnly || f.file.endsWith('.js')).map((f) => readFileSync(join(DIST, f.file), 'utf8')).join('\n');

/** The PrimeReact components (and bases) a text defines: each names its type as `__TYPE: 'Dropdown'`. */
const primeTypes = (text: string) => [...text.matchAll(/__TYPE:\s*["'\x60](\w+)/g)].map((m) => m[1]!);

export function describeWeight(w: PageWeight): string {
  return [`${w.page}: ${kib(w.total)} gzip in ${w.files.length} files`, ...w.files.map((f) => `  ${kib(f.gzip).padStart(10)}  ${f.file}`)].join('\n');
}

describe('page weight (gzip -9, after npm run build)', () => {
  const built = existsSync(join(DIST, 'login/index.html'));

  it('has a build to measure', () => {
    expect(built, 'dist/ is missing: run `npm run build` before the console tests').toBe(true);
  });

  it.runIf(built)('sign-in page transfers at most 80 KiB, without the forms\' checks', () => {
    const w = pageWeight(DIST, 'login/index.html');
    console.log(describeWeight(w));
    expect(w.files.some((f) => f.file.endsWith('.css'))).toBe(true);
    expect(w.files.some((f) => f.file.endsWith('.js'))).toBe(true);
    // No web font on the sign-in page (system fonts, inline SVG icons).
    expect(w.files.filter((f) => /\.(woff2?|ttf|otf|eot)$/.test(f.file))).toEqual([]);
    // No Zod: the forms' checks come once the user starts on a form (islands/auth/form-kit.ts lazyChecks).
    expect(w.files.filter((f) => /zod|checks/.test(f.file))).toEqual([]);
    expect(w.total).toBeLessThanOrEqual(LOGIN_BUDGET);
  });

  it.runIf(built)('a typical list page is measured next to the sign-in page, without the editor or Monaco', () => {
    const login = pageWeight(DIST, 'login/index.html');
    const list = pageWeight(DIST, 'system/post/index.html');
    console.log(describeWeight(list));
    console.log(`sign-in page: ${kib(login.total)} gzip; list page /admin/system/post: ${kib(list.total)} gzip`);
    // Quill, PrimeReact's Editor and Monaco are loaded lazily by the pages that use them.
    const eager = loadedText(list);
    expect(list.files.filter((f) => /quill|monaco|RichEditorImpl|editor\.main/i.test(f.file))).toEqual([]);
    expect(eager).not.toMatch(/quilljs\.com|Quill\.register|monaco-editor/);
    expect(list.total).toBeGreaterThan(login.total);
  });

  it.runIf(built)('the content editors load the rich-text editor on demand; the content list page never loads it', () => {
    const lazyEditor = (page: string) => {
      const w = pageWeight(DIST, page);
      const eager = loadedText(w);
      return { w, eager, quill: w.files.filter((f) => /quill|monaco|RichEditorImpl|editor\.main/i.test(f.file)) };
    };
    for (const page of ['cms/content/editor/index.html', 'cms/content/editorW/index.html']) {
      const { w, eager, quill } = lazyEditor(page);
      console.log(describeWeight(w));
      expect(quill, page).toEqual([]);
      expect(eager, page).not.toMatch(/quilljs\.com|Quill\.register|monaco-editor/);
      // …but the page can fetch it: its code names the editor's chunk for a dynamic import.
      expect(eager, page).toMatch(/import\([`"'][^`"']*RichEditorImpl[^`"']*\.js[`"']\)/);
    }
    // The content list (/admin/configs/content) links to the editor but never ships it.
    const list = 'configs/content/index.html';
    const { eager, quill } = lazyEditor(list);
    expect(quill, list).toEqual([]);
    expect(eager, list).not.toMatch(/quilljs\.com|Quill\.register|RichEditorImpl/);
  });

  it.runIf(built)('no page but the workbench and Code Generation fetches Monaco, and each only when an editor renders', () => {
    const reaching = [...reachOfEveryPage()].filter(([, files]) => files.some((f) => isMonaco(DIST, f))).map(([page]) => page);
    expect(reaching.sort()).toEqual([...WORKBENCH_PAGES, CODE_GEN_PAGE].sort());
    for (const page of [...WORKBENCH_PAGES, CODE_GEN_PAGE]) {
      const eager = pageWeight(DIST, page);
      console.log(describeWeight(eager));
      expect(eager.files.filter((f) => isMonaco(DIST, f.file)), page).toEqual([]);
    }
    // Monaco is bundled: nothing of it comes from a public CDN (the loader's default) at run time.
    const editor = [...reachableScripts(DIST, WORKBENCH_PAGES[0]!)].map((f) => readFileSync(join(DIST, f), 'utf8')).join('\n');
    expect(editor).toContain('MonacoEnvironment');
    expect(allPages(DIST).some((p) => p.startsWith('configs/file/'))).toBe(true);
    // The pages that link to the workbenches (the file manager, the template list, the tag
    // reference, dynamic templates) exist and were among those checked above.
    for (const page of ['configs/file/index.html', 'configs/template/index.html', 'configs/staticize/index.html', 'configs/dynamic/index.html']) expect(allPages(DIST)).toContain(page);
    // It reads every page's reachable scripts: slow on a busy machine.
  }, 180_000);

  it.runIf(built)('no page but the review designer fetches bpmn-js, and the designer only when it draws', () => {
    const reaching = [...reachOfEveryPage()].filter(([, files]) => files.some((f) => isBpmnJs(DIST, f))).map(([page]) => page);
    expect(reaching).toEqual([DESIGNER_PAGE]);
    const eager = pageWeight(DIST, DESIGNER_PAGE);
    console.log(describeWeight(eager));
    expect(eager.files.filter((f) => f.file.endsWith('.js') && isBpmnJs(DIST, f.file))).toEqual([]);
    // Nor the validators: the designer names the model's keys and routes from shared/workflow/keys.ts.
    expect(loadedText(eager)).not.toMatch(/ZodError|\$ZodType/);
    // Its styles and icon font are bundled: nothing comes from a CDN.
    const designer = reachOfEveryPage().get(DESIGNER_PAGE)!.map((f) => readFileSync(join(DIST, f), 'utf8')).join('\n');
    expect(designer).toContain('.djs-palette');
    expect(designer).not.toMatch(/unpkg\.com|cdn\.jsdelivr|cdnjs/);
  }, 180_000);

  it.runIf(built)('each page fetches no more files than its request budget', () => {
    const over: string[] = [];
    for (const [page, budget] of Object.entries(REQUEST_BUDGETS)) {
      const w = pageWeight(DIST, page);
      const n = w.files.length;
      console.log(`${page}: ${n} files (budget ${budget}), ${kib(w.total)} gzip`);
      if (n > budget) over.push(`${page}: ${n} > ${budget}`);
    }
    expect(over).toEqual([]);
  });

  /** A text of each namespace drawn on many pages, in en and zh-TW: found in a file, that file holds the namespace's texts. */
  const WORD_OF: Record<string, { en: string; 'zh-TW': string }> = {
    shell: { en: enShell.header.logout, 'zh-TW': twShell.header.logout },
    common: { en: enCommon.appTagline, 'zh-TW': twCommon.appTagline },
    resource: { en: enResource.addTitle, 'zh-TW': twResource.addTitle },
  };

  it.runIf(built)('a page built in another language loads the same files as its zh-CN page, and its language\'s texts up front, so every budget here holds for it too', () => {
    /** The build's files a page names (scripts, stylesheets, preloads, the icon font), its inline scripts' texts and its language's texts aside. */
    const named = (page: string) => [...new Set(readFileSync(join(DIST, page), 'utf8').replace(/data-frame="[^"]*"/g, '').replace(new RegExp(`<link [^>]*${CATALOGUE_PRELOAD}>`, 'g'), '').match(/\/admin\/_assets\/[^"'\s)]+/g) ?? [])].sort();
    /** The texts a page preloads: the catalogues of its language (none on a zh-CN page, whose texts are in its code). */
    const texts = (page: string) => [...readFileSync(join(DIST, page), 'utf8').matchAll(new RegExp(`<link rel="modulepreload" href="([^"]+)"[^>]* ${CATALOGUE_PRELOAD}>`, 'g'))].map((m) => m[1]!);
    const pages = allPages(DIST).filter((p) => !p.startsWith('docs/') && p !== 'index.html');
    expect(pages.length).toBeGreaterThan(60);
    const differ: string[] = [];
    for (const page of pages) {
      for (const lng of ['en', 'zh-TW']) {
        // (Astro writes /404 as 404.html at the top, and its copies as _lang/<language>/404/index.html)
        const copy = `_lang/${lng}/${page.endsWith('index.html') ? page : page.replace(/\.html$/, '/index.html')}`;
        if (!existsSync(join(DIST, copy))) differ.push(`${copy}: not built`);
        else if (JSON.stringify(named(copy)) !== JSON.stringify(named(page))) differ.push(`${copy}: ${named(copy).join(' ')} ≠ ${named(page).join(' ')}`);
        else {
          // Its language's texts, up front: those of every namespace its prerender drew (named in its
          // <html>), each found by one of its words in what the page preloads, in the page's language.
          const preloaded = texts(copy).map((url) => readFileSync(join(DIST, url.slice('/admin/'.length)), 'utf8')).join('\n');
          const drawn = (/<html\b[^>]*\bdata-texts="([^"]*)"/.exec(readFileSync(join(DIST, copy), 'utf8'))?.[1] ?? '').split(',').filter(Boolean);
          for (const ns of drawn) {
            const word = WORD_OF[ns]?.[lng as 'en' | 'zh-TW'];
            if (word && !preloaded.includes(word)) differ.push(`${copy}: preloads no ${lng} texts of ${ns} ("${word}")`);
          }
        }
      }
      if (texts(page).length) differ.push(`${page}: preloads texts`);
    }
    expect(differ).toEqual([]);
  });

  it.runIf(built)('a console page names every module it loads up front (modulepreload), and the icon font, so no import waits for another; its first data goes first', () => {
    for (const page of ['index/index.html', 'system/post/index.html', 'configs/content/index.html', 'cms/content/editor/index.html']) {
      const html = readFileSync(join(DIST, page), 'utf8');
      const named = new Set([...html.matchAll(/<(?:link rel="modulepreload"|script type="module") [^>]*?(?:href|src)="\/admin\/([^"]+)"/g)].map((m) => m[1]!));
      const modules = pageWeight(DIST, page).files.map((f) => f.file).filter((f) => f.endsWith('.js'));
      expect(modules.filter((m) => !named.has(m)), page).toEqual([]);
      expect(html, page).toMatch(/<link rel="preload" href="\/admin\/_assets\/primeicons-console\.[\w-]+\.woff2" as="font" type="font\/woff2" crossorigin fetchpriority="low">/);
      // On HTTP/1.1 the six connections serve the highest priority first: the head script's batch
      // (priority 'high', lib/early-fetch.ts) must not queue behind ~25 modules.
      expect([...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].filter((m) => !m[0].includes('fetchpriority="low"')), page).toEqual([]);
      // A list page names its screen's chunks too (its island loads its texts as it mounts:
      // screen-chunks.ts), but not its definition: the list draws from the page's view of it
      // (resourceView), and the definition, with Zod, loads when a form opens.
      if (page === 'system/post/index.html') {
        expect(html, page).toMatch(/<link rel="modulepreload" href="\/admin\/_assets\/system\.[\w-]+\.js"/);
        expect(html, page).not.toMatch(/<link rel="modulepreload" href="\/admin\/_assets\/(post|zod)\.[\w-]+\.js"/);
      }
    }
    // A resource page's first list and dictionaries come in that batch (islands/resource/first-gets.ts).
    expect(readFileSync(join(DIST, 'system/post/index.html'), 'utf8')).toContain('data-gets="[&quot;/system/post/list?pageNum=1&amp;pageSize=20&quot;');
    // The sign-in page has no icon font to preload.
    expect(readFileSync(join(DIST, 'login/index.html'), 'utf8')).not.toContain('as="font"');
  });

  it.runIf(built)("the theme ships without the components the console never renders (src/lib/theme/prune.ts)", () => {
    const css = readdirSync(join(DIST, '_assets')).filter((f) => f.endsWith('.css')).map((f) => readFileSync(join(DIST, '_assets', f), 'utf8')).join('\n');
    for (const used of ['.p-datatable', '.p-dropdown-panel', '.p-dialog-header', '.p-treetable', '.p-datepicker', '.p-button-danger']) expect(css, used).toContain(used);
    for (const unused of ['.p-galleria', '.p-megamenu', '.p-dock', '.p-orderlist', '.p-speeddial']) expect(css, unused).not.toContain(unused);
  });

  it.runIf(built)('the build leaves Brotli and gzip twins of what the pages load, smaller than the files', () => {
    for (const page of ['login/index.html', 'index/index.html', 'system/post/index.html']) {
      for (const { file } of pageWeight(DIST, page).files) {
        const size = statSync(join(DIST, file)).size;
        if (size < 1024 || file.endsWith('.woff2')) continue;
        for (const ext of ['.br', '.gz']) {
          expect(existsSync(join(DIST, file + ext)), file + ext).toBe(true);
          expect(statSync(join(DIST, file + ext)).size, file + ext).toBeLessThan(size);
        }
      }
    }
  });

  it.runIf(built)("Home and a list page load no PrimeReact: they draw none of its components until touched", () => {
    const home = pageWeight(DIST, 'index/index.html');
    expect(home.files.map((f) => f.file).filter((f) => /\/prime\.[\w-]+\.js$/.test(f))).toEqual([]);
    expect(primeTypes(loadedText(home, true))).toEqual([]);
    // A list page neither, before it is usable (its buttons, fields and tags drawn as PrimeReact's
    // markup by light-prime.tsx; its date picker, dropdown and tooltips bring PrimeReact when
    // they come); the Contents page's catalog tree does load it.
    const post = pageWeight(DIST, 'system/post/index.html');
    expect(post.files.map((f) => f.file).filter((f) => /\/prime\.[\w-]+\.js$/.test(f))).toEqual([]);
    expect(primeTypes(loadedText(post, true))).toEqual([]);
    expect(pageWeight(DIST, 'configs/content/index.html').files.some((f) => /\/prime\.[\w-]+\.js$/.test(f.file))).toBe(true);
  });

  it.runIf(built)('Home loads neither the rich-text editor nor Monaco, and weighs less than a list page', () => {
    const w = pageWeight(DIST, 'index/index.html');
    console.log(describeWeight(w));
    expect(w.files.filter((f) => /quill|monaco|RichEditorImpl|editor\.main/i.test(f.file) || isMonaco(DIST, f.file))).toEqual([]);
    expect(loadedText(w)).not.toMatch(/quilljs\.com|Quill\.register|monaco-editor/);
    // The first screen after sign-in draws no table, form or editor: it costs less than one that does.
    expect(w.total).toBeLessThan(pageWeight(DIST, 'system/post/index.html').total);
  });

  it.runIf(built)('pages without a resource screen ship neither its code nor its styles, and the preference page no validators', () => {
    for (const page of ['index/index.html', 'monitor/server/index.html', 'user/profile/index.html', 'user/preference/index.html']) {
      const files = pageWeight(DIST, page).files.map((f) => f.file);
      expect(files.filter((f) => /ResourceScreen|ResourceIsland|\/resource\.[\w-]+\.css$/.test(f)), page).toEqual([]);
    }
    const preference = loadedText(pageWeight(DIST, 'user/preference/index.html'));
    expect(preference).not.toMatch(/ZodError|\$ZodType/);
  });

  it.runIf(built)("list pages draw their choices, number fields and pager without PrimeReact's Dropdown, InputNumber and Paginator (stand-ins until they load)", () => {
    for (const page of ['system/post/index.html', 'configs/content/index.html']) {
      const text = loadedText(pageWeight(DIST, page));
      for (const component of ['Dropdown', 'InputNumber', 'Paginator', 'VirtualScroller']) expect(primeTypes(text), page).not.toContain(component);
      // The stand-ins are there (what replaces them is loaded, not absent).
      expect(text, page).toContain('p-dropdown-trigger');
    }
  });

  it.runIf(built)('list pages load no validators: Zod, the definitions and the form come when a form opens', () => {
    for (const page of ['system/post/index.html', 'configs/content/index.html']) {
      const w = pageWeight(DIST, page);
      const text = loadedText(w);
      expect(text, page).not.toMatch(/ZodError|\$ZodType/);
      expect(w.files.map((f) => f.file).filter((f) => /\/(zod|post|ResourceDialog)\.[\w-]+\.js$/.test(f)), page).toEqual([]);
    }
  });

  it.runIf(built)('Code Generation ships neither Monaco nor its preview: both come when a preview is opened', () => {
    const page = CODE_GEN_PAGE;
    const w = pageWeight(DIST, page);
    expect(w.files.filter((f) => /monaco|editor\.main|PreviewDialog|CodeEditorImpl/i.test(f.file) || isMonaco(DIST, f.file))).toEqual([]);
    expect(loadedText(w)).not.toMatch(/monaco-editor/);
    // …but the screen can fetch the preview.
    expect([...reachableScripts(DIST, page)].filter((f) => /(^|\/)PreviewDialog\.[\w-]+\.js$/.test(f))).toHaveLength(1);
  });

  it.runIf(built)('the Form Builder\'s designer loads only on its screen, after the page: no other page may fetch it, and its page loads no Zod', () => {
    const designer = (rel: string) => /\/Designer\.[\w-]+\.js$/.test(`/${rel}`) || (rel.endsWith('.js') && readFileSync(join(DIST, rel), 'utf8').includes('fb-drop-end'));
    const page = 'tool/build/index.html';
    const w = pageWeight(DIST, page);
    expect(w.files.map((f) => f.file).filter(designer), 'loaded eagerly').toEqual([]);
    // The page checks its key and draws a stand-in; the designer brings the validators with it.
    expect(loadedText(w)).not.toMatch(/ZodError|\$ZodType/);
    expect(w.files.length).toBeLessThanOrEqual(24);
    expect([...reachableScripts(DIST, page)].filter(designer)).toHaveLength(1);
    for (const other of allPages(DIST).filter((p) => p !== page)) expect([...reachableScripts(DIST, other)].filter(designer), other).toEqual([]);
  });
});
