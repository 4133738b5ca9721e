import { z } from 'zod';
import { defineResource } from '../define.ts';
import { crud } from '../declare.ts';
import { CODE_PATTERN, optionalText, requiredText } from '../../validators/common.ts';
import { v } from '../../validators/issues.ts';
import { CATALOG_TYPES } from '../../cms/content.ts';

/** A catalog path: folders of letters, digits and underscore, each followed by '/' ("news/world/"). */
export const CATALOG_PATH_PATTERN = /^(?:[A-Za-z0-9_]+\/)+$/;

/** Accepts "news/world" or "/news/world/" and stores "news/world/"; anything with other characters is refused. */
export const catalogPath = () =>
  z.string({ error: v('required') }).trim().min(1, v('required')).max(255, v('tooLong'))
    .transform((s) => `${s.replace(/^\/+/, '').replace(/\/+$/, '')}/`)
    .refine((s) => CATALOG_PATH_PATTERN.test(s), v('catalogPath'));

const yesNo = () => z.enum(['Y', 'N']);
const optionalHttpUrl = () => z.string().trim().max(500, v('tooLong')).refine((s) => s === '' || /^https?:\/\/\S+$/.test(s) || /^iurl:\/\/\S+$/.test(s), v('httpUrl')).optional();

/**
 * Catalogs (spec §3 Catalog). The tree screen is hand-made; this definition gives its Basic tab's
 * fields, checks and labels. Access is per catalog: View, Edit, Delete, Move, Sort, ShowHide…
 */
export const catalogResource = defineResource({
  name: 'catalog',
  title: 'oplog.catalog',
  titleKey: 'cms:catalog.title',
  api: '/cms/catalog',
  id: 'catalogId',
  perms: crud('cms:catalog', { export: undefined }),
  fields: {
    catalogId: { kind: 'id', column: true },
    parentId: { kind: 'number', input: z.coerce.number().int().min(0).default(0), form: 'create' },
    name: { kind: 'text', input: requiredText(100), column: true, form: true },
    alias: { kind: 'text', input: requiredText(100).regex(CODE_PATTERN, v('code')), column: true, form: true },
    path: { kind: 'text', input: catalogPath(), column: true, form: true },
    catalogType: { kind: 'text', input: z.enum(CATALOG_TYPES, { error: v('required') }), column: true, form: true, initial: 'common', options: CATALOG_TYPES.map((value) => ({ value, label: `cms:catalog.types.${value}` })) },
    redirectUrl: { kind: 'text', input: optionalHttpUrl(), form: true },
    description: { kind: 'textarea', input: optionalText(500), form: true },
    logo: { kind: 'text', input: optionalText(255), form: true },
    staticFlag: { kind: 'text', input: yesNo().optional(), form: true, initial: 'Y' },
    visibleFlag: { kind: 'text', input: yesNo().optional(), column: true, form: true, initial: 'Y' },
    tagIgnore: { kind: 'text', input: yesNo().optional(), form: true, initial: 'N' },
    /** -1 = the site's page size (spec §9) */
    pageSize: { kind: 'number', input: z.coerce.number().int().min(-1, v('range', { min: -1, max: 500 })).max(500, v('range', { min: -1, max: 500 })).optional(), form: true, initial: -1 },
    contentIndex: { kind: 'text', input: yesNo().optional(), form: true, initial: 'Y' },
    contribute: { kind: 'text', input: yesNo().optional(), form: true, initial: 'N' },
    /** a hot word group's code for this catalog's bodies; empty: the site's setting */
    hotWordGroup: { kind: 'text', input: optionalText(50).refine((s) => !s || CODE_PATTERN.test(s), v('code')), form: true },
    seoTitle: { kind: 'text', input: optionalText(255), form: true },
    seoKeywords: { kind: 'text', input: optionalText(255), form: true },
    seoDescription: { kind: 'textarea', input: optionalText(500), form: true },
    createTime: { kind: 'datetime', column: true },
  },
  sort: { field: 'catalogId', order: 'asc' },
  unique: ['alias', 'path'],
  check(values) {
    // A link catalog only points elsewhere: it needs somewhere to point.
    return values.catalogType === 'link' && !values.redirectUrl ? [{ field: 'redirectUrl', key: 'required', params: {} }] : [];
  },
});
