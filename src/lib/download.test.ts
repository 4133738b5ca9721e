import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeBrowser, json } from './testing/fake-browser.ts';
import { $downloading, download, exportDownload, readDownload } from './download.ts';
import { takeNotices } from '../stores/notify.ts';
// The stores handed to the core, as a page's entries do (stores/request-context.ts).
import '../stores/request-context.ts';
import zhCN from '../../shared/i18n/locales/zh-CN/request.ts';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  installFakeBrowser();
  takeNotices();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const file = (name: string) => new Response(new Blob(['PK..'], { type: 'application/octet-stream' }), { headers: { 'download-filename': encodeURIComponent(name) } });

describe('downloads (spec §7, §8)', () => {
  it('names the file from the download-filename header', async () => {
    const r = await readDownload(file('岗位_1.xlsx'), 'fallback.xlsx');
    expect(r).toMatchObject({ ok: true, filename: '岗位_1.xlsx' });
  });

  it('shows a JSON error inside a blob: code table first, then msg, then the default', async () => {
    expect(await readDownload(json({ code: 403, msg: 'x' }), 'f')).toEqual({ ok: false, text: zhCN.codes['403'] });
    expect(await readDownload(json({ code: 500, msg: '文件不存在' }), 'f')).toEqual({ ok: false, text: '文件不存在' });
    expect(await readDownload(json({ code: 500 }), 'f')).toEqual({ ok: false, text: zhCN.codes.default });
  });

  it('a failed download says "download failed, contact administrator" and clears the overlay', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const seen: number[] = [];
    const off = $downloading.listen((n) => seen.push(n));
    expect(await download('/common/download', { params: { path: 'a.pdf' } })).toBe(false);
    off();
    expect(seen).toEqual([1, 0]);
    expect(takeNotices().map((n) => n.summary)).toEqual([zhCN.downloadFailed]);
  });

  it('exports with a form-encoded POST and header cc-export: 1; an error envelope becomes a message', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 500, msg: 'no rows' }));
    expect(await exportDownload('/system/post/list', { postName: 'qa', status: '' })).toBe(false);
    const [url, init] = fetchMock.mock.calls[0]! as [string, RequestInit & { headers: Record<string, string> }];
    expect(url).toBe('/prod-api/system/post/list');
    expect(init.method).toBe('POST');
    expect(init.headers['cc-export']).toBe('1');
    expect(init.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(init.body).toBe('postName=qa');
    expect(takeNotices().map((n) => n.summary)).toEqual(['no rows']);
  });
});
