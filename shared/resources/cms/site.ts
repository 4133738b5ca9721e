import { z } from 'zod';
import { defineResource } from '../define.ts';
import { crud } from '../declare.ts';
import { LETTERS_DIGITS_PATTERN, optionalText, requiredText } from '../../validators/common.ts';
import { v } from '../../validators/issues.ts';
import { SITE_LIST_PAGE_SIZE } from '../../constants.ts';

/** Static suffixes of published pages (dict CMSStaticSuffix). */
export const STATIC_SUFFIXES = ['shtml', 'html'] as const;

/** A host name, optionally with a port, and nothing else (the site's domain). */
const HOST_PATTERN = /^(?:localhost|(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}|(?:\d{1,3}\.){3}\d{1,3})(?::\d{1,5})?$/;
const optionalHost = () => z.string().trim().max(255, v('tooLong')).refine((s) => s === '' || HOST_PATTERN.test(s), v('host')).optional();
const optionalHttpUrl = () => z.string().trim().max(255, v('tooLong')).refine((s) => s === '' || /^https?:\/\/\S+$/.test(s), v('httpUrl')).optional();

/**
 * Sites (spec §3 Site). The list, add and delete come from this definition; editing is the site's
 * tabs page (Basic, Extend, Property, Default Template). Each row is guarded by the actor's site
 * grants: View to see it, Edit to change it, Delete to delete it.
 */
export const siteResource = defineResource({
  name: 'site',
  title: 'oplog.site',
  titleKey: 'cms:site.title',
  api: '/cms/site',
  id: 'siteId',
  perms: crud('cms:site', { export: undefined }),
  fields: {
    siteId: { kind: 'id', column: true },
    name: { kind: 'text', input: requiredText(100), column: true, filter: 'like', filterParam: 'siteName', form: true },
    /** The folder of its published pages and files; set when the site is made (spec §5: letters and digits). */
    path: { kind: 'text', input: requiredText(50).regex(LETTERS_DIGITS_PATTERN, v('lettersDigits')), column: true, form: 'create' },
    url: { kind: 'text', column: true, computed: true },
    description: { kind: 'textarea', input: optionalText(500), form: true },
    logo: { kind: 'text', input: optionalText(255) },
    domain: { kind: 'text', input: optionalHost() },
    resourceUrl: { kind: 'text', input: optionalHttpUrl() },
    staticSuffix: { kind: 'text', input: z.enum(STATIC_SUFFIXES).optional(), options: STATIC_SUFFIXES.map((value) => ({ value, label: `cms:site.suffix.${value}` })) },
    /** the list's order (smallest first), also the site picker's */
    sortFlag: { kind: 'number', input: z.coerce.number().int().min(0).max(999999).optional(), column: { sortable: true }, form: true, initial: 0 },
    seoTitle: { kind: 'text', input: optionalText(255) },
    seoKeywords: { kind: 'text', input: optionalText(255) },
    seoDescription: { kind: 'textarea', input: optionalText(500) },
    createTime: { kind: 'datetime', column: { sortable: true } },
  },
  sort: { field: 'sortFlag', order: 'asc' },
  // Issue #9: the site list pages by 10 (as the site picker's dialog does).
  pageSize: SITE_LIST_PAGE_SIZE,
  unique: ['path'],
});

/** The Basic tab's save: the site's own fields (the pipes' props travel beside them). */
export const siteBasicFields = ['name', 'description', 'logo', 'domain', 'resourceUrl', 'staticSuffix', 'sortFlag', 'seoTitle', 'seoKeywords', 'seoDescription'] as const;

/** Each Basic field's check, for the tab's form and the server alike (the server's leaves every field optional). */
export const siteBasicShape = Object.fromEntries(siteBasicFields.map((f) => [f, siteResource.fields[f].input!])) as Record<string, z.ZodType>;
