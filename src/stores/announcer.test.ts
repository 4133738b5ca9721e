import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $announcements, announce } from './announcer.ts';
import { message, notifyError, takeNotices } from './notify.ts';
import { ANNOUNCEMENT_LIFE_MS } from '../lib/a11y/announce.ts';

beforeEach(() => {
  vi.useFakeTimers();
  $announcements.set([]);
});
afterEach(() => {
  vi.useRealTimers();
  takeNotices();
});

const shown = () => $announcements.get().map((a) => [a.politeness, a.text]);

describe('the announcer', () => {
  it('holds a message for a while, then lets it go', () => {
    announce('Saved');
    announce('   ');
    expect(shown()).toEqual([['polite', 'Saved']]);
    vi.advanceTimersByTime(ANNOUNCEMENT_LIFE_MS);
    expect(shown()).toEqual([]);
  });

  it('says every notice as it is queued, errors assertively', () => {
    message.success('Added');
    notifyError('Forbidden', 'You may not do this');
    message.warning('Select a row first');
    expect(shown()).toEqual([
      ['polite', 'Added'],
      ['assertive', 'Forbidden. You may not do this'],
      ['polite', 'Select a row first'],
    ]);
  });
});
