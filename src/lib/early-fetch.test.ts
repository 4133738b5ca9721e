import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_GETS, EARLY_TTL_MS, earlyFetchScript, takeEarly } from './early-fetch.ts';

// The head script runs here against stand-ins for the page's cookie, storage and fetch.
function runScript(opts: { cookie: string; storage?: Record<string, string> }) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const g = globalThis as Record<string, unknown>;
  g.document = { cookie: opts.cookie };
  g.localStorage = { getItem: (k: string) => opts.storage?.[k] ?? null };
  g.window = globalThis;
  g.fetch = vi.fn(async (url: string, init: { headers: Record<string, string> }) => {
    calls.push({ url, headers: init.headers });
    return { ok: true, json: async () => ({ code: 200, data: url }) };
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
    expect(calls.map((c) => c.url)).toEqual(EARLY_GETS.map((u) => `/prod-api${u}`));
    expect(calls[0]!.headers).toEqual({ Authorization: 'Bearer tok', 'Accept-Language': 'en', CurrentSite: '7' });
    const early = takeEarly('/getInfo', headers({ CurrentSite: '7' }));
    expect(await early).toEqual({ code: 200, data: '/prod-api/getInfo' });
    expect(takeEarly('/getInfo', headers({ CurrentSite: '7' }))).toBeNull();
    expect(takeEarly('/system/user/list', headers({ CurrentSite: '7' }))).toBeNull();
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

  it('a call that failed early rejects, so the caller asks again', async () => {
    const g = globalThis as Record<string, unknown>;
    runScript({ cookie: 'Admin-Token=tok', storage: { language: 'en' } });
    g.fetch = vi.fn(async () => ({ ok: false, status: 502 }));
    new Function(earlyFetchScript('/prod-api'))();
    await expect(takeEarly('/getInfo', headers())).rejects.toBe(502);
  });
});
