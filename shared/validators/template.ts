import { z } from 'zod';
import { v } from './issues.ts';
import { CODE_PATTERN } from './common.ts';
import { isTemplateName, TEMPLATE_MAX_BYTES, TEMPLATE_NAME_MAX } from '../cms/template-name.ts';

// The template routes' input, shared by the server and the console's template workbench.

const pipeCode = () => z.string({ error: v('required') }).trim().min(1, v('required')).max(20, v('tooLong')).regex(CODE_PATTERN, v('code'));
/** A template name: letters, digits and underscores, optional folders, ending in .template.html. */
export const templatePath = () =>
  z.string({ error: v('required') }).trim().min(1, v('required')).max(TEMPLATE_NAME_MAX, v('tooLong')).refine(isTemplateName, v('templateName'));
const templateText = () => z.string().max(TEMPLATE_MAX_BYTES, v('tooLong'));

export const templateListQuery = z.object({ publishPipeCode: pipeCode().optional(), filename: z.string().trim().max(100, v('tooLong')).optional() });
export const templateRef = z.object({ publishPipeCode: pipeCode(), path: templatePath() });
export const templateAddBody = templateRef.extend({ content: templateText().optional() });
export const templateSaveBody = templateRef.extend({ content: templateText() });
export const templateRenameBody = templateRef.extend({ newPath: templatePath() });
export const templateDeleteBody = z.object({ publishPipeCode: pipeCode(), paths: z.array(templatePath()).min(1, v('required')).max(100) });
export const templateCheckBody = z.object({ path: templatePath(), content: templateText() });

const id = () => z.coerce.number({ error: v('required') }).int().min(1, v('required')).max(Number.MAX_SAFE_INTEGER);
/** The workbench's saved versions: one by id, restored by id (checked against the current site). */
export const templateVersionQuery = z.object({ versionId: id() });
export const templateRestoreBody = z.object({ versionId: id() });
/** The live preview: the unsaved text of a template, rendered on a page of the site (a catalog's, a content's, or the home page). */
export const templatePreviewBody = templateRef.extend({
  content: templateText(),
  catalogId: id().optional(),
  contentId: id().optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).optional(),
});

/** A row of GET /cms/template/list, as the server sends it and the template list shows it. */
export interface TemplateRow {
  publishPipeCode: string;
  pipeName: string;
  path: string;
  fileSize: number;
  fileSizeName: string;
  modifyTime: string;
}
