import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeBrowser, json } from '../lib/testing/fake-browser.ts';
import { $dicts, clearDicts, dictLabel, loadDict } from './dicts.ts';
import { takeNotices } from './notify.ts';
import { $language } from './locale.ts';
import { $currentSite } from './site.ts';
import { getToken } from '../lib/auth/token.ts';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  installFakeBrowser();
  clearDicts();
  fetchMock = vi.fn(async () =>
    json({ code: 200, msg: 'ok', data: [{ dictLabel: '是', dictValue: 'Y', listClass: 'success' }, { dictLabel: '否', dictValue: 'N', cssClass: 'x' }] }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('dictionary cache (spec §4)', () => {
  it('fetches on first use; concurrent and later calls share that one request', async () => {
    const [a, b] = await Promise.all([loadDict('YesOrNo'), loadDict('YesOrNo')]);
    await loadDict('YesOrNo');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/prod-api/system/dict/data/type/YesOrNo');
    expect(a).toBe(b);
    expect(a).toEqual([{ label: '是', value: 'Y', listClass: 'success' }, { label: '否', value: 'N', cssClass: 'x' }]);
    expect($dicts.get().YesOrNo).toBe(a);
  });

  it('asks again after a failure', async () => {
    fetchMock.mockImplementationOnce(async () => json({ code: 500, msg: 'down' }));
    await expect(loadDict('Gender')).rejects.toThrow('down');
    takeNotices();
    await loadDict('Gender');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks for the dictionaries a screen needs together in one batch, each answered as alone', async () => {
    fetchMock.mockImplementation(async (url: string) => {
      const asked = new URL(String(url), 'http://x').searchParams.getAll('get');
      const row = (type: string) => ({ status: 200, body: { code: 200, msg: '', data: [{ dictLabel: type, dictValue: '1' }] } });
      return json({ code: 200, msg: '', data: Object.fromEntries(asked.map((u) => [u, row(u.split('/').pop()!)])) });
    });
    const [status, attrs] = await Promise.all([loadDict('CMSContentStatus'), loadDict('CMSContentAttribute')]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/prod-api/batch?get=%2Fsystem%2Fdict%2Fdata%2Ftype%2FCMSContentStatus&get=%2Fsystem%2Fdict%2Fdata%2Ftype%2FCMSContentAttribute');
    expect(status).toEqual([{ label: 'CMSContentStatus', value: '1' }]);
    expect(attrs).toEqual([{ label: 'CMSContentAttribute', value: '1' }]);
  });

  it("takes what the page's head script already asked for, and batches only the rest", async () => {
    // The head script (lib/early-fetch.ts) asked for the page's dictionaries with the session's first data.
    const early = (type: string) => Promise.resolve({ code: 200, msg: '', data: [{ dictLabel: `early ${type}`, dictValue: '1' }] });
    // Made with this session's token, language and site, as the console's calls are.
    (globalThis as Record<string, unknown>).__castaneaEarly = {
      at: Date.now(),
      key: `${getToken() ?? ''}|${$language.get()}|${$currentSite.get() ?? ''}`,
      calls: { '/system/dict/data/type/E1': early('E1'), '/system/dict/data/type/E2': early('E2') },
    };
    try {
      const [e1, e2, other] = await Promise.all([loadDict('E1'), loadDict('E2'), loadDict('F1')]);
      expect(e1).toEqual([{ label: 'early E1', value: '1' }]);
      expect(e2).toEqual([{ label: 'early E2', value: '1' }]);
      expect(other).toHaveLength(2);
      // One call for the one dictionary the head script did not have: no batch around it.
      expect(fetchMock.mock.calls.map((c) => String(c[0]))).toEqual(['/prod-api/system/dict/data/type/F1']);
    } finally {
      delete (globalThis as Record<string, unknown>).__castaneaEarly;
    }
  });

  it('asks one by one where the backend has no batch route (ChestnutCMS), and from then on', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      String(url).includes('/batch?') ? json({ code: 404, msg: 'no such route' }) : json({ code: 200, msg: '', data: [{ dictLabel: 'x', dictValue: 'x' }] }));
    await Promise.all([loadDict('A1'), loadDict('B1')]);
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toEqual(['/prod-api/batch?get=%2Fsystem%2Fdict%2Fdata%2Ftype%2FA1&get=%2Fsystem%2Fdict%2Fdata%2Ftype%2FB1', '/prod-api/system/dict/data/type/A1', '/prod-api/system/dict/data/type/B1']);
    expect(takeNotices()).toEqual([]);
    await Promise.all([loadDict('C1'), loadDict('D1')]);
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });

  it('labels a value, falling back to the value', () => {
    const opts = [{ label: '启用', value: '0' }];
    expect(dictLabel(opts, 0)).toBe('启用');
    expect(dictLabel(opts, '9')).toBe('9');
    expect(dictLabel(undefined, null)).toBe('');
  });
});
