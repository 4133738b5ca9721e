// The markup the benchmark expects: ../shared/bench/publish/reference-templates rendered with plain
// LiquidJS from the workload itself, with our site's addresses (catalog folders, content ids, the
// .html suffix, page N as index_N.html beside page 1) and the article bodies as the CMS stores
// them (the editor's save sanitises: `loading` goes, <img> closes with " />"). A published page
// must equal it but for whitespace between and inside tags' text runs.
import { join, resolve } from 'node:path';
import { Liquid } from 'liquidjs';
import type { BenchArticle, BenchSite } from './workload.ts';

export const LIST_PAGE_SIZE = 20;
export const HOME_PER_CATALOG = 10;

export interface SiteAddresses {
  /** the workload's article id → our content id */
  contentIds: Map<number, number>;
  /** our catalog folder of a workload slug, e.g. catalog_01/ */
  catalogPath(slug: string): string;
  /** our catalog alias of a slug (the nav marks the current one by it) */
  catalogAlias(slug: string): string;
}

export function referenceTemplatesDir(): string {
  return resolve(process.env.BENCH_REFERENCE_TEMPLATES ?? join(import.meta.dirname, '../../../shared/bench/publish/reference-templates'));
}

const byDateDesc = (a: BenchArticle, b: BenchArticle) => (a.date < b.date ? 1 : a.date > b.date ? -1 : b.id - a.id);

export class ExpectedSite {
  private readonly liquid = new Liquid({ root: referenceTemplatesDir(), extname: '.liquid', timezoneOffset: 0, outputEscape: 'escape', cache: true });
  private readonly bySlug = new Map<string, BenchArticle[]>();
  private readonly site: Record<string, unknown>;
  private readonly catalogs: Record<string, unknown>[];
  private readonly data: BenchSite;
  private readonly at: SiteAddresses;
  private readonly bodyOf: (a: BenchArticle) => string;

  constructor(data: BenchSite, at: SiteAddresses, bodyOf: (a: BenchArticle) => string) {
    this.data = data;
    this.at = at;
    this.bodyOf = bodyOf;
    for (const a of data.articles) {
      const list = this.bySlug.get(a.catalog) ?? [];
      list.push(a);
      this.bySlug.set(a.catalog, list);
    }
    for (const list of this.bySlug.values()) list.sort(byDateDesc);
    this.site = { title: data.title, description: data.description, url: data.baseURL };
    this.catalogs = [...data.catalogs].sort((a, b) => a.weight - b.weight).map((c) => ({
      slug: at.catalogAlias(c.slug), title: c.title, url: `/${at.catalogPath(c.slug)}`,
      articles: (this.bySlug.get(c.slug) ?? []).map((a) => ({ title: a.title, date: a.date, url: this.articleUrl(a) })),
    }));
  }

  articleFile(a: BenchArticle): string {
    return `${this.at.catalogPath(a.catalog)}${this.at.contentIds.get(a.id)}.html`;
  }

  private articleUrl(a: BenchArticle) {
    return `/${this.articleFile(a)}`;
  }

  listFile(slug: string, page: number): string {
    return `${this.at.catalogPath(slug)}index${page > 1 ? `_${page}` : ''}.html`;
  }

  listPages(slug: string): number {
    return Math.max(1, Math.ceil((this.bySlug.get(slug)?.length ?? 0) / LIST_PAGE_SIZE));
  }

  private render(name: string, vars: Record<string, unknown>): string {
    return this.liquid.renderFileSync(name, { site: this.site, catalogs: this.catalogs, ...vars });
  }

  home(): string {
    return this.render('index', { canonical: '' });
  }

  /** Page N of a catalog's list; its pager links by file name, beside page 1 (as our page bars do). */
  list(slug: string, page: number): string {
    const catalog = this.catalogs.find((c) => c.slug === this.at.catalogAlias(slug))!;
    const all = this.bySlug.get(slug) ?? [];
    const total = this.listPages(slug);
    const name = (n: number) => `index${n > 1 ? `_${n}` : ''}.html`;
    const items = all.slice((page - 1) * LIST_PAGE_SIZE, page * LIST_PAGE_SIZE).map((a) => ({ title: a.title, date: a.date, summary: a.summary, url: this.articleUrl(a) }));
    return this.render('list', {
      page_title: catalog.title, current_section: catalog.slug, canonical: page > 1 ? this.listFile(slug, page) : this.at.catalogPath(slug),
      catalog, items, pager: { page, total, prev_url: page > 1 ? name(page - 1) : null, next_url: page < total ? name(page + 1) : null },
    });
  }

  detail(articleId: number): string {
    const a = this.data.articles.find((x) => x.id === articleId)!;
    const catalog = this.catalogs.find((c) => c.slug === this.at.catalogAlias(a.catalog))!;
    return this.render('detail', {
      page_title: a.title, description: a.summary, current_section: catalog.slug, canonical: this.articleFile(a),
      article: { title: a.title, author: a.author, date: a.date, tags: a.tags, body: this.bodyOf(a), section: { url: catalog.url, title: catalog.title } },
    });
  }
}

/** Markup with the whitespace that HTML does not show collapsed (between tags, runs of spaces). */
export const normalizeMarkup = (html: string) => html.replace(/\s+/g, ' ').replace(/> </g, '><').trim();

/** null when `actual` is `expected` but for whitespace, else where they part. */
export function markupDifference(expected: string, actual: string): string | null {
  const e = normalizeMarkup(expected);
  const a = normalizeMarkup(actual);
  if (e === a) return null;
  let i = 0;
  while (i < e.length && e[i] === a[i]) i++;
  return `differs at ${i}:\n  expected …${e.slice(Math.max(0, i - 120), i + 120)}…\n  actual   …${a.slice(Math.max(0, i - 120), i + 120)}…`;
}
