import { FILTERS, FUNCTION_ALIASES } from '../../../../shared/cms/template-registry.ts';
import { javaDateFormat, strftime } from './dates.ts';
import type { CmsEngine } from './engine-types.ts';
import { clearHtmlTag, displayFileSize, getDomain, htmlUnescape, safeJson } from './html.ts';
import type { ContentRow } from './present.ts';
import { linkHotWords, maskSensitiveWords, type PageHotWords, type PageSensitiveWords } from '../word/render-words.ts';

type Handler = (value: unknown, ...args: unknown[]) => unknown;

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const int = (v: unknown) => {
  const n = Number(v);
  return Number.isInteger(n) ? n : NaN;
};
const number = (v: unknown) => {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
};

/** A library image's address (…/resources/image/yyyy/MM/dd/<id>.<ext>): where its thumbnail would be. */
const LIBRARY_IMAGE = /^(.*\/resources\/image\/\d{4}\/\d{2}\/\d{2}\/\d{1,15})\.([a-z0-9]{1,5})$/;

/**
 * The CMS filters (ChestnutCMS's template functions, cms-heart §2.4) and our faster `date`. Each
 * handler reads the page being rendered from the engine; data a filter needs (a content's link, a
 * dictionary) goes through the session's cache like a tag's.
 */
export function cmsFilters(liquid: CmsEngine): Record<string, Handler> {
  const host = liquid.host;
  const state = () => liquid.current();
  const contentLink = (id: number, pipeCode: unknown) => {
    const links = host.linksFor(text(pipeCode));
    if (!links || !Number.isInteger(id) || id <= 0) return '';
    const row = host.data<ContentRow | null>(state(), { kind: 'content', id });
    if (!row || row.status !== '30') return '';
    const catalog = host.catalogs.get(row.catalogId);
    return catalog ? links.contentLink(row, catalog, (u) => host.resolve(u, state())) : '';
  };
  return {
    iurl: (v) => host.resolve(text(v), state()),
    htmlInternalUrl: (v) => host.resolveHtml(text(v), state()),
    imageSize(v, w, h) {
      const url = host.resolve(text(v), state());
      const width = int(w);
      const height = int(h);
      if (!(width > 0 && width < 6144 && height > 0 && height < 6144)) return url;
      const m = LIBRARY_IMAGE.exec(url);
      if (!m || width !== host.thumbnail.width || height !== host.thumbnail.height) return url;
      return `${m[1]}_${width}x${height}.${m[2]}`;
    },
    contentPageLink: (v, n) => host.links.contentPageLink(text(v), Math.max(1, int(n) || 1)),
    catalogUrl(v, pipeCode) {
      const links = host.linksFor(text(pipeCode));
      const catalog = host.catalogs.get(int(v));
      return links && catalog ? links.catalogLink(catalog, (u) => host.resolve(u, state())) : '';
    },
    contentUrl: (v, pipeCode) => contentLink(int(v), pipeCode),
    siteUrl: (_v, pipeCode) => host.linksFor(text(pipeCode))?.siteLink ?? '',
    dateFormat: (v, pattern, locale) => javaDateFormat(v, pattern === undefined ? undefined : text(pattern), locale === undefined ? undefined : text(locale)),
    date: (v, format) => strftime(v, format === undefined ? undefined : text(format)),
    dict(v, value, lang) {
      const entries = host.data<{ value: string; label: string }[]>(state(), { kind: 'dict', type: text(v).slice(0, 100), lang: text(lang) || 'zh-CN' }) ?? [];
      if (value === undefined) return entries;
      return entries.find((e) => e.value === text(value))?.label ?? text(value);
    },
    clearHtmlTag: (v) => clearHtmlTag(v),
    // LiquidJS's strip_html could backtrack for seconds on crafted input (CVE-2026-45617): ours cannot.
    strip_html: (v) => clearHtmlTag(v),
    htmlUnescape: (v) => htmlUnescape(v),
    displayFileSize: (v) => displayFileSize(v),
    getDomain: (v) => getDomain(v),
    max: (a, b) => Math.max(number(a), number(b)),
    min: (a, b) => Math.min(number(a), number(b)),
    toJson: (v) => safeJson(v),
    // ChestnutCMS's replaceHotWord / replaceSensitiveWord: the word lists load with the page's data (a miss renders again).
    replaceHotWord(v, group) {
      const code = text(group).trim().slice(0, 50);
      if (!code) return text(v);
      return linkHotWords(text(v), host.data<PageHotWords>(state(), { kind: 'hotWords', catalogId: 0, group: code }));
    },
    replaceSensitiveWord: (v, replacement) => maskSensitiveWords(text(v), host.data<PageSensitiveWords>(state(), { kind: 'sensitiveWords' }), replacement === undefined ? undefined : text(replacement)),
    customDynamicPageLink: (v, query, ignoreBaseArgs) => host.dynamicPageLink(text(v), text(query), ignoreBaseArgs === false),
  };
}

export function registerCmsFilters(liquid: CmsEngine) {
  const handlers = cmsFilters(liquid);
  for (const [name, handler] of Object.entries(handlers)) liquid.registerFilter(name, handler);
  // The registry's aliases (ChestnutCMS function names) answer too.
  for (const def of FILTERS) for (const alias of def.aliases ?? []) liquid.registerFilter(alias, handlers[def.name]!);
  for (const [alias, target] of Object.entries(FUNCTION_ALIASES)) liquid.registerFilter(alias, liquid.filters[target]!);
}
