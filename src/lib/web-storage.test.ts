import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from './testing/fake-browser.ts';
import { readItem, readJson, writeItem, writeJson } from './web-storage.ts';

describe('web storage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads, writes and removes through the chosen area', () => {
    vi.stubGlobal('localStorage', new MemoryStorage());
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    writeItem('localStorage', 'size', 'small');
    writeJson('sessionStorage', 'tabs', [{ path: '/index' }]);
    expect(readItem('localStorage', 'size')).toBe('small');
    expect(readItem('sessionStorage', 'size')).toBeNull();
    expect(readJson('sessionStorage', 'tabs')).toEqual([{ path: '/index' }]);
    writeItem('localStorage', 'size', null);
    expect(readItem('localStorage', 'size')).toBeNull();
  });

  it('gives nothing for unreadable JSON and never throws when storage refuses', () => {
    const broken = new MemoryStorage();
    broken.setItem('tabs', '{not json');
    vi.stubGlobal('sessionStorage', broken);
    expect(readJson('sessionStorage', 'tabs')).toBeUndefined();
    const refusing = Object.assign(new MemoryStorage(), {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    });
    vi.stubGlobal('localStorage', refusing);
    expect(readItem('localStorage', 'size')).toBeNull();
    expect(() => writeItem('localStorage', 'size', 'mini')).not.toThrow();
  });
});
