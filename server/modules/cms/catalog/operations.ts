import { and, asc, count, eq, inArray, isNull, like, ne, or, sql } from 'drizzle-orm';
import { pinyin } from 'pinyin-pro';
import { siteOpOf, type OpContext, type SiteOp } from '../../../core/operation.ts';
import { fail, failAt, FieldFailure } from '../../../core/errors.ts';
import { MAX_CATALOG_LEVEL, parseOutline } from '../../../../shared/cms/catalog-outline.ts';
import { catalogResource } from '../../../../shared/resources/cms/catalog.ts';
import { pipeTemplateProps } from '../../../../shared/cms/pipe-props.ts';
import { cmsSite } from '../site/schema.ts';
import { catalogRights, chainOf, type CatalogRow } from './access.ts';
import type { GrantKind } from '../perms/operations.ts';
import { catalogLifecycle } from './lifecycle.ts';
import { assertMoveWidensNothing, grantNewCatalog } from './inherited-rights.ts';
import { cmsCatalog } from './schema.ts';
import { cmsContent } from '../content/schema.ts';
import { editorLinksOf } from '../resource/editor-links.ts';

type Row = Record<string, unknown>;

/** The columns the Basic tab may set (the rest are kept by the tree: ancestors, levels, counts). */
const EDITABLE = ['name', 'alias', 'path', 'catalogType', 'redirectUrl', 'description', 'logo', 'staticFlag', 'visibleFlag', 'tagIgnore', 'pageSize', 'contentIndex', 'contribute', 'hotWordGroup', 'seoTitle', 'seoKeywords', 'seoDescription'] as const;

/** The definition's checks across fields (a link catalog needs its URL), on the record as it will be. */
function assertChecks(record: Row) {
  const issues = catalogResource.check?.(record) ?? [];
  if (issues.length) throw new FieldFailure(issues, 'catalog');
}

const pick = (body: Row) => Object.fromEntries(EDITABLE.filter((k) => body[k] !== undefined).map((k) => [k, body[k] === '' && k === 'redirectUrl' ? null : body[k]]));

/** The form's values as stored: the logo, an address of a site's resource, as its internal link (resource/internal-links.ts). */
async function stored(op: SiteOp, body: Row): Promise<Row> {
  const values = pick(body);
  if (typeof values.logo === 'string' && values.logo) values.logo = (await editorLinksOf(op.tx, op.site.siteId)).store(values.logo);
  return values;
}

/** A file's suffix (a book's chapter pages go to the folder named after its page without it). */
const SUFFIX = '\\.[A-Za-z0-9]+$';

/** Alias and path are unique per site, deleted catalogs included (their contents may come back). */
async function assertFree(op: SiteOp, values: { alias?: unknown; path?: unknown }, exceptId?: number) {
  for (const field of ['alias', 'path'] as const) {
    const value = values[field];
    if (value === undefined) continue;
    const [hit] = await op.tx.select({ n: count() }).from(cmsCatalog).where(and(
      eq(cmsCatalog.siteId, op.site.siteId), eq(cmsCatalog[field], value as string), exceptId === undefined ? undefined : ne(cmsCatalog.catalogId, exceptId),
    ));
    if (Number(hit?.n) > 0) throw fail('resource.exists', { field: op.services.i18n.fieldLabel(op.locale, field, 'catalog'), value });
  }
  if (typeof values.path === 'string') {
    // A content's static path that is a file where the folder would be, or a book's whose chapter pages go there (content/static-path.ts).
    const folder = values.path.replace(/\/+$/, '').toLowerCase();
    const [held] = await op.tx.select({ title: cmsContent.title }).from(cmsContent).where(and(
      eq(cmsContent.siteId, op.site.siteId),
      or(sql`lower(${cmsContent.staticPath}) = ${folder}`, and(eq(cmsContent.contentType, 'book'), sql`lower(regexp_replace(${cmsContent.staticPath}, ${SUFFIX}, '')) = ${folder}`)),
    )).limit(1);
    if (held) throw failAt('path', 'cms.catalog.pathIsStaticPath', { path: values.path, title: held.title });
  }
}

/** Recounts the live children of these catalogs. */
async function recountChildren(op: OpContext, ids: number[]) {
  const live = ids.filter((id) => id > 0);
  if (!live.length) return;
  await op.tx.update(cmsCatalog).set({
    childCount: sql`(select count(*) from ${cmsCatalog} c where c.parent_id = ${cmsCatalog.catalogId} and c.delete_time is null)`,
  }).where(inArray(cmsCatalog.catalogId, live));
}

async function nextSort(op: SiteOp, parentId: number) {
  const [row] = await op.tx.select({ max: sql<number>`coalesce(max(${cmsCatalog.sortFlag}), 0)` }).from(cmsCatalog)
    .where(and(eq(cmsCatalog.siteId, op.site.siteId), eq(cmsCatalog.parentId, parentId)));
  return Number(row?.max ?? 0) + 1;
}

/**
 * Adds a catalog under `parent` (null: the top level), with the rights of its parent
 * (`grantNewCatalog`). The caller has checked the parent (Edit on it; AddCatalog on the site for
 * the top level): the route declares it, batch add creates under catalogs it just made.
 */
export async function createCatalog(op: SiteOp, parent: CatalogRow | null, body: Row): Promise<CatalogRow> {
  const parentId = parent?.catalogId ?? 0;
  const level = (parent?.treeLevel ?? 0) + 1;
  if (level > MAX_CATALOG_LEVEL) throw fail('cms.catalog.tooDeep', { max: MAX_CATALOG_LEVEL });
  const values = await stored(op, body);
  assertChecks(values);
  await assertFree(op, values);
  const [row] = await op.tx.insert(cmsCatalog).values({
    ...values,
    name: values.name as string,
    alias: values.alias as string,
    path: values.path as string,
    siteId: op.site.siteId,
    parentId,
    ancestors: '',
    treeLevel: level,
    sortFlag: await nextSort(op, parentId),
    createBy: op.actor.userName,
  }).returning();
  const ancestors = `${parent?.ancestors ?? ''}${row!.catalogId}:`;
  await op.tx.update(cmsCatalog).set({ ancestors }).where(eq(cmsCatalog.catalogId, row!.catalogId));
  await recountChildren(op, [parentId]);
  await grantNewCatalog(op, parentId, row!.catalogId);
  return { ...row!, ancestors };
}

/** The Basic tab's save of a catalog checked for Edit. Changing the path moves the catalog's published folder (publishing listens). */
export async function updateCatalog(op: SiteOp, existing: CatalogRow, body: Row): Promise<void> {
  const values = await stored(op, body);
  assertChecks({ ...existing, ...values });
  await assertFree(op, values, existing.catalogId);
  await op.tx.update(cmsCatalog).set({ ...values, updateBy: op.actor.userName, updateTime: new Date() }).where(eq(cmsCatalog.catalogId, existing.catalogId));
  if (values.path !== undefined && values.path !== existing.path) {
    for (const listener of catalogLifecycle.pathChanged) await listener(op, existing, values.path as string);
  }
}

/** Live catalogs of the subtree of `root` (itself included). */
const subtreeOf = (root: CatalogRow) => and(eq(cmsCatalog.siteId, root.siteId), like(cmsCatalog.ancestors, `${root.ancestors}%`));

/**
 * Deletes a catalog with everything below it: the catalogs are marked deleted and their contents
 * go to the recycle bin keeping their status, so they (and the catalogs) can be restored.
 */
export async function removeCatalog(op: SiteOp, root: CatalogRow): Promise<number[]> {
  const ids = (await op.tx.select({ id: cmsCatalog.catalogId }).from(cmsCatalog).where(and(subtreeOf(root), isNull(cmsCatalog.deleteTime)))).map((r) => r.id);
  await op.tx.update(cmsCatalog).set({ deleteTime: new Date(), deleteBy: op.actor.userName }).where(inArray(cmsCatalog.catalogId, ids));
  for (const listener of catalogLifecycle.removing) await listener(op, ids);
  await recountChildren(op, [root.parentId]);
  return ids;
}

/**
 * Moves a catalog (with its subtree) under another parent (0 = top level). Refused under itself or
 * its own descendants, beyond the deepest level, and where it would widen the mover's own rights.
 * Paths and published files stay as they are.
 */
export async function moveCatalog(op: SiteOp, from: CatalogRow, parent: CatalogRow | null): Promise<void> {
  const toId = parent?.catalogId ?? 0;
  if (toId === from.parentId) return;
  if (parent && parent.ancestors.startsWith(from.ancestors)) throw fail('cms.catalog.moveIntoItself');
  await assertMoveWidensNothing(op, from.catalogId, toId);
  const oldPrefix = from.ancestors;
  const newPrefix = `${parent?.ancestors ?? ''}${from.catalogId}:`;
  const delta = (parent?.treeLevel ?? 0) + 1 - from.treeLevel;
  const [deepest] = await op.tx.select({ level: sql<number>`max(${cmsCatalog.treeLevel})` }).from(cmsCatalog).where(subtreeOf(from));
  if (Number(deepest?.level ?? from.treeLevel) + delta > MAX_CATALOG_LEVEL) throw fail('cms.catalog.tooDeep', { max: MAX_CATALOG_LEVEL });
  await op.tx.update(cmsCatalog).set({
    ancestors: sql`${newPrefix} || substr(${cmsCatalog.ancestors}, ${oldPrefix.length + 1})`,
    treeLevel: sql`${cmsCatalog.treeLevel} + ${delta}`,
  }).where(subtreeOf(from));
  await op.tx.update(cmsCatalog).set({ parentId: toId, sortFlag: await nextSort(op, toId), updateBy: op.actor.userName, updateTime: new Date() }).where(eq(cmsCatalog.catalogId, from.catalogId));
  for (const listener of catalogLifecycle.moved) await listener(op, oldPrefix, newPrefix);
  await recountChildren(op, [from.parentId, toId]);
}

/** Moves a catalog among its siblings: a positive offset moves it down, a negative one up (spec §4). */
export async function sortCatalog(op: SiteOp, row: CatalogRow, offset: number): Promise<void> {
  const catalogId = row.catalogId;
  const siblings = await op.tx.select({ id: cmsCatalog.catalogId }).from(cmsCatalog)
    .where(and(eq(cmsCatalog.siteId, row.siteId), eq(cmsCatalog.parentId, row.parentId), isNull(cmsCatalog.deleteTime)))
    .orderBy(asc(cmsCatalog.sortFlag), asc(cmsCatalog.catalogId));
  const order = siblings.map((s) => s.id);
  const from = order.indexOf(catalogId);
  const to = Math.max(0, Math.min(order.length - 1, from + offset));
  if (from === to) return;
  order.splice(to, 0, ...order.splice(from, 1));
  // Renumbered 1..n: the order stays dense and unique however often it changes.
  for (const [i, id] of order.entries()) await op.tx.update(cmsCatalog).set({ sortFlag: i + 1 }).where(eq(cmsCatalog.catalogId, id));
}

/** Shows or hides a catalog in the published site's navigation. */
export async function setVisible(op: SiteOp, row: CatalogRow, visible: 'Y' | 'N'): Promise<void> {
  await op.tx.update(cmsCatalog).set({ visibleFlag: visible, updateBy: op.actor.userName, updateTime: new Date() }).where(eq(cmsCatalog.catalogId, row.catalogId));
}

/** A name as letters, digits and underscores: Chinese by its pinyin, other text lower-cased. */
export function slugOf(name: string): string {
  const latin = pinyin(name, { toneType: 'none', type: 'array', nonZh: 'consecutive' }).join('');
  const slug = latin.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return slug || 'catalog';
}

/** The first of `base`, `base_2`, `base_3`… not in `taken`. */
function firstFree(base: string, taken: Set<string>, suffix = '') {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}_${n}`;
    if (!taken.has(candidate + suffix)) return candidate;
  }
}

/** The aliases and folders taken on the current site, deleted catalogs included (they may come back). */
async function takenNames(op: SiteOp) {
  const existing = await op.tx.select({ alias: cmsCatalog.alias, path: cmsCatalog.path }).from(cmsCatalog).where(eq(cmsCatalog.siteId, op.site.siteId));
  return { aliases: new Set(existing.map((e) => e.alias)), paths: new Set(existing.map((e) => e.path)) };
}

/**
 * A new catalog's alias and folder from its name (ChestnutCMS's convention): the parent's alias +
 * '_' + the name's pinyin, the parent's folder + the pinyin + '/'; clashes get _2, _3…
 */
function namesFor(above: Pick<CatalogRow, 'alias' | 'path'> | null, name: string, taken: { aliases: Set<string>; paths: Set<string> }) {
  const slug = slugOf(name);
  const alias = firstFree(above ? `${above.alias}_${slug}` : slug, taken.aliases);
  const folder = firstFree(`${above?.path ?? ''}${slug}`, taken.paths, '/');
  return { alias, path: `${folder}/` };
}

/**
 * POST /cms/catalog/spelling: the alias and folder a catalog of this name would get under
 * `parentId` (0 = the top level), as batch add gives them; asked where the actor may add one.
 */
export async function proposeNames(op: SiteOp, parent: CatalogRow | null, name: string): Promise<{ alias: string; path: string }> {
  return namesFor(parent, name, await takenNames(op));
}

/**
 * Batch add (spec §9): one name per line, two spaces per level, under `parentId`, each named as
 * `namesFor` says. The whole outline is checked first; nothing is created unless it is good.
 */
export async function batchAdd(op: SiteOp, parent: CatalogRow | null, text: string): Promise<CatalogRow[]> {
  const { entries, issues } = parseOutline(text);
  if (issues.length) throw new FieldFailure(issues, 'catalog');
  const taken = await takenNames(op);
  const stack: (CatalogRow | null)[] = [parent];
  const created: CatalogRow[] = [];
  for (const entry of entries) {
    const above = stack[entry.level]!;
    const { alias, path } = namesFor(above, entry.name, taken);
    taken.aliases.add(alias);
    taken.paths.add(path);
    const row = await createCatalog(op, above, { name: entry.name, alias, path, catalogType: 'common' });
    stack[entry.level + 1] = row;
    stack.length = entry.level + 2;
    created.push(row);
  }
  return created;
}

/** Brings back deleted catalogs on these chains (a restored content needs its catalog and those above it). */
export async function restoreChains(op: SiteOp, catalogIds: number[]): Promise<void> {
  if (!catalogIds.length) return;
  const rows = await op.tx.select({ ancestors: cmsCatalog.ancestors }).from(cmsCatalog).where(and(inArray(cmsCatalog.catalogId, catalogIds), eq(cmsCatalog.siteId, op.site.siteId)));
  const chain = [...new Set(rows.flatMap((r) => r.ancestors.split(':').filter(Boolean).map(Number)))];
  if (!chain.length) return;
  const revived = await op.tx.update(cmsCatalog).set({ deleteTime: null, deleteBy: null })
    .where(and(inArray(cmsCatalog.catalogId, chain), or(sql`${cmsCatalog.deleteTime} is not null`)))
    .returning({ parentId: cmsCatalog.parentId });
  await recountChildren(op, [...new Set(revived.map((r) => r.parentId))]);
}

/** Catalog grants (the role and user screens, on the current site): a grant covers the catalog's subtree. */
export const CATALOG_GRANTS: GrantKind = {
  object: 'Catalog',
  key: 'catalog',
  site: true,
  rights: (op) => catalogRights(siteOpOf(op)),
  async objects(op, rights) {
    const rows = await op.tx.select({ id: cmsCatalog.catalogId, name: cmsCatalog.name, parentId: cmsCatalog.parentId, ancestors: cmsCatalog.ancestors })
      .from(cmsCatalog).where(and(eq(cmsCatalog.siteId, siteOpOf(op).site.siteId), isNull(cmsCatalog.deleteTime), rights ? inArray(cmsCatalog.catalogId, [...rights.keys(), -1]) : undefined))
      .orderBy(cmsCatalog.treeLevel, cmsCatalog.sortFlag, cmsCatalog.catalogId);
    return rows.map((r) => ({ id: r.id, name: r.name, parentId: r.parentId, chain: chainOf(r.ancestors) }));
  },
};
