import { describe, expect, it } from 'vitest';
import { progressNews } from './progress.ts';

const at = (percent: number, finished = false) => ({ percent, finished });

describe('progress worth saying', () => {
  it('says nothing on first sight', () => {
    expect(progressNews(undefined, at(40))).toBeNull();
    expect(progressNews(undefined, at(100, true))).toBeNull();
  });

  it('says each quarter passed, not every percent', () => {
    expect(progressNews(at(0), at(10))).toBeNull();
    expect(progressNews(at(10), at(24))).toBeNull();
    expect(progressNews(at(24), at(26))).toEqual({ kind: 'step', percent: 26 });
    expect(progressNews(at(26), at(49.6))).toBeNull();
    // Two quarters at once: one message, with where it stands.
    expect(progressNews(at(30), at(80.4))).toEqual({ kind: 'step', percent: 80 });
  });

  it('says the end once, not 100 % before it', () => {
    expect(progressNews(at(90), at(100))).toBeNull();
    expect(progressNews(at(90), at(100, true))).toEqual({ kind: 'finished' });
    expect(progressNews(at(100, true), at(100, true))).toBeNull();
    // Failed half-way is an end too.
    expect(progressNews(at(40), at(40, true))).toEqual({ kind: 'finished' });
  });

  it('follows a run that starts over from its next step', () => {
    expect(progressNews(at(100, true), at(10))).toBeNull();
    expect(progressNews(at(100, true), at(30))).toEqual({ kind: 'step', percent: 30 });
    expect(progressNews(at(80), at(5))).toBeNull();
    expect(progressNews(at(80), at(60))).toEqual({ kind: 'step', percent: 60 });
  });
});
