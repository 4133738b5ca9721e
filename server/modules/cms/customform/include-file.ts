import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { SiteOp } from '../../../core/operation.ts';
import { fail } from '../../../core/errors.ts';
import type { PublishPaths } from '../publish/roots.ts';
import { outputFor } from '../publish/targets.ts';
import { cmsSite } from '../site/schema.ts';
import { pipesOf } from '../site/operations.ts';
import { enabledPipesOf } from '../template/pipe-templates.ts';
import { renderCustomForm } from '../template/render.ts';
import { RenderSession } from '../template/session.ts';
import { dbSource, readSnapshot, sessionConfig } from '../template/session-open.ts';
import { renderFailureDetail } from '../template/errors.ts';
import { formHtml } from './form-html.ts';
import { formView } from './form-view.ts';
import { markupOf } from './markup.ts';
import type { cmsCustomForm } from './schema.ts';

type Form = typeof cmsCustomForm.$inferSelect;

/** Where a form's markup is published in each pipe (ChestnutCMS: include/customform/<code>.shtml), for SSI pages. */
export const includeFileOf = (code: string) => `include/customform/${code}.shtml`;

/** One form's markup in one pipe, rendered and waiting to be written. */
export interface IncludeFile { pipe: string; file: string; html: string }

/**
 * Inside the publish's write: each form's markup in each enabled pipe, its template there rendered
 * with `form` (form-view.ts), or the built-in markup in a pipe it has no template for (a theme that
 * predates customform/form.template.html keeps working). A template that fails refuses the
 * publish, naming the form and the pipe, before anything changes.
 */
export async function renderIncludes(op: SiteOp, forms: readonly Form[]): Promise<IncludeFile[]> {
  const markups = await Promise.all(forms.map((f) => markupOf(op.tx, f)));
  const out: IncludeFile[] = [];
  for (const { code: pipe } of await enabledPipesOf(op)) {
    let session: RenderSession | null = null;
    for (const [i, form] of forms.entries()) {
      const file = includeFileOf(form.code);
      const template = form.templates[pipe];
      if (!template) {
        out.push({ pipe, file, html: formHtml(markups[i]!) });
        continue;
      }
      session ??= new RenderSession(await readSnapshot(op.tx, op.site.siteId, pipe, sessionConfig(op.services)), dbSource(op.tx, { siteId: op.site.siteId, pipeCode: pipe }, op.services.i18n));
      try {
        out.push({ pipe, file, html: (await renderCustomForm(session, { template, file, form: formView(markups[i]!) })).html });
      } catch (err) {
        throw fail('customform.publishFailed', { code: form.code, pipe, detail: renderFailureDetail(err) });
      }
    }
  }
  return out;
}

/** The site's enabled pipes' outputs by pipe code (the first is the default pipe, as the publisher orders them). */
async function outputsOf(db: DbOrTx, config: PublishPaths, siteId: number) {
  const [site] = await db.select().from(cmsSite).where(eq(cmsSite.siteId, siteId));
  if (!site) return new Map<string, ReturnType<typeof outputFor>>();
  return new Map((await pipesOf(db, siteId, true)).map((p, i) => [p.code, outputFor(config, site, p.code, i === 0)]));
}

/** After the publish commits: the rendered files written into their pipes. */
export async function writeIncludes(db: DbOrTx, config: PublishPaths, siteId: number, files: readonly IncludeFile[]): Promise<void> {
  const outputs = await outputsOf(db, config, siteId);
  for (const f of files) await outputs.get(f.pipe)?.write(f.file, f.html);
}

/** Offline removes the forms' files (the code's file, whichever pipe). */
export async function removeIncludes(db: DbOrTx, config: PublishPaths, forms: readonly Form[]): Promise<void> {
  for (const form of forms) {
    for (const out of (await outputsOf(db, config, form.siteId)).values()) await out.remove(includeFileOf(form.code));
  }
}
