import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { TemplateError } from './errors.ts';
import { clearHtmlTag } from './html.ts';
import { renderContentPage, renderIndex } from './render.ts';
import type { RenderSession } from './session.ts';
import { makeTestSite, openSession, writeTemplates, type TestSite } from './test-site.ts';

// Issue 11 §1 "Confined" and "Bad input": templates are written by people who must not reach the
// server through them. Template-injection probes (constructors, prototypes, process, environment),
// the LiquidJS CVEs (cms-heart §8 asks for LiquidJS; these are its advisories up to 10.27), endless
// loops and huge strings, and includes escaping the template folder.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-security-'));
const ts = useTestServer({ config: { dataDir, port: 8090 } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
let site: TestSite;
let session: RenderSession;

beforeAll(async () => {
  site = await makeTestSite(ts, 'secure');
  await writeTemplates(ts, site, { 'self.template.html': '{% render \'self\' %}', 'loop_a.template.html': "{% cms_include file: 'loop_b.template.html' %}", 'loop_b.template.html': "{% cms_include file: 'loop_a.template.html' %}", 'echo.template.html': '[{{ Request.x }}|{{ Catalog.name }}]' });
  session = await openSession(ts, site, { limits: { renderMs: 300, memory: 2_000_000, outputChars: 1_000_000 } });
});

async function render(source: string) {
  session.setSource('index.template.html', source);
  return (await renderIndex(session)).html;
}

/** Renders, expecting a TemplateError; returns its message and how long it took. */
async function refused(source: string): Promise<{ message: string; ms: number }> {
  const t0 = performance.now();
  const err = await render(source).then(() => null, (e: unknown) => e);
  const ms = performance.now() - t0;
  expect(err, `expected a refusal of ${source.slice(0, 60)}`).toBeInstanceOf(TemplateError);
  return { message: (err as TemplateError).message, ms };
}

describe('template injection', () => {
  it('reaches no constructor, prototype, function or host object', async () => {
    const probes = [
      '{{ constructor }}', '{{ Site.constructor }}', '{{ Site.constructor.constructor }}', "{{ Site['constructor']['constructor'] }}",
      '{{ Site.__proto__ }}', '{{ __proto__ }}', '{{ Site.hasOwnProperty }}', '{{ Site.toString }}', '{{ Site.name.constructor }}',
      '{{ Prefix.length.constructor }}', '{{ process }}', '{{ process.env.HOME }}', '{{ global.process }}', '{{ globalThis }}', '{{ require }}',
      '{{ module }}', '{{ this }}', '{{ Site.siteId.constructor.name }}', "{{ Site | map: 'constructor' }}", "{{ Site | where: 'constructor' }}",
    ];
    for (const probe of probes) expect(await render(probe), probe).toBe('');
    expect(await render('{{ Site.name }}')).toBe('Site secure');
  });

  it('has no filter or tag of Object.prototype (CVE-2026-45618)', async () => {
    for (const probe of ['{{ 1 | valueOf }}', '{{ Site | constructor }}', '{{ Site | __proto__ }}', '{{ Site | hasOwnProperty }}', '{{ Site | toString }}', '{{ Site | __defineGetter__ }}']) {
      expect((await refused(probe)).message, probe).toMatch(/there is no filter/);
    }
    expect((await refused('{% constructor %}')).message).toMatch(/there is no tag "constructor"/);
    expect((await refused('{% __proto__ %}')).message).toMatch(/there is no tag "__proto__"/);
  });

  it('pollutes no prototype through assign, capture, increment or loops', async () => {
    await render("{% assign __proto__ = 'x' %}{% capture constructor %}y{% endcapture %}{% assign toString = 1 %}{% increment polluted %}{% assign hasOwnProperty = 'z' %}{% for __proto__ in (1..2) %}{% endfor %}");
    await render("{% assign polluted = '1' %}").catch(() => null);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.toString.call({})).toBe('[object Object]');
    expect(Object.keys(Object.prototype)).toEqual([]);
    // Nothing a page assigned is seen by the next page.
    expect(await render('{{ polluted }}{{ toString }}')).toBe('');
    expect((await refused("{% assign Site.name = 'x' %}")).message).toMatch(/index.template.html, line 1/);
  });

  it('escapes every output unless | raw, including what tags and includes print', async () => {
    const title = await render('{% cms_content level: \'Root\', tag: \'red\' %}{{ DataList.first.title }}|{{ DataList.first.title | raw }}{% endcms_content %}');
    expect(title).toBe('First &lt;story&gt;|First <story>');
    expect(await render('{{ Site.description }}')).toBe('A &lt;b&gt;test&lt;/b&gt; site');
    expect(await render("{% cms_include file: 'echo.template.html?x=%3Cscript%3E' %}")).toBe('[&lt;script&gt;|]');
  });
});

describe('resource limits', () => {
  it('stops an endless loop with an empty body (CVE-2026-44645) and nested loops', async () => {
    // Empty bodies, so nothing but time stops them: 10^8 and 10^9 turns, far past the render limit on
    // any machine (a single loop of 10^6 finished within it on an idle one).
    for (const src of ['{% for i in (1..10000) %}{% for j in (1..10000) %}{% endfor %}{% endfor %}', '{% for i in (1..1000) %}{% for j in (1..1000) %}{% for k in (1..1000) %}{% endfor %}{% endfor %}{% endfor %}', '{% tablerow i in (1..1000000) %}{% endtablerow %}']) {
      const { message, ms } = await refused(src);
      expect(message, src).toMatch(/(rendering took longer than the limit allows|builds more text or lists than the limit allows|the page is larger than)/);
      expect(ms, src).toBeLessThan(3000);
    }
  });

  it('stops strings and lists that grow without end', async () => {
    const doubling = await refused("{% assign s = 'xxxxxxxxxx' %}{% for i in (1..40) %}{% assign s = s | append: s %}{% endfor %}{{ s | size }}");
    expect(doubling.message).toMatch(/builds more text or lists than the limit allows/);
    expect((await refused('{% assign a = (1..100000000) %}{{ a | size }}')).message).toMatch(/builds more text or lists/);
    expect((await refused("{% assign a = (1..10000000) | pop %}{{ a | size }}")).message).toMatch(/builds more text or lists/);
    const output = await refused('{% for i in (1..2000) %}{% for j in (1..2000) %}x{% endfor %}{% endfor %}');
    expect(output.message).toMatch(/page is larger than|limit allows/);
  });

  it('prints a huge strftime width as written instead of padding (CVE-2026-45357)', async () => {
    const t0 = performance.now();
    expect(await render("{{ '2024-01-02' | date: '%5000000d' }}")).toBe('%5000000d');
    expect(performance.now() - t0).toBeLessThan(500);
  });

  it('strips HTML in linear time (CVE-2026-45617)', async () => {
    const evil = '<script'.repeat(60_000) + '<style'.repeat(60_000) + '<!--'.repeat(60_000) + '<a'.repeat(60_000);
    const t0 = performance.now();
    clearHtmlTag(evil);
    clearHtmlTag('<a '.repeat(200_000));
    expect(performance.now() - t0).toBeLessThan(500);
    expect(await render("{{ '<p>kept</p><script>gone()</script>' | strip_html }}")).toBe('kept');
  });

  it('refuses recursion: a template rendering itself, a layout of itself (CVE-2026-41311), includes in a circle', async () => {
    expect((await refused("{% render 'self' %}")).message).toMatch(/limit allows|too deeply/);
    session.setSource('layout_self.template.html', "{% layout 'layout_self' %}{% block a %}x{% endblock %}");
    expect((await refused("{% layout 'layout_self' %}")).message).toMatch(/limit allows|too deeply/);
    expect((await refused("{% cms_include file: 'loop_a.template.html' %}")).message).toBe('loop_b.template.html, line 1, column 1: "loop_a.template.html" includes itself: loop_a.template.html → loop_b.template.html → loop_a.template.html');
  });
});

describe('the template folder', () => {
  it('looks up includes, renders and layouts only by template name inside the pipe\'s folder', async () => {
    const names = ['../secret', '../../../etc/passwd', '/etc/passwd', '%2e%2e/x', '..\\x', 'a/./b', 'x\u0000y', 'C:\\\\x'];
    for (const name of names) {
      for (const tag of [`{% render '${name}' %}`, `{% include '${name}' %}`, `{% layout '${name}' %}`, `{% cms_include file: '${name}' %}`]) {
        expect((await refused(tag)).message, tag).toMatch(/is not valid: letters, digits and underscores/);
      }
    }
    expect((await refused("{% render 'missing' %}")).message).toBe('index.template.html, line 1, column 1: Template "missing.template.html" does not exist');
  });

  it('renders a page whose template has an error no further, and says where', async () => {
    session.setSource('detail_article.template.html', '<h1>{{ Content.title }}</h1>\n{% cms_article page: tru %}{% endcms_article %}');
    const err = await renderContentPage(session, site.first).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TemplateError);
    expect((err as TemplateError).toJSON()).toMatchObject({ template: 'detail_article.template.html', line: 2 });
  });
});
