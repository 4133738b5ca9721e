import { describe, expect, it } from 'vitest';
import { isFresh, prefetchTarget, savesData } from './target.ts';

const here = 'http://console.test/admin/index';

describe('what a menu link may fetch ahead of a click', () => {
  it('a console page of this origin, without its fragment', () => {
    expect(prefetchTarget('/admin/system/post', here)).toBe('http://console.test/admin/system/post');
    expect(prefetchTarget('http://console.test/admin/configs/content?catalogId=3#x', here)).toBe('http://console.test/admin/configs/content?catalogId=3');
    // A menu an administrator added at a path without a page of its own: the client router's page.
    expect(prefetchTarget('/admin/some/added/menu', here)).toBe('http://console.test/admin/some/added/menu');
  });

  it('nothing outside the console, on another origin, or that is not a console page', () => {
    for (const href of [
      'https://elsewhere.example/admin/system/post',
      '/prod-api/system/post/list',
      '/',
      '/admin/',
      '/admin/login',
      '/admin/register?x=1',
      '/admin/docs/install',
      '/admin/404',
      '/admin/401',
      '/admin/redirect/system/post',
      '/admin/_assets/shell.abc.js',
      '/admin/favicon.svg',
      'mailto:someone@example.com',
      'javascript:void 0',
    ]) expect(prefetchTarget(href, here), href).toBeNull();
  });

  it('nothing for the page shown now (a click there swaps nothing), but the same page with another query', () => {
    expect(prefetchTarget('/admin/index', here)).toBeNull();
    expect(prefetchTarget('/admin/index#top', here)).toBeNull();
    expect(prefetchTarget('/admin/index?tab=2', here)).toBe('http://console.test/admin/index?tab=2');
  });

  it('nothing when the browser asks to save data', () => {
    expect(savesData({ connection: { saveData: true } })).toBe(true);
    expect(savesData({ connection: { saveData: false } })).toBe(false);
    expect(savesData({})).toBe(false);
    expect(savesData(undefined)).toBe(false);
  });

  it('an entry is fresh for its time to live from when it was asked', () => {
    expect(isFresh(1000, 500, 1500)).toBe(true);
    expect(isFresh(1000, 500, 1501)).toBe(false);
  });
});
