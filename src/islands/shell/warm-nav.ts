import { adoptForSwap, prefetchNextGets } from '../../lib/request.ts';
import { isFresh, PREFETCH_LINKS_ATTR, prefetchTarget, savesData } from '../../lib/prefetch/target.ts';
import { $dicts, dictUrl } from '../../stores/dicts.ts';
import { builtLanguage, currentLanguage, loadNamespaces, pageTexts } from '../../lib/i18n/i18n.ts';
import { namespacesInDom } from '../../lib/i18n/dom.ts';

/**
 * Warm navigation (issue 34): the pointer resting on a menu entry (or keyboard focus reaching it)
 * starts what its click will need, so that the click finds it here. Three parts:
 *  - the page's HTML, kept here and handed to Astro's client router at the click (its
 *    `astro:before-preparation` loader) instead of the router's own fetch. Not Astro's `prefetch()`:
 *    it adds a `<link rel=prefetch>` once per URL for the life of the document, which under the
 *    client router is the whole session, and Chromium reuses such a response for one later request
 *    only, so every switch after the first to an area would wait for its HTML again (the console's
 *    HTML is sent `no-cache`, without a validator). The menu's links opt out of Astro's (which the
 *    client router turns on for every link) so the HTML is not fetched twice;
 *  - the modules and stylesheets it lists that this document has not loaded
 *    (`<link rel=modulepreload>`: fetched and compiled, run when the page imports them);
 *  - its first data: the calls its early-fetch script names (`data-gets`, lib/early-fetch.ts; the
 *    head script itself does not run again on a client-side swap), through the request layer's
 *    batch (prefetchNextGets): the screen's first `request()` takes the answer, if its token,
 *    language and site match and it is at most a few seconds old.
 * Nothing is fetched ahead when the browser asks to save data, nor for a link outside the console or
 * to a page without the shell (prefetchTarget; the HTML must carry the early-fetch script).
 */

/**
 * The pointer resting this long on an entry means it is heading there (instant.page's figure),
 * not passing over the menu on its way elsewhere.
 */
export const HOVER_INTENT_MS = 65;
/**
 * A page's HTML fetched ahead serves clicks for this long. It names hashed modules of the build
 * this tab already runs, so for a few minutes it is as good as a fresh copy; after that a deploy
 * may have replaced it and it is fetched again.
 */
export const PAGE_TTL_MS = 5 * 60_000;

interface PageAhead {
  at: number;
  /** the HTML, or null: not a page the router can swap to (redirected, not HTML, failed) */
  html: Promise<string | null>;
  /** its first calls noted and its parts preloaded: a later hover need not read it again */
  read?: boolean;
}
const pages = new Map<string, PageAhead>();
/**
 * Each console page's first calls, by URL, as its HTML names them: known once a page has been
 * shown or fetched ahead, so a later hover asks for the data at once, beside its HTML.
 */
const getsOf = new Map<string, string[]>();
/** Module and stylesheet URLs already in this document or asked for by a preload link. */
const loaded = new Set<string>();

function fetchPage(url: string): PageAhead {
  const html = fetch(url, { credentials: 'same-origin' })
    .then(async (res) => {
      const type = (res.headers.get('content-type') ?? '').split(';', 1)[0]!.trim();
      return res.ok && !res.redirected && type === 'text/html' ? await res.text() : null;
    })
    .catch(() => null);
  const entry: PageAhead = { at: Date.now(), html };
  pages.set(url, entry);
  // A failure is not kept: the next hover or click asks again.
  void html.then((h) => h === null && pages.get(url) === entry && pages.delete(url));
  return entry;
}

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

/** The console's pages carry the early-fetch script (ConsoleLayout); its `data-gets`: the screen's first calls. Null: not a console page. */
function firstGets(doc: Document): string[] | null {
  const script = doc.querySelector('head script[data-early-fetch]');
  if (!script) return null;
  // Its own calls, and the session's that its screen makes again as it opens (lib/early-fetch.ts).
  return ['data-gets', 'data-session-gets'].flatMap((attr) => {
    try {
      const gets: unknown = JSON.parse(script.getAttribute(attr) ?? '[]');
      return Array.isArray(gets) ? gets.filter((g): g is string => typeof g === 'string' && g.startsWith('/')) : [];
    } catch {
      return [];
    }
  });
}

/** What this document has loaded already: its preloads, module scripts and stylesheets. */
function noteLoaded(doc: Document = document) {
  for (const el of doc.querySelectorAll('link[rel=modulepreload][href], link[rel=stylesheet][href], script[type=module][src]')) {
    loaded.add(new URL(el.getAttribute('href') ?? el.getAttribute('src')!, location.href).href);
  }
}

/** The page shown now: what it has loaded, and its first calls (for a later hover back to it). */
function noteShown() {
  noteLoaded();
  const gets = firstGets(document);
  if (gets) getsOf.set(location.href.replace(/#.*/, ''), gets);
}

/** Preload links for what `doc` lists and this document lacks, at low priority (the data goes first). */
function preloadParts(doc: Document) {
  const links: HTMLLinkElement[] = [];
  for (const el of doc.querySelectorAll('head link[rel=modulepreload][href], head link[rel=stylesheet][href]')) {
    const href = new URL(el.getAttribute('href')!, location.href).href;
    if (loaded.has(href)) continue;
    loaded.add(href);
    const link = document.createElement('link');
    if (el.getAttribute('rel') === 'stylesheet') Object.assign(link, { rel: 'preload', as: 'style' });
    else link.rel = 'modulepreload';
    link.href = href;
    link.setAttribute('fetchpriority', 'low');
    links.push(link);
  }
  document.head.append(...links);
}

/** Asks for a page's first calls; a dictionary this tab has loaded comes from its store, not asked again. */
function askData(gets: readonly string[]) {
  const known = new Set(Object.keys($dicts.get()).map(dictUrl));
  prefetchNextGets(gets.filter((g) => !known.has(g)));
}

/** Starts what a click on `href` will need (see above). */
export function warmUp(href: string): void {
  if (savesData()) return;
  const url = prefetchTarget(href, location.href);
  if (!url) return;
  // Known from an earlier visit or hover: the data goes out now, beside the HTML.
  const known = getsOf.get(url);
  if (known) askData(known);
  const cached = pages.get(url);
  const entry = cached && isFresh(cached.at, PAGE_TTL_MS) ? cached : fetchPage(url);
  void entry.html.then((html) => {
    if (!html || entry.read) return;
    entry.read = true;
    const doc = parse(html);
    const gets = firstGets(doc);
    if (gets === null) return;
    getsOf.set(url, gets);
    if (!known) askData(gets);
    preloadParts(doc);
    // The texts the swap and the page's islands will wait for: those of its prerender's language
    // (its islands hydrate in it) and, should this page be in another, its marked texts' (boot.ts).
    const built = builtLanguage(doc);
    void loadNamespaces(built, pageTexts(doc)).catch(() => undefined);
    const lng = currentLanguage();
    if (lng !== built) void loadNamespaces(lng, namespacesInDom(doc)).catch(() => undefined);
  });
}

/** The stylesheets `doc` links that this document lacks, loaded before the swap (as Astro's own loader does). */
function stylesheetsOf(doc: Document): Promise<unknown>[] {
  return [...doc.querySelectorAll('head link[rel=stylesheet][href]')].flatMap((el) => {
    const href = el.getAttribute('href')!;
    if (document.querySelector(`link[rel=stylesheet][href="${CSS.escape(href)}"]`)) return [];
    const link = Object.assign(document.createElement('link'), { rel: 'preload', as: 'style', href });
    const done = new Promise((resolve) => ['load', 'error'].forEach((e) => link.addEventListener(e, resolve)));
    document.head.append(link);
    return [done];
  });
}

interface PreparationEvent extends Event {
  to: URL;
  formData?: FormData;
  signal: AbortSignal;
  newDocument: Document;
  loader: () => Promise<void>;
}

/**
 * At a click, the router takes the page fetched ahead if it is here and fresh; else the page is
 * fetched here (as the router would), and kept for the next click or hover.
 */
function serveFromAhead(e: Event) {
  const event = e as PreparationEvent;
  if (event.formData) return;
  const url = new URL(event.to.href);
  url.hash = '';
  // Not before the preparation: the location is still the page left.
  if (!prefetchTarget(url.href, location.href)) return;
  const fetchItself = event.loader;
  event.loader = async () => {
    const cached = pages.get(url.href);
    const entry = cached && isFresh(cached.at, PAGE_TTL_MS) ? cached : fetchPage(url.href);
    const html = await entry.html;
    if (!html || event.signal.aborted) return fetchItself();
    const doc = parse(html);
    doc.querySelectorAll('noscript').forEach((n) => n.remove());
    if (!doc.querySelector('[name="astro-view-transitions-enabled"]')) return fetchItself();
    event.newDocument = doc;
    await Promise.all(stylesheetsOf(doc));
    // Its rows painted as it is swapped in, from what was asked ahead (islands/prepaint/script.ts).
    const gets = firstGets(doc);
    if (gets && !event.signal.aborted) adoptForSwap(gets);
  };
}

let timer: ReturnType<typeof setTimeout> | undefined;
const linkOf = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLAnchorElement>(`[${PREFETCH_LINKS_ATTR}] a[href]`) : null);

/** Wires it all once per tab (shell/boot.ts): hover with intent, focus, the router's loader, the pages shown. */
export function startWarmNavigation(): void {
  document.addEventListener('pointerover', (e) => {
    const a = linkOf(e.target);
    if (!a || e.pointerType === 'touch' || a.contains(e.relatedTarget as Node | null)) return;
    clearTimeout(timer);
    timer = setTimeout(() => warmUp(a.href), HOVER_INTENT_MS);
  });
  document.addEventListener('pointerout', (e) => {
    const a = linkOf(e.target);
    if (a && !a.contains(e.relatedTarget as Node | null)) clearTimeout(timer);
  });
  // Keyboard focus (Tab through the menu) has no hover: reaching the entry starts it.
  document.addEventListener('focusin', (e) => {
    const a = linkOf(e.target);
    if (a) warmUp(a.href);
  });
  document.addEventListener('astro:before-preparation', serveFromAhead);
  document.addEventListener('astro:after-swap', noteShown);
  noteShown();
}
