import { z } from 'zod';
import { v, type FieldIssue } from '../validators/issues.ts';
import { HTTP_URL_PATTERN } from '../validators/url.ts';
import {
  DEFAULT_MAX_MB, DEFAULT_SUFFIXES, MAX_THUMBNAIL_SIDE, MAX_UPLOAD_MB, RESOURCE_TYPES, S3_STORAGE_TYPES, STORAGE_TYPES,
  SUPPORTED_SUFFIXES, WATERMARK_POSITIONS, type ResourceType,
} from './resource-types.ts';
import { WATERMARK_TEXT_MAX, WATERMARK_TYPES } from './image-edit.ts';
import { WATERMARK_DEFAULT_OPACITY, WATERMARK_MIN_RATIO } from '../constants.ts';

/**
 * A site's settings kept in its config props (key → string): the site's Extend tab and the CMS
 * settings screen's tabs. One declaration per key drives the server's check and defaults, the
 * console's form and the template variable `Site.extend_<key>`. Values are strings, as stored.
 */
export type SiteConfigGroup = 'extend' | 'storage' | 'watermark' | 'words' | 'statistics' | 'comment' | 'seo' | 'cdn';
/**
 * The tabs of the CMS settings screen, in the spec's order (§2: storage, watermark, words, statistics, comment, SEO),
 * then the site's CDN (issue 29: ChestnutCMS keeps it in a module of its own; here it is one more tab of the site's settings).
 */
export const SETTINGS_GROUPS = ['storage', 'watermark', 'words', 'statistics', 'comment', 'seo', 'cdn'] as const satisfies readonly SiteConfigGroup[];

/** IndexNow's shared endpoint (indexnow.org): it hands the URLs on to every search engine of the protocol. */
export const INDEXNOW_ENDPOINT = 'https://api.indexnow.org/indexnow';
/** Baidu's link push API (ChestnutCMS's BaiduPushService): `?site=<site>&token=<token>` are added. */
export const BAIDU_PUSH_ENDPOINT = 'http://data.zz.baidu.com/urls';
/** CDN provider types: none, or a generic HTTP purge endpoint (method, headers, body template). */
export const CDN_PROVIDERS = ['None', 'HTTP'] as const;
/** Methods a purge request may use: each carries the body template. */
export const CDN_METHODS = ['POST', 'PUT', 'DELETE'] as const;
/** A purge request's body unless the site says otherwise: the URLs as a JSON array. */
export const CDN_DEFAULT_BODY = '{"urls": {{urls}}}';
/** An IndexNow key (indexnow.org: 8–128 of a-z, A-Z, 0-9 and -). */
export const INDEXNOW_KEY_PATTERN = /^[A-Za-z0-9-]{8,128}$/;

export interface SiteConfigKey {
  group: SiteConfigGroup;
  /** the stored value when none was saved */
  initial: string;
  input: z.ZodType<string>;
  /** how the console edits it */
  /**
   * How the console edits it. 'password' is a write-only secret: never replied (a `has<Key>` flag
   * says one is stored), kept when a save leaves it empty. 'multiselect' stores the chosen values
   * comma-joined; 'resource' holds the id of an image in the site's resource library.
   */
  control: 'text' | 'number' | 'decimal' | 'switch' | 'select' | 'multiselect' | 'textarea' | 'resource' | 'password';
  /** fixed choices (console i18n keys as labels, or the values themselves when `literal`) */
  options?: readonly { value: string; label: string }[];
  /** the options' labels are the values as they are (file suffixes) */
  literal?: true;
  /** shown only when another key holds one of these values (e.g. S3 fields under the S3 storage) */
  when?: { key: string; values: readonly string[] };
  /** console i18n key of a help line */
  hint?: string;
  /** kept and checked for ChestnutCMS's API (and `Site.extend_<key>`), but not on the settings screen: another setting governs it */
  offScreen?: true;
}

const int = (min: number, max: number) =>
  z.string().trim().regex(/^-?\d+$/, v('range', { min, max })).refine((s) => Number(s) >= min && Number(s) <= max, v('range', { min, max }));
const yesNo = () => z.enum(['Y', 'N'], { error: v('invalid') });
const text = (max: number) => z.string().trim().max(max, v('tooLong'));
const YES_NO = [{ value: 'Y', label: 'common:actions.yes' }, { value: 'N', label: 'common:actions.no' }] as const;
const decimal = (min: number, max: number) =>
  z.string().trim().regex(/^\d+(?:\.\d{1,3})?$/, v('range', { min, max })).refine((s) => Number(s) >= min && Number(s) <= max, v('range', { min, max }));
const optionalHttpUrl = (max: number) => text(max).refine((s) => s === '' || HTTP_URL_PATTERN.test(s), v('httpUrl'));
const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
/** Host names separated by commas (spec §9 "Baidu domains are comma separated"); at most `most` of them. */
const domainList = (max: number, most = 50) =>
  text(max).refine((s) => s === '' || s.split(',').every((d) => DOMAIN.test(d.trim())), v('domains')).refine((s) => s.split(',').length <= most, v('domains'))
    .transform((s) => s.split(',').map((d) => d.trim().toLowerCase()).filter(Boolean).join(','));
/** Origins (`https://cdn.example.com`) separated by commas, spaces or lines; at most 20 of them. */
const ORIGIN = /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?$/i;
const originList = (max: number) =>
  text(max).refine((s) => s.split(/[\s,]+/).filter(Boolean).every((o) => ORIGIN.test(o)), v('origins')).refine((s) => s.split(/[\s,]+/).filter(Boolean).length <= 20, v('origins'))
    .transform((s) => s.split(/[\s,]+/).filter(Boolean).map((o) => o.toLowerCase()).join('\n'));
const codeList = (max: number) => text(max).regex(/^(?:[A-Za-z0-9_]+(?:\s*,\s*[A-Za-z0-9_]+)*)?$/, v('codes'));
/** Shown only under an S3-protocol storage. */
const onS3 = { key: 'FileStorageType', values: S3_STORAGE_TYPES } as const;
/** Shown only under the HTTP purge provider. */
const onHttpCdn = { key: 'CdnProvider', values: ['HTTP'] } as const;
/** Header lines: `Name: value`, a token name (RFC 9110), no line breaks inside a value; empty lines are skipped. */
export function headerLinesOf(s: string): [string, string][] | null {
  const out: [string, string][] = [];
  for (const line of s.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const m = /^\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*:\s*(.*?)\s*$/.exec(line);
    if (!m) return null;
    out.push([m[1]!, m[2]!]);
  }
  return out;
}
const validHeaderLines = (s: string) => headerLinesOf(s) !== null;

/** What a sensitive word in a content save or a form submission does: refuse it, or mask the words. */
export const SENSITIVE_WORD_ACTIONS = ['refuse', 'mask'] as const;

/** Title repeat check (spec §9): none, site, catalog. */
export const REPEAT_TITLE_CHECK = ['0', '1', '2'] as const;

export const SITE_CONFIG: Record<string, SiteConfigKey> = {
  // Extend tab (ChestnutCMS site extends).
  /** Catalog list size; 0 means the default 10 (spec §9). */
  CatalogPageSize: { group: 'extend', initial: '0', input: int(0, 500), control: 'number' },
  /** List pages rewritten when one content is published; 0 = all. */
  MaxPageOnContentPublish: { group: 'extend', initial: '0', input: int(0, 10000), control: 'number' },
  /** Whether published content may be edited (it becomes "re-edit"). */
  PublishedContentEdit: { group: 'extend', initial: 'Y', input: yesNo(), control: 'switch', options: YES_NO },
  RepeatTitleCheck: {
    group: 'extend', initial: '0', input: z.enum(REPEAT_TITLE_CHECK, { error: v('invalid') }), control: 'select',
    options: [{ value: '0', label: 'cms:site.config.repeatNone' }, { value: '1', label: 'cms:site.config.repeatSite' }, { value: '2', label: 'cms:site.config.repeatCatalog' }],
  },
  /** Days deleted content stays in the recycle bin; 0 = forever (spec §9). */
  RecycleKeepDays: { group: 'extend', initial: '30', input: int(0, 3650), control: 'number' },
  ShortTitleLabel: { group: 'extend', initial: '', input: text(50), control: 'text' },
  SubTitleLabel: { group: 'extend', initial: '', input: text(50), control: 'text' },
  /**
   * Origins besides the site's own addresses whose pages may call the readers' API (CORS): a CDN
   * or another host serving the published pages (server/modules/cms/public-api/origins.ts).
   */
  PublicApiOrigins: { group: 'extend', initial: '', input: originList(2000), control: 'textarea', hint: 'cms:settings.hint.origins' },

  // Storage tab: where uploads go, what may be uploaded, thumbnails.
  FileStorageType: { group: 'storage', initial: 'Local', input: z.enum(STORAGE_TYPES, { error: v('invalid') }), control: 'select', options: STORAGE_TYPES.map((s) => ({ value: s, label: `cms:settings.storageType.${s}` })) },
  /** S3 endpoint (MinIO, OSS, COS); empty for Amazon S3, which derives it from the region. */
  StorageEndpoint: { group: 'storage', initial: '', input: optionalHttpUrl(255), control: 'text', when: onS3, hint: 'cms:settings.hint.endpoint' },
  StorageRegion: { group: 'storage', initial: '', input: text(64).regex(/^[a-z0-9-]*$/, v('invalid')), control: 'text', when: onS3, hint: 'cms:settings.hint.region' },
  StorageBucket: { group: 'storage', initial: '', input: text(63).regex(/^(?:[a-z0-9][a-z0-9.-]{1,61}[a-z0-9])?$/, v('bucket')), control: 'text', when: onS3 },
  StorageAccessKey: { group: 'storage', initial: '', input: text(128), control: 'text', when: onS3 },
  StorageSecretKey: { group: 'storage', initial: '', input: z.string().max(256, v('tooLong')), control: 'password', when: onS3 },
  /** Path-style addressing (bucket in the path): MinIO and most self-hosted servers need it. */
  StoragePathStyle: { group: 'storage', initial: 'N', input: yesNo(), control: 'switch', options: YES_NO, when: onS3 },
  /** Public base URL of the bucket (its domain or CDN): a resource's address is this plus its path. */
  StorageDomain: { group: 'storage', initial: '', input: optionalHttpUrl(255), control: 'text', when: onS3, hint: 'cms:settings.hint.domain' },
  /** Thumbnail box of uploaded images; 0 in either means no thumbnail (spec §9). */
  ThumbnailWidth: { group: 'storage', initial: '0', input: int(0, MAX_THUMBNAIL_SIDE), control: 'number', hint: 'cms:settings.hint.thumbnail' },
  ThumbnailHeight: { group: 'storage', initial: '0', input: int(0, MAX_THUMBNAIL_SIDE), control: 'number', hint: 'cms:settings.hint.thumbnail' },
  ...uploadLimitKeys(),

  // Watermark tab: an image from the library, or words, stamped on uploaded images.
  ImageWatermark: { group: 'watermark', initial: 'N', input: yesNo(), control: 'switch', options: YES_NO },
  WatermarkType: { group: 'watermark', initial: 'image', input: z.enum(WATERMARK_TYPES, { error: v('invalid') }), control: 'select', options: WATERMARK_TYPES.map((t) => ({ value: t, label: `cms:settings.watermarkType.${t}` })) },
  WatermarkImage: { group: 'watermark', initial: '', input: z.string().trim().regex(/^\d{0,15}$/, v('invalid')), control: 'resource', when: { key: 'WatermarkType', values: ['image'] } },
  WatermarkText: { group: 'watermark', initial: '', input: text(WATERMARK_TEXT_MAX), control: 'text', when: { key: 'WatermarkType', values: ['text'] } },
  WatermarkColor: { group: 'watermark', initial: '#FFFFFF', input: z.string().trim().regex(/^#[0-9a-f]{6}$/i, v('color')), control: 'text', when: { key: 'WatermarkType', values: ['text'] } },
  /** 0 transparent … 1 opaque (spec §9: default 1). */
  WatermarkOpacity: { group: 'watermark', initial: String(WATERMARK_DEFAULT_OPACITY), input: decimal(0, 1), control: 'decimal' },
  /** At most this percent of the image's width and of its height; a larger mark is scaled down (spec §9: minimum 20). */
  WatermarkRatio: { group: 'watermark', initial: '30', input: int(WATERMARK_MIN_RATIO, 100), control: 'number', hint: 'cms:settings.hint.ratio' },
  WatermarkPosition: { group: 'watermark', initial: 'TOP_RIGHT', input: z.enum(WATERMARK_POSITIONS, { error: v('invalid') }), control: 'select', options: WATERMARK_POSITIONS.map((p) => ({ value: p, label: `cms:settings.position.${p}` })) },

  // Words tab: what the word checks on content saves and readers' submissions do (server/modules/cms/word/).
  /** Sensitive words are checked on content saves and custom form submissions. */
  SensitiveWordCheck: { group: 'words', initial: 'N', input: yesNo(), control: 'switch', options: YES_NO },
  /** What a sensitive word does then: the save is refused naming the words and their field, or they are masked. */
  SensitiveWordAction: {
    group: 'words', initial: 'refuse', input: z.enum(SENSITIVE_WORD_ACTIONS, { error: v('invalid') }), control: 'select',
    options: SENSITIVE_WORD_ACTIONS.map((a) => ({ value: a, label: `cms:settings.sensitiveAction.${a}` })), when: { key: 'SensitiveWordCheck', values: ['Y'] },
  },
  /** What masking writes for a sensitive word without a replacement of its own. */
  SensitiveWordReplacement: { group: 'words', initial: '***', input: text(20), control: 'text' },
  /** Error-prone words in a saved content are corrected (the editor's Check button shows them either way). */
  ErrorProneWordCheck: { group: 'words', initial: 'N', input: yesNo(), control: 'switch', options: YES_NO },
  /** Hot-word group codes whose words become links in published bodies, comma separated (a catalog may name its own). */
  HotWordGroups: { group: 'words', initial: '', input: codeList(500), control: 'text', hint: 'cms:settings.hint.codes' },
  /** Hot-word links made in one page at most, each word linked once (0 = no limit). */
  HotWordMaxReplace: { group: 'words', initial: '10', input: int(0, 100), control: 'number', hint: 'cms:settings.hint.hotWordMax' },

  // Statistics tab: Baidu Tongji, optional (the first-party statistics need none of it). StatisticsEnabled
  // is ChestnutCMS's key; here it turns Baidu Tongji's hm.js on in the published pages (BaiduTongji).
  StatisticsEnabled: { group: 'statistics', initial: 'N', input: yesNo(), control: 'switch', options: YES_NO, hint: 'cms:settings.hint.baiduTongji' },
  BaiduTongjiSiteId: { group: 'statistics', initial: '', input: text(32).regex(/^(?:[0-9a-f]{32})?$/i, v('invalid')), control: 'text' },
  /** Spec §9: Baidu domains are comma separated. */
  BaiduTongjiDomains: { group: 'statistics', initial: '', input: domainList(1000), control: 'text', hint: 'cms:settings.hint.domains' },
  BaiduTongjiAccessToken: { group: 'statistics', initial: '', input: z.string().max(256, v('tooLong')), control: 'password' },

  // Comment tab.
  CommentEnabled: { group: 'comment', initial: 'N', input: yesNo(), control: 'switch', options: YES_NO },
  CommentNeedAudit: { group: 'comment', initial: 'Y', input: yesNo(), control: 'switch', options: YES_NO },
  CommentNeedLogin: { group: 'comment', initial: 'Y', input: yesNo(), control: 'switch', options: YES_NO },
  CommentMaxLength: { group: 'comment', initial: '500', input: int(1, 5000), control: 'number' },

  // SEO tab: Baidu link push. The sitemap keys are ChestnutCMS's and kept for its API only: the
  // sitemap writer (publish/site-extras.ts) reads each pipe's own enableSitemap and sitemapUrlLimit
  // (the site's Basic tab), so a second control here would change nothing.
  BaiduPushSite: { group: 'seo', initial: '', input: domainList(255, 1), control: 'text' },
  BaiduPushToken: { group: 'seo', initial: '', input: z.string().max(128, v('tooLong')), control: 'password' },
  SitemapPageType: {
    group: 'seo', offScreen: true, initial: 'pc', input: z.enum(['pc', 'mobile', 'pc,mobile'], { error: v('invalid') }), control: 'select',
    options: [{ value: 'pc', label: 'cms:settings.sitemap.pc' }, { value: 'mobile', label: 'cms:settings.sitemap.mobile' }, { value: 'pc,mobile', label: 'cms:settings.sitemap.both' }],
  },
  SitemapUrlLimit: { group: 'seo', offScreen: true, initial: '50000', input: int(1, 50000), control: 'number' },
  /** Pushes each publish's new and changed pages to Baidu (from the publish queue, logged). */
  BaiduPushEnabled: { group: 'seo', initial: 'N', input: yesNo(), control: 'switch', options: YES_NO },
  BaiduPushEndpoint: { group: 'seo', initial: BAIDU_PUSH_ENDPOINT, input: optionalHttpUrl(255), control: 'text', hint: 'cms:settings.hint.httpOnly' },
  /** Pushes each publish's new, changed and removed pages through IndexNow. */
  IndexNowEnabled: { group: 'seo', initial: 'N', input: yesNo(), control: 'switch', options: YES_NO },
  /** Published as <key>.txt at the root of every pipe (the protocol's proof of ownership): not a secret. */
  IndexNowKey: { group: 'seo', initial: '', input: text(128).refine((s) => s === '' || INDEXNOW_KEY_PATTERN.test(s), v('indexNowKey')), control: 'text', hint: 'cms:settings.hint.indexNowKey' },
  IndexNowEndpoint: { group: 'seo', initial: INDEXNOW_ENDPOINT, input: optionalHttpUrl(255), control: 'text', hint: 'cms:settings.hint.httpOnly' },

  // CDN tab: purge the pages a publish changed.
  CdnProvider: { group: 'cdn', initial: 'None', input: z.enum(CDN_PROVIDERS, { error: v('invalid') }), control: 'select', options: CDN_PROVIDERS.map((p) => ({ value: p, label: `cms:settings.cdnProvider.${p}` })) },
  CdnPurgeUrl: { group: 'cdn', initial: '', input: optionalHttpUrl(500), control: 'text', when: onHttpCdn, hint: 'cms:settings.hint.httpOnly' },
  CdnPurgeMethod: { group: 'cdn', initial: 'POST', input: z.enum(CDN_METHODS, { error: v('invalid') }), control: 'select', when: onHttpCdn, literal: true, options: CDN_METHODS.map((m) => ({ value: m, label: m })) },
  /** One `Name: value` per line; {{secret}} stands for the credential. */
  CdnPurgeHeaders: { group: 'cdn', initial: 'Content-Type: application/json', input: text(2000).refine(validHeaderLines, v('headerLines')), control: 'textarea', when: onHttpCdn, hint: 'cms:settings.hint.cdnHeaders' },
  /** {{urls}}: the URLs as a JSON array; {{urlLines}}: one per line; {{secret}}: the credential. */
  CdnPurgeBody: { group: 'cdn', initial: CDN_DEFAULT_BODY, input: text(4000), control: 'textarea', when: onHttpCdn, hint: 'cms:settings.hint.cdnBody' },
  CdnSecret: { group: 'cdn', initial: '', input: z.string().max(1000, v('tooLong')), control: 'password', when: onHttpCdn, hint: 'cms:settings.hint.cdnSecret' },
  /** URLs per purge request (providers cap them: 100 to 1,000 is usual). */
  CdnPurgeBatch: { group: 'cdn', initial: '100', input: int(1, 10000), control: 'number', when: onHttpCdn },
};

/** Per resource type: the suffixes allowed (a subset of what the server recognises) and the size limit. */
function uploadLimitKeys(): Record<string, SiteConfigKey> {
  return Object.fromEntries(RESOURCE_TYPES.flatMap((type) => {
    const name = uploadKeyName(type);
    const supported = SUPPORTED_SUFFIXES[type];
    return [
      [`${name}UploadTypes`, {
        group: 'storage', initial: DEFAULT_SUFFIXES[type].join(','), control: 'multiselect', literal: true,
        options: supported.map((s) => ({ value: s, label: s })),
        input: z.string().trim().min(1, v('required')).refine((s) => s.split(',').every((x) => supported.includes(x.trim().toLowerCase())), v('suffixes', { types: supported.join(', ') }))
          .transform((s) => [...new Set(s.split(',').map((x) => x.trim().toLowerCase()))].join(',')),
      }],
      [`${name}UploadMaxMB`, { group: 'storage', initial: String(DEFAULT_MAX_MB[type]), input: int(1, MAX_UPLOAD_MB), control: 'number' }],
    ] as [string, SiteConfigKey][];
  }));
}

/** `Image`, `Audio`… : the prefix of a type's upload settings. */
export function uploadKeyName(type: ResourceType) {
  return type[0]!.toUpperCase() + type.slice(1);
}

/** The suffixes and size limit a site allows for one resource type. */
export function uploadLimitsOf(values: SiteConfigValues, type: ResourceType) {
  const name = uploadKeyName(type);
  const suffixes = (values[`${name}UploadTypes`] ?? DEFAULT_SUFFIXES[type].join(',')).split(',').map((s) => s.trim()).filter(Boolean);
  const maxMb = Number(values[`${name}UploadMaxMB`] ?? DEFAULT_MAX_MB[type]) || DEFAULT_MAX_MB[type];
  return { suffixes, maxMb };
}

/** Is this storage type one of the S3-protocol ones? */
export const isS3Storage = (type: string | undefined) => (S3_STORAGE_TYPES as readonly string[]).includes(type ?? '');

/**
 * Rules across the keys of a group, on the values as they will be stored: an S3 storage needs its
 * bucket, keys and public address (and an endpoint unless it is Amazon's); a watermark that is on
 * needs its image; a push that is on needs its site, token or key; an HTTP CDN needs its purge URL.
 */
export function checkGroup(group: SiteConfigGroup, values: SiteConfigValues): FieldIssue[] {
  const need = (key: string) => (values[key] ?? '').trim() ? [] : [{ field: key, key: 'required', params: {} }];
  if (group === 'storage' && isS3Storage(values.FileStorageType)) {
    const keys = ['StorageBucket', 'StorageAccessKey', 'StorageSecretKey', 'StorageDomain'];
    keys.unshift(values.FileStorageType === 'AmazonS3' ? 'StorageRegion' : 'StorageEndpoint');
    return keys.flatMap(need);
  }
  if (group === 'watermark' && values.ImageWatermark === 'Y') return need(values.WatermarkType === 'text' ? 'WatermarkText' : 'WatermarkImage');
  if (group === 'seo') {
    return [
      ...(values.BaiduPushEnabled === 'Y' ? ['BaiduPushSite', 'BaiduPushToken', 'BaiduPushEndpoint'].flatMap(need) : []),
      ...(values.IndexNowEnabled === 'Y' ? ['IndexNowKey', 'IndexNowEndpoint'].flatMap(need) : []),
    ];
  }
  if (group === 'cdn' && values.CdnProvider === 'HTTP') return need('CdnPurgeUrl');
  return [];
}

/** Keys whose values are write-only secrets. */
export const secretKeysOf = (group?: SiteConfigGroup) =>
  Object.entries(SITE_CONFIG).filter(([, k]) => k.control === 'password' && (!group || k.group === group)).map(([key]) => key);

export type SiteConfigValues = Record<string, string>;

/** The keys of one group, in declaration order. */
export const configKeysOf = (group: SiteConfigGroup) => Object.entries(SITE_CONFIG).filter(([, k]) => k.group === group).map(([key]) => key);

/** Stored values over the defaults, for the keys of `group` (or all). */
export function withDefaults(stored: SiteConfigValues, group?: SiteConfigGroup): SiteConfigValues {
  const out: SiteConfigValues = {};
  for (const [key, k] of Object.entries(SITE_CONFIG)) {
    if (group && k.group !== group) continue;
    out[key] = stored[key] ?? k.initial;
  }
  return out;
}

/**
 * A save of some keys of one group: every key must be declared in that group, and each value
 * passes its check. The schema reports a bad value under its key (the console's field name).
 */
export function configSaveSchema(group: SiteConfigGroup) {
  const shape: Record<string, z.ZodType> = {};
  for (const key of configKeysOf(group)) shape[key] = SITE_CONFIG[key]!.input.optional();
  return z.strictObject(shape, { error: (issue) => (issue.code === 'unrecognized_keys' ? v('unknownSetting', { keys: issue.keys.join(', ') }) : undefined) });
}
