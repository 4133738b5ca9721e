// Hugo on the same workload, timed in the same run as ours: a Hugo site (content files with the
// same titles, dates, summaries, authors, tags and the bodies as the CMS stores them; layouts
// producing the reference markup) generated into a temp folder, then `hugo` run into a fresh
// output folder and timed with /usr/bin/time (wall time and peak RSS of the process).
// Article pages get our addresses (`url` front matter: /catalog_01/12.html); list pages are
// Hugo's own (/catalog_01/page/2/), which only changes the pager's and canonical links.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchSite } from './workload.ts';
import type { SiteAddresses } from './expected.ts';

export interface HugoRun {
  pages: number;
  seconds: number;
  pagesPerSecond: number;
  peakRssMiB: number;
}

/** Hugo's version line, or null when it is not installed. */
export function hugoVersion(): string | null {
  try {
    return execFileSync('hugo', ['version'], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

export const HUGO_INSTALL_HINT = 'Hugo is not installed: `apt-get install -y hugo` (Debian 12 ships 0.111), then run the benchmark again to compare.';

const LAYOUTS: Record<string, string> = {
  '_default/baseof.html': `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{ if not .IsHome }}{{ .Title }} | {{ end }}{{ site.Title }}</title>
<meta name="description" content="{{ with .Description }}{{ . }}{{ else }}{{ site.Params.description }}{{ end }}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="canonical" href="{{ block "canonical" . }}{{ .Permalink }}{{ end }}">
<link rel="stylesheet" href="/css/site.css">
</head>
<body>
<header class="site-header"><a href="/">{{ site.Title }}</a></header>
{{ partialCached "nav.html" (dict "current" .Section) .Section }}
<main>
{{ block "main" . }}{{ end }}
</main>
<footer class="site-footer"><p>&copy; 2024 {{ site.Title }} &middot; {{ len site.Sections }} catalogs</p></footer>
</body>
</html>
`,
  'partials/nav.html': `<nav class="catalogs"><ul>
{{ range site.Sections.ByWeight }}<li><a href="{{ .RelPermalink }}"{{ if eq .Section $.current }} class="active"{{ end }}>{{ .Title }}</a></li>
{{ end }}</ul></nav>`,
  'index.html': `{{ define "main" }}
<h1>Latest articles</h1>
{{ range site.Sections.ByWeight }}<section class="catalog">
<h2><a href="{{ .RelPermalink }}">{{ .Title }}</a></h2>
<ul>
{{ range first 10 .Pages.ByDate.Reverse }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> <time datetime="{{ .Date.Format "2006-01-02" }}">{{ .Date.Format "2006-01-02" }}</time></li>
{{ end }}</ul>
</section>
{{ end }}
{{ end }}`,
  '_default/list.html': `{{ define "canonical" }}{{ (.Paginate .Pages.ByDate.Reverse).URL | absURL }}{{ end }}{{ define "main" }}
<h1>{{ .Title }}</h1>
<ul class="list">
{{ $p := .Paginate .Pages.ByDate.Reverse }}{{ range $p.Pages }}<li><h2><a href="{{ .RelPermalink }}">{{ .Title }}</a></h2><time datetime="{{ .Date.Format "2006-01-02" }}">{{ .Date.Format "2006-01-02" }}</time><p>{{ .Description }}</p></li>
{{ end }}</ul>
<nav class="pager">{{ if $p.HasPrev }}<a rel="prev" href="{{ $p.Prev.URL }}">Newer</a> {{ end }}<span>Page {{ $p.PageNumber }} of {{ $p.TotalPages }}</span>{{ if $p.HasNext }} <a rel="next" href="{{ $p.Next.URL }}">Older</a>{{ end }}</nav>
{{ end }}`,
  '_default/single.html': `{{ define "main" }}
<article>
<h1>{{ .Title }}</h1>
<p class="meta">By {{ .Params.author }} &middot; <time datetime="{{ .Date.UTC.Format "2006-01-02T15:04:05Z" }}">{{ .Date.Format "January 2, 2006" }}</time> &middot; in <a href="{{ .CurrentSection.RelPermalink }}">{{ .CurrentSection.Title }}</a></p>
<ul class="tags">{{ range .Params.labels }}<li>{{ . }}</li>{{ end }}</ul>
<div class="body">
{{ .Content }}
</div>
</article>
{{ end }}`,
};

/**
 * Writes the Hugo site of the workload into `dir` (config, layouts, one content file per article
 * with JSON front matter, one _index per catalog). Tags are a plain parameter, not a taxonomy,
 * and feeds, sitemaps and the 404 page are off: Hugo renders the same 10,501 pages as we do.
 */
export function writeHugoSite(dir: string, data: BenchSite, at: SiteAddresses, bodyOf: (a: BenchSite['articles'][number]) => string): void {
  rmSync(dir, { recursive: true, force: true });
  const put = (rel: string, text: string) => {
    const file = join(dir, rel);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, text);
  };
  put('config.json', JSON.stringify({
    baseURL: data.baseURL, title: data.title, languageCode: 'en', paginate: 20, disableHugoGeneratorInject: true,
    disableKinds: ['taxonomy', 'term', 'RSS', 'sitemap', 'robotsTXT', '404'], taxonomies: {},
    params: { description: data.description },
  }, null, 2));
  for (const [name, text] of Object.entries(LAYOUTS)) put(`layouts/${name}`, text);
  for (const c of data.catalogs) put(`content/${at.catalogAlias(c.slug)}/_index.html`, `${JSON.stringify({ title: c.title, weight: c.weight })}\n`);
  for (const a of data.articles) {
    const folder = at.catalogPath(a.catalog);
    const id = at.contentIds.get(a.id)!;
    const front = { title: a.title, date: a.date, description: a.summary, author: a.author, labels: a.tags, url: `/${folder}${id}.html` };
    put(`content/${folder}${id}.html`, `${JSON.stringify(front)}\n${bodyOf(a)}\n`);
  }
}

/** The pages Hugo wrote; the alias it adds per paginated list (page/1/ → the list) is not a page of the site. */
function countPages(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile() && e.name.endsWith('.html') && !/[/\\]page[/\\]1$/.test(e.parentPath)) n++;
  }
  return n;
}

/** One `hugo` build of `site` into the fresh folder `out`; its wall time and peak RSS from /usr/bin/time. */
export function runHugo(site: string, out: string): HugoRun {
  rmSync(out, { recursive: true, force: true });
  const r = spawnSync('/usr/bin/time', ['-f', 'TIME %e %M', 'hugo', '--quiet', '-s', site, '-d', out], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`hugo failed: ${r.stderr}`);
  const m = /TIME ([\d.]+) (\d+)/.exec(r.stderr);
  if (!m) throw new Error(`no timing from /usr/bin/time: ${r.stderr}`);
  const pages = countPages(out);
  const seconds = Number(m[1]);
  return { pages, seconds, pagesPerSecond: pages / seconds, peakRssMiB: Number(m[2]) / 1024 };
}

/** Hugo's page at a path of its output, for the markup check. */
export const hugoPage = (out: string, rel: string) => readFileSync(join(out, rel), 'utf8');
