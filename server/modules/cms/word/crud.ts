import { z } from 'zod';
import { and, asc, desc, eq, ilike } from 'drizzle-orm';
import { resourceOperations, type ResourceHooks } from '../../../core/resource.ts';
import { routesOf, rowReplyOf } from '../../../core/resource-routes.ts';
import { selectedRow } from '../../../core/row-schema.ts';
import { chestnutAliases } from '../../../core/chestnut-aliases.ts';
import { defineRoute, type AnyRoute } from '../../../core/route.ts';
import { readOf, type SiteOp, type SiteRef } from '../../../core/operation.ts';
import { likePattern } from '../../../core/query.ts';
import { id as idSchema } from '../../../../shared/validators/common.ts';
import type { ResourceDef } from '../../../../shared/resources/define.ts';
import { tagWordGroupResource } from '../../../../shared/resources/cms/tag-word-group.ts';
import { tagWordResource } from '../../../../shared/resources/cms/tag-word.ts';
import { hotWordGroupResource } from '../../../../shared/resources/cms/hot-word-group.ts';
import { hotWordResource } from '../../../../shared/resources/cms/hot-word.ts';
import { sensitiveWordResource } from '../../../../shared/resources/cms/sensitive-word.ts';
import { errorProneWordResource } from '../../../../shared/resources/cms/error-prone-word.ts';
import { showImages, storeImage } from '../resource/image-field.ts';
import { editsSite } from '../site/current.ts';
import { assertNoOrphans, assertParent, groupTree } from './tag-groups.ts';
import { groupedWordChecks } from './grouped-words.ts';
import { batchAddRoute } from './batch-add.ts';
import { cmsErrorProneWord, cmsHotWord, cmsHotWordGroup, cmsSensitiveWord, cmsTagWord, cmsTagWordGroup } from './schema.ts';

/** Our routes of a resource and ChestnutCMS's paths for them. */
const mounted = (def: ResourceDef, routes: AnyRoute[]) => [...routes, ...chestnutAliases(routes, def)];

/** A site's tag and hot words are part of the site (its pages show them): changing them needs Edit on it, reading them View. */
const writesNeedSiteEdit: ResourceHooks<SiteRef>['access'] = { create: editsSite, update: editsSite, remove: editsSite };

/** Tag word groups of the current site, a tree: a parent of the same site and no loop; sub-groups keep a group from going. */
export const tagWordGroups = resourceOperations<SiteRef>(tagWordGroupResource, cmsTagWordGroup, {
  siteColumn: 'siteId',
  access: writesNeedSiteEdit,
  beforeSave: (op, values, _mode, existing) => (values.parentId === undefined ? undefined : assertParent(op, values.parentId as number, existing?.groupId as number | undefined)),
  beforeRemove: assertNoOrphans,
});

const checkTagWord = groupedWordChecks(tagWordGroups, cmsTagWord, tagWordResource.name);

/** Tag words of the current site's groups; the logo is a library picture (resource/image-field.ts). */
export const tagWords = resourceOperations<SiteRef>(tagWordResource, cmsTagWord, {
  siteColumn: 'siteId',
  access: writesNeedSiteEdit,
  async beforeSave(op, values, mode, existing) {
    delete values.useCount; // counted from contents' tags, never typed in
    await checkTagWord(op, values, mode, existing);
    await storeImage(op, values, 'logo');
  },
  presentRows: (rows, op) => showImages(rows, op, 'logo'),
});

/** Hot word groups of the current site (flat). */
export const hotWordGroups = resourceOperations<SiteRef>(hotWordGroupResource, cmsHotWordGroup, { siteColumn: 'siteId', access: writesNeedSiteEdit });

/** Hot words of the current site's groups. */
export const hotWords = resourceOperations<SiteRef>(hotWordResource, cmsHotWord, {
  siteColumn: 'siteId',
  access: writesNeedSiteEdit,
  beforeSave: groupedWordChecks(hotWordGroups, cmsHotWord, hotWordResource.name),
});

/** Sensitive and error-prone words: one list for the installation, as in ChestnutCMS (no site). */
export const sensitiveWords = resourceOperations(sensitiveWordResource, cmsSensitiveWord);
export const errorProneWords = resourceOperations(errorProneWordResource, cmsErrorProneWord);

const SUGGEST_LIMIT = 10;

/**
 * The tag words of the current site starting with or containing what the editor's tag field holds,
 * most used first, each word once (the same word may sit in several groups). Anyone who may open
 * contents may ask: the editor's tag field is theirs, the Words screen not necessarily.
 */
const suggestRoute = defineRoute({
  method: 'GET',
  url: `${tagWordResource.api}/suggest`,
  perm: { anyOf: ['cms:content:view', tagWordResource.perms.view] },
  site: true,
  query: z.object({ query: z.string().trim().max(100).optional() }),
  reply: z.array(selectedRow({ word: cmsTagWord.word, useCount: cmsTagWord.useCount })),
  handler: async (ctx) => {
    const op = readOf(ctx) as SiteOp;
    const q = ctx.query.query ?? '';
    const rows = await op.tx.selectDistinctOn([cmsTagWord.useCount, cmsTagWord.word], { word: cmsTagWord.word, useCount: cmsTagWord.useCount }).from(cmsTagWord)
      .where(and(eq(cmsTagWord.siteId, op.site.siteId), q ? ilike(cmsTagWord.word, likePattern(q)) : undefined))
      .orderBy(desc(cmsTagWord.useCount), asc(cmsTagWord.word))
      .limit(SUGGEST_LIMIT * 2);
    const seen = new Set<string>();
    return rows.filter((r) => !seen.has(r.word) && seen.add(r.word)).slice(0, SUGGEST_LIMIT);
  },
});

/** A word group in ChestnutCMS's tree data (tag-groups.ts GroupNode), children nested. */
const groupNodeReply: z.ZodType = z.object({
  id: z.int(),
  parentId: z.int(),
  name: z.string(),
  isLeaf: z.boolean(),
  props: z.object({ code: z.string(), sortFlag: z.int() }),
  get children() {
    return z.array(groupNodeReply);
  },
}).meta({ id: 'WordGroupNode' });

/** ChestnutCMS's tree of tag word groups and a group's data, under its paths. */
const tagGroupExtras: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: `${tagWordGroupResource.api}/treedata`,
    perm: tagWordGroupResource.perms.view,
    site: true,
    reply: z.array(groupNodeReply),
    handler: (ctx) => groupTree(readOf(ctx) as SiteOp),
  }),
  defineRoute({
    method: 'GET',
    url: `${tagWordGroupResource.api}/data/:groupId`,
    perm: tagWordGroupResource.perms.view,
    site: true,
    params: z.object({ groupId: idSchema() }),
    reply: rowReplyOf(tagWordGroups),
    handler: (ctx) => tagWordGroups.get(readOf(ctx), ctx.params.groupId),
  }),
];

/** The hot word groups as options of a select and as a flat tree (ChestnutCMS /options, /treedata). */
const hotGroupExtras: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: `${hotWordGroupResource.api}/options`,
    perm: hotWordGroupResource.perms.view,
    site: true,
    reply: z.array(z.object({ groupId: z.int(), name: z.string(), code: z.string() })),
    handler: async (ctx) => (await hotWordGroups.list(readOf(ctx), {}, true)).rows.map((g) => ({ groupId: g.groupId, name: g.name, code: g.code })),
  }),
  defineRoute({
    method: 'GET',
    url: `${hotWordGroupResource.api}/treedata`,
    perm: hotWordGroupResource.perms.view,
    site: true,
    // Flat: every group a leaf at the root.
    reply: z.array(groupNodeReply),
    handler: async (ctx) => (await hotWordGroups.list(readOf(ctx), {}, true)).rows.map((g) => ({
      id: g.groupId, parentId: 0, name: g.name, isLeaf: true, props: { code: g.code, sortFlag: g.sortFlag }, children: [],
    })),
  }),
];

export const routes: AnyRoute[] = [
  ...tagGroupExtras,
  ...mounted(tagWordGroupResource, routesOf(tagWordGroups)),
  suggestRoute,
  batchAddRoute(tagWordGroups),
  ...mounted(tagWordResource, routesOf(tagWords)),
  ...hotGroupExtras,
  ...mounted(hotWordGroupResource, routesOf(hotWordGroups)),
  ...mounted(hotWordResource, routesOf(hotWords)),
  ...mounted(sensitiveWordResource, routesOf(sensitiveWords)),
  ...mounted(errorProneWordResource, routesOf(errorProneWords)),
];
