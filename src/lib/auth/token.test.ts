import { afterEach, describe, expect, it, vi } from 'vitest';
import { removeToken, setToken } from './token.ts';

// Issue #8: the token cookie is scoped to the console and never sent cross-site.

const written: string[] = [];
function stubBrowser(protocol: 'http:' | 'https:') {
  written.length = 0;
  vi.stubGlobal('location', { protocol });
  vi.stubGlobal('document', {
    get cookie() {
      return '';
    },
    set cookie(value: string) {
      written.push(value);
    },
  });
}
afterEach(() => vi.unstubAllGlobals());

describe('the Admin-Token cookie', () => {
  it('is set for the console path only, SameSite=Strict, Secure over https', () => {
    stubBrowser('https:');
    setToken('a b');
    expect(written).toEqual(['Admin-Token=a%20b; Path=/admin; SameSite=Strict; Secure']);
    stubBrowser('http:');
    setToken('tok');
    expect(written).toEqual(['Admin-Token=tok; Path=/admin; SameSite=Strict']);
  });

  it('is removed from the console path and from the whole site, where earlier versions kept it', () => {
    stubBrowser('http:');
    removeToken();
    expect(written).toEqual(['Admin-Token=; Path=/admin; Max-Age=0; SameSite=Strict', 'Admin-Token=; Path=/; Max-Age=0; SameSite=Strict']);
  });
});
