import { z } from 'zod';
import { v } from '../validators/issues.ts';

/**
 * A site's props per publish pipe (ChestnutCMS `publishPipeProps`): where that pipe's pages live
 * and which templates render them. Stored on the site as { <pipe code>: { <key>: value } }.
 */
import { CONTENT_TYPES } from './content.ts';
import { TEMPLATE_NAME_PATTERN } from './template-name.ts';

export const PREFIX_MODES = ['absolute', 'relative'] as const;

/** A template file name (template-name.ts): letters, digits, underscores and folders, ending in .template.html. */
export { TEMPLATE_NAME_PATTERN };
const template = () => z.string().trim().max(255, v('tooLong')).refine((s) => s === '' || TEMPLATE_NAME_PATTERN.test(s), v('templateName'));

/** The Basic tab's per-pipe props. */
export const pipeBasicProps = z.object({
  /** the pipe's site address; empty = this server's /<site path>/ */
  url: z.string().trim().max(255, v('tooLong')).refine((s) => s === '' || /^https?:\/\/\S+$/.test(s), v('httpUrl')).optional(),
  prefixMode: z.enum(PREFIX_MODES).optional(),
  /** the prefix of links in relative mode, e.g. / */
  relativePrefix: z.string().trim().max(100, v('tooLong')).refine((s) => s === '' || s.startsWith('/'), v('invalid')).optional(),
  indexTemplate: template().optional(),
  /** a stylesheet the rich-text editor loads so the body looks as it will on the site */
  editorCss: z.string().trim().max(255, v('tooLong')).optional(),
  enableSitemap: z.enum(['Y', 'N']).optional(),
  /** how many URLs one sitemap file holds */
  sitemapUrlLimit: z.coerce.number().int().min(1, v('range', { min: 1, max: 50000 })).max(50000, v('range', { min: 1, max: 50000 })).optional(),
});

/** The Default Template tab's per-pipe props: the list template and a detail template per content type. */
export const pipeTemplateProps = z.object({
  defaultListTemplate: template().optional(),
  ...Object.fromEntries(CONTENT_TYPES.map((t) => [`detailTemplate_${t}`, template().optional()])),
} as Record<string, z.ZodOptional<ReturnType<typeof template>>>);

/** A catalog's per-pipe templates: its index page, its list pages, and a detail template per content type (empty = the site's). */
export const catalogTemplateProps = z.object({
  indexTemplate: template().optional(),
  listTemplate: template().optional(),
  ...Object.fromEntries(CONTENT_TYPES.map((t) => [`detailTemplate_${t}`, template().optional()])),
} as Record<string, z.ZodOptional<ReturnType<typeof template>>>);

export const PIPE_PROP_DEFAULTS = {
  url: '',
  prefixMode: 'absolute',
  relativePrefix: '/',
  indexTemplate: 'index.template.html',
  editorCss: '',
  /** every pipe writes its sitemaps unless it is switched off (issue 29 §6: sitemap.xml and robots.txt on every published site) */
  enableSitemap: 'Y',
  sitemapUrlLimit: 5000,
  defaultListTemplate: 'list.template.html',
  ...Object.fromEntries(CONTENT_TYPES.map((t) => [`detailTemplate_${t}`, `detail_${t}.template.html`])),
} as Record<string, unknown>;

export type PipeProps = Record<string, unknown>;

/** A pipe's stored props over the defaults. */
export const pipePropsWithDefaults = (stored: PipeProps | undefined): PipeProps => ({ ...PIPE_PROP_DEFAULTS, ...(stored ?? {}) });
