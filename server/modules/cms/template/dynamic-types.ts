import { z } from 'zod';
import type { Locale } from '../../../../shared/i18n/locales.ts';
import { docIn } from '../../../../shared/cms/template-registry.ts';
import { DYNAMIC_PAGE_TYPES } from '../../../../shared/cms/dynamic-page-types.ts';

/** GET /cms/dynamicPageTypes: ChestnutCMS's shape, texts in the reader's language. */
export const dynamicPageTypes = (locale: Locale) => DYNAMIC_PAGE_TYPES.map((t) => ({
  type: t.type, name: docIn(t.name, locale), desc: docIn(t.desc, locale), requestPath: t.requestPath, publishPipeKey: t.publishPipeKey,
  defaultTemplate: t.defaultTemplate,
  requestArgs: t.requestArgs.map((a) => ({ name: a.name, desc: docIn(a.desc, locale), type: a.type, mandatory: a.mandatory, defValue: a.defValue })),
}));

export const dynamicPageTypesReply = z.array(z.object({
  type: z.string(), name: z.string(), desc: z.string(), requestPath: z.string(), publishPipeKey: z.string(), defaultTemplate: z.string(),
  requestArgs: z.array(z.object({ name: z.string(), desc: z.string(), type: z.enum(['Parameter', 'Path']), mandatory: z.boolean(), defValue: z.string() })),
}));
