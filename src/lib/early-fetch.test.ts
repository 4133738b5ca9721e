import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_BATCH, EARLY_GETS, EARLY_TTL_MS, PAGE_GETS_MAX, earlyFetchScript, hasEarly, pageGetsAttribute, settledEarly, takeEarly } from './early-fetch.ts';
import { BATCH_MAX_CALLS } from '../../shared/batch-calls.ts';

// The head script runs here against stand-ins for the page's cookie, storage and fetch.
function runScript(opts: { cookie: string; storage?: Record<string, string>; gets?: string }) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const g = globalThis as Record<string, unknown>;
  // The script element's data-gets attribute: the page's own first calls.
  g.document = { cookie: opts.cookie, currentScript: { getAttribute: (name: string) => (name === 'data-gets' ? (opts.gets ?? null) : null) } };
  g.localStorage = { getItem: (k: string) => opts.storage?.[k] ?? null };
  g.window = globalThis;
  // The batch route's answer: each call's status and body.
  g.fetch = vi.fn(async (url: string, init: { headers: Record<string, string> }) => {
    calls.push({ url, headers: init.headers });
    const asked = new URL(url, 'http://x').searchParams.getAll('get');
    return { ok: true, json: async () => ({ code: 200, data: Object.fromEntries(asked.map((u) => [u, { status: 200, body: { code: 200, data: u } }])) }) };
  });
  new Function(earlyFetchScript('/prod-api'))();
  return calls;
}

afterEach(() => {
  for (const k of ['document', 'localStorage', 'window', 'fetch', '__castaneaEarly']) delete (globalThis as Record<string, unknown>)[k];
  vi.useRealTimers();
});

const headers = (over: Record<string, string> = {}) => ({ Authorization: 'Bearer tok', 'Accept-Language': 'en', ...over });

describe('early fetch', () => {
  it('asks for the first data with the session token, the stored language and site, and hands each answer out once', async () => {
    const calls = runScript({ cookie: 'x=1; Admin-Token=tok', storage: { language: 'en', CurrentSite: '7' } });
    // One request for all of them.
    expect(calls.map((c) => c.url)).toEqual([`/prod-api${EARLY_BATCH}`]);
    expect(new URL(calls[0]!.url, 'http://x').searchParams.getAll('get')).toEqual([...EARLY_GETS]);
    expect(calls[0]!.headers).toEqual({ Authorization: 'Bearer tok', 'Accept-Language': 'en', CurrentSite: '7' });
    const early = takeEarly('/getInfo', headers({ CurrentSite: '7' }));
    expect(await early).toEqual({ code: 200, data: '/getInfo' });
    expect(await takeEarly('/cms/publish/taskCount', headers({ CurrentSite: '7' }))).toEqual({ code: 200, data: '/cms/publish/taskCount' });
    expect(takeEarly('/getInfo', headers({ CurrentSite: '7' }))).toBeNull();
    expect(takeEarly('/system/user/list', headers({ CurrentSite: '7' }))).toBeNull();
  });

  it('hands out an answer that has arrived at once, when the caller can use it, and only once', async () => {
    runScript({ cookie: 'Admin-Token=tok', storage: { language: 'en', CurrentSite: '7' }, gets: '["/system/post/list?pageNum=1&pageSize=20"]' });
    const list = '/system/post/list?pageNum=1&pageSize=20';
    const any = () => true;
    // Not arrived yet: the caller draws without it and calls as usual.
    expect(settledEarly(list, headers({ CurrentSite: '7' }), any, true)).toBeUndefined();
    await new Promise((r) => setTimeout(r, 0));
    expect(settledEarly(list, headers({ CurrentSite: '8' }), any, true), 'asked for another site').toBeUndefined();
    expect(settledEarly(list, headers({ CurrentSite: '7' }), () => false, true), 'not usable').toBeUndefined();
    // A render looks (as often as React renders), the effect after it takes.
    expect(settledEarly(list, headers({ CurrentSite: '7' }), any, false)).toEqual({ code: 200, data: list });
    expect(settledEarly(list, headers({ CurrentSite: '7' }), any, false)).toEqual({ code: 200, data: list });
    expect(settledEarly(list, headers({ CurrentSite: '7' }), any, true)).toEqual({ code: 200, data: list });
    expect(settledEarly(list, headers({ CurrentSite: '7' }), any, true)).toBeUndefined();
    expect(takeEarly(list, headers({ CurrentSite: '7' })), 'taken').toBeNull();
  });

  it('asks nothing without a session', () => {
    expect(runScript({ cookie: 'x=1' })).toEqual([]);
  });

  it('gives no answer made for another token, language or site, nor one too old', () => {
    runScript({ cookie: 'Admin-Token=tok', storage: { language: 'fr' } });
    // An unknown stored language is the default one, as the console reads it.
    expect(takeEarly('/getInfo', headers())).toBeNull();
    expect(takeEarly('/getRouters', headers({ 'Accept-Language': 'zh-CN', Authorization: 'Bearer other' }))).toBeNull();
    expect(takeEarly('/cms/site/getCurrentSite', headers({ 'Accept-Language': 'zh-CN', CurrentSite: '3' }))).toBeNull();
    vi.useFakeTimers({ now: Date.now() + EARLY_TTL_MS + 1 });
    expect(takeEarly('/system/config/configKey/CMSModuleEnable', headers({ 'Accept-Language': 'zh-CN' }))).toBeNull();
  });

  it('on a first visit (no site stored), answers the calls that name the site the server chose', async () => {
    const g = globalThis as Record<string, unknown>;
    runScript({ cookie: 'Admin-Token=tok', storage: { language: 'en' } });
    g.fetch = vi.fn(async (url: string) => {
      const asked = new URL(url, 'http://x').searchParams.getAll('get');
      const body = (u: string) => (u === '/cms/site/getCurrentSite' ? { code: 200, data: { siteId: 3 } } : { code: 200, data: u });
      return { ok: true, json: async () => ({ code: 200, data: Object.fromEntries(asked.map((u) => [u, { status: 200, body: body(u) }])) }) };
    });
    new Function(earlyFetchScript('/prod-api'))();
    expect(await takeEarly('/cms/site/getCurrentSite', headers())).toEqual({ code: 200, data: { siteId: 3 } });
    // The console now sends the site it was told; the answers were made for that one.
    expect(await takeEarly('/system/user/preference', headers({ CurrentSite: '3' }))).toEqual({ code: 200, data: '/system/user/preference' });
    expect(takeEarly('/cms/publish/taskCount', headers({ CurrentSite: '4' }))).toBeNull();
  });

  it('a call that failed early rejects, so the caller asks again', async () => {
    const g = globalThis as Record<string, unknown>;
    runScript({ cookie: 'Admin-Token=tok', storage: { language: 'en' } });
    g.fetch = vi.fn(async () => ({ ok: false, status: 502 }));
    new Function(earlyFetchScript('/prod-api'))();
    await expect(takeEarly('/getInfo', headers())).rejects.toBe(502);
  });

  it('a backend without the batch route, or a call the batch could not answer, rejects: the caller asks on its own', async () => {
    const g = globalThis as Record<string, unknown>;
    runScript({ cookie: 'Admin-Token=tok', storage: { language: 'en' } });
    // ChestnutCMS answers an unknown route in its envelope.
    g.fetch = vi.fn(async () => ({ ok: true, json: async () => ({ code: 404, msg: 'no such route' }) }));
    new Function(earlyFetchScript('/prod-api'))();
    await expect(takeEarly('/getInfo', headers())).rejects.toBe(404);
    g.fetch = vi.fn(async () => ({ ok: true, json: async () => ({ code: 200, data: { '/getInfo': { status: 502, body: null } } }) }));
    new Function(earlyFetchScript('/prod-api'))();
    await expect(takeEarly('/getInfo', headers())).rejects.toBe(502);
    await expect(takeEarly('/getRouters', headers())).rejects.toBe(200);
  });

  it("adds the page's own first calls (its list, its dictionaries) to the batch, and answers them like the rest", async () => {
    const list = '/system/post/list?pageNum=1&pageSize=20';
    const dict = '/system/dict/data/type/EnableOrDisable';
    const attr = pageGetsAttribute([list, dict, '/getInfo', list, 'http://evil.example/x']);
    // Not the shell's own calls again, not twice, nothing but paths below the API.
    expect(JSON.parse(attr!)).toEqual([list, dict]);
    const calls = runScript({ cookie: 'Admin-Token=tok', storage: { language: 'en' }, gets: attr });
    expect(new URL(calls[0]!.url, 'http://x').searchParams.getAll('get')).toEqual([...EARLY_GETS, list, dict]);
    expect(hasEarly(list, headers())).toBe(true);
    expect(hasEarly(list, headers({ 'Accept-Language': 'zh-CN' }))).toBe(false);
    expect(await takeEarly(list, headers())).toEqual({ code: 200, data: list });
    expect(hasEarly(list, headers())).toBe(false);
  });

  it('keeps the batch within the server\'s limit, whatever a page names, and ignores a broken attribute', () => {
    expect(PAGE_GETS_MAX).toBe(BATCH_MAX_CALLS - EARLY_GETS.length);
    const many = Array.from({ length: 10 }, (_, i) => `/x/${i}`);
    expect(JSON.parse(pageGetsAttribute(many)!)).toHaveLength(PAGE_GETS_MAX);
    expect(pageGetsAttribute([])).toBeUndefined();
    const forged = runScript({ cookie: 'Admin-Token=tok', gets: JSON.stringify([...many, 'https://elsewhere/', 42]) });
    expect(new URL(forged[0]!.url, 'http://x').searchParams.getAll('get')).toHaveLength(BATCH_MAX_CALLS);
    delete (globalThis as Record<string, unknown>).__castaneaEarly;
    const broken = runScript({ cookie: 'Admin-Token=tok', gets: '[not json' });
    expect(new URL(broken[0]!.url, 'http://x').searchParams.getAll('get')).toEqual([...EARLY_GETS]);
  });
});
