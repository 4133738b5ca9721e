import { and, eq, inArray } from 'drizzle-orm';
import type { SiteOp } from '../../../core/operation.ts';
import { fail, failAt } from '../../../core/errors.ts';
import { PageWidgetState } from '../../../../shared/cms/page-widget.ts';
import { enabledPipesOf as pipesOf } from '../template/pipe-templates.ts';
import { cmsSite } from '../site/schema.ts';
import { enqueueUsersOf, usersClosure } from '../publish/operations.ts';
import { outputFor } from '../publish/targets.ts';
import { renderPageWidget } from '../template/render.ts';
import { RenderSession } from '../template/session.ts';
import { dbSource, readSnapshot, sessionConfig } from '../template/session-open.ts';
import { loadTemplateTree, templateRoot } from '../template/store.ts';
import { renderFailureDetail } from '../template/errors.ts';
import { cmsPageWidget } from './schema.ts';

type WidgetRow = typeof cmsPageWidget.$inferSelect;

/**
 * Publishing, taking offline and deleting page widgets. A widget's own file is
 * `<path><code>.<suffix>` in every enabled pipe it has a template for; the pages that embed it
 * (`cms_pagewidget`, `cms_pagewidget_data`, `cms_advertisement` naming its code, directly or
 * through an include) are queued again, so the change shows on the site and an offline widget
 * disappears from it.
 */

export { pipesOf };

/** The stored widgets with these ids, of the current site; an id of none (or of another site's) is refused by name. */
export async function widgetsOf(op: SiteOp, ids: readonly number[], type?: 'ads'): Promise<WidgetRow[]> {
  if (!ids.length) return [];
  const rows = await op.tx.select().from(cmsPageWidget).where(and(eq(cmsPageWidget.siteId, op.site.siteId), inArray(cmsPageWidget.pageWidgetId, [...ids])));
  for (const id of ids) {
    const row = rows.find((r) => r.pageWidgetId === id);
    if (!row || (type && row.type !== type)) throw fail('cms.pageWidget.invalidId', { id });
  }
  return rows;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a template names the widget of this code in one of its tags. */
export function namesWidget(source: string, code: string): boolean {
  return new RegExp(`\\{%-?\\s*cms_(?:pagewidget|pagewidget_data|advertisement)\\b[^%]*?\\bcode\\s*[:=]\\s*['"]${escapeRe(code)}['"]`).test(source);
}

/** Queues the pages of every pipe using these widgets' codes; returns how many. */
async function republishUsers(op: SiteOp, codes: string[]): Promise<number> {
  let queued = 0;
  for (const pipe of await pipesOf(op)) {
    const sources = await loadTemplateTree(templateRoot(op.services.config.dataDir, op.site.path, pipe.code)).catch(() => new Map<string, string>());
    const uses = new Set<string>();
    for (const [name, source] of sources) if (codes.some((c) => namesWidget(source, c))) for (const t of usersClosure(name, sources)) uses.add(t);
    queued += await enqueueUsersOf(op, pipe.code, uses);
  }
  return queued;
}

async function siteRow(op: SiteOp) {
  const [site] = await op.tx.select().from(cmsSite).where(eq(cmsSite.siteId, op.site.siteId));
  if (!site) throw fail('cms.site.notFound', { siteId: op.site.siteId });
  return site;
}

/** Renders each widget's template of each enabled pipe to its file and marks it published; queues the pages using them. */
export async function publishWidgets(op: SiteOp, widgets: WidgetRow[]): Promise<{ written: number; queued: number }> {
  if (!widgets.length) return { written: 0, queued: 0 };
  const site = await siteRow(op);
  const pipes = await pipesOf(op);
  const ids = widgets.map((w) => w.pageWidgetId);
  // Every enabled pipe needs the widget's template (spec): a blank one would publish nothing there, silently.
  for (const w of widgets) {
    const blank = pipes.find((p) => !w.templates[p.code]);
    if (blank) throw failAt('templates', 'cms.pageWidget.templateRequired', { code: w.code, pipe: blank.code });
  }
  // Published first: the render reads the widget (and its ads) as templates see a published one.
  await op.tx.update(cmsPageWidget).set({ state: PageWidgetState.PUBLISHED, publishDate: new Date(), updateBy: op.actor.userName, updateTime: new Date() })
    .where(and(eq(cmsPageWidget.siteId, site.siteId), inArray(cmsPageWidget.pageWidgetId, ids)));
  let written = 0;
  for (const [i, pipe] of pipes.entries()) {
    const mine = widgets.filter((w) => w.templates[pipe.code]);
    if (!mine.length) continue;
    const snapshot = await readSnapshot(op.tx, site.siteId, pipe.code, sessionConfig(op.services));
    const session = new RenderSession(snapshot, dbSource(op.tx, { siteId: site.siteId, pipeCode: pipe.code }, op.services.i18n));
    const out = outputFor(op.services.config, site, pipe.code, i === 0);
    for (const w of mine) {
      const file = `${w.path}${w.code}.${session.links.suffix}`;
      try {
        // The widget's own template sees it as an embedding page does: through its tag's data.
        const result = await renderPageWidget(session, { template: w.templates[pipe.code]!, file, code: w.code });
        await out.write(file, result.html);
        written++;
      } catch (err) {
        throw fail('cms.pageWidget.publishFailed', { code: w.code, pipe: pipe.code, detail: renderFailureDetail(err) });
      }
    }
  }
  return { written, queued: await republishUsers(op, widgets.map((w) => w.code)) };
}

/** Removes the widgets' files from every pipe; when `state` is given, stores it (offline) and queues the pages using them. */
export async function takeDown(op: SiteOp, widgets: WidgetRow[], state: string | null): Promise<number> {
  if (!widgets.length) return 0;
  const site = await siteRow(op);
  const pipes = await pipesOf(op);
  for (const [i, pipe] of pipes.entries()) {
    const out = outputFor(op.services.config, site, pipe.code, i === 0);
    const suffix = /^[a-z0-9]{1,10}$/i.test(site.staticSuffix) ? site.staticSuffix : 'shtml';
    for (const w of widgets) await out.remove(`${w.path}${w.code}.${suffix}`);
  }
  if (state !== null) {
    await op.tx.update(cmsPageWidget).set({ state, updateBy: op.actor.userName, updateTime: new Date() })
      .where(and(eq(cmsPageWidget.siteId, site.siteId), inArray(cmsPageWidget.pageWidgetId, widgets.map((w) => w.pageWidgetId))));
  }
  return republishUsers(op, widgets.filter((w) => w.state === PageWidgetState.PUBLISHED).map((w) => w.code));
}
