import { createFetch, type FetchOptions } from 'ofetch';
import { adoptEarly, EARLY_GETS, hasEarly, peekEarly, PREFERENCES_GET, settledEarly, takeEarly } from './early-fetch.ts';
import { batchUrl, type BatchAnswer } from '../../shared/batch-calls.ts';
import { API_PREFIX, HOME_PATH, MESSAGE_DURATION_MS, REPEAT_SUBMIT_INTERVAL_MS, REQUEST_TIMEOUT_MS } from '../../shared/constants.ts';
import { formatDateTime } from '../../shared/format.ts';
import { getToken, removeToken } from './auth/token.ts';
import requestNs from './i18n/ns/request.ts';
import { DEFAULT_LOCALE } from '../../shared/i18n/locales.ts';

import type { Envelope, TablePage as SharedTablePage } from '../../shared/api-types.ts';

export type { Envelope };
/** A page of a table as the console reads it: a ChestnutCMS backend may send total as a string. */
export type TablePage<T> = SharedTablePage<T, number | string>;

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RequestConfig {
  url: string;
  method?: Method;
  /** Query parameters, for any method (spec §7: GET params go into the URL). */
  params?: Record<string, unknown>;
  /** Request body: JSON for plain objects, as-is for FormData, Blob and strings. */
  data?: unknown;
  /**
   * Extra headers. Two are switches as in the original console: `isToken: false` sends no
   * Authorization, `repeatSubmit: false` turns the repeat guard off here and on the server. A
   * `CurrentSite` given here replaces the stored one (a site's own tabs work on that site).
   */
  headers?: Record<string, string | boolean | undefined>;
  timeout?: number;
  responseType?: 'json' | 'blob' | 'text' | 'arrayBuffer';
  /** false: a 401 rejects without offering to sign in again (for callers that handle it). */
  relogin?: boolean;
  /** true: failures reject without a message (probes such as the navbar's optional CMS calls). */
  quiet?: boolean;
}

export type FailureKind = 'code' | 'unauthorized' | 'repeat' | 'network' | 'timeout' | 'http';

/** Every rejection of `request`: `message` is the text the user was shown (or should be). */
export class RequestError extends Error {
  readonly kind: FailureKind;
  /** envelope code, for kind 'code' and 'unauthorized' */
  readonly code?: number;
  /** HTTP status, for kind 'http' */
  readonly status?: number;
  /** the refusal's `data`, when it carries one (e.g. `{ field }`: the form field it is about) */
  readonly data?: unknown;
  constructor(kind: FailureKind, text: string, extra: { code?: number; status?: number; cause?: unknown; data?: unknown } = {}) {
    super(text, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'RequestError';
    this.kind = kind;
    this.code = extra.code;
    this.status = extra.status;
    this.data = extra.data;
  }
}

/** Where the request core's messages and its one question go: the notice store (stores/notify.ts). */
export interface RequestNotices {
  message: { error(text: string): unknown; warning(text: string): unknown };
  /** a titled error card (spec §8) */
  notifyError(summary: string): unknown;
  /** the session-expired question; true: sign in again */
  confirm(options: { header: string; message: string; acceptLabel: string; rejectLabel: string; severity?: 'info' | 'warn' | 'danger' }): Promise<boolean>;
}

/** What every call takes from the console around the core: its language and current site, and where notices go. */
export interface RequestContext {
  /** the interface language, sent as Accept-Language */
  language(): string;
  /** the current site's id, '' for none, sent as CurrentSite */
  site(): string;
  notices: RequestNotices;
}

// Until a page's boot hands over the stores (stores/request-context.ts, which every page entry that
// makes calls imports first): the default language, no site, and notices on the console.
let context: RequestContext = {
  language: () => DEFAULT_LOCALE,
  site: () => '',
  notices: { message: { error: console.error, warning: console.warn }, notifyError: console.error, confirm: async () => false },
};

/** The stores register what calls send and show here (the core imports no store: stores build on it). */
export function setRequestContext(next: RequestContext): void {
  context = next;
}

/** The context calls are made with, for calls made outside the core (downloads, uploads). */
export const requestContext = (): RequestContext => context;

/** Fixed at build time so the same console can front another backend (spec §7: default /prod-api). */
export const API_BASE: string = import.meta.env.PUBLIC_API_BASE || API_PREFIX;

// fetch is looked up per call, not captured at load, so tests (and polyfills) can replace it.
const $fetch = createFetch({ fetch: (input, init) => globalThis.fetch(input, init) });

/** The headers a call sends (token, current site, language), and whether the repeat guard is on. */
function callHeaders(given: RequestConfig['headers']): { headers: Record<string, string>; guard: boolean } {
  const { isToken, repeatSubmit, ...rest } = given ?? {};
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(rest)) if (v !== undefined) headers[k] = String(v);

  const token = getToken();
  if (token && isToken !== false && isToken !== 'false') headers.Authorization = `Bearer ${token}`;
  // A caller may name another site for one call (the grants dialog reads any site's catalogs);
  // the server checks it like any CurrentSite.
  const site = context.site();
  if (site && headers.CurrentSite === undefined) headers.CurrentSite = site;
  headers['Accept-Language'] = context.language();
  const guard = repeatSubmit !== false && repeatSubmit !== 'false';
  if (!guard) headers.repeatSubmit = 'false';
  return { headers, guard };
}

/** Answers of a batch (prefetchGets) waiting for the request() that asks for them, by URL and headers. */
const batched = new Map<string, { at: number; ttl: number; part: Promise<unknown>; body?: unknown }>();
/** After this, a batch's answer is no longer fresh: the call is made again. */
const BATCH_TTL_MS = 10_000;
/**
 * How long the answers asked for ahead of a navigation (prefetchNextGets) stay good, from when they
 * were asked: a click follows a hover within a second or so; a screen opened later asks anew
 * rather than show what may have changed since.
 */
export const NEXT_GETS_TTL_MS = 5_000;
const batchKey = (url: string, headers: Record<string, string>) => `${url}|${JSON.stringify(Object.entries(headers).sort())}`;
let batchRefused = false;

/** Sends `urls` (GETs) as one batch with `headers`, each answer waiting for its request() for `ttl` ms. */
function sendBatch(urls: string[], headers: Record<string, string>, ttl: number): void {
  const reply = $fetch<{ code?: number; data?: Record<string, BatchAnswer> }>(batchUrl(urls), { baseURL: API_BASE, headers, timeout: REQUEST_TIMEOUT_MS, retry: 0 }).then((r) => {
    if (r?.code !== 200 || !r.data) {
      batchRefused = true;
      throw new Error('batch refused');
    }
    return r.data;
  });
  for (const url of urls) {
    const entry: { at: number; ttl: number; part: Promise<unknown>; body?: unknown } = { at: Date.now(), ttl, part: Promise.resolve() };
    entry.part = reply.then((data) => {
      const answer = data[url];
      if (!answer || answer.status !== 200 || !answer.body) throw new Error(`batch: no answer for ${url}`);
      entry.body = answer.body;
      return answer.body;
    });
    entry.part.catch(() => {});
    batched.set(batchKey(url, headers), entry);
  }
}

/**
 * Asks for several GET calls in one round trip (the server's /batch, server/core/batch.ts): a
 * screen's dictionaries, say, which would otherwise take a request each. Each `request()` for one
 * of them, made soon after with the same headers, takes its answer instead of calling; a call the
 * batch could not answer is made on its own. A backend without the batch route (ChestnutCMS)
 * refuses the first one: from then on the calls go one by one.
 */
export function prefetchGets(urls: Iterable<string>, given: RequestConfig['headers'] = {}): void {
  const { headers } = callHeaders(given);
  // What the page's head script is already getting needs no second batch.
  const unique = [...new Set(urls)].filter((u) => !hasEarly(u, headers));
  if (batchRefused || unique.length < 2) return;
  sendBatch(unique, headers, BATCH_TTL_MS);
}

/**
 * The first calls of the page a click is about to open (the shell's warm navigation, shell/warm-nav.ts),
 * asked for now in one batch, one call included: the screen's first `request()` for each takes its
 * answer, or draws it at once (settledGet) once it has come. Sent with the token, language and current
 * site a call would carry now; an answer is taken only by a call with the same ones, within
 * NEXT_GETS_TTL_MS of its asking. A call already asked for, and still fresh, is not asked again (a
 * second hover). Returns the calls asked for.
 */
export function prefetchNextGets(urls: Iterable<string>): string[] {
  if (batchRefused) return [];
  const { headers } = callHeaders({});
  const wanted = [...new Set(urls)].filter((u) => {
    const entry = batched.get(batchKey(u, headers));
    return !hasEarly(u, headers) && !(entry && Date.now() - entry.at <= entry.ttl);
  });
  if (wanted.length) sendBatch(wanted, headers, NEXT_GETS_TTL_MS);
  return wanted;
}

/** The batch's answer to `url` asked with `headers`, taken once; null: call as usual. */
function takeBatched(url: string, headers: Record<string, string>): Promise<unknown> | null {
  const key = batchKey(url, headers);
  const entry = batched.get(key);
  if (!entry) return null;
  batched.delete(key);
  return Date.now() - entry.at <= entry.ttl ? entry.part : null;
}

/**
 * The last answer to the calls of the user's own (permissions, preferences) and to each dictionary
 * this tab has read, by URL, token and language (none depends on the site): a page swapped in
 * without a load paints with them before its scripts (adoptForSwap).
 */
const kept = new Map<string, unknown>();
const KEPT_GET = (url: string) => url === '/getInfo' || url === PREFERENCES_GET || url.startsWith('/system/dict/data/type/');
const keptKey = (url: string, headers: Record<string, string>) => `${url}|${headers.Authorization ?? ''}|${headers['Accept-Language'] ?? ''}`;
function keep(url: string, headers: Record<string, string>, body: unknown) {
  if (KEPT_GET(url)) kept.set(keptKey(url, headers), body);
}

/**
 * A page the client router swaps in runs its pre-paint script again (islands/prepaint/script.ts),
 * but not the head script whose answers it paints: these stand in for them. Its first calls asked
 * for ahead of the switch (prefetchNextGets) become the early answers (taken from the batch, so a
 * later call of the same URL asks anew), and the user's and dictionaries' calls it also needs are
 * the answers this tab last had (shown by the copy only: no call takes them).
 */
export function adoptForSwap(urls: readonly string[]): void {
  const { headers } = callHeaders({});
  const calls: Record<string, Promise<unknown>> = {};
  const known: Record<string, unknown> = {};
  // The head script's calls too: those every page makes, which the page's pre-paint may draw with.
  for (const url of new Set([...EARLY_GETS, ...urls])) {
    // Still untaken from the page before (asked by its head script, so not asked ahead again), or asked ahead.
    const ahead = peekEarly(url, headers) ?? takeBatched(url, headers);
    if (ahead) calls[url] = ahead;
    else if (kept.has(keptKey(url, headers))) known[url] = kept.get(keptKey(url, headers));
  }
  adoptEarly(calls, known, headers);
}

/** As settledEarly, for a batch's answer (prefetchGets, prefetchNextGets) that has arrived and is still fresh. */
function settledBatched(url: string, headers: Record<string, string>, usable: (body: unknown) => boolean, take: boolean): unknown {
  const key = batchKey(url, headers);
  const entry = batched.get(key);
  if (!entry || entry.body === undefined || Date.now() - entry.at > entry.ttl || !usable(entry.body)) return undefined;
  if (take) batched.delete(key);
  return entry.body;
}

/**
 * Sends a call and unwraps the envelope (spec §7, §8). Resolves with the whole envelope when its
 * code is 200; otherwise shows the catalogue's message and rejects with a RequestError.
 */
export async function request<T = unknown>(config: RequestConfig): Promise<Envelope<T>> {
  const method = config.method ?? 'GET';
  const { headers, guard } = callHeaders(config.headers);

  const url = withQuery(config.url, config.params);

  if (guard && (method === 'POST' || method === 'PUT') && isRepeatSubmit(url, config.data)) {
    throw new RequestError('repeat', requestNs.t('repeatSubmit'));
  }

  const options: FetchOptions<'json'> = {
    method,
    baseURL: API_BASE,
    headers,
    timeout: config.timeout ?? REQUEST_TIMEOUT_MS,
    retry: 0,
    responseType: (config.responseType ?? 'json') as 'json',
  };
  if (config.data !== undefined) options.body = config.data as FetchOptions['body'];

  let reply: unknown;
  try {
    // The head script may have asked for it already (lib/early-fetch.ts); if that failed, ask again.
    const early = method === 'GET' && !config.responseType ? (takeEarly(url, headers) ?? takeBatched(url, headers)) : null;
    reply = early ? await early.catch(() => $fetch(url, options)) : await $fetch(url, options);
  } catch (error) {
    const failure = describeFailure(error);
    if (!config.quiet) context.notices.message.error(failure.text);
    throw new RequestError(failure.kind, failure.text, { status: failure.status, cause: error });
  }

  // Binary replies carry no envelope.
  if (config.responseType && config.responseType !== 'json') return reply as Envelope<T>;
  const envelope = unwrap<T>(reply, config.relogin !== false, config.quiet === true);
  if (method === 'GET') keep(url, headers, reply);
  return envelope;
}

/**
 * Envelope code of a call refused until the user changes their password (forced or expired):
 * Castanea's own, beside the spec's 401/403/500/601.
 */
export const PASSWORD_CHANGE_REQUIRED = 428;

let onPasswordDemand: () => void = () => {};
let lastDemandNotice = 0;

/** The session store registers here what a 428 triggers (re-reading the user, whose flags open the demand). */
export function setPasswordDemandHandler(fn: () => void): void {
  onPasswordDemand = fn;
}

/** Applies the code rules of spec §8 to a parsed reply. */
function unwrap<T>(reply: unknown, relogin: boolean, quiet = false): Envelope<T> {
  const body = (reply && typeof reply === 'object' ? reply : {}) as Partial<Envelope<T>>;
  const code = Number(body.code ?? 200) || 200;
  const codes = requestNs.t;
  const tableText = code === 401 || code === 403 || code === 404 ? codes(`codes.${code}`) : '';
  const text = tableText || body.msg || codes('codes.default');

  if (code === 200) return { ...body, code, msg: body.msg ?? '' } as Envelope<T>;
  if (code === 401) {
    if (relogin) offerRelogin();
    throw new RequestError('unauthorized', requestNs.t('invalidSession'), { code });
  }
  if (quiet) throw new RequestError('code', text, { code, data: body.data });
  const { message, notifyError } = context.notices;
  if (code === 500) {
    message.error(text);
    throw new RequestError('code', text, { code, data: body.data });
  }
  if (code === 601) {
    message.warning(text);
    throw new RequestError('code', text, { code });
  }
  if (code === PASSWORD_CHANGE_REQUIRED) {
    // The server answers only the calls that lead to the password change: let the session show
    // its password demand, and say why once rather than once per refused call of the page.
    onPasswordDemand();
    if (Date.now() - lastDemandNotice > MESSAGE_DURATION_MS) {
      lastDemandNotice = Date.now();
      message.warning(text);
    }
    throw new RequestError('code', text, { code });
  }
  notifyError(text);
  throw new RequestError('code', text, { code });
}

/** Network, timeout or HTTP failure → the catalogue's text (spec §8). */
export function describeFailure(error: unknown): { kind: FailureKind; text: string; status?: number } {
  const err = error as { name?: string; message?: string; status?: number; response?: unknown; cause?: { name?: string } };
  const msg = String(err?.message ?? '');
  if (err?.name === 'TimeoutError' || err?.cause?.name === 'TimeoutError' || /timeout/i.test(msg)) {
    return { kind: 'timeout', text: requestNs.t('timeout') };
  }
  const status = typeof err?.status === 'number' ? err.status : Number(/Request failed with status code (\d{3})/.exec(msg)?.[1]) || undefined;
  if (status) return { kind: 'http', status, text: requestNs.t('httpStatus', { status }) };
  return { kind: 'network', text: requestNs.t('networkError') };
}

// ---- repeat-submit guard (spec §5): the last POST/PUT, compared by url and body within 1000 ms

let lastSubmit: { url: string; body: string; time: number } | null = null;

function isRepeatSubmit(url: string, data: unknown, now = Date.now()): boolean {
  // Files and forms cannot be compared by value; the guard is for JSON bodies.
  if (data instanceof FormData || data instanceof Blob) return false;
  const body = typeof data === 'object' ? JSON.stringify(data) : String(data ?? '');
  const repeat = lastSubmit !== null && lastSubmit.url === url && lastSubmit.body === body && now - lastSubmit.time < REPEAT_SUBMIT_INTERVAL_MS;
  if (!repeat) lastSubmit = { url, body, time: now };
  return repeat;
}

/** Forgets the last submit (tests). */
export function resetRepeatGuard(): void {
  lastSubmit = null;
}

// ---- 401: one "session expired" confirmation at a time (spec §4, §8)

let reloginOpen = false;
let endSession: () => Promise<void> = async () => removeToken();
let leave: (url: string) => void = (url) => {
  location.href = url;
};

/** The session store registers its logout here (the request core does not import stores that import it). */
export function setSessionEnder(fn: () => Promise<void>): void {
  endSession = fn;
}

/** Where "Relogin" navigates; replaceable in tests. */
export function setNavigator(fn: (url: string) => void): void {
  leave = fn;
}

function offerRelogin(): void {
  if (reloginOpen) return;
  reloginOpen = true;
  void context.notices.confirm({
    header: requestNs.t('sessionExpired.title'),
    message: requestNs.t('sessionExpired.message'),
    acceptLabel: requestNs.t('sessionExpired.relogin'),
    rejectLabel: requestNs.t('sessionExpired.cancel'),
    severity: 'warn',
  }).then(async (ok) => {
    reloginOpen = false;
    if (!ok) return;
    await endSession().catch(() => removeToken());
    leave(HOME_PATH);
  });
}

/**
 * The answer to GET `url` if the page's head script (lib/early-fetch.ts) or a batch asked for it
 * ahead (prefetchGets, prefetchNextGets) already has it, at once:
 * a screen can draw its first rows in its first render instead of one render and commit later.
 * Only a successful envelope; anything else is left to request(), which reports it. A render
 * looks (`take` false); the effect after it takes the answer, so that a later call asks again.
 */
export function settledGet<T>(url: string, params: Record<string, unknown> | undefined, given: RequestConfig['headers'], take: boolean): Envelope<T> | null {
  const { headers } = callHeaders(given);
  const full = withQuery(url, params);
  const usable = (b: unknown) => (b as Envelope<unknown> | null)?.code === 200;
  const body = settledEarly(full, headers, usable, take) ?? settledBatched(full, headers, usable, take);
  if (body === undefined) return null;
  if (take) keep(full, headers, body);
  return body as Envelope<T>;
}

// ---- query strings

/** `url` with `params` appended as request() sends them. */
const withQuery = (url: string, params?: Record<string, unknown>): string => {
  const query = params ? toQueryString(params) : '';
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
};

/**
 * Params → query string the way the original console built it: empty values dropped, objects as
 * key[sub]=value, arrays as repeated keys (what Spring and Fastify read as a list), dates as
 * y-m-d h:i:s.
 */
export function toQueryString(params: Record<string, unknown>): string {
  const parts: string[] = [];
  const add = (key: string, value: unknown) => {
    if (value === null || value === undefined || value === '') return;
    const text = value instanceof Date ? formatDateTime(value) : String(value);
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
  };
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) for (const item of value) add(key, item);
    else if (value && typeof value === 'object' && !(value instanceof Date)) {
      for (const [sub, v] of Object.entries(value)) add(`${key}[${sub}]`, v);
    } else add(key, value);
  }
  return parts.join('&');
}

// ---- shorthands

type Extra = Omit<RequestConfig, 'url' | 'method' | 'params' | 'data'>;
export const http = {
  get: <T>(url: string, params?: Record<string, unknown>, extra?: Extra) => request<T>({ ...extra, url, method: 'GET', params }),
  post: <T>(url: string, data?: unknown, extra?: Extra) => request<T>({ ...extra, url, method: 'POST', data }),
  put: <T>(url: string, data?: unknown, extra?: Extra) => request<T>({ ...extra, url, method: 'PUT', data }),
  delete: <T>(url: string, data?: unknown, extra?: Extra) => request<T>({ ...extra, url, method: 'DELETE', data }),
};
