import { headerLinesOf, withDefaults, type SiteConfigValues } from '../../../../shared/cms/site-config.ts';

/**
 * Where a publish's changed pages are sent, and how each request is made. Pure functions of a
 * site's settings (its config props), so one site's settings are only ever read for its own jobs.
 */
export const PUSH_TARGETS = ['indexnow', 'baidu', 'cdn'] as const;
export type PushTarget = (typeof PUSH_TARGETS)[number];

/** URLs per request: IndexNow takes up to 10,000, Baidu's push 2,000; a CDN's comes from the site's settings. */
export const INDEXNOW_BATCH = 10_000;
export const BAIDU_BATCH = 2_000;

/** The targets a site sends to, with how many URLs each request takes and whether removed pages go too. */
export function targetsOf(props: SiteConfigValues): { target: PushTarget; batch: number; removed: boolean }[] {
  const s = withDefaults(props);
  const out: { target: PushTarget; batch: number; removed: boolean }[] = [];
  // IndexNow is told of removed pages too (the engines then find them gone); Baidu's `urls` API is for pages to crawl.
  if (s.IndexNowEnabled === 'Y' && s.IndexNowKey) out.push({ target: 'indexnow', batch: INDEXNOW_BATCH, removed: true });
  if (s.BaiduPushEnabled === 'Y' && s.BaiduPushSite && s.BaiduPushToken) out.push({ target: 'baidu', batch: BAIDU_BATCH, removed: false });
  if (s.CdnProvider === 'HTTP' && s.CdnPurgeUrl) out.push({ target: 'cdn', batch: Math.max(1, Number(s.CdnPurgeBatch) || 100), removed: true });
  return out;
}

export interface PushRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** `{{name}}` placeholders of a template, each replaced once, left to right (a value holding `{{…}}` is not expanded again). */
export const fillTemplate = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? values[name]! : whole));

/**
 * The request of one job. IndexNow: POST of {host, key, keyLocation, urlList} to the endpoint, the
 * key file at the pipe's root (`base`: site-extras.ts publishes it there). Baidu: POST of the URLs one per line
 * to `<endpoint>?site=<site>&token=<token>`. CDN: the site's method, headers and body template.
 */
export function requestOf(target: PushTarget, props: SiteConfigValues, job: { base: string; urls: string[] }): PushRequest {
  const s = withDefaults(props);
  const { urls } = job;
  if (target === 'indexnow') {
    // The key file's folder bounds the URLs the key vouches for: the pipe's root, where it is published.
    const body = { host: new URL(job.base).host, key: s.IndexNowKey, keyLocation: `${job.base}${s.IndexNowKey}.txt`, urlList: urls };
    return { url: s.IndexNowEndpoint!, method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(body) };
  }
  if (target === 'baidu') {
    const url = new URL(s.BaiduPushEndpoint!);
    url.searchParams.set('site', s.BaiduPushSite!);
    url.searchParams.set('token', s.BaiduPushToken!);
    return { url: url.toString(), method: 'POST', headers: { 'content-type': 'text/plain' }, body: urls.join('\n') };
  }
  const values = { urls: JSON.stringify(urls), urlLines: urls.join('\n'), secret: s.CdnSecret ?? '' };
  const headers: Record<string, string> = {};
  for (const [name, value] of headerLinesOf(s.CdnPurgeHeaders ?? '') ?? []) headers[name.toLowerCase()] = fillTemplate(value, values);
  return { url: s.CdnPurgeUrl!, method: s.CdnPurgeMethod || 'POST', headers, body: fillTemplate(s.CdnPurgeBody || '', values) };
}

/** The secrets of a site's settings that a log must never show (a receiver may echo them back); Baidu's token travels in the URL. */
export const secretsOf = (props: SiteConfigValues) => [props.CdnSecret, props.BaiduPushToken].filter((x): x is string => !!x && x.length >= 4);

/** The address shown in the log: Baidu's token masked. */
export function shownAddress(req: PushRequest) {
  const url = new URL(req.url);
  if (url.searchParams.has('token')) url.searchParams.set('token', '***');
  return url.toString();
}
