import { describe, expect, it } from 'vitest';
import { formatBytes, formatUptime } from './sizes.ts';

describe('monitor sizes', () => {
  it('formats bytes with 1024-based units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.00 KB');
    expect(formatBytes(5 * 1024 ** 2)).toBe('5.00 MB');
    expect(formatBytes(3.5 * 1024 ** 3)).toBe('3.50 GB');
    expect(formatBytes(undefined)).toBe('0 B');
  });
  it('formats uptimes', () => {
    const u = { d: 'd', h: 'h', m: 'm', s: 's' };
    expect(formatUptime(59, u)).toBe('59s');
    expect(formatUptime(3661, u)).toBe('1h 1m 1s');
    expect(formatUptime(90061, u)).toBe('1d 1h 1m');
  });
});
