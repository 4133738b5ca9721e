import type { AdStrategy, ManualRow } from '../../../../../shared/cms/page-widget.ts';
import type { EngineHost } from '../engine-types.ts';
import { freeze } from '../present.ts';
import { CmsBlockTag, CmsInlineTag, type TagRun } from './base.ts';
import { sliceOf } from './lists.ts';

type Row = Record<string, unknown>;
/** The page being rendered and its session: a tag's run, or the widget's own page (render.ts). */
type Where = Pick<TagRun, 'host' | 'state'>;

/**
 * Where a published page counts an ad (widget/counter-routes.ts): the site's origin, whose server
 * answers `/api/advertisement/…` as the API server does. The address names the ad only.
 */
export function adCounterLinks(host: EngineHost, adId: number): { link: string; viewUrl: string } {
  let origin = '';
  try {
    origin = new URL(host.links.siteLink).origin;
  } catch {
    // a relative site link (a preview): the same origin then
  }
  return { link: `${origin}/api/advertisement/click/${adId}`, viewUrl: `${origin}/api/advertisement/view/${adId}` };
}

/** An ad as a template sees it: its image's address here, its click link (through the counter with `stat`). */
function presentAd(run: Where, ad: Row, stat: boolean): Row {
  const counter = adCounterLinks(run.host, ad.advertisementId as number);
  const resourceSrc = typeof ad.resourcePath === 'string' && ad.resourcePath ? run.host.resolve(ad.resourcePath, run.state) : '';
  return freeze({ ...ad, resourceSrc, src: resourceSrc, link: stat ? counter.link : ad.redirectUrl, viewUrl: counter.viewUrl });
}

/** The ads an ad space shows by its strategy: one at random, one drawn by weight, or all of them. */
export function pickAds<T extends { weight?: unknown }>(ads: readonly T[], strategy: AdStrategy, random = Math.random): T[] {
  if (strategy === 'all' || ads.length <= 1) return [...ads];
  if (strategy === 'random') return [ads[Math.floor(random() * ads.length)]!];
  const total = ads.reduce((n, a) => n + Math.max(0, Number(a.weight) || 0), 0);
  if (total <= 0) return [ads[0]!];
  let at = random() * total;
  for (const a of ads) {
    at -= Math.max(0, Number(a.weight) || 0);
    if (at < 0) return [a];
  }
  return [ads[ads.length - 1]!];
}

/** The widget's rows with each item's link and logo address for this page (ChestnutCMS contentObj). */
function presentRows(run: Where, rows: ManualRow[]): Row[] {
  return rows.map((r) => ({
    items: r.items.map((i) => ({ ...i, link: i.url ?? '', logoSrc: i.logo ? run.host.resolve(i.logo, run.state) : '' })),
  }));
}

/**
 * A published widget of the page's site as templates see it, with its rows (manual) or the ads
 * its strategy picks (ads, every one live now), or undefined while its data loads, null for none.
 */
export function widgetOf(run: Where, code: string, stat = true): Row | null | undefined {
  const widget = run.host.data<Row | null>(run.state, { kind: 'pageWidget', code });
  if (!widget) return widget;
  if (widget.type !== 'ads') return freeze({ ...widget, contentObj: presentRows(run, widget.content as ManualRow[]) });
  const ads = run.host.data<Row[]>(run.state, { kind: 'ads', code });
  if (ads === undefined) return undefined;
  const shown = pickAds(ads, widget.strategy as AdStrategy).map((a) => presentAd(run, a, stat));
  return freeze({ ...widget, contentObj: { strategy: widget.strategy }, ads: shown });
}

const codeOf = (run: TagRun) => String(run.values.code ?? '');

/**
 * `{% cms_pagewidget code: 'ad_top' %}`: the published widget's output in this pipe, rendered into
 * the page with `PageWidget` (a draft, offline or unknown widget prints nothing); `ssi: true`
 * prints an SSI include of its published file instead, for servers that process SSI.
 */
export class PageWidgetTag extends CmsInlineTag {
  protected *output(run: TagRun): Generator<unknown, string, unknown> {
    const code = codeOf(run);
    const widget = widgetOf(run, code);
    if (!widget) return '';
    const { host } = run;
    if (run.values.ssi) return `<!--#include virtual="${new URL(host.links.prefix || '/', 'http://site/').pathname}${String(widget.path)}${code}.${host.links.suffix}" -->`;
    const template = (widget.templates as Record<string, string>)[host.pipeCode];
    if (!template) return '';
    return yield* this.renderNamed(run, `pagewidget:${code}`, template, { PageWidget: widget });
  }
}

/** `{% cms_pagewidget_data code: 'links' %}{{ Data.name }}{% endcms_pagewidget_data %}`: a published widget's data (`Data`, null for none). */
export class PageWidgetDataTag extends CmsBlockTag {
  protected produce(run: TagRun) {
    return { Data: widgetOf(run, codeOf(run)) ?? null };
  }
}

/**
 * `{% cms_advertisement code: 'ad_top', type: 'Stat' %}…{% endcms_advertisement %}`: the live ads
 * (enabled, online, not yet offline) of the site's published ad space of that code, by weight;
 * `pick: true` keeps what the space's strategy shows. `Stat`: `link` goes through the counter.
 */
export class AdvertisementTag extends CmsBlockTag {
  protected produce(run: TagRun) {
    const code = codeOf(run);
    const stat = run.values.type === 'Stat';
    let rows: Row[] = [];
    if (run.values.pick) {
      const widget = widgetOf(run, code, stat);
      rows = widget && Array.isArray(widget.ads) ? (widget.ads as Row[]) : [];
    } else {
      const space = run.host.data<Row | null>(run.state, { kind: 'pageWidget', code });
      const ads = space?.type === 'ads' ? run.host.data<Row[]>(run.state, { kind: 'ads', code }) : [];
      rows = (ads ?? []).map((a) => presentAd(run, a, stat));
    }
    return { DataList: sliceOf(run, 'cms_advertisement', rows) };
  }
}

