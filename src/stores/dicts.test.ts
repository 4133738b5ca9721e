import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeBrowser, json } from '../lib/testing/fake-browser.ts';
import { $dicts, clearDicts, dictLabel, loadDict } from './dicts.ts';
import { takeNotices } from './notify.ts';

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

  it('labels a value, falling back to the value', () => {
    const opts = [{ label: '启用', value: '0' }];
    expect(dictLabel(opts, 0)).toBe('启用');
    expect(dictLabel(opts, '9')).toBe('9');
    expect(dictLabel(undefined, null)).toBe('');
  });
});
