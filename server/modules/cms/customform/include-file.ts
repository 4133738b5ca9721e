import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { PublishPaths } from '../publish/roots.ts';
import { outputFor } from '../publish/targets.ts';
import { cmsPublishPipe } from '../pipe/schema.ts';
import { cmsSite } from '../site/schema.ts';
import { formHtml } from './form-html.ts';
import { markupOf } from './markup.ts';
import type { cmsCustomForm } from './schema.ts';

type Form = typeof cmsCustomForm.$inferSelect;

/** Where a form's markup is published in each pipe (ChestnutCMS: include/customform/<code>.shtml), for SSI pages. */
export const includeFileOf = (code: string) => `include/customform/${code}.shtml`;

/** The site's enabled pipes with their outputs (the first is the default pipe, as the publisher orders them). */
async function outputsOf(db: DbOrTx, config: PublishPaths, siteId: number) {
  const [site] = await db.select().from(cmsSite).where(eq(cmsSite.siteId, siteId));
  if (!site) return [];
  const pipes = await db.select({ code: cmsPublishPipe.code }).from(cmsPublishPipe)
    .where(and(eq(cmsPublishPipe.siteId, siteId), eq(cmsPublishPipe.status, '0'))).orderBy(asc(cmsPublishPipe.sort), asc(cmsPublishPipe.pipeId));
  return pipes.map((p, i) => outputFor(config, site, p.code, i === 0));
}

/** Publishing writes the form's markup into every enabled pipe; offline removes it (the code's file, whichever pipe). */
export async function writeIncludes(db: DbOrTx, config: PublishPaths, forms: readonly Form[], publish: boolean): Promise<void> {
  for (const form of forms) {
    const html = publish ? formHtml(await markupOf(db, form)) : '';
    for (const out of await outputsOf(db, config, form.siteId)) {
      if (publish) await out.write(includeFileOf(form.code), html);
      else await out.remove(includeFileOf(form.code));
    }
  }
}
