/**
 * Page widgets (ChestnutCMS cms_page_widget, cms-heart §5) and the ads of an ad space: the fixed
 * vocabularies the server, the console and the template tags share.
 */

/** `manual`: a hand-curated block of rows of items; `ads`: an ad space showing its ads by a strategy. */
export const PAGE_WIDGET_TYPES = ['manual', 'ads'] as const;
export type PageWidgetType = (typeof PAGE_WIDGET_TYPES)[number];

/** The theme's template a new widget of each type gets in every pipe that has it (default-theme/widget/). */
export const DEFAULT_WIDGET_TEMPLATE: Record<PageWidgetType, string> = { manual: 'widget/block.template.html', ads: 'widget/ads.template.html' };

/** dict CMSPageWidgetStatus: draft, published, offline, edited after publishing. */
export const PageWidgetState = { DRAFT: '0', PUBLISHED: '30', OFFLINE: '40', EDITING: '60' } as const;

/** How an ad space picks what it shows: one at random, one by weight, or every live ad. */
export const AD_STRATEGIES = ['random', 'weighted', 'all'] as const;
export type AdStrategy = (typeof AD_STRATEGIES)[number];

/** An ad shows an image, a text, or is a plain link (its name as the text, no resource). */
export const AD_TYPES = ['image', 'text', 'link'] as const;
export type AdType = (typeof AD_TYPES)[number];

/** Enabled ('0') or disabled ('1'), as ChestnutCMS's state column. */
export const AdState = { ENABLED: '0', DISABLED: '1' } as const;

/** A page widget's output directory below the pipe's root: empty (the root) or folders ending in `/`. */
export const WIDGET_PATH_PATTERN = /^(?:[A-Za-z0-9_-]+\/)*$/;

/** Rows and items a manual block holds at most (a block is a handful of links, not a catalog). */
export const MANUAL_ROWS_MAX = 20;
export const MANUAL_ITEMS_MAX = 30;

/** One item of a manual block row. */
export interface ManualItem {
  title: string;
  titleStyle?: string;
  summary?: string;
  url?: string;
  logo?: string;
  publishDate?: string;
}
export interface ManualRow {
  items: ManualItem[];
}

/**
 * Where an ad stands at `now`: disabled by hand, or enabled and scheduled (before its online
 * date), live, or expired (its offline date passed). Only a live one shows and counts.
 */
export const AD_LIVE_STATES = ['live', 'scheduled', 'expired', 'disabled'] as const;
export type AdLiveState = (typeof AD_LIVE_STATES)[number];
export function adLiveState(ad: { state: string; onlineDate: Date | null; offlineDate: Date | null }, now: Date): AdLiveState {
  if (ad.state !== AdState.ENABLED) return 'disabled';
  if (ad.onlineDate && ad.onlineDate.getTime() > now.getTime()) return 'scheduled';
  if (ad.offlineDate && ad.offlineDate.getTime() <= now.getTime()) return 'expired';
  return 'live';
}

/** Whether an ad is live at `now`: enabled, past its online date and before its offline date. */
export function adIsLive(ad: { state: string; onlineDate: Date | null; offlineDate: Date | null }, now: Date): boolean {
  return adLiveState(ad, now) === 'live';
}

/** Impressions and clicks: what the public counting endpoint counts. */
export const AD_EVENTS = ['view', 'click'] as const;
export type AdEvent = (typeof AD_EVENTS)[number];
