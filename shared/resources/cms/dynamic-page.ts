import { z } from 'zod';
import { defineResource } from '../define.ts';
import { crud } from '../declare.ts';
import { code, CODE_PATTERN, optionalText, requiredText } from '../../validators/common.ts';
import { v } from '../../validators/issues.ts';
import { isTemplateName } from '../../cms/template-name.ts';
import { DYNAMIC_INIT_DATA_TYPES, DYNAMIC_PATH_MAX, DYNAMIC_PATH_PATTERN, isReservedDynamicPath } from '../../cms/dynamic-page.ts';

/** A page's path: see DYNAMIC_PATH_PATTERN; a leading or trailing slash is dropped. */
export const dynamicPagePath = () =>
  requiredText(DYNAMIC_PATH_MAX).transform((s) => s.replace(/^\/+|\/+$/g, ''))
    .pipe(z.string().min(1, v('required')).regex(DYNAMIC_PATH_PATTERN, v('dynamicPath')).refine((s) => !isReservedDynamicPath(s), v('dynamicPathReserved')));

/** Its template per pipe code (`{pc: 'dynamic/hello.template.html'}`); an empty name means none in that pipe. */
export const dynamicPageTemplates = () =>
  z.record(z.string().regex(CODE_PATTERN, v('code')).max(20, v('tooLong')), z.string().trim().max(255, v('tooLong')).refine((s) => s === '' || isTemplateName(s), v('templateName')))
    .refine((r) => Object.keys(r).length <= 20, v('tooMany', { max: 20 }))
    .transform((r) => Object.fromEntries(Object.entries(r).filter(([, t]) => t !== '')));

/**
 * Custom dynamic pages of the current site (spec §2 dynamic templates, ChestnutCMS cms-dynamic):
 * rendered on request at `/<site path>/<path>` by the pipe's template. Code and path are unique
 * per site; the server checks that each template exists in its pipe.
 */
export const dynamicPageResource = defineResource({
  name: 'dynamicPage',
  title: 'oplog.dynamicPage',
  titleKey: 'templates:dynamic.pagesTitle',
  api: '/cms/dynamic_page',
  id: 'pageId',
  perms: crud('cms:dynamic', { export: undefined }),
  fields: {
    pageId: { kind: 'id' },
    name: { kind: 'text', input: requiredText(100), column: true, filter: 'like', form: true },
    code: { kind: 'text', input: code(50), column: true, filter: 'like', form: true },
    path: { kind: 'text', input: dynamicPagePath(), column: true, form: true, placeholder: 'templates:dynamic.pathPlaceholder', hint: 'templates:dynamic.pathHint' },
    /** where this server serves it in the site's default pipe (`/<site path>/<path>`) */
    link: { kind: 'text', column: true, computed: true },
    initDataTypes: {
      kind: 'dict', multiple: true, form: true, initial: [],
      options: DYNAMIC_INIT_DATA_TYPES.map((d) => ({ value: d.type, label: `templates:dynamic.initData.${d.type}` })),
      input: z.array(z.enum(DYNAMIC_INIT_DATA_TYPES.map((d) => d.type) as [string, ...string[]])).max(DYNAMIC_INIT_DATA_TYPES.length).default([]),
    },
    templates: { kind: 'json', input: dynamicPageTemplates().default({}), column: true, form: true, initial: {} },
    description: { kind: 'textarea', input: optionalText(500), form: true },
    createTime: { kind: 'datetime', column: { sortable: true } },
  },
  sort: { field: 'pageId', order: 'asc' },
  unique: ['code', 'path'],
});
