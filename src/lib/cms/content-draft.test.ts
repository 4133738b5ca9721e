import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeBrowser } from '../testing/fake-browser.ts';
import { clearDraft, DRAFT_KEEP_MS, draftKey, pruneDrafts, readDraft, writeDraft } from './content-draft.ts';

describe('local drafts of the content editor', () => {
  beforeEach(() => {
    installFakeBrowser();
  });

  it('keeps one draft per site and content, and one per catalog and type for a new content', () => {
    expect(draftKey('3', { contentId: 42 })).toBe('castanea.draft.3.42');
    expect(draftKey('3', { catalogId: 7, contentType: 'book' })).toBe('castanea.draft.3.new.7.book');
    writeDraft(draftKey('3', { contentId: 42 }), 5, { title: 'mine' }, 1000);
    expect(readDraft(draftKey('3', { contentId: 42 }), 2000)).toEqual({ savedAt: 1000, baseVersion: 5, form: { title: 'mine' } });
    expect(readDraft(draftKey('4', { contentId: 42 }), 2000)).toBeNull();
  });

  it('forgets a draft once saved, and drafts older than the keep time', () => {
    const key = draftKey('1', { contentId: 1 });
    writeDraft(key, 1, { title: 'x' }, 0);
    clearDraft(key);
    expect(readDraft(key)).toBeNull();
    writeDraft(key, 1, { title: 'old' }, 0);
    writeDraft(draftKey('1', { contentId: 2 }), 1, { title: 'new' }, DRAFT_KEEP_MS);
    pruneDrafts(DRAFT_KEEP_MS + 1);
    expect(localStorage.getItem(key)).toBeNull();
    expect(readDraft(draftKey('1', { contentId: 2 }), DRAFT_KEEP_MS + 1)?.form).toEqual({ title: 'new' });
  });

  it('ignores what is not a draft', () => {
    localStorage.setItem('castanea.draft.1.9', '{"savedAt":"yesterday"}');
    localStorage.setItem('castanea.draft.1.8', 'not json');
    expect(readDraft('castanea.draft.1.9')).toBeNull();
    expect(readDraft('castanea.draft.1.8')).toBeNull();
  });
});
