import { describe, expect, it } from 'vitest';
import { humanDuration } from './format.ts';

describe('humanDuration', () => {
  it('reads seconds as the largest whole units, leaving zero units out', () => {
    expect(humanDuration(30 * 86_400, 'en')).toBe('30 days');
    expect(humanDuration(86_400 + 2 * 3_600, 'en')).toBe('1 day, 2 hours');
    expect(humanDuration(600, 'en')).toBe('10 minutes');
    expect(humanDuration(0, 'en')).toBe('0 seconds');
  });

  it('speaks the console language', () => {
    expect(humanDuration(90 * 86_400, 'zh-CN')).toBe('90天');
    expect(humanDuration(3_660, 'zh-TW')).toBe('1 小時 1 分鐘');
  });
});
