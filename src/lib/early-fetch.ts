import { CMS_MODULE_CONFIG_KEY, DOCS_LINK_CONFIG_KEY, SOURCE_LINK_CONFIG_KEY, STORAGE_KEYS, TOKEN_COOKIE } from '../../shared/constants.ts';
import { DEFAULT_LOCALE, LOCALES } from '../../shared/i18n/locales.ts';
import { BATCH_MAX_CALLS, BATCH_PATH, batchUrl } from '../../shared/batch-calls.ts';

/**
 * The session's first data, asked for by an inline script in the head of every signed-in page
 * (ConsoleLayout) while the page's modules are still on their way: on a slow link the shell's
 * calls would otherwise start only once some sixty modules have arrived, then take a round trip
 * or two more. The calls go out as one batch (server/core/batch.ts): seven calls would hold the
 * browser's six connections to the host while the page's modules wait. `request()` takes a
 * matching answer instead of calling again: same URL, same token, language and current site,
 * within a few seconds of the page's start, once; when the batch or one of its calls failed (a
 * backend without the batch route), it calls on its own.
 */

/** What every signed-in page asks for first (SessionGate, the sidebar, the navbar, the site picker). */
const CURRENT_SITE_GET = '/cms/site/getCurrentSite';
/** The user's preferences, which the catalog tree, the content list and the editor follow (stores/preferences.ts). */
export const PREFERENCES_GET = '/system/user/preference';

export const EARLY_GETS = [
  '/getInfo',
  '/getRouters',
  CURRENT_SITE_GET,
  ...[CMS_MODULE_CONFIG_KEY, DOCS_LINK_CONFIG_KEY, SOURCE_LINK_CONFIG_KEY].map((k) => `/system/config/configKey/${encodeURIComponent(k)}`),
  // The navbar's publish indicator (stores/publish.ts).
  '/cms/publish/taskCount',
  PREFERENCES_GET,
] as const;

/** The batch asking for them all. */
export const EARLY_BATCH = batchUrl(EARLY_GETS);

/**
 * A page may add its screen's own first calls (a list's first page, its dictionaries: the calls
 * its island will make as it mounts) in the script element's `data-gets` (a JSON array of paths
 * below the API): they come back with the rest, long before the screen's modules have arrived.
 * An attribute, not script text, so every page keeps the one inline script the CSP allows by hash.
 */
export const PAGE_GETS_MAX = BATCH_MAX_CALLS - EARLY_GETS.length;

/** The `data-gets` attribute's value for a page's first calls (undefined: none). */
export function pageGetsAttribute(gets: readonly string[]): string | undefined {
  const own = [...new Set(gets)].filter((u) => u.startsWith('/') && !(EARLY_GETS as readonly string[]).includes(u)).slice(0, PAGE_GETS_MAX);
  return own.length ? JSON.stringify(own) : undefined;
}

/**
 * The `data-session-gets` attribute's value: those of the page's first calls that are the session's
 * own (EARLY_GETS), which its screen makes again as it opens (the preferences the content list
 * follows are read anew on each screen). On a first load the head script has them already; a
 * switch to the page from another (shell/warm-nav.ts) asks for them with the page's own calls.
 */
export function sessionGetsAttribute(gets: readonly string[]): string | undefined {
  const again = [...new Set(gets)].filter((u) => (EARLY_GETS as readonly string[]).includes(u));
  return again.length ? JSON.stringify(again) : undefined;
}

/** After this, an answer is no longer the page's first data (e.g. a later poll): call again. */
export const EARLY_TTL_MS = 15_000;

const GLOBAL = '__castaneaEarly';

interface EarlyCalls {
  at: number;
  /** token|language|site the calls were made with */
  key: string;
  /**
   * Asked without a site (none stored yet: a first visit), the server answered for the user's
   * current one: the site it named, once known. Calls naming that site may take these answers.
   */
  site?: string;
  calls: Record<string, Promise<unknown> | undefined>;
  /** the answers that have arrived, by URL: a screen can draw them in its first render */
  done?: Record<string, unknown>;
  /** on a page swapped in: answers this tab had before, for its pre-paint alone (no call takes them) */
  known?: Record<string, unknown>;
}

const keyOf = (token: string, language: string, site: string) => `${token}|${language}|${site}`;
/** What a call's headers say of its token, language and site. */
const partsOf = (headers: Record<string, string>) => ({ token: (headers.Authorization ?? '').replace(/^Bearer /, ''), language: headers['Accept-Language'] ?? '', site: headers.CurrentSite ?? '' });

/**
 * The inline script: plain ES5, as the other head scripts, so it runs before any module. The batch
 * goes at high priority: on HTTP/1.1 the browser's six connections to the host serve the highest
 * first, and the page's modules and font are preloaded at low (build/module-preload.ts), so the
 * data no longer waits behind 300 KB of scripts.
 */
export function earlyFetchScript(apiBase: string): string {
  const j = JSON.stringify;
  return `(function(){try{
var m=document.cookie.match(/(?:^|;\\s*)${TOKEN_COOKIE}=([^;]*)/);if(!m)return;var t=decodeURIComponent(m[1]);if(!t)return;
function g(k){try{return localStorage.getItem(k)||''}catch(e){return ''}}
var l=g(${j(STORAGE_KEYS.language)});if(${j(LOCALES)}.indexOf(l)<0)l=${j(DEFAULT_LOCALE)};var s=g(${j(STORAGE_KEYS.currentSite)});
var h={Authorization:'Bearer '+t,'Accept-Language':l};if(s)h.CurrentSite=s;
var G=${j(EARLY_GETS)},x=[];try{var d=document.currentScript&&document.currentScript.getAttribute('data-gets');if(d)x=JSON.parse(d)}catch(e){}
for(var i=0;i<x.length&&i<${PAGE_GETS_MAX};i++)if(typeof x[i]==='string'&&x[i].charAt(0)==='/')G.push(x[i]);
var b=fetch(${j(apiBase + BATCH_PATH)}+'?'+G.map(function(u){return 'get='+encodeURIComponent(u)}).join('&'),{headers:h,priority:'high'}).then(function(r){if(!r.ok)throw r.status;return r.json()});b['catch'](function(){});
var E={at:Date.now(),key:t+'|'+l+'|'+s,calls:{},done:{}},c=E.calls;
if(!s)b.then(function(r){var a=r&&r.data&&r.data[${j(CURRENT_SITE_GET)}];if(a&&a.body&&a.body.data&&a.body.data.siteId!=null)E.site=String(a.body.data.siteId)})['catch'](function(){});
G.forEach(function(u){var p=b.then(function(r){var a=r&&r.data&&r.data[u];if(!a||a.status!==200||!a.body)throw (a&&a.status)||(r&&r.code)||0;return a.body});p.then(function(v){E.done[u]=v},function(){});c[u]=p});
window[${j(GLOBAL)}]=E;
}catch(e){}})();`;
}

/**
 * On a page the client router swaps in (request.ts adoptForSwap): `calls`, asked for ahead of the
 * switch with `headers`, become the early answers its screen takes, and `known` what else its
 * pre-paint script shows, as if its head script had run.
 */
export function adoptEarly(calls: Record<string, Promise<unknown>>, known: Record<string, unknown>, headers: Record<string, string>): void {
  const { token, language, site } = partsOf(headers);
  const early: EarlyCalls = { at: Date.now(), key: keyOf(token, language, site), calls: { ...calls }, done: {}, known };
  for (const [url, call] of Object.entries(calls)) call.then((body) => { early.done![url] = body; }, () => undefined);
  (globalThis as { [GLOBAL]?: EarlyCalls })[GLOBAL] = early;
}

/** The head script's call for GET `url` with `headers`, if it made one with the same token, language and site, recently. */
function earlyCall(url: string, headers: Record<string, string>): { early: EarlyCalls; call: Promise<unknown> } | null {
  const early = (globalThis as { [GLOBAL]?: EarlyCalls })[GLOBAL];
  const call = early?.calls[url];
  if (!early || !call) return null;
  const { token, language, site } = partsOf(headers);
  const same = early.key === keyOf(token, language, site) || (site !== '' && site === early.site && early.key === keyOf(token, language, ''));
  if (Date.now() - early.at > EARLY_TTL_MS || !same) return null;
  return { early, call };
}

/**
 * The early answer to GET `url` sent with `headers`, if the head script asked for it with the same
 * token, language and site; taken once. Null means: call as usual.
 */
export function takeEarly(url: string, headers: Record<string, string>): Promise<unknown> | null {
  const early = (globalThis as { [GLOBAL]?: EarlyCalls })[GLOBAL];
  const found = earlyCall(url, headers);
  // Taken once, matching or not: a later call is a new question.
  if (early?.calls[url]) early.calls[url] = undefined;
  return found?.call ?? null;
}

/**
 * The early answer to GET `url` with `headers` if it has already arrived and `usable` accepts it;
 * with `take`, taken once like takeEarly. A render only looks (React may render again and throw
 * the first attempt away); the effect that follows takes it. Undefined: not here (yet), or not
 * usable: call as usual.
 */
export function settledEarly(url: string, headers: Record<string, string>, usable: (body: unknown) => boolean, take: boolean): unknown {
  const found = earlyCall(url, headers);
  const done = found?.early.done;
  if (!done || !(url in done) || !usable(done[url])) return undefined;
  const body = done[url];
  if (take) {
    delete done[url];
    found.early.calls[url] = undefined;
  }
  return body;
}

/** The head script's answer to GET `url` with `headers` if it has (or is getting) it, without taking it. */
export const peekEarly = (url: string, headers: Record<string, string>): Promise<unknown> | null => earlyCall(url, headers)?.call ?? null;

/** Whether the head script has (or is getting) the answer to GET `url` with `headers`, without taking it. */
export const hasEarly = (url: string, headers: Record<string, string>): boolean => earlyCall(url, headers) !== null;
