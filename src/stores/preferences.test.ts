import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeBrowser, json } from '../lib/testing/fake-browser.ts';
import { DEFAULT_PREFERENCES } from '../../shared/preferences.ts';
import { knownPreferences, loadPreferences, rememberPreferences } from './preferences.ts';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  installFakeBrowser();
  fetchMock = vi.fn(async () => json({ code: 200, msg: 'ok', data: { pageSize: 50 } }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('the preferences a screen starts from', () => {
  it('knows what was read last, so a later screen lists with it at once; calls close together share one read', async () => {
    const at = 1_000_000;
    const [a, b] = await Promise.all([loadPreferences(at), loadPreferences(at + 100)]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(a).toEqual({ ...DEFAULT_PREFERENCES, pageSize: 50 });
    expect(b).toBe(a);
    expect(knownPreferences()).toEqual(a);
  });

  it('after a save, the next screen and a read in the sharing window get what was saved, not the earlier answer', async () => {
    const at = 2_000_000;
    await loadPreferences(at);
    const saved = { ...DEFAULT_PREFERENCES, pageSize: 10 };
    rememberPreferences(saved, at + 10);
    expect(knownPreferences()).toEqual(saved);
    expect(await loadPreferences(at + 20)).toEqual(saved);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
