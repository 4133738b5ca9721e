import { describe, expect, it } from 'vitest';
import { addAnnouncement, noticeText, ownsWith, politenessOf, type Announcement } from './announce.ts';

const said = (id: number, text: string, politeness: Announcement['politeness'] = 'polite'): Announcement => ({ id, text, politeness });

describe('the announcer rules', () => {
  it('says errors assertively and everything else politely', () => {
    expect(politenessOf('error')).toBe('assertive');
    expect(['success', 'info', 'warn'].map(politenessOf)).toEqual(['polite', 'polite', 'polite']);
  });

  it('reads a notice as its summary and detail, once when they repeat each other', () => {
    expect(noticeText('Saved')).toBe('Saved');
    expect(noticeText('Forbidden', 'You may not do this')).toBe('Forbidden. You may not do this');
    expect(noticeText('出错了。', '网络不通')).toBe('出错了。 网络不通');
    expect(noticeText('Same', 'Same')).toBe('Same');
    expect(noticeText(undefined, ' Only detail ')).toBe('Only detail');
    expect(noticeText('', '')).toBe('');
  });

  it('makes a repeated text a new message, so it is said again', () => {
    const list = addAnnouncement([said(1, 'Added')], said(2, 'Added'));
    expect(list).toEqual([said(2, 'Added')]);
    // The other region's message with the same words stays.
    expect(addAnnouncement([said(1, 'Oops', 'assertive')], said(2, 'Oops')).map((a) => a.id)).toEqual([1, 2]);
  });

  it('keeps the last few messages of a region', () => {
    let list: Announcement[] = [said(100, 'error', 'assertive')];
    for (let i = 1; i <= 5; i++) list = addAnnouncement(list, said(i, `n${i}`), 3);
    expect(list.map((a) => a.id)).toEqual([100, 3, 4, 5]);
  });

  it('adds the regions to what a modal dialog owns, once each', () => {
    expect(ownsWith(null, ['live-polite', 'live-assertive'])).toBe('live-polite live-assertive');
    expect(ownsWith('menu-1  live-polite', ['live-polite', 'live-assertive'])).toBe('menu-1 live-polite live-assertive');
  });
});
