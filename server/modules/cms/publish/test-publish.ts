import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestServerFixture } from '../../../../tests/helpers/server.ts';
import { writeTemplates, type TestSite } from '../template/test-site.ts';

// Shared by the publishing tests: plain templates for every page type of template/test-site.ts's
// site, and the output tree read back file by file.

export const PLAIN_TEMPLATES: Record<string, string> = {
  'nav.template.html': '<nav>{% cms_catalog level: \'Root\' %}{% for c in DataList %}<a href="{{ c.link }}">{{ c.name }}</a>{% endfor %}{% endcms_catalog %}</nav>',
  'index.template.html': '<title>{{ Site.name }}</title>{% cms_include file: \'nav.template.html\' %}<h1>Home</h1>{% cms_content level: \'Root\', size: 50, sort: \'Recent\' %}{% for a in DataList %}<p><a href="{{ a.link }}">{{ a.title }}</a></p>{% endfor %}{% endcms_content %}',
  'list.template.html': '<h1>{{ Catalog.name }}</h1>{% cms_content page: true, size: 1, level: \'CurrentAndChild\' %}{% for a in DataList %}<li><a href="{{ a.link }}">{{ a.title }}</a></li>{% endfor %}{% endcms_content %}{% page_bar %}',
  'detail_article.template.html': '<h1>{{ Content.title }}</h1>{% cms_article page: true %}<div>{{ ArticleContent | raw }}</div>{% endcms_article %}{% page_bar type: \'Mini\' %}',
  'detail_image.template.html': '<h1>{{ Content.title }}</h1>{% cms_image %}{% for p in DataList %}<img src="{{ p.src }}">{% endfor %}{% endcms_image %}',
  'detail_book.template.html': '<h1>{{ Content.title }}</h1>{% if Chapter %}<h2>{{ Chapter.title }}</h2>{% endif %}<ol>{% cms_chapter %}{% for c in DataList %}<li><a href="{{ c.link }}">{{ c.title }}</a></li>{% endfor %}{% endcms_chapter %}</ol>',
};

export const writePlainTemplates = (ts: TestServerFixture, site: TestSite, more: Record<string, string> = {}, pipe = 'pc') =>
  writeTemplates(ts, site, { ...PLAIN_TEMPLATES, ...more }, pipe);

/** Every file under `root` (relative names, sorted) with its content. */
export async function readTree(root: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (rel: string) => {
    for (const e of await readdir(join(root, rel), { withFileTypes: true }).catch(() => [])) {
      const name = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(name);
      else out.set(name, await readFile(join(root, name), 'utf8'));
    }
  };
  await walk('');
  return new Map([...out].sort(([a], [b]) => a.localeCompare(b)));
}

export const mtimeOf = async (file: string) => (await stat(file)).mtimeMs;
