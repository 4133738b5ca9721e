import { describe, expect, it } from 'vitest';
import { alias, httpUrl, isCode, url } from './url.ts';
import { toFieldIssues } from './issues.ts';

const keyOf = (schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : toFieldIssues(r.error as never)[0]!.key;
};

describe('general rules of spec §5', () => {
  it('accepts http(s) and ftp URLs with a host, and {address} templates', () => {
    for (const ok of ['http://example.com', 'https://a.b.cn:8080/x?y=1', 'ftp://10.0.0.1/file', 'http://localhost:8090/admin/', '{address}/img/a.png']) {
      expect(keyOf(url(), ok), ok).toBeNull();
    }
    for (const bad of ['example.com', 'mailto:a@b.c', 'http://', 'https://exa mple.com']) expect(keyOf(url(), bad), bad).toBe('url');
    expect(keyOf(url(), '  ')).toBe('required');
  });

  it('remote links must start with http:// or https://', () => {
    expect(keyOf(httpUrl(), 'https://cdn.example.com/a.js')).toBeNull();
    expect(keyOf(httpUrl(), 'ftp://example.com')).toBe('url');
    expect(keyOf(httpUrl(), '')).toBe('required');
  });

  it('codes, aliases and paths take letters, digits and underscore only', () => {
    expect(isCode('news_2024')).toBe(true);
    expect(isCode('news-2024')).toBe(false);
    expect(keyOf(alias(), 'a b')).toBe('code');
    expect(keyOf(alias(), 'ok_1')).toBeNull();
  });
});
