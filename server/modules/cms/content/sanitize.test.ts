import { describe, expect, it } from 'vitest';
import { sanitizeArticle, sanitizeVideoCode } from './sanitize.ts';

describe('article body sanitiser', () => {
  it('removes scripts, event handlers, javascript: and data: URLs and SVG payloads', () => {
    const dirty = '<p onclick="x()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">a</a><img src="data:image/svg+xml;base64,PHN2Zz4=" onerror="x"><svg onload="alert(1)"><circle/></svg><iframe src="https://evil"></iframe>';
    const clean = sanitizeArticle(dirty);
    expect(clean).toBe('<p>Hi</p><a>a</a><img />');
  });

  it('keeps headings, lists, tables, links, images and safe styles as Word pastes them', () => {
    const html = '<h2 style="text-align:center;position:fixed">Title</h2><ol start="2"><li>One</li></ol><table><tbody><tr><td colspan="2" style="width:50%">x</td></tr></tbody></table><a href="iurl://content?id=3" target="_blank">c</a><img src="/demo/resources/a.png" width="10"><hr class="page-break"><p class="MsoNormal">p</p>';
    expect(sanitizeArticle(html)).toBe('<h2 style="text-align:center">Title</h2><ol start="2"><li>One</li></ol><table><tbody><tr><td colspan="2" style="width:50%">x</td></tr></tbody></table><a href="iurl://content?id=3" target="_blank" rel="noopener noreferrer">c</a><img src="/demo/resources/a.png" width="10" /><hr class="page-break" /><p>p</p>');
  });
});

describe('captions', () => {
  it('keeps a video\'s caption track (a caption file of the library or http(s)), not one of a script URL; an unknown kind is captions', () => {
    const html = '<video controls src="/demo/resources/a.mp4"><track kind="captions" src="/demo/resources/a.vtt" srclang="en" label="English" default onload="x()"><track kind="metadata" src="javascript:alert(1)"><track kind="bogus" src="/demo/resources/b.vtt" srclang="fr"></video>';
    expect(sanitizeArticle(html)).toBe('<video controls src="/demo/resources/a.mp4"><track kind="captions" src="/demo/resources/a.vtt" srclang="en" label="English" default /><track kind="captions" src="/demo/resources/b.vtt" srclang="fr" /></video>');
  });
});

describe('third-party video code', () => {
  it('keeps one sandboxed http(s) iframe and nothing else', () => {
    expect(sanitizeVideoCode('<iframe src="https://player.example.com/v/1" width="640" onload="x()"></iframe><script>1</script>'))
      .toBe('<iframe src="https://player.example.com/v/1" width="640" sandbox="allow-scripts allow-same-origin allow-presentation allow-popups" referrerpolicy="no-referrer"></iframe>');
  });

  it('is empty for an iframe to javascript: or without src', () => {
    expect(sanitizeVideoCode('<iframe src="javascript:alert(1)"></iframe>')).toBe('');
    expect(sanitizeVideoCode('<iframe srcdoc="<script>x</script>"></iframe>')).toBe('');
  });
});
