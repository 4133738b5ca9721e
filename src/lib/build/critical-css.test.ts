import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineCriticalCss } from './critical-css.ts';

describe('critical CSS of the sign-in pages', () => {
  const dist = mkdtempSync(join(tmpdir(), 'critical-'));
  mkdirSync(join(dist, '_assets'));
  writeFileSync(join(dist, '_assets', 'theme.css'), '.card{color:red}.unused-widget{color:blue}.p-toast-message{color:green}.p-invalid{border-color:red}');
  const page = '<!DOCTYPE html><html><head><link rel="stylesheet" href="/admin/_assets/theme.css"></head><body><div class="card">Sign in</div></body></html>';

  it("inlines the rules the page's markup and its scripts' notices use, not the others", async () => {
    const out = await inlineCriticalCss(page, dist, '/admin/');
    const inline = [...out.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
    expect(inline).toContain('.card{color:red}');
    expect(inline).toContain('.p-toast-message{color:green}');
    expect(inline).toContain('.p-invalid{border-color:red}');
    expect(inline).not.toContain('unused-widget');
  });

  it('links the whole stylesheet after the content instead of in the head, where it held the first paint', async () => {
    const out = await inlineCriticalCss(page, dist, '/admin/');
    const head = out.slice(0, out.indexOf('</head>'));
    expect(head).not.toContain('theme.css');
    expect(out).toMatch(/<div class="card">Sign in<\/div>.*<link rel="stylesheet" href="\/admin\/_assets\/theme.css">.*<\/body>/s);
  });
});
