import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { OpContext, SiteOp } from '../../../core/operation.ts';
import { fail, failAt } from '../../../core/errors.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { CONTENT_ATTRIBUTES, ContentStatus, REPEAT_TITLE, type ContentType } from '../../../../shared/cms/content.ts';
import { withDefaults } from '../../../../shared/cms/site-config.ts';
import { catalogFilter, catalogRights, type CatalogRow } from '../catalog/access.ts';
import { permBit } from '../../../../shared/cms/perms.ts';
import { cmsCatalog } from '../catalog/schema.ts';
import { cmsSite } from '../site/schema.ts';
import { pipesOf } from '../site/operations.ts';
import { editorLinksOf } from '../resource/editor-links.ts';
import type { EditorLinks } from '../resource/internal-links.ts';
import { assertUnlocked, type ContentRow } from './access.ts';
import { DETAILS } from './details.ts';
import { assertStaticPathFree } from './static-path.ts';
import { followTags } from '../word/use-count.ts';
import { cmsContent, cmsContentRela } from './schema.ts';
import { applyContentWordRules } from '../word/on-save.ts';

type Row = Record<string, unknown>;

/** The common columns an editor sets (the rest are the workflow's: status, top, lock, counters…). */
const COMMON = ['title', 'subTitle', 'shortTitle', 'titleStyle', 'logo', 'author', 'editor', 'original', 'summary', 'tags', 'keywords', 'source', 'sourceUrl', 'publishDate', 'offlineDate', 'publishPipe', 'publishPipeProps', 'staticPath', 'linkFlag', 'redirectUrl', 'seoTitle', 'seoKeywords', 'seoDescription'] as const;

export const attributesToBits = (names: readonly string[]) => names.reduce((bits, n) => bits | (CONTENT_ATTRIBUTES[n as keyof typeof CONTENT_ATTRIBUTES] ?? 0), 0);
export const bitsToAttributes = (bits: number) => Object.entries(CONTENT_ATTRIBUTES).filter(([, b]) => (bits & b) !== 0).map(([n]) => n);

function commonValues(body: Row, links: EditorLinks): Row {
  const out: Row = {};
  for (const k of COMMON) if (body[k] !== undefined) out[k] = body[k] === '' && (k === 'staticPath' || k === 'redirectUrl') ? null : body[k];
  if (body.attributes !== undefined) out.attributes = attributesToBits(body.attributes as string[]);
  if (typeof out.logo === 'string' && out.logo) out.logo = links.store(out.logo);
  return out;
}

/** The site's settings an editor's save follows. */
async function siteSettings(op: SiteOp) {
  const [site] = await op.tx.select({ configProps: cmsSite.configProps }).from(cmsSite).where(eq(cmsSite.siteId, op.site.siteId));
  return withDefaults(site?.configProps ?? {}, 'extend');
}

/** The site's "title repeat check" (spec §9): none, in the whole site, or in the same catalog. */
async function assertTitleFree(op: SiteOp, title: string, catalogId: number, exceptId?: number) {
  const mode = (await siteSettings(op)).RepeatTitleCheck;
  if (mode === REPEAT_TITLE.none) return;
  const [hit] = await op.tx.select({ id: cmsContent.contentId }).from(cmsContent).where(and(
    eq(cmsContent.siteId, op.site.siteId),
    mode === REPEAT_TITLE.catalog ? eq(cmsContent.catalogId, catalogId) : undefined,
    eq(cmsContent.title, title),
    isNull(cmsContent.recycleTime),
    exceptId === undefined ? undefined : ne(cmsContent.contentId, exceptId),
  )).limit(1);
  if (hit) throw failAt('title', mode === REPEAT_TITLE.catalog ? 'cms.content.titleTakenCatalog' : 'cms.content.titleTakenSite', { title });
}

/** Pipe codes must be the site's; per-pipe templates likewise. */
async function assertPipes(op: SiteOp, body: Row) {
  const codes = new Set((await pipesOf(op.tx, op.site.siteId)).map((p) => p.code));
  const named = [...((body.publishPipe as string[] | undefined) ?? []), ...Object.keys((body.publishPipeProps as Row | undefined) ?? {})];
  const unknown = named.find((c) => !codes.has(c));
  if (unknown) throw fail('cms.pipe.unknown', { code: unknown });
}

/**
 * Related contents: every id a live content of this site in a catalog the actor may view (one that
 * is not refuses the save naming the field), kept in the order given. Relations the editor was
 * not shown (contents in catalogs the actor may not view, or in the recycle bin: relatedForEditor)
 * are kept after them: a save never drops what its author could not see.
 */
async function saveRelations(op: SiteOp, contentId: number, ids: number[] | undefined) {
  if (ids === undefined) return;
  const wanted = [...new Set(ids.filter((id) => id !== contentId))];
  const rights = await catalogRights(op);
  const view = permBit('Catalog', 'View');
  const viewable = (catalogId: number) => rights === null || ((rights.get(catalogId) ?? 0) & view) !== 0;
  const found = wanted.length
    ? new Map((await op.tx.select({ id: cmsContent.contentId, catalogId: cmsContent.catalogId }).from(cmsContent)
      .where(and(inArray(cmsContent.contentId, wanted), eq(cmsContent.siteId, op.site.siteId), isNull(cmsContent.recycleTime)))).map((r) => [r.id, r.catalogId]))
    : new Map<number, number>();
  const refused = wanted.find((id) => !found.has(id) || !viewable(found.get(id)!));
  if (refused !== undefined) throw failAt('relaContentIds', 'cms.content.relaNotFound', { id: refused });
  const shown = new Set((await relatedForEditor(op, contentId, rights)).map((r) => r.contentId));
  const kept = (await op.tx.select({ id: cmsContentRela.relaContentId }).from(cmsContentRela).where(eq(cmsContentRela.contentId, contentId)).orderBy(asc(cmsContentRela.sortFlag)))
    .map((r) => r.id).filter((id) => !shown.has(id) && !wanted.includes(id));
  const all = [...wanted, ...kept];
  await op.tx.delete(cmsContentRela).where(eq(cmsContentRela.contentId, contentId));
  if (all.length) await op.tx.insert(cmsContentRela).values(all.map((relaContentId, sortFlag) => ({ contentId, relaContentId, sortFlag })));
}

/** The related contents an editor is shown: live contents of the site in catalogs the actor may view. */
async function relatedForEditor(op: SiteOp, contentId: number, rights?: Map<number, number> | null): Promise<{ contentId: number; title: string }[]> {
  return op.tx.select({ contentId: cmsContent.contentId, title: cmsContent.title }).from(cmsContentRela)
    .innerJoin(cmsContent, eq(cmsContent.contentId, cmsContentRela.relaContentId))
    .where(and(eq(cmsContentRela.contentId, contentId), eq(cmsContent.siteId, op.site.siteId), isNull(cmsContent.recycleTime), await catalogFilter(op, 'View', cmsContent.catalogId, rights)))
    .orderBy(asc(cmsContentRela.sortFlag));
}

/** A new content in a common catalog the actor may add content to; it starts as a draft. */
export async function createContent(op: SiteOp, type: ContentType, catalog: CatalogRow, body: Row): Promise<{ contentId: number; version: number }> {
  if (catalog.catalogType !== 'common') throw fail('cms.content.linkCatalog');
  await assertTitleFree(op, body.title as string, catalog.catalogId);
  await assertPipes(op, body);
  await assertStaticPathFree(op, body.staticPath as string | undefined, { contentType: type });
  // The site's sensitive and error-prone word rules (word/on-save.ts): refuse, or mask and correct in place.
  await applyContentWordRules(op.tx, op.site.siteId, body);
  const links = await editorLinksOf(op.tx, op.site.siteId);
  const [row] = await op.tx.insert(cmsContent).values({
    ...commonValues(body, links),
    title: body.title as string,
    siteId: op.site.siteId,
    catalogId: catalog.catalogId,
    catalogAncestors: catalog.ancestors,
    contentType: type,
    status: ContentStatus.DRAFT,
    sortFlag: Date.now(),
    createBy: op.actor.userName,
  }).returning({ contentId: cmsContent.contentId, version: cmsContent.version, tags: cmsContent.tags });
  await followTags(op.tx, op.site.siteId, [], row!.tags);
  await DETAILS[type].write(op.tx, row!.contentId, body, links);
  await saveRelations(op, row!.contentId, body.relaContentIds as number[] | undefined);
  return row!;
}

/**
 * Saves an editor's form over the stored content. The catalog is the stored one (moving is its own
 * action); a content locked by someone else is refused; a save based on an older version than the
 * stored one is refused naming who saved in between, so nobody's work is silently overwritten.
 * Editing a published or scheduled content makes it "re-edit" until it is published again.
 */
export async function updateContent(op: SiteOp, type: ContentType, checked: ContentRow, body: Row): Promise<{ contentId: number; version: number }> {
  // The row as this transaction sees it, held until the commit: the version and lock compared
  // below are the stored ones, not those of the read that checked the actor's rights.
  const [existing] = await op.tx.select().from(cmsContent).where(and(eq(cmsContent.contentId, checked.contentId), isNull(cmsContent.recycleTime))).for('update');
  if (!existing) throw fail('cms.content.notFound');
  assertUnlocked(op, [existing]);
  // What the reviewers approve is what they read: no change until the review decides.
  if (existing.status === ContentStatus.REVIEWING) throw fail('cms.content.inReview', { title: existing.title });
  if (existing.contentType !== type) throw fail('cms.content.typeMismatch');
  if (existing.version !== body.version) throw fail('cms.content.changed', { user: existing.updateBy ?? existing.createBy, time: formatDateTime(existing.updateTime ?? existing.createTime) });
  const published = existing.status === ContentStatus.PUBLISHED || existing.status === ContentStatus.TO_PUBLISH;
  if (existing.status === ContentStatus.PUBLISHED && (await siteSettings(op)).PublishedContentEdit === 'N') throw fail('cms.content.publishedReadOnly');
  if (body.title !== undefined) await assertTitleFree(op, body.title as string, existing.catalogId, existing.contentId);
  await assertPipes(op, body);
  await assertStaticPathFree(op, body.staticPath as string | undefined, existing);
  await applyContentWordRules(op.tx, op.site.siteId, body);
  const links = await editorLinksOf(op.tx, op.site.siteId);
  const [row] = await op.tx.update(cmsContent).set({
    ...commonValues(body, links),
    ...(published ? { status: ContentStatus.EDITING } : {}),
    version: existing.version + 1,
    updateBy: op.actor.userName,
    updateTime: new Date(),
  }).where(and(eq(cmsContent.contentId, existing.contentId), eq(cmsContent.version, existing.version))).returning({ contentId: cmsContent.contentId, version: cmsContent.version, tags: cmsContent.tags });
  // Another save won the race between the read and this write.
  if (!row) throw fail('cms.content.changed', { user: '?', time: formatDateTime(new Date()) });
  await followTags(op.tx, existing.siteId, existing.tags, row.tags);
  // A mapping shows its source's body: only its own fields are saved here.
  if (existing.copyType !== 2) await DETAILS[type].write(op.tx, existing.contentId, body, links);
  await saveRelations(op, existing.contentId, body.relaContentIds as number[] | undefined);
  return row;
}

/** The content as an editor loads it: every field, its type's part (a mapping's from its source), its relations. */
export const loadContent = (op: SiteOp, c: ContentRow): Promise<Row> => presentForEditor(op, c);

export async function presentForEditor(op: SiteOp, c: ContentRow): Promise<Row> {
  const bodyFrom = c.copyType === 2 && c.copyId ? c.copyId : c.contentId;
  const links = await editorLinksOf(op.tx, c.siteId);
  const detail = await DETAILS[c.contentType as ContentType].read(op.tx, bodyFrom, links);
  const rela = await relatedForEditor(op, c.contentId);
  const [catalog] = await op.tx.select({ name: cmsCatalog.name }).from(cmsCatalog).where(eq(cmsCatalog.catalogId, c.catalogId));
  return {
    ...presentContent(c),
    logo: c.logo ? links.show(c.logo) : c.logo,
    catalogName: catalog?.name,
    ...detail,
    relaContents: rela,
    relaContentIds: rela.map((r) => r.contentId),
  };
}

/** A content row for replies: dates formatted, attributes by name, recycle columns only in the bin. */
export function presentContent(c: Pick<ContentRow, 'attributes' | 'publishDate' | 'offlineDate' | 'topDate' | 'createTime' | 'updateTime' | 'recycleTime' | 'recycleBy'> & Partial<ContentRow>): Row {
  const { recycleTime, recycleBy, ...rest } = c;
  const date = (d: Date | null) => (d ? formatDateTime(d) : null);
  return {
    ...rest,
    attributes: bitsToAttributes(c.attributes),
    publishDate: date(c.publishDate),
    offlineDate: date(c.offlineDate),
    topDate: date(c.topDate),
    createTime: formatDateTime(c.createTime),
    updateTime: date(c.updateTime),
    ...(recycleTime ? { recycleTime: formatDateTime(recycleTime), recycleBy } : {}),
  };
}
