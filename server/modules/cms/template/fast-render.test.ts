import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { renderContentPage, renderIndex } from './render.ts';
import type { RenderSession } from './session.ts';
import { makeTestSite, openSession, writeTemplates, type TestSite } from './test-site.ts';

// The synchronous paths (fast-render.ts: outputs, template lists) must give what LiquidJS's own
// paths give: every template below renders both ways, page for page, errors included.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-fast-render-'));
const ts = useTestServer({ config: { dataDir, port: 8090 } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
let site: TestSite;
let session: RenderSession;

beforeAll(async () => {
  site = await makeTestSite(ts, 'fastout');
  await writeTemplates(ts, site, { 'nav.template.html': '<nav>{% cms_catalog %}{% for c in DataList %}{{ c.name }} {% endfor %}{% endcms_catalog %}</nav>' });
  session = await openSession(ts, site);
});

/** What a template renders to (or the error it raises), with the fast path on or off. */
async function outcome(source: string, fast: boolean, content?: number): Promise<string> {
  session.engine.fastRender = fast;
  session.setSource(content ? 'detail_article.template.html' : 'index.template.html', source);
  try {
    return (content ? await renderContentPage(session, content) : await renderIndex(session)).html;
  } catch (err) {
    return `ERROR ${(err as Error).message}`;
  } finally {
    session.engine.fastRender = true;
  }
}

const OUTPUTS = [
  '{{ Site.name }}|{{ Site.nosuch }}|{{ nosuch.deeper.still }}|{{ Site }}',
  '{{ "a<b" }}|{{ "a<b" | raw }}|{{ 42 }}|{{ 4.5 }}|{{ true }}|{{ nil }}|{{ empty }}',
  "{% assign k = 'name' %}{{ Site[k] }}|{{ Site['name'] }}|{{ Site.name.size }}|{{ Site.name | size }}",
  "{% assign xs = 'c,a,b' | split: ',' %}{{ xs.first }}|{{ xs.last }}|{{ xs[1] }}|{{ xs.size }}|{{ xs | sort | join: '-' }}|{{ xs }}",
  "{{ Site.name | upcase | append: '!' | prepend: '<' }}|{{ Site.name | truncate: 4, '…' }}|{{ Site.name | replace: 'e', 'E' }}",
  "{{ missing | default: 'dflt' }}|{{ missing | default: Site.name }}|{{ '' | default: 'x', allow_false: true }}",
  "{{ TimeMillis | date: '%Y' }}|{{ Content.publishDate | date: '%B %-d, %Y' }}|{{ Content.publishDate | dateFormat: 'yyyy-MM-dd' }}",
  '{% for i in (1..3) %}{{ forloop.index }}/{{ forloop.length }}{{ forloop.first }} {% endfor %}',
  "{{ Content.title | escape }}|{{ Content.title | url_encode }}|{{ Content.tags | join: ', ' }}|{{ Content.tags.size }}",
  '{{ Content.title | nosuchfilter }}',
  "{{ Content.title | truncate: 'x' }}|{{ 10 | divided_by: 0 }}",
  "{{ (1..3) | join: ',' }}|{{ Site.name | append: Site.name | size }}",
  '{{ Content.constructor }}|{{ Content.__proto__ }}|{{ Site.toString }}|{{ Content.title.length }}',
  // Tags around outputs: loops with break and continue, conditions, captures, includes, CMS lists, layouts.
  "{% for i in (1..9) %}{% if i == 3 %}{% continue %}{% endif %}{% if i > 5 %}{% break %}{% endif %}{{ i }}{% endfor %}|{% capture c %}[{{ Site.name }}]{% endcapture %}{{ c }}",
  "{% cms_catalog level: 'Root' %}{% for c in DataList %}{{ forloop.index }}:{{ c.name }}{% unless forloop.last %},{% endunless %}{% endfor %}{% endcms_catalog %}",
  "{% cms_content level: 'Root', size: 5, sort: 'Recent' %}{% for a in DataList %}<a href=\"{{ a.link }}\">{{ a.title }}</a>{% endfor %}{% endcms_content %}",
  "{% cms_include file: 'nav.template.html' %}|{% case Site.name %}{% when 'x' %}x{% else %}other{% endcase %}",
  '{% for i in (1..3) %}{{ i | nosuchfilter }}{% endfor %}',
  "{% tablerow i in (1..4) cols: 2 %}{{ i }}{% endtablerow %}",
  // Values outside outputs: assigns, conditions, unless, case, CMS tag attributes from variables.
  "{% assign t = Content.title | upcase %}{{ t }}|{% assign n = nosuch %}[{{ n }}]|{% if Content.title %}yes{% else %}no{% endif %}|{% if nosuch %}yes{% else %}no{% endif %}|{% unless nosuch %}u{% endunless %}",
  "{% assign cid = Content.catalogId %}{% cms_content catalogId: cid, size: 1 %}{{ DataList.size }}{% endcms_content %}|{% cms_content catalogId: nosuch %}{% endcms_content %}",
  "{% case Content.contentType %}{% when 'article' %}A{% else %}B{% endcase %}|{% assign x = '' %}{{ x | default: 'd' }}",
];

describe('the synchronous rendering paths', () => {
  it('renders every output as LiquidJS\'s own path does, page for page', async () => {
    for (const source of OUTPUTS) {
      for (const content of [undefined, site.first]) {
        const own = await outcome(source, false, content);
        expect(await outcome(source, true, content), source).toBe(own);
      }
    }
  });

  it('is taken for plain outputs (renders differ in speed only: the path is used)', async () => {
    const source = '{{ Site.name | upcase }}';
    await outcome(source, true);
    const outputs = (session.parse('index.template.html') as { value?: { fastPlan?: unknown } }[]).filter((t) => t.value && 'fastPlan' in t.value);
    expect(outputs.length).toBeGreaterThan(0);
    expect(outputs.every((t) => typeof t.value!.fastPlan === 'function')).toBe(true);
  });
});
