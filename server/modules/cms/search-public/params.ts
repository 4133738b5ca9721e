import { z } from 'zod';
import { v } from '../../../../shared/validators/issues.ts';
import { CONTENT_TYPES } from '../../../../shared/cms/content.ts';

/** The longest query a reader may send (characters): a longer one is refused, naming the field. */
export const QUERY_MAX = 100;
/** The most results one page of a search lists. */
export const PAGE_SIZE_MAX = 50;
/** The furthest page a search goes to (a crawler walking page 10,000 costs the database for nothing). */
export const PAGE_MAX = 100;

const idText = () => z.string().regex(/^\d{1,15}$/, v('invalid')).transform(Number);
const flag = () => z.enum(['true', 'false']).transform((s) => s === 'true');
const pageNo = () => z.coerce.number().int().min(1, v('range', { min: 1, max: PAGE_MAX })).max(PAGE_MAX, v('range', { min: 1, max: PAGE_MAX }));

/** First value of a repeated parameter (`?q=a&q=b`): what a browser's form would have sent once. */
const first = (raw: unknown) => Object.fromEntries(Object.entries((raw ?? {}) as Record<string, unknown>).map(([k, x]) => [k, Array.isArray(x) ? x[0] : x]));

/**
 * ChestnutCMS's public search parameters (`/api/cms/search/query`, `/_search`): `sid` the site,
 * `pp` its pipe (whose links the results carry), `q` the words, `cid` a catalog and
 * `level=CurrentAndChild` its sub-catalogs too, `ct` a content type, `ot=true` titles only,
 * `page` and `size`. Blank optional values (a form's empty select) count as absent.
 */
export const searchParams = z.preprocess((raw) => {
  const o = first(raw);
  for (const k of Object.keys(o)) if (o[k] === '') delete o[k];
  return o;
}, z.object({
  sid: idText(),
  pp: z.string().regex(/^[A-Za-z0-9_-]{1,50}$/, v('code')),
  q: z.string().trim().max(QUERY_MAX, v('tooLong', { max: QUERY_MAX })).default(''),
  cid: idText().optional(),
  level: z.enum(['Current', 'CurrentAndChild']).default('Current'),
  ct: z.enum(CONTENT_TYPES, { error: v('invalid') }).optional(),
  ot: flag().default(false),
  page: pageNo().default(1),
  size: z.coerce.number().int().min(1, v('range', { min: 1, max: PAGE_SIZE_MAX })).max(PAGE_SIZE_MAX, v('range', { min: 1, max: PAGE_SIZE_MAX })).default(10),
}));
export type SearchParams = z.output<typeof searchParams>;

/** `/api/cms/search/suggest`: words starting with `q`. */
export const suggestParams = z.preprocess(first, z.object({
  sid: idText(),
  q: z.string().trim().min(1, v('required')).max(QUERY_MAX, v('tooLong', { max: QUERY_MAX })),
  size: z.coerce.number().int().min(1, v('range', { min: 1, max: 20 })).max(20, v('range', { min: 1, max: 20 })).default(10),
}));

/** Labels of the parameters in refusals (`fields:searchQuery.<name>`). */
export const PARAM_LABELS = 'searchQuery';
