import { describe, expect, it } from 'vitest';
import { primeCommonCss } from './prime-css.ts';

describe("PrimeReact's rules read from its source", () => {
  it('has the common rules every console page carries from its first paint, in its layer', () => {
    const css = primeCommonCss();
    expect(css).toMatch(/^\s*@layer primereact \{/);
    expect(css).toContain('.p-button-icon-only .p-button-label');
  });
});
