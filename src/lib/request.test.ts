import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeBrowser, json, type FakeBrowser } from './testing/fake-browser.ts';
import { adoptForSwap, describeFailure, http, NEXT_GETS_TTL_MS, prefetchNextGets, request, RequestError, resetRepeatGuard, setNavigator, setPasswordDemandHandler, setSessionEnder, settledGet, toQueryString } from './request.ts';
import { $confirms, settleConfirm, takeNotices } from '../stores/notify.ts';
import { $language } from '../stores/locale.ts';
import { $currentSite } from '../stores/site.ts';
// The stores handed to the core, as a page's entries do (stores/request-context.ts).
import '../stores/request-context.ts';
import zhCN from '../../shared/i18n/locales/zh-CN/request.ts';

let browser: FakeBrowser;
let fetchMock: ReturnType<typeof vi.fn>;
const calls = () => fetchMock.mock.calls.map(([input, init]) => ({ url: String(input), init: init as RequestInit & { headers: Headers } }));
const lastCall = () => calls().at(-1)!;

beforeEach(() => {
  browser = installFakeBrowser();
  fetchMock = vi.fn(async () => json({ code: 200, msg: 'ok', data: 1 }));
  vi.stubGlobal('fetch', fetchMock);
  resetRepeatGuard();
  takeNotices();
  for (const c of $confirms.get()) settleConfirm(c.id, false);
  $language.set('zh-CN');
  $currentSite.set('');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('request headers and URL (spec §7)', () => {
  it('prefixes /prod-api, puts GET params in the URL and sends the token, site and language', async () => {
    browser.cookies.set('Admin-Token', 'tok123');
    $currentSite.set('7');
    $language.set('en');
    const res = await http.get('/system/user/list', { pageNum: 1, pageSize: 20, userName: '', status: undefined, params: { beginTime: '2024-01-01' }, ids: [1, 2] });
    expect(res).toEqual({ code: 200, msg: 'ok', data: 1 });
    const { url, init } = lastCall();
    expect(url).toBe('/prod-api/system/user/list?pageNum=1&pageSize=20&params%5BbeginTime%5D=2024-01-01&ids=1&ids=2');
    expect(init.method).toBe('GET');
    expect(init.headers.get('authorization')).toBe('Bearer tok123');
    expect(init.headers.get('currentsite')).toBe('7');
    expect(init.headers.get('accept-language')).toBe('en');
    expect(init.headers.has('istoken')).toBe(false);
  });

  it('sends the site a caller names for one call instead of the current one', async () => {
    $currentSite.set('7');
    await http.get('/cms/perms/catalog', undefined, { headers: { CurrentSite: '9' } });
    expect(lastCall().init.headers.get('currentsite')).toBe('9');
    await http.get('/cms/perms/catalog');
    expect(lastCall().init.headers.get('currentsite')).toBe('7');
  });

  it('leaves out Authorization with isToken: false, and sends JSON bodies', async () => {
    browser.cookies.set('Admin-Token', 'tok123');
    await request({ url: '/login', method: 'POST', data: { username: 'a' }, headers: { isToken: false } });
    const { init } = lastCall();
    expect(init.headers.has('authorization')).toBe(false);
    expect(init.body).toBe('{"username":"a"}');
    expect(init.headers.get('content-type')).toBe('application/json');
  });

  it('uses a 600000 ms timeout unless told otherwise', async () => {
    const spy = vi.spyOn(globalThis, 'setTimeout');
    await http.get('/x');
    expect(spy.mock.calls.some(([, ms]) => ms === 600000)).toBe(true);
    spy.mockRestore();
  });

  it('accepts codes sent as strings', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: '200', msg: 'ok', data: { total: '3' } }));
    await expect(http.get('/x')).resolves.toMatchObject({ code: 200, data: { total: '3' } });
  });
});

describe('repeat-submit guard (spec §5)', () => {
  it('rejects the same POST/PUT url and body within 1000 ms', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_000_000);
    await http.post('/cms/site', { a: 1 });
    const second = http.post('/cms/site', { a: 1 });
    await expect(second).rejects.toMatchObject({ kind: 'repeat', message: zhCN.repeatSubmit });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // another body, or later than the window, goes through
    await http.post('/cms/site', { a: 2 });
    vi.setSystemTime(1_000_000 + 1000);
    await http.post('/cms/site', { a: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await http.put('/cms/site', { a: 3 });
    await expect(http.put('/cms/site', { a: 3 })).rejects.toBeInstanceOf(RequestError);
  });

  it('can be turned off per request, and then tells the server too', async () => {
    await http.post('/x', { a: 1 }, { headers: { repeatSubmit: false } });
    await http.post('/x', { a: 1 }, { headers: { repeatSubmit: false } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(lastCall().init.headers.get('repeatsubmit')).toBe('false');
  });

  it('does not apply to GET', async () => {
    await http.get('/x');
    await http.get('/x');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('reply codes (spec §8)', () => {
  it('500: error message with the server msg, shown 5 s', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 500, msg: '用户名或密码错误' }));
    await expect(http.get('/x')).rejects.toMatchObject({ kind: 'code', code: 500, message: '用户名或密码错误' });
    expect(takeNotices()).toEqual([expect.objectContaining({ severity: 'error', kind: 'message', summary: '用户名或密码错误', life: 5000 })]);
  });

  it('428: lets the session show its password demand, and warns once for a page of refused calls', async () => {
    const demands = vi.fn();
    setPasswordDemandHandler(demands);
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
    fetchMock.mockImplementation(async () => json({ code: 428, msg: 'Change your password first' }));
    for (let i = 0; i < 3; i++) await expect(http.get(`/x${i}`)).rejects.toMatchObject({ kind: 'code', code: 428 });
    expect(demands).toHaveBeenCalledTimes(3);
    expect(takeNotices()).toEqual([expect.objectContaining({ severity: 'warn', summary: 'Change your password first' })]);
    vi.setSystemTime(1_000_000 + 6000);
    await expect(http.get('/later')).rejects.toMatchObject({ code: 428 });
    expect(takeNotices()).toHaveLength(1);
    setPasswordDemandHandler(() => {});
  });

  it('601: warning message', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 601, msg: 'careful' }));
    await expect(http.get('/x')).rejects.toMatchObject({ code: 601 });
    expect(takeNotices()).toEqual([expect.objectContaining({ severity: 'warn', summary: 'careful' })]);
  });

  it('other codes: a notification titled from the code table, else msg, else the default', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 403, msg: 'server says no' }));
    await expect(http.get('/x')).rejects.toMatchObject({ code: 403, message: zhCN.codes['403'] });
    fetchMock.mockResolvedValueOnce(json({ code: 418, msg: 'teapot' }));
    await expect(http.get('/x')).rejects.toMatchObject({ message: 'teapot' });
    fetchMock.mockResolvedValueOnce(json({ code: 418 }));
    await expect(http.get('/x')).rejects.toMatchObject({ message: zhCN.codes.default });
    expect(takeNotices().map((n) => [n.kind, n.severity, n.summary])).toEqual([
      ['notification', 'error', zhCN.codes['403']],
      ['notification', 'error', 'teapot'],
      ['notification', 'error', zhCN.codes.default],
    ]);
  });

  it('401: one session-expired confirmation at a time; Relogin logs out and goes to /admin/index', async () => {
    const ended = vi.fn(async () => {});
    const went: string[] = [];
    setSessionEnder(ended);
    setNavigator((u) => went.push(u));
    fetchMock.mockImplementation(async () => json({ code: 401, msg: 'x' }));
    const results = await Promise.allSettled([http.get('/a'), http.get('/b'), http.get('/c')]);
    for (const r of results) expect(r).toMatchObject({ status: 'rejected', reason: { kind: 'unauthorized', message: zhCN.invalidSession } });
    expect($confirms.get()).toHaveLength(1);
    expect($confirms.get()[0]).toMatchObject({ header: zhCN.sessionExpired.title, acceptLabel: zhCN.sessionExpired.relogin, rejectLabel: zhCN.sessionExpired.cancel });
    settleConfirm($confirms.get()[0]!.id, true);
    await vi.waitFor(() => expect(went).toEqual(['/admin/index']));
    expect(ended).toHaveBeenCalledOnce();
    // After an answer the next 401 may ask again; Cancel stays on the page.
    await expect(http.get('/d')).rejects.toBeInstanceOf(RequestError);
    expect($confirms.get()).toHaveLength(1);
    settleConfirm($confirms.get()[0]!.id, false);
    await new Promise((r) => setTimeout(r, 0));
    expect(went).toEqual(['/admin/index']);
  });

  it('401 with relogin: false rejects without asking', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 401 }));
    await expect(request({ url: '/getInfo', relogin: false })).rejects.toMatchObject({ kind: 'unauthorized' });
    expect($confirms.get()).toHaveLength(0);
  });
});

describe('transport failures (spec §8)', () => {
  it('network error → backend connection failed', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(http.get('/x')).rejects.toMatchObject({ kind: 'network', message: zhCN.networkError });
    expect(takeNotices()).toEqual([expect.objectContaining({ severity: 'error', summary: zhCN.networkError, life: 5000 })]);
  });

  it('timeout → request timeout', async () => {
    fetchMock.mockImplementationOnce(
      (_input: unknown, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason))),
    );
    await expect(request({ url: '/x', timeout: 5 })).rejects.toMatchObject({ kind: 'timeout', message: zhCN.timeout });
  });

  it('HTTP status → server API error with that status', async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'bad gateway' }, 502));
    await expect(http.get('/x')).rejects.toMatchObject({ kind: 'http', status: 502, message: '系统接口502异常' });
  });

  it('reads the classic axios texts too', () => {
    expect(describeFailure(new Error('Request failed with status code 503'))).toMatchObject({ kind: 'http', status: 503 });
    expect(describeFailure(new Error('timeout of 600000ms exceeded'))).toMatchObject({ kind: 'timeout' });
    expect(describeFailure(new Error('Network Error'))).toMatchObject({ kind: 'network' });
  });
});

describe('toQueryString', () => {
  it('drops empty values, formats dates, nests objects, repeats arrays', () => {
    expect(toQueryString({ a: 0, b: null, c: '', d: 'x y', e: new Date(2024, 0, 2, 3, 4, 5), f: { g: 1, h: '' }, i: ['1', '2'] })).toBe(
      'a=0&d=x%20y&e=2024-01-02%2003%3A04%3A05&f%5Bg%5D=1&i=1&i=2',
    );
  });
});

describe("the next page's first calls, asked ahead of a click (prefetchNextGets)", () => {
  const list = '/system/post/list?pageNum=1&pageSize=20';
  const answer = { code: 200, msg: 'ok', data: { rows: [{ postId: 1 }], total: 1 } };
  const batchReply = (urls: string[]) => json({ code: 200, data: Object.fromEntries(urls.map((u) => [u, { status: 200, body: answer }])) });
  const batchGets = (url: string) => new URL(url, 'http://x').searchParams.getAll('get');

  beforeEach(() => {
    browser.cookies.set('Admin-Token', 'tok');
    fetchMock.mockImplementation(async (input: unknown) => (String(input).includes('/batch?') ? batchReply(batchGets(String(input))) : json({ code: 200, msg: 'again', data: 2 })));
  });

  it('asks even for one call, in a batch with the headers a call would send; the screen takes the answer instead of calling', async () => {
    $language.set('en');
    $currentSite.set('3');
    expect(prefetchNextGets([list])).toEqual([list]);
    const [batch] = calls();
    expect(batchGets(batch!.url)).toEqual([list]);
    const sent = new Headers(batch!.init.headers);
    expect([sent.get('Authorization'), sent.get('Accept-Language'), sent.get('CurrentSite')]).toEqual(['Bearer tok', 'en', '3']);
    // Drawn in the first render once it has come (a render looks; the effect takes it).
    expect(settledGet('/system/post/list', { pageNum: 1, pageSize: 20 }, undefined, false)).toBeNull();
    await vi.waitFor(() => expect(settledGet('/system/post/list', { pageNum: 1, pageSize: 20 }, undefined, false)).toEqual(answer));
    expect(await http.get('/system/post/list', { pageNum: 1, pageSize: 20 })).toEqual(answer);
    expect(calls()).toHaveLength(1);
    // Taken once: the next call is a new question.
    expect((await http.get('/system/post/list', { pageNum: 1, pageSize: 20 })).msg).toBe('again');
  });

  it('is not asked again while fresh (a second hover), and is asked again once a few seconds old', () => {
    // Each test its own calls: the answers waiting are the module's.
    const other = '/system/notice/list?pageNum=1&pageSize=20';
    vi.useFakeTimers({ toFake: ['Date'] });
    prefetchNextGets([other, '/system/dict/data/type/sys_normal_disable']);
    expect(prefetchNextGets([other])).toEqual([]);
    vi.setSystemTime(Date.now() + NEXT_GETS_TTL_MS + 1);
    expect(prefetchNextGets([other])).toEqual([other]);
  });

  it('is not shown stale: a screen opened after the few seconds asks the server', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    prefetchNextGets([list]);
    await vi.waitFor(() => expect(settledGet('/system/post/list', { pageNum: 1, pageSize: 20 }, undefined, false)).toEqual(answer));
    vi.setSystemTime(Date.now() + NEXT_GETS_TTL_MS + 1);
    expect(settledGet('/system/post/list', { pageNum: 1, pageSize: 20 }, undefined, false)).toBeNull();
    expect((await http.get('/system/post/list', { pageNum: 1, pageSize: 20 })).msg).toBe('again');
    expect(calls()).toHaveLength(2);
  });

  it("hands a page swapped in what its pre-paint draws: its calls asked ahead, taken once by its screen, and the user's and dictionaries' last answers, which no call takes", async () => {
    // (not one an earlier test asked ahead: the answers waiting are the module's)
    const dict = '/system/dict/data/type/sys_user_sex';
    const dictAnswer = { code: 200, msg: 'ok', data: [{ dictValue: '0' }] };
    fetchMock.mockImplementation(async (input: unknown) =>
      String(input).includes('/batch?') ? batchReply(batchGets(String(input))) : String(input).includes(dict) ? json(dictAnswer) : json({ code: 200, msg: 'again', data: 2 }));
    await http.get(dict);
    await http.get('/cms/content/stat');
    prefetchNextGets([list]);
    adoptForSwap([list, dict, '/cms/content/stat']);
    const early = (globalThis as { __castaneaEarly?: { calls: Record<string, Promise<unknown> | undefined>; known?: Record<string, unknown> } }).__castaneaEarly!;
    expect(Object.keys(early.calls)).toEqual([list]);
    await expect(early.calls[list]).resolves.toEqual(answer);
    // A dictionary the tab has read is drawn from its last answer; a page's figures are not kept.
    expect(early.known).toEqual({ [dict]: dictAnswer });
    // The screen takes the list once, then asks anew; the dictionary is asked as usual.
    const before = calls().length;
    expect(await http.get('/system/post/list', { pageNum: 1, pageSize: 20 })).toEqual(answer);
    expect(calls()).toHaveLength(before);
    expect((await http.get('/system/post/list', { pageNum: 1, pageSize: 20 })).msg).toBe('again');
    await http.get(dict);
    expect(calls()).toHaveLength(before + 2);
  });

  it('is not taken by a call with another language, site or token', async () => {
    prefetchNextGets([list]);
    await vi.waitFor(() => expect(settledGet('/system/post/list', { pageNum: 1, pageSize: 20 }, undefined, false)).toEqual(answer));
    $currentSite.set('9');
    expect(settledGet('/system/post/list', { pageNum: 1, pageSize: 20 }, undefined, false)).toBeNull();
    expect((await http.get('/system/post/list', { pageNum: 1, pageSize: 20 })).msg).toBe('again');
    $currentSite.set('');
    $language.set('zh-TW');
    expect((await http.get('/system/post/list', { pageNum: 1, pageSize: 20 })).msg).toBe('again');
  });
});
