// The benchmark site's templates in our tag library (README "## Templates"): they produce the
// markup of ../shared/bench/publish/reference-templates (checked by expected.ts). The reference
// renders from site.json with plain Liquid; these read the site through the CMS tags: the catalog
// tree (cms_catalog), lists from the database (cms_content, paged), the body (cms_article).
// The navigation is a cms_include with the current catalog as a parameter, so it renders once
// per catalog for the whole run and every page reuses it.
import type { SiteOp } from '../../server/core/operation.ts';
import { addTemplate, saveTemplate } from '../../server/modules/cms/template/operations.ts';
import { templateExists, templateRoot } from '../../server/modules/cms/template/store.ts';

/** Links are site-relative (`/catalog_01/12.html`); the canonical address is the site's address plus that path. */
const CANONICAL = `{{ Site.link }}{{ canonical }}`;

export const BENCH_TEMPLATES: Record<string, string> = {
  'base.template.html': `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{% if page_title %}{{ page_title }} | {% endif %}{{ Site.name }}</title>
<meta name="description" content="{{ description | default: Site.description }}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="canonical" href="${CANONICAL}">
<link rel="stylesheet" href="/css/site.css">
</head>
<body>
<header class="site-header"><a href="/">{{ Site.name }}</a></header>
{% cms_include file: 'nav.template.html?current=' | append: current %}
<main>
{% block content %}{% endblock %}
</main>
<footer class="site-footer"><p>&copy; 2024 {{ Site.name }} &middot; {% cms_catalog level: 'Root', size: 500 %}{{ DataList.size }}{% endcms_catalog %} catalogs</p></footer>
</body>
</html>
`,
  'nav.template.html': `<nav class="catalogs"><ul>
{% cms_catalog level: 'Root', size: 500 %}{% for c in DataList %}<li><a href="{{ c.link }}"{% if c.alias == Request.current %} class="active"{% endif %}>{{ c.name }}</a></li>
{% endfor %}{% endcms_catalog %}</ul></nav>`,
  'index.template.html': `{% layout 'base' %}{% assign canonical = '' %}{% block content %}
<h1>Latest articles</h1>
{% cms_catalog level: 'Root', size: 500 %}{% for c in DataList %}<section class="catalog">
<h2><a href="{{ c.link }}">{{ c.name }}</a></h2>
<ul>
{% cms_content catalogId: c.catalogId, size: 10, sort: 'Recent' %}{% for a in DataList %}<li><a href="{{ a.link }}">{{ a.title }}</a> <time datetime="{{ a.publishDate | date: '%Y-%m-%d' }}">{{ a.publishDate | date: '%Y-%m-%d' }}</time></li>
{% endfor %}{% endcms_content %}</ul>
</section>
{% endfor %}{% endcms_catalog %}
{% endblock %}`,
  'list.template.html': `{% layout 'base' %}{% assign page_title = Catalog.name %}{% assign current = Catalog.alias %}{% assign canonical = Catalog.link | remove_first: Prefix %}{% if PageNo > 1 %}{% assign canonical = canonical | append: OtherPage | replace: '{0}', PageNo %}{% endif %}{% block content %}
<h1>{{ Catalog.name }}</h1>
<ul class="list">
{% cms_content page: true, size: 20, sort: 'Recent' %}{% for a in DataList %}<li><h2><a href="{{ a.link }}">{{ a.title }}</a></h2><time datetime="{{ a.publishDate | date: '%Y-%m-%d' }}">{{ a.publishDate | date: '%Y-%m-%d' }}</time><p>{{ a.summary }}</p></li>
{% endfor %}{% endcms_content %}</ul>
{% assign prev = PageNo | minus: 1 %}{% assign next = PageNo | plus: 1 %}<nav class="pager">{% if PageNo > 1 %}<a rel="prev" href="{% if prev == 1 %}{{ FirstPage }}{% else %}{{ OtherPage | replace: '{0}', prev }}{% endif %}">Newer</a> {% endif %}<span>Page {{ PageNo }} of {{ PageTotal }}</span>{% if PageNo < PageTotal %} <a rel="next" href="{{ OtherPage | replace: '{0}', next }}">Older</a>{% endif %}</nav>
{% endblock %}`,
  'detail_article.template.html': `{% layout 'base' %}{% assign page_title = Content.title %}{% assign description = Content.summary %}{% assign current = Catalog.alias %}{% assign canonical = Content.link | remove_first: Prefix %}{% block content %}
<article>
<h1>{{ Content.title }}</h1>
<p class="meta">By {{ Content.author }} &middot; <time datetime="{{ Content.publishDate | date: '%Y-%m-%dT%H:%M:%SZ' }}">{{ Content.publishDate | date: '%B %-d, %Y' }}</time> &middot; in <a href="{{ Catalog.link }}">{{ Catalog.name }}</a></p>
<ul class="tags">{% for t in Content.tags %}<li>{{ t }}</li>{% endfor %}</ul>
<div class="body">
{% cms_article %}{{ ArticleContent | raw }}{% endcms_article %}
</div>
</article>
{% endblock %}`,
};

/**
 * Saves the templates as the workbench does (the template operations: add, or save over a theme's
 * file of the same name); a template the engine reports a problem in stops the benchmark.
 */
export async function writeBenchTemplates(op: SiteOp, pipeCode: string): Promise<void> {
  const root = templateRoot(op.services.config.dataDir, op.site!.path, pipeCode);
  for (const [path, content] of Object.entries(BENCH_TEMPLATES)) {
    const body = { publishPipeCode: pipeCode, path, content };
    const { problems } = (await templateExists(root, path)) ? await saveTemplate(op, body) : await addTemplate(op, body);
    if (problems.length) throw new Error(`${path}: ${JSON.stringify(problems)}`);
  }
}
