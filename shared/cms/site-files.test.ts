import { describe, expect, it } from 'vitest';
import { formatSitePath, parseSitePath } from './site-files.ts';

// The names the file manager and theme archives accept (spec §5), the same on both sides.
describe('site file paths', () => {
  it('takes a path apart into pipe, area and names', () => {
    expect(parseSitePath('pc/css/site.min.css', 'file')).toEqual({ ok: true, path: { pipe: 'pc', area: 'static', rest: ['css', 'site.min.css'] } });
    expect(parseSitePath('pc/template/list/news.template.html', 'file')).toEqual({ ok: true, path: { pipe: 'pc', area: 'template', rest: ['list', 'news.template.html'] } });
    expect(parseSitePath('pc/template', 'folder')).toEqual({ ok: true, path: { pipe: 'pc', area: 'template', rest: [] } });
    expect(parseSitePath('pc', 'folder')).toEqual({ ok: true, path: { pipe: 'pc', area: 'static', rest: [] } });
    expect(formatSitePath({ pipe: 'pc', area: 'template', rest: ['a.template.html'] })).toBe('pc/template/a.template.html');
  });

  it.each([
    '../x.css', 'pc/../x.css', 'pc/./x.css', 'pc//x.css', '/pc/x.css', 'C:/x.css', 'pc\\x.css', 'pc/%2e%2e/x.css', 'pc/x\u0000.css', 'pc/x\n.css', '', '.', '..',
  ])('refuses %j as a path', (path) => {
    expect(parseSitePath(path, 'file')).toEqual({ ok: false, problem: 'badPath' });
  });

  it('names what is wrong with a name', () => {
    expect(parseSitePath('pc/css/my-site.css', 'file')).toEqual({ ok: false, problem: 'badFile' });
    expect(parseSitePath('pc/css/site', 'file')).toEqual({ ok: false, problem: 'badFile' });
    expect(parseSitePath('pc/css/.hidden.css', 'file')).toEqual({ ok: false, problem: 'badFile' });
    expect(parseSitePath('pc/css/logo.svg', 'file')).toEqual({ ok: false, problem: 'badType' });
    expect(parseSitePath('pc/my folder', 'folder')).toEqual({ ok: false, problem: 'badFolder' });
    expect(parseSitePath('pc/a.b/x.css', 'file')).toEqual({ ok: false, problem: 'badFolder' });
    expect(parseSitePath('pc/template/notes.txt', 'file')).toEqual({ ok: false, problem: 'badTemplate' });
    expect(parseSitePath('pc/template/a.b.template.html', 'file')).toEqual({ ok: false, problem: 'badTemplate' });
    expect(parseSitePath(`pc/${'a/'.repeat(10)}x.css`, 'file')).toEqual({ ok: false, problem: 'tooDeep' });
    expect(parseSitePath('pc', 'file')).toEqual({ ok: false, problem: 'badFile' });
  });
});
