import { describe, expect, it } from 'vitest';
import { actionReady, BATCH_ACTIONS, canOfflineRow, canPublishRow, editContentUrl, EMPTY_FILTERS, listQuery, marksOf, newContentUrl, toggleTarget, type ContentRow } from './content-list.ts';
import { CONTENT_SORTS } from '../../../shared/cms/content.ts';

const row = (over: Partial<ContentRow>): ContentRow => ({ contentId: 1, catalogId: 2, contentType: 'article', title: 'T', status: '0', attributes: [], topFlag: 0, isLock: 'N', viewCount: 0, copyType: 0, ...over });

describe('content list', () => {
  it('asks for the chosen catalog (and below it when asked), the filters, the order and the page', () => {
    expect(listQuery(null, true, EMPTY_FILTERS, { page: 1, limit: 20 })).toEqual({ pageNum: 1, pageSize: 20 });
    expect(listQuery(0, true, EMPTY_FILTERS, { page: 1, limit: 20 })).toEqual({ pageNum: 1, pageSize: 20 });
    expect(listQuery(5, false, EMPTY_FILTERS, { page: 2, limit: 10 })).toEqual({ pageNum: 2, pageSize: 10, catalogId: 5 });
    const q = listQuery(5, true, { title: ' spring ', contentType: 'video', status: '30', attributes: ['hot', 'recommend'], begin: new Date(2026, 0, 2, 3, 4, 5), end: null, sort: 'viewCountDesc' }, { page: 1, limit: 20 });
    expect(q).toEqual({ pageNum: 1, pageSize: 20, catalogId: 5, includeChild: 'true', title: 'spring', contentType: 'video', status: '30', attributes: 'hot,recommend', beginTime: '2026-01-02 03:04:05', sort: 'viewCountDesc' });
  });

  it('asks for contents whose searchable extension fields hold the toolbar\'s text', () => {
    expect(listQuery(null, false, { ...EMPTY_FILTERS, extend: ' Lu Xun ' }, { page: 1, limit: 20 })).toEqual({ pageNum: 1, pageSize: 20, extend: 'Lu Xun' });
    expect(listQuery(null, false, { ...EMPTY_FILTERS, extend: '  ' }, { page: 1, limit: 20 })).toEqual({ pageNum: 1, pageSize: 20 });
  });

  it('offers every sort option of spec §9', () => {
    expect(CONTENT_SORTS).toEqual(['default', 'createTimeAsc', 'createTimeDesc', 'publishDateAsc', 'publishDateDesc', 'viewCountDesc', 'favoriteCountDesc', 'likeCountDesc', 'commentCountDesc']);
  });

  it('opens the editor by address: a new content of a type in a catalog, or an existing one', () => {
    expect(newContentUrl(12, 'book')).toBe('/admin/cms/content/editor?catalogId=12&contentType=book');
    expect(editContentUrl(99)).toBe('/admin/cms/content/editor?contentId=99');
    // The standalone editor (spec §2 editorW), for a browser window of its own.
    expect(newContentUrl(12, 'book', true)).toBe('/admin/cms/content/editorW?catalogId=12&contentType=book');
    expect(editContentUrl(99, true)).toBe('/admin/cms/content/editorW?contentId=99');
  });

  it('marks rows on top, recommended and hot', () => {
    expect(marksOf(row({ topFlag: 123, attributes: ['hot', 'image'] }))).toEqual(['top', 'hot']);
    expect(marksOf(row({ attributes: ['recommend'] }))).toEqual(['recommend']);
  });

  it('offers publish unless published and offline while on the site', () => {
    expect([canPublishRow(row({ status: '0' })), canOfflineRow(row({ status: '0' }))]).toEqual([true, false]);
    expect([canPublishRow(row({ status: '30' })), canOfflineRow(row({ status: '30' }))]).toEqual([false, true]);
    expect([canPublishRow(row({ status: '60' })), canOfflineRow(row({ status: '60' }))]).toEqual([true, true]);
  });

  it('gates each batch action by the key the server checks and the rows it needs', () => {
    expect(BATCH_ACTIONS.publish.perm).toBe('cms:content:publish');
    expect(BATCH_ACTIONS.copy.perm).toBe('cms:content:add');
    expect(BATCH_ACTIONS.lock.perm).toBe('cms:content:lock');
    expect(actionReady('publish', 0)).toBe(false);
    expect(actionReady('publish', 3)).toBe(true);
    expect(actionReady('sort', 2)).toBe(false);
    expect(actionReady('sort', 1)).toBe(true);
  });

  it('collects copy targets across sites; choosing one again takes it out', () => {
    const a = { siteId: '1', siteName: 'Daily', catalogId: 10, name: 'News' };
    const b = { siteId: '2', siteName: 'Weekly', catalogId: 20, name: 'Digest' };
    expect(toggleTarget(toggleTarget([], a), b)).toEqual([a, b]);
    expect(toggleTarget([a, b], a)).toEqual([b]);
  });
});
