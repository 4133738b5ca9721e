import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeBrowser, json } from '../lib/testing/fake-browser.ts';
import { $reviewCount, refreshReviewCount } from './review-count.ts';
import { takeNotices } from './notify.ts';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  installFakeBrowser();
  $reviewCount.set(null);
  fetchMock = vi.fn(async () => json({ code: 200, msg: 'ok', data: 3 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('the count of reviews waiting for me (navbar badge)', () => {
  it('takes the server’s count', async () => {
    await refreshReviewCount();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/prod-api/workflow/review/count');
    expect($reviewCount.get()).toBe(3);
  });

  it('hides the badge (null) when the count cannot be had, without a message', async () => {
    $reviewCount.set(2);
    fetchMock.mockImplementationOnce(async () => json({ code: 403, msg: 'no right' }));
    await refreshReviewCount();
    expect($reviewCount.get()).toBeNull();
    expect(takeNotices()).toEqual([]);
  });
});
