import type { SiteOp } from '../../../core/operation.ts';
import { failAt } from '../../../core/errors.ts';
import { pipesOf } from '../site/operations.ts';
import { templateExists, templateRoot } from './store.ts';

/**
 * Objects with a template per pipe (page widgets, custom forms): the site's enabled pipes, the
 * theme's template by default, and the check of a chosen one.
 */

/** The site's enabled pipes, the default (first) one first. */
export const enabledPipesOf = (op: SiteOp) => pipesOf(op.tx, op.site.siteId, true);

const exists = (op: SiteOp, pipe: string, template: string) =>
  templateExists(templateRoot(op.services.config.dataDir, op.site.path, pipe), template).catch(() => false);

/**
 * The theme's `template` in every enabled pipe that has it: a user who left the field alone
 * expects the object to publish with the theme, not to publish nothing.
 */
export async function defaultPipeTemplates(op: SiteOp, template: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const { code } of await enabledPipesOf(op)) if (await exists(op, code, template)) out[code] = template;
  return out;
}

/** Every chosen template names a pipe of the site and exists there, else refused naming the field `templates`. */
export async function checkPipeTemplates(op: SiteOp, templates: Record<string, string>): Promise<void> {
  const pipes = new Set((await pipesOf(op.tx, op.site.siteId)).map((p) => p.code));
  for (const [pipe, template] of Object.entries(templates)) {
    if (!pipes.has(pipe)) throw failAt('templates', 'cms.dynamic.pipeUnknown', { pipe });
    if (!(await exists(op, pipe, template))) throw failAt('templates', 'cms.dynamic.templateMissing', { pipe, template });
  }
}

/** Whether a template map is unset (a new object then takes the theme's). */
export const noTemplates = (templates: unknown) => !templates || Object.keys(templates as object).length === 0;
